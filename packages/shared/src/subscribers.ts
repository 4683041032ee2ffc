import { z } from 'zod';
import { visitorEmailAddress } from './common.ts';
import { honeypotMaxLength } from './form-fields.ts';
import { pageQuery } from './pagination.ts';

/** Unsubscribing deletes the address (docs/decisions/0002-unsubscribe-forgets-the-address.md). */
export const subscriberStatuses = ['pending', 'confirmed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** The staff's words for a status, in the admin and in the CSV export. */
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
};

/** The public newsletter form. Messages are French: visitors read them. */
export const subscribeInput = z.object({
  email: visitorEmailAddress('Veuillez indiquer votre adresse e-mail.'),
  website: z.string().max(honeypotMaxLength).optional(),
});
export type SubscribeInput = z.input<typeof subscribeInput>;

export const subscribeResponse = z.object({ message: z.string(), pending: z.boolean() });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

export const subscriber = z.object({
  _id: z.number(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;

/** The list's and the export's filters; `q` is part of an address. */
export const subscriberFilterQuery = z.object({
  status: z.enum(subscriberStatuses).optional(),
  q: z.string().trim().max(100).optional(),
});
export type SubscriberFilterQuery = z.infer<typeof subscriberFilterQuery>;
export const subscriberQuery = subscriberFilterQuery.extend(pageQuery.shape);

export const tokenQuery = z.object({ token: z.string().min(1).max(200) });
