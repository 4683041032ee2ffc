import { z } from 'zod';
import { formLanguage, optionalField, singleLine, visitorEmailAddress, visitorPhoneNumber, visitorText } from './common.ts';
import { callbackLimits, contactLimits, honeypotMaxLength, localizedFieldMessages } from './form-fields.ts';
import { type Locale, localeSchema } from './locales.ts';
import { pageQuery } from './pagination.ts';

/** The contact form's fields as the visitor reads them: labels on the site, and in the API's error page. */
export const contactFieldLabels = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  programme: 'Formation qui vous intéresse',
  message: 'Message',
} as const;

/** The same labels in each language of the site. */
export const localizedContactFieldLabels: Record<Locale, Record<keyof typeof contactFieldLabels, string>> = {
  fr: contactFieldLabels,
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    programme: 'Programme you are interested in',
    message: 'Message',
  },
};

/** Examples of what a field expects, under it on the site and on the API's correction page. */
export const fieldHints = {
  phone: 'Par exemple 6 99 00 00 00 ou +237 6 99 00 00 00.',
  email: 'Par exemple nom.prenom@gmail.com.',
} as const;

export const localizedFieldHints: Record<Locale, Record<keyof typeof fieldHints, string>> = {
  fr: fieldHints,
  en: {
    phone: 'For example 6 99 00 00 00 or +237 6 99 00 00 00.',
    email: 'For example firstname.lastname@gmail.com.',
  },
};

/** The public contact form, its messages in the language of the page it was sent from. */
const contactInputFor = (locale: Locale) => {
  const labels = localizedContactFieldLabels[locale];
  const text = (field: 'firstName' | 'lastName' | 'message') => visitorText(labels[field], contactLimits[field], locale);
  return z.object({
    firstName: singleLine(text('firstName'), labels.firstName, locale),
    lastName: singleLine(text('lastName'), labels.lastName, locale),
    email: visitorEmailAddress(localizedFieldMessages[locale].required(labels.email), locale),
    phone: visitorPhoneNumber(labels.phone, contactLimits.phone, locale),
    message: text('message'),
    programme: z.string().trim().max(contactLimits.programme).optional(),
    language: formLanguage,
    website: z.string().max(honeypotMaxLength).optional(),
  });
};

/** The contact form's schema in each language: the same fields, the messages in that language. */
export const localizedContactInput = { fr: contactInputFor('fr'), en: contactInputFor('en') };
/** The public contact form (French messages: the API checks it with these, then in the form's language). */
export const contactInput = localizedContactInput.fr;

/** When a visitor asking to be called back would rather be called: value sent by the form, French label. */
export const bestTimeOptions = { matin: 'Matin', midi: 'Midi', 'apres-midi': 'Après-midi', soir: 'Soir' } as const;
export type BestTime = keyof typeof bestTimeOptions;
export const bestTimes = Object.keys(bestTimeOptions) as [BestTime, ...BestTime[]];

export const localizedBestTimeOptions: Record<Locale, Record<BestTime, string>> = {
  fr: bestTimeOptions,
  en: { matin: 'Morning', midi: 'Midday', 'apres-midi': 'Afternoon', soir: 'Evening' },
};

export const callbackFieldLabels = {
  name: 'Nom et prénom',
  phone: 'Téléphone',
  programme: 'Formation',
  bestTime: 'Quand vous appeler\u00a0?',
} as const;

export const localizedCallbackFieldLabels: Record<Locale, Record<keyof typeof callbackFieldLabels, string>> = {
  fr: callbackFieldLabels,
  en: { name: 'Full name', phone: 'Phone', programme: 'Programme', bestTime: 'When should we call you?' },
};

/**
 * "Être rappelé": a visitor leaves a name and a phone number for the centre to call, nothing
 * more. Stored as a contact message of kind `callback` (decision 0014).
 */
const callbackInputFor = (locale: Locale) => {
  const labels = localizedCallbackFieldLabels[locale];
  const messages = localizedFieldMessages[locale];
  return z.object({
    name: singleLine(visitorText(labels.name, callbackLimits.name, locale), labels.name, locale),
    phone: visitorPhoneNumber(labels.phone, callbackLimits.phone, locale),
    programme: optionalField(
      z
        .string()
        .trim()
        .max(callbackLimits.programme)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: messages.chooseListedProgramme }),
    ),
    bestTime: optionalField(z.enum(bestTimes, { error: messages.chooseTime })),
    language: formLanguage,
    website: z.string().max(honeypotMaxLength).optional(),
  });
};

export const localizedCallbackInput = { fr: callbackInputFor('fr'), en: callbackInputFor('en') };
export const callbackInput = localizedCallbackInput.fr;

export const messageKinds = ['message', 'callback'] as const;

export const messageStatuses = ['new', 'read', 'handled'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const forwardingStatuses = ['not_configured', 'pending', 'sent', 'failed'] as const;
export type ForwardingStatus = (typeof forwardingStatuses)[number];

export const contactMessage = z.object({
  _id: z.number(),
  /** `callback`: an "Être rappelé" request, with a name (in firstName), a phone and no message. */
  kind: z.enum(messageKinds),
  firstName: z.string(),
  lastName: z.string(),
  /** Null for a callback request, which asks for none. */
  email: z.string().nullable(),
  phone: z.string(),
  message: z.string(),
  /** The programme the visitor picked, as sent: its slug (`soudure`), or null when they picked none. */
  programme: z.string().nullable(),
  /** The programme's name as the site prints it, when it is on the site; null when none was picked or it is no longer in the content. */
  programmeTitle: z.string().nullable(),
  /** The programme's page in the visitor's language, from the site's root; null when `programmeTitle` is. */
  programmePath: z.string().nullable(),
  /** When a callback request would rather be called; null when it did not say (and for messages). */
  bestTime: z.enum(bestTimes).nullable(),
  /** The language of the page it was sent from: the one to reply in. */
  language: localeSchema,
  status: z.enum(messageStatuses),
  forwarding: z.enum(forwardingStatuses),
  forwardingError: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** A message in the inbox list: its first words (`excerpt`) instead of the whole message. */
export const messageSummary = contactMessage.omit({ message: true }).extend({ excerpt: z.string() });
export type MessageSummary = z.infer<typeof messageSummary>;

/** How long an excerpt is at most, before its ellipsis. */
export const excerptLength = 160;

/** The first words of a message on one line: whitespace collapsed, cut at `excerptLength` with an ellipsis. */
export function messageExcerpt(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > excerptLength ? `${line.slice(0, excerptLength).trimEnd()}…` : line;
}

export const messageCountQuery = z.object({ status: z.enum(messageStatuses).optional() });
export const messageListQuery = messageCountQuery.extend(pageQuery.shape);

export const updateMessageInput = z.object({ status: z.enum(messageStatuses) });
export type UpdateMessageInput = z.infer<typeof updateMessageInput>;

export const messageUpdated = z.object({ message: z.string(), data: contactMessage });
export type MessageUpdated = z.infer<typeof messageUpdated>;
