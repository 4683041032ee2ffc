import type { Locale } from '@cfp/shared';

/* What a subscriber reads, in the language they subscribed in: the confirmation e-mail and the pages its links open. */

/** The confirmation e-mail's words in each language of the site. */
export const confirmationMail: Record<Locale, (confirmUrl: string, unsubscribeUrl: string) => { subject: string; text: string }> =
  {
    fr: (confirmUrl, unsubscribeUrl) => ({
      subject: 'Confirmez votre inscription à notre lettre d’information',
      text: [
        'Bonjour,',
        '',
        'Pour recevoir nos actualités (rentrées, nouvelles formations, événements), confirmez votre inscription en ouvrant ce lien dans les 24 heures :',
        confirmUrl,
        '',
        'Si vous n’avez rien demandé, ignorez simplement ce message.',
        '',
        `Se désinscrire : ${unsubscribeUrl}`,
      ].join('\n'),
    }),
    en: (confirmUrl, unsubscribeUrl) => ({
      subject: 'Confirm your subscription to our newsletter',
      text: [
        'Hello,',
        '',
        'To receive our news (intakes, new programmes, events), confirm your subscription by opening this link within 24 hours:',
        confirmUrl,
        '',
        'If you did not ask for this, simply ignore this message.',
        '',
        `Unsubscribe: ${unsubscribeUrl}`,
      ].join('\n'),
    }),
  };

/** The pages the e-mails' links open, in the subscriber's language. */
export const linkPageWords = {
  fr: {
    confirm: {
      title: 'Confirmer votre inscription',
      text: 'Un clic sur le bouton ci-dessous confirme que vous souhaitez recevoir la lettre d’information du centre.',
      button: 'Confirmer mon inscription',
    },
    unsubscribe: {
      title: 'Se désinscrire de la lettre d’information',
      text: 'Un clic sur le bouton ci-dessous retire votre adresse de la liste : elle est alors effacée.',
      button: 'Me désinscrire',
    },
  },
  en: {
    confirm: {
      title: 'Confirm your subscription',
      text: 'One click on the button below confirms that you want to receive the centre’s newsletter.',
      button: 'Confirm my subscription',
    },
    unsubscribe: {
      title: 'Unsubscribe from the newsletter',
      text: 'One click on the button below takes your address off the list: it is then deleted.',
      button: 'Unsubscribe',
    },
  },
} satisfies Record<Locale, Record<'confirm' | 'unsubscribe', { title: string; text: string; button: string }>>;
