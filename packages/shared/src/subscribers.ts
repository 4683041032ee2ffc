import { z } from 'zod';
import { formLanguage, searchText, visitorEmailAddress } from './common.ts';
import { honeypotMaxLength, localizedFieldMessages } from './form-fields.ts';
import { type Locale, localeSchema } from './locales.ts';
import { pageQuery } from './pagination.ts';

/** Unsubscribing deletes the address (docs/decisions/0002-unsubscribe-forgets-the-address.md). */
export const subscriberStatuses = ['pending', 'confirmed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** The staff's words for a status, in the admin and in the CSV export. */
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
};

/** The public newsletter form, its messages in the language of the page it was sent from. */
const subscribeInputFor = (locale: Locale) =>
  z.object({
    email: visitorEmailAddress(localizedFieldMessages[locale].newsletterEmailRequired, locale),
    language: formLanguage,
    website: z.string().max(honeypotMaxLength).optional(),
  });

export const localizedSubscribeInput = { fr: subscribeInputFor('fr'), en: subscribeInputFor('en') };
/** The newsletter form (French messages: the API checks it with these, then in the form's language). */
export const subscribeInput = localizedSubscribeInput.fr;
export type SubscribeInput = z.input<typeof subscribeInput>;

export const subscribeResponse = z.object({ message: z.string(), pending: z.boolean() });

export const subscriber = z.object({
  _id: z.number(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  /** The language of the page the address was given on: the one its e-mails are written in. */
  language: localeSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** Refused the newsletter permanently on three sends in a row: left out of the sends since (decision 0040). */
  bouncing: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriber>;

/** The list's and the export's filters; `q` is part of an address. */
export const subscriberFilterQuery = z.object({
  status: z.enum(subscriberStatuses).optional(),
  q: searchText.optional(),
});
export type SubscriberFilterQuery = z.infer<typeof subscriberFilterQuery>;
export const subscriberQuery = subscriberFilterQuery.extend(pageQuery.shape);

export const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * A newsletter e-mail's link: its token, and the language of the e-mail (English links say so,
 * so that a link already used still answers in English).
 */
export const subscriberLinkQuery = tokenQuery.extend({ language: formLanguage });
