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
} as const;

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
  fees: 'Les frais',
  whatsapp: 'Écrire au centre sur WhatsApp',
  programmePage: 'Retour à la formation',
} as const;
