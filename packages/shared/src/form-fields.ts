import type { Locale } from './locales.ts';

/**
 * Form facts the browser needs without the schemas (which bring zod): each field's name and the
 * longest value it takes. The API refuses more; the site's inputs type no more.
 */
export const emailMaxLength = 254;
/** The hidden field people leave empty and bots fill in. */
export const honeypotMaxLength = 500;

export const contactLimits = {
  firstName: 100,
  lastName: 100,
  email: emailMaxLength,
  phone: 40,
  message: 5000,
  programme: 120,
  website: honeypotMaxLength,
} as const;

export const callbackLimits = {
  name: 200,
  phone: 40,
  programme: 120,
  website: honeypotMaxLength,
} as const;

export const applicationLimits = {
  programme: 120,
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: emailMaxLength,
  town: 120,
  message: 2000,
  note: 2000,
  website: honeypotMaxLength,
} as const;

/**
 * What a public form says about a wrong field, in the language of the page it was sent from
 * (the form's `language`), the French with its ’, the English with “ ”.
 */
const frenchFieldMessages = {
  required: (label: string) => `Le champ « ${label} » est obligatoire.`,
  tooLong: (label: string, max: number) => `Le champ « ${label} » ne doit pas dépasser ${max} caractères.`,
  oneLine: (label: string) => `Le champ « ${label} » doit tenir sur une ligne, sans tabulation ni caractère invisible.`,
  emailTooLong: 'Cette adresse e-mail est trop longue.',
  emailInvalid: 'Cette adresse e-mail n’est pas valide.',
  phoneInvalid: 'Entrez un numéro de téléphone valide, par exemple 6 99 00 00 00 ou +237 6 99 00 00 00.',
  newsletterEmailRequired: 'Veuillez indiquer votre adresse e-mail.',
  chooseProgramme: 'Choisissez une formation.',
  chooseListedProgramme: 'Choisissez une formation de la liste.',
  programmeRetired: 'Cette formation n’est plus proposée\u00a0: choisissez-en une autre dans la liste.',
  chooseLevel: 'Indiquez votre niveau d’études.',
  chooseSchedule: 'Choisissez un horaire proposé pour cette formation.',
  chooseIntake: 'Choisissez une rentrée proposée pour cette formation.',
  chooseAnswer: 'Choisissez une réponse de la liste.',
  chooseTime: 'Choisissez un moment de la liste.',
  consent: 'Cochez la case pour accepter que le centre vous contacte.',
};

export const localizedFieldMessages: Record<Locale, typeof frenchFieldMessages> = {
  fr: frenchFieldMessages,
  en: {
    required: (label: string) => `The “${label}” field is required.`,
    tooLong: (label: string, max: number) => `The “${label}” field must be at most ${max} characters long.`,
    oneLine: (label: string) => `The “${label}” field must fit on one line, with no tabs or invisible characters.`,
    emailTooLong: 'This email address is too long.',
    emailInvalid: 'This email address is not valid.',
    phoneInvalid: 'Enter a valid phone number, for example 6 99 00 00 00 or +237 6 99 00 00 00.',
    newsletterEmailRequired: 'Please enter your email address.',
    chooseProgramme: 'Choose a programme.',
    chooseListedProgramme: 'Choose a programme from the list.',
    programmeRetired: 'This programme is no longer offered: choose another one from the list.',
    chooseLevel: 'Tell us your level of education.',
    chooseSchedule: 'Choose a schedule this programme offers.',
    chooseIntake: 'Choose an intake this programme offers.',
    chooseAnswer: 'Choose an answer from the list.',
    chooseTime: 'Choose a time from the list.',
    consent: 'Tick the box to agree that the centre may contact you.',
  },
};
