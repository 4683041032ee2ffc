import { type ApplicationNextSteps, formatPhone } from '@cfp/shared';
import type { CatalogueProgramme } from './catalogue.ts';
import type { ContactDetails } from './centre-details.ts';
import { feeLines } from './fees-and-duration.ts';

interface Applicant {
  reference: string;
  firstName: string;
  lastName: string;
  /** E.164. */
  phone: string;
}

/**
 * What a student is told after a pre-enrolment: when the centre calls, what to bring, what it
 * costs, and a WhatsApp message quoting the reference. Facts the content has not published are
 * left out, never invented.
 */
export function applicationNextSteps(
  programme: CatalogueProgramme,
  centre: ContactDetails | undefined,
  applicant: Applicant,
  siteUrl: string,
): ApplicationNextSteps {
  const when = centre?.callbackDelay ? ` ${centre.callbackDelay}` : '';
  const whatsappMessage =
    `Bonjour, je viens de me pré-inscrire en «\u00a0${programme.title}\u00a0» (référence ${applicant.reference}). ` +
    `Je suis ${applicant.firstName} ${applicant.lastName}.`;
  return {
    programmeTitle: programme.title,
    callback: `Le centre vous appelle${when} au ${formatPhone(applicant.phone)} pour confirmer votre inscription.`,
    documents: programme.enrolmentDocuments,
    fees: feeLines(programme.fees),
    ...(centre?.whatsapp && { whatsappUrl: centre.whatsapp.href(whatsappMessage) }),
    programmeUrl: `${siteUrl}/formation/${programme.slug}`,
  };
}

/**
 * What a visitor who asked to be called back is told: when, if the content says it, and at
 * which number; nothing the centre has not published is promised.
 */
export function callbackRequestAnswer(centre: ContactDetails | undefined, phone: string): string {
  const when = centre?.callbackDelay ? ` ${centre.callbackDelay}` : '';
  return `Merci\u202f! Le centre vous rappelle${when} au ${formatPhone(phone)}.`;
}
