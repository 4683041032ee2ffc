import { feeLines } from '@cfp/content';
import { applicationNextSteps, callbackRequestAnswer } from '@cfp/content/next-steps';
import { type ApplicationNextSteps, formatPhone, type Locale, programmePathIn } from '@cfp/shared';
import type { ContentCatalogue, LocalizedProgramme } from '../plugins/catalogue.ts';

interface Applicant {
  reference: string;
  firstName: string;
  lastName: string;
  /** E.164. */
  phone: string;
}

/**
 * What a student is told after a pre-enrolment, in the language they pre-enrolled in (`programme`
 * as `catalogue.programmeIn(locale, …)` gives it): the French from the content's own sentences
 * (@cfp/content/next-steps), the English with the programme's English texts and the centre's
 * English words (content/en/). The same facts in both: the callback, the documents, the fees, a
 * WhatsApp message quoting the reference and the programme's page; what the content has not
 * published is left out, never invented.
 */
export function nextStepsIn(
  locale: Locale,
  programme: LocalizedProgramme,
  catalogue: ContentCatalogue,
  applicant: Applicant,
  siteUrl: string,
): ApplicationNextSteps {
  if (locale === 'fr') return applicationNextSteps(programme, catalogue.centre(), applicant, siteUrl);
  const centre = catalogue.centreIn('en');
  const when = centre?.callbackDelay ? ` ${centre.callbackDelay}` : '';
  const whatsappMessage =
    `Hello, I have just pre-enrolled for “${programme.title}” (reference ${applicant.reference}). ` +
    `My name is ${applicant.firstName} ${applicant.lastName}.`;
  return {
    programmeTitle: programme.title,
    callback: `The centre will call you${when} on ${formatPhone(applicant.phone)} to confirm your enrolment.`,
    documents: programme.enrolmentDocuments,
    fees: feeLines(programme.fees, 'en'),
    ...(centre?.whatsapp && { whatsappUrl: centre.whatsapp.href(whatsappMessage) }),
    programmeUrl: `${siteUrl}${programmePathIn('en', programme.pageSlug)}`,
  };
}

/**
 * What a visitor who asked to be called back is told, in the language of the page they asked
 * from: when, if the content says it, and at which number.
 */
export function callbackAnswerIn(locale: Locale, catalogue: ContentCatalogue, phone: string): string {
  if (locale === 'fr') return callbackRequestAnswer(catalogue.centre(), phone);
  const centre = catalogue.centreIn('en');
  const when = centre?.callbackDelay ? ` ${centre.callbackDelay}` : '';
  return `Thank you! The centre will call you back${when} on ${formatPhone(phone)}.`;
}
