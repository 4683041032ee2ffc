import { z } from 'zod';
import { visitorEmailAddress } from './common.ts';
import { contactLimits, honeypotMaxLength } from './form-fields.ts';
import { pageQuery } from './pagination.ts';

const field = (label: string, max: number) =>
  z
    .string({ error: `Le champ « ${label} » est obligatoire.` })
    .trim()
    .min(1, { error: `Le champ « ${label} » est obligatoire.` })
    .max(max, { error: `Le champ « ${label} » ne doit pas dépasser ${max} caractères.` });

/** The public contact form. Messages are French: visitors read them. */
export const contactInput = z.object({
  firstName: field('Prénom', contactLimits.firstName),
  lastName: field('Nom', contactLimits.lastName),
  email: visitorEmailAddress('Le champ « E-mail » est obligatoire.'),
  phone: field('Téléphone', contactLimits.phone).regex(/^[+()\d\s.-]{6,40}$/, {
    error: 'Ce numéro de téléphone n’est pas valide.',
  }),
  message: field('Message', contactLimits.message),
  programme: z.string().trim().max(contactLimits.programme).optional(),
  website: z.string().max(honeypotMaxLength).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export const messageStatuses = ['new', 'read', 'handled'] as const;
export const forwardingStatuses = ['not_configured', 'pending', 'sent', 'failed'] as const;
export type ForwardingStatus = (typeof forwardingStatuses)[number];

export const contactMessage = z.object({
  _id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The programme the visitor picked, as sent: its slug (`soudure`), or null when they picked none. */
  programme: z.string().nullable(),
  /**
   * The programme's name as the site prints it, when it is on the site (its page is
   * `programmePath(programme)`); null when none was picked or it is no longer in the content.
   */
  programmeTitle: z.string().nullable(),
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
