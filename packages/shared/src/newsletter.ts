import { z } from 'zod';
import { blogPostLimits } from './blog.ts';
import { localeSchema } from './locales.ts';

/**
 * The newsletter: a published post or an announcement written in the admin, sent once to every
 * confirmed subscriber in their language (docs/decisions/0040). Every admin prepares a send
 * (preview, test to themselves); only a superAdmin sends it to everyone or cancels it.
 */

/** Where one recipient's e-mail stands. `deferred` failed temporarily (4xx, timeout) and will be tried again. */
export const newsletterRecipientStatuses = ['queued', 'deferred', 'sent', 'failed', 'bounced', 'cancelled'] as const;
export type NewsletterRecipientStatus = (typeof newsletterRecipientStatuses)[number];

/** A send is `sending` while a recipient is queued or deferred, then `done`; `cancelled` stops the rest. */
export const newsletterSendStates = ['sending', 'done', 'cancelled'] as const;
export type NewsletterSendState = (typeof newsletterSendStates)[number];

/** The longest subject a send may have (a post's title limit). */
export const newsletterSubjectMax = blogPostLimits.title;

/** An announcement written in the admin: a subject and rich text (sanitised as posts are), English optional (both or neither). */
export const newsletterAnnouncement = z.object({
  kind: z.literal('announcement'),
  subject: z
    .string()
    .trim()
    .min(1, { error: 'The subject is required' })
    .max(newsletterSubjectMax, { error: `The subject must be at most ${newsletterSubjectMax} characters` }),
  html: z
    .string()
    .trim()
    .min(1, { error: 'The text is required' })
    .max(blogPostLimits.description, { error: 'The text is too long' }),
  subjectEn: z.string().trim().max(newsletterSubjectMax).optional(),
  htmlEn: z.string().trim().max(blogPostLimits.description).optional(),
});

/** A published post, sent as it is at the moment of the send (title, text, English version if any). */
export const newsletterPost = z.object({ kind: z.literal('post'), postId: z.number().int().positive() });

/** What a newsletter is made of. */
export const newsletterSource = z.discriminatedUnion('kind', [newsletterPost, newsletterAnnouncement]);
export type NewsletterSource = z.infer<typeof newsletterSource>;

/** POST /api/newsletter/preview: the e-mail as subscribers of each language will get it. */
export const newsletterPreviewInput = z.object({ source: newsletterSource });
const renderedMail = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const newsletterPreview = z.object({
  fr: renderedMail,
  en: renderedMail,
  /** Confirmed subscribers who would get it now, by language (bouncing addresses left out). */
  recipients: z.object({ fr: z.number(), en: z.number(), total: z.number() }),
});
export type NewsletterPreview = z.infer<typeof newsletterPreview>;

/** POST /api/newsletter/test: both languages' e-mails to the signed-in admin's own address. */
export const newsletterTestInput = z.object({ source: newsletterSource });

/**
 * POST /api/newsletter/sends (superAdmin): queues one e-mail per confirmed subscriber, counted at
 * that moment. A post already sent is refused (409) unless `again` is true.
 */
export const newsletterSendInput = z.object({ source: newsletterSource, again: z.boolean().optional() });

export const newsletterCounts = z.object({
  queued: z.number(),
  deferred: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  cancelled: z.number(),
});
export type NewsletterCounts = z.infer<typeof newsletterCounts>;

export const newsletterSend = z.object({
  _id: z.number(),
  subject: z.string(),
  kind: z.enum(['post', 'announcement']),
  /** The post sent, null for an announcement. */
  postId: z.number().nullable(),
  /** The admin who sent it, by name; '' when that account was deleted since. */
  sentBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  state: z.enum(newsletterSendStates),
  recipients: z.number(),
  counts: newsletterCounts,
});
export type NewsletterSend = z.infer<typeof newsletterSend>;

/** A recipient whose e-mail failed or is being retried, with the SMTP server's answer. */
export const newsletterFailure = z.object({
  email: z.string(),
  language: localeSchema,
  status: z.enum(['deferred', 'failed', 'bounced']),
  attempts: z.number(),
  smtpAnswer: z.string(),
});
export type NewsletterFailure = z.infer<typeof newsletterFailure>;

/** GET /api/newsletter/sends/:id */
export const newsletterSendDetail = newsletterSend.extend({ failures: z.array(newsletterFailure) });
export type NewsletterSendDetail = z.infer<typeof newsletterSendDetail>;

/** GET /api/newsletter: whether mail can go out, who would get it, and the sends, newest first. */
export const newsletterOverview = z.object({
  /** False without SMTP_URL: nothing can be sent, and the screen says how to set it. */
  smtp: z.boolean(),
  recipients: z.object({ fr: z.number(), en: z.number(), total: z.number() }),
  sends: z.array(newsletterSend),
});
export type NewsletterOverview = z.infer<typeof newsletterOverview>;

/** The admin's words for a recipient's status, on the Newsletter screen. */
export const newsletterRecipientStatusLabels: Record<NewsletterRecipientStatus, string> = {
  queued: 'Queued',
  deferred: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bouncing',
  cancelled: 'Cancelled',
};
