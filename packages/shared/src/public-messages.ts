/**
 * What a visitor reads after sending a public form, word for word the same in the API's answer,
 * the page the site shows without JavaScript and the message its scripts show in place.
 * French typography: ’ for the apostrophe, a narrow no-break space before ! and ?, a no-break
 * space before :.
 */
export const publicFormMessages = {
  contactSent: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.',
  contactNotSent: 'Votre message n’a pas pu être envoyé. Vérifiez votre connexion et réessayez.',
  subscribed: 'Merci ! Vous êtes inscrit(e) à notre lettre d’information.',
  confirmationSent: 'Presque fini : confirmez votre inscription grâce au lien envoyé par e-mail.',
  confirmationNotSent: 'L’e-mail de confirmation n’a pas pu être envoyé. Réessayez dans quelques minutes.',
  subscriptionNotSaved: 'Votre inscription n’a pas pu être enregistrée. Vérifiez votre connexion et réessayez.',
  applicationReceived: 'Merci\u202f! Votre pré-inscription est enregistrée\u00a0: le centre vous rappelle au numéro indiqué.',
  /** When a programme has not published the documents of its enrolment file. */
  applicationNoDocuments: 'Le centre vous dit au téléphone quelles pièces apporter.',
  callbackNotSent: 'Votre demande de rappel n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
  applicationNotSent: 'Votre pré-inscription n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
} as const;
