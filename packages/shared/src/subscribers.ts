import { z } from 'zod';

/** Unsubscribing deletes the address (docs/decisions/0002-unsubscribe-forgets-the-address.md). */
export const subscriberStatuses = ['pending', 'confirmed'] as const;

/** The public newsletter form. Messages are French: visitors read them. */
export const subscribeInput = z.object({
  email: z
    .string({ error: 'Veuillez indiquer votre adresse e-mail.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Cette adresse e-mail est trop longue.' })
    .pipe(z.email({ error: "Cette adresse e-mail n'est pas valide." })),
  /** Honeypot: people leave it empty, bots fill it in. */
  website: z.string().max(500).optional(),
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
export const subscriberList = z.array(subscriber);

export const tokenQuery = z.object({ token: z.string().min(1).max(200) });
