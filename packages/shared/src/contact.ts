import { z } from 'zod';
import { singleLine, visitorEmailAddress } from './common.ts';
import { contactLimits, honeypotMaxLength } from './form-fields.ts';

const field = (label: string, max: number) =>
  z
    .string({ error: `Le champ « ${label} » est obligatoire.` })
    .trim()
    .min(1, { error: `Le champ « ${label} » est obligatoire.` })
    .max(max, { error: `Le champ « ${label} » ne doit pas dépasser ${max} caractères.` });

/** The public contact form. Messages are French: visitors read them. */
export const contactInput = z.object({
  firstName: singleLine(field('Prénom', contactLimits.firstName), 'Prénom'),
  lastName: singleLine(field('Nom', contactLimits.lastName), 'Nom'),
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
export const contactMessageList = z.array(contactMessage);

export const updateMessageInput = z.object({ status: z.enum(messageStatuses) });
export type UpdateMessageInput = z.infer<typeof updateMessageInput>;

export const messageUpdated = z.object({ message: z.string(), data: contactMessage });
export type MessageUpdated = z.infer<typeof messageUpdated>;
