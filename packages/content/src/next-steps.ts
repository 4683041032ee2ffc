import { type ApplicationNextSteps, formatPhone, type Locale, programmePath } from '@cfp/shared';
import type { LocalizedProgramme } from './catalogue.ts';
import type { ContactDetails } from './centre-details.ts';
import { feeLines } from './fees-and-duration.ts';

interface Applicant {
  reference: string;
  firstName: string;
  lastName: string;
  /** E.164. */
  phone: string;
}

/** The sentences of the next steps; `when` is the centre's callback delay with its leading space, or ''. */
interface Sentences {
  callback: (when: string, phone: string) => string;
  whatsapp: (programme: string, applicant: Applicant) => string;
  calledBack: (when: string, phone: string) => string;
}

const sentences: Record<Locale, Sentences> = {
  fr: {
    callback: (when, phone) => `Le centre vous appelle${when} au ${phone} pour confirmer votre inscription.`,
    whatsapp: (programme, { reference, firstName, lastName }) =>
      `Bonjour, je viens de me pré-inscrire en «\u00a0${programme}\u00a0» (référence ${reference}). ` +
      `Je suis ${firstName} ${lastName}.`,
    calledBack: (when, phone) => `Merci\u202f! Le centre vous rappelle${when} au ${phone}.`,
  },
  en: {
    callback: (when, phone) => `The centre will call you${when} on ${phone} to confirm your enrolment.`,
    whatsapp: (programme, { reference, firstName, lastName }) =>
      `Hello, I have just pre-enrolled for “${programme}” (reference ${reference}). ` + `My name is ${firstName} ${lastName}.`,
    calledBack: (when, phone) => `Thank you! The centre will call you back${when} on ${phone}.`,
  },
};

const delayOf = (centre: ContactDetails | undefined) => (centre?.callbackDelay ? ` ${centre.callbackDelay}` : '');

/**
 * What a student is told after a pre-enrolment, in the language they pre-enrolled in: when the
 * centre calls, what to bring, what it costs, and a WhatsApp message quoting the reference.
 * `programme` and `centre` are in that language (the English ones from content/en/). Facts the
 * content has not published are left out, never invented. The language is given, not read from
 * `centre`: the centre's details are undefined while centre.yaml breaks its schema, and the
 * student still reads their own language.
 */
export function applicationNextSteps(
  locale: Locale,
  programme: LocalizedProgramme,
  centre: ContactDetails | undefined,
  applicant: Applicant,
  siteUrl: string,
): ApplicationNextSteps {
  const words = sentences[locale];
  const whatsappMessage = words.whatsapp(programme.title, applicant);
  return {
    programmeTitle: programme.title,
    callback: words.callback(delayOf(centre), formatPhone(applicant.phone)),
    documents: programme.documents?.items ?? [],
    documentsLanguage: programme.documents?.lang ?? locale,
    fees: feeLines(programme.fees, locale),
    ...(centre?.whatsapp && { whatsappUrl: centre.whatsapp.href(whatsappMessage) }),
    programmeUrl: `${siteUrl}${programmePath(programme.pageSlug, locale)}`,
  };
}

/**
 * What a visitor who asked to be called back is told, in the language of the page they asked
 * from: when, if the content says it, and at which number; nothing the centre has not published
 * is promised.
 */
export function callbackRequestAnswer(locale: Locale, centre: ContactDetails | undefined, phone: string): string {
  return sentences[locale].calledBack(delayOf(centre), formatPhone(phone));
}
