import type { Locale } from './locales.ts';

/**
 * What a visitor reads after sending a public form, word for word the same in the API's answer,
 * the page the site shows without JavaScript and the message its scripts show in place.
 * French typography: ’ for the apostrophe, a no-break space (\u00a0) before : ; ? and !.
 */
export const publicFormMessages = {
  contactSent: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.',
  contactNotSent: 'Votre message n’a pas pu être envoyé. Vérifiez votre connexion et réessayez.',
  subscribed: 'Merci ! Vous êtes inscrit(e) à notre lettre d’information.',
  confirmationSent: 'Presque fini : confirmez votre inscription grâce au lien envoyé par e-mail.',
  confirmationNotSent: 'L’e-mail de confirmation n’a pas pu être envoyé. Réessayez dans quelques minutes.',
  subscriptionNotSaved: 'Votre inscription n’a pas pu être enregistrée. Vérifiez votre connexion et réessayez.',
  applicationReceived: 'Merci\u00a0! Votre pré-inscription est enregistrée\u00a0: le centre vous rappelle au numéro indiqué.',
  callbackNotSent: 'Votre demande de rappel n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
  applicationNotSent: 'Votre pré-inscription n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
  tooManyRequests: 'Trop de tentatives depuis votre connexion. Réessayez dans quelques minutes.',
  notValid: 'Les informations envoyées ne sont pas valides.',
} as const;

/** The same messages in each language of the site: English for the pages under /en. */
export const localizedPublicFormMessages: Record<Locale, Record<keyof typeof publicFormMessages, string>> = {
  fr: publicFormMessages,
  en: {
    contactSent: 'Thank you! Your message has been sent to the centre. We will reply soon.',
    contactNotSent: 'Your message could not be sent. Check your connection and try again.',
    subscribed: 'Thank you! You are now subscribed to our newsletter.',
    confirmationSent: 'Almost done: confirm your subscription with the link we have sent you by email.',
    confirmationNotSent: 'The confirmation email could not be sent. Please try again in a few minutes.',
    subscriptionNotSaved: 'Your subscription could not be saved. Check your connection and try again.',
    applicationReceived: 'Thank you! Your pre-enrolment is saved: the centre will call you back on the number you gave.',
    callbackNotSent: 'Your callback request could not be sent. Check your connection and try again.',
    applicationNotSent: 'Your pre-enrolment could not be sent. Check your connection and try again.',
    tooManyRequests: 'Too many attempts from your connection. Please try again in a few minutes.',
    notValid: 'The information sent is not valid.',
  },
};

/**
 * The pre-enrolment's confirmation, in the same words wherever the student reads it: in place on
 * the site (site/src/components/PreEnrolmentForm.astro), on the API's page when the form was
 * posted without JavaScript (api/src/forms/answer-pages.ts) and in their e-mail
 * (api/src/mail/outboxes.ts). A label its value follows ends with its colon.
 */
export const preEnrolmentConfirmation = {
  title: 'Pré-inscription enregistrée',
  programme: 'Formation\u00a0:',
  reference: 'Votre référence\u00a0:',
  keepTheReference: 'Notez-la et donnez-la quand le centre vous appelle.',
  whatNext: 'Et maintenant\u00a0?',
  documents: 'Les pièces du dossier d’inscription',
  /** When a programme has not published the documents of its enrolment file. */
  noDocuments: 'Le centre vous dit au téléphone quelles pièces apporter.',
  /** Before the French list, on an English confirmation, while the documents have no English twin. */
  documentsInFrench: 'Cette liste n’est qu’en français pour l’instant\u00a0:',
  fees: 'Les frais',
  whatsapp: 'Écrire au centre sur WhatsApp',
  programmePage: 'Retour à la formation',
} as const;

export const localizedPreEnrolmentConfirmation: Record<Locale, Record<keyof typeof preEnrolmentConfirmation, string>> = {
  fr: preEnrolmentConfirmation,
  en: {
    title: 'Pre-enrolment saved',
    programme: 'Programme:',
    reference: 'Your reference:',
    keepTheReference: 'Write it down and give it when the centre calls you.',
    whatNext: 'What happens next?',
    documents: 'Documents for your enrolment file',
    noDocuments: 'The centre will tell you on the phone which documents to bring.',
    documentsInFrench: 'The centre has this list in French only for now:',
    fees: 'Fees',
    whatsapp: 'Message the centre on WhatsApp',
    programmePage: 'Back to the programme',
  },
};
