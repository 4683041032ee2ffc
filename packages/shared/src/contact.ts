import { z } from 'zod';
import { singleLine, visitorEmailAddress, visitorPhoneNumber } from './common.ts';
import { callbackLimits, contactLimits, honeypotMaxLength } from './form-fields.ts';
import { pageQuery } from './pagination.ts';

const field = (label: string, max: number) =>
  z
    .string({ error: `Le champ « ${label} » est obligatoire.` })
    .trim()
    .min(1, { error: `Le champ « ${label} » est obligatoire.` })
    .max(max, { error: `Le champ « ${label} » ne doit pas dépasser ${max} caractères.` });

/** The contact form's fields as the visitor reads them: labels on the site, and in the API's error page. */
export const contactFieldLabels = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  programme: 'Formation qui vous intéresse',
  message: 'Message',
} as const;

/** Examples of what a field expects, under it on the site and on the API's correction page. */
export const fieldHints = {
  phone: 'Par exemple 6 99 00 00 00 ou +237 6 99 00 00 00.',
  email: 'Par exemple nom.prenom@gmail.com.',
} as const;

/** The public contact form. Messages are French: visitors read them. */
export const contactInput = z.object({
  firstName: singleLine(field(contactFieldLabels.firstName, contactLimits.firstName), contactFieldLabels.firstName),
  lastName: singleLine(field(contactFieldLabels.lastName, contactLimits.lastName), contactFieldLabels.lastName),
  email: visitorEmailAddress(`Le champ « ${contactFieldLabels.email} » est obligatoire.`),
  phone: visitorPhoneNumber(contactFieldLabels.phone, contactLimits.phone),
  message: field(contactFieldLabels.message, contactLimits.message),
  programme: z.string().trim().max(contactLimits.programme).optional(),
  website: z.string().max(honeypotMaxLength).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

/** When a visitor asking to be called back would rather be called: value sent by the form, French label. */
export const bestTimeOptions = { matin: 'Matin', midi: 'Midi', 'apres-midi': 'Après-midi', soir: 'Soir' } as const;
export type BestTime = keyof typeof bestTimeOptions;
export const bestTimes = Object.keys(bestTimeOptions) as [BestTime, ...BestTime[]];

export const callbackFieldLabels = {
  name: 'Nom et prénom',
  phone: 'Téléphone',
  programme: 'Formation',
  bestTime: 'Quand vous appeler\u00a0?',
} as const;

/** An optional field a form sends empty when nothing was chosen. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * "Être rappelé": a visitor leaves a name and a phone number for the centre to call, nothing
 * more. Stored as a contact message of kind `callback` (decision 0014).
 */
export const callbackInput = z.object({
  name: singleLine(field(callbackFieldLabels.name, callbackLimits.name), callbackFieldLabels.name),
  phone: visitorPhoneNumber(callbackFieldLabels.phone, callbackLimits.phone),
  programme: optional(
    z
      .string()
      .trim()
      .max(callbackLimits.programme)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Choisissez une formation de la liste.' }),
  ),
  bestTime: optional(z.enum(bestTimes, { error: 'Choisissez un moment de la liste.' })),
  website: z.string().max(honeypotMaxLength).optional(),
});
export type CallbackInput = z.input<typeof callbackInput>;

export const messageKinds = ['message', 'callback'] as const;
export type MessageKind = (typeof messageKinds)[number];

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
  /**
   * The programme's name as the site prints it, when it is on the site (its page is
   * `programmePath(programme)`); null when none was picked or it is no longer in the content.
   */
  programmeTitle: z.string().nullable(),
  /** When a callback request would rather be called; null when it did not say (and for messages). */
  bestTime: z.enum(bestTimes).nullable(),
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
