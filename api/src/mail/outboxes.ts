import { formatPhone } from '@cfp/shared';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { applications, contactMessages } from '../db/schema.ts';
import type { Outbox } from './mail-forwarder.ts';

/** Contact messages, e-mailed to the inbox with the visitor as Reply-To. */
export function contactOutbox(db: Db): Outbox<typeof contactMessages.$inferSelect> {
  return {
    name: 'contact message',
    load: (id) => db.select().from(contactMessages).where(eq(contactMessages.id, id)).get(),
    unsent: (maxAttempts, limit) =>
      db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(inArray(contactMessages.forwarding, ['pending', 'failed']), lt(contactMessages.forwardingAttempts, maxAttempts)),
        )
        .limit(limit)
        .all()
        .map((row) => row.id),
    mark: (id, forwarding, error, attempts) =>
      db
        .update(contactMessages)
        .set({ forwarding, forwardingError: error, forwardingAttempts: attempts })
        .where(eq(contactMessages.id, id))
        .run(),
    compose: (message) => ({
      replyTo: message.email,
      subject: `Nouveau message de ${message.firstName} ${message.lastName}${message.programme ? ` (${message.programme})` : ''}`,
      text: [
        `Prénom : ${message.firstName}`,
        `Nom : ${message.lastName}`,
        `E-mail : ${message.email}`,
        `Téléphone : ${message.phone}`,
        `Formation : ${message.programme ?? 'non précisée'}`,
        `Reçu le : ${message.createdAt.toISOString()}`,
        '',
        message.message,
      ].join('\n'),
    }),
  };
}

/** Pre-enrolments, e-mailed to the same inbox; `programmeTitle` names the programme as the site does. */
export function applicationOutbox(db: Db, programmeTitle: (slug: string) => string): Outbox<typeof applications.$inferSelect> {
  return {
    name: 'application',
    load: (id) => db.select().from(applications).where(eq(applications.id, id)).get(),
    unsent: (maxAttempts, limit) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(inArray(applications.forwarding, ['pending', 'failed']), lt(applications.forwardingAttempts, maxAttempts)))
        .limit(limit)
        .all()
        .map((row) => row.id),
    mark: (id, forwarding, error, attempts) =>
      db
        .update(applications)
        .set({ forwarding, forwardingError: error, forwardingAttempts: attempts })
        .where(eq(applications.id, id))
        .run(),
    compose: (application) => ({
      ...(application.email && { replyTo: application.email }),
      subject: `Pré-inscription ${application.reference} : ${application.firstName} ${application.lastName} (${programmeTitle(application.programme)})`,
      text: [
        `Référence : ${application.reference}`,
        `Formation : ${programmeTitle(application.programme)}`,
        `Prénom : ${application.firstName}`,
        `Nom : ${application.lastName}`,
        `Téléphone : ${formatPhone(application.phone)} (${application.phone})`,
        `E-mail : ${application.email ?? 'non renseigné'}`,
        `Ville ou quartier : ${application.town}`,
        `Niveau : ${application.level}`,
        `Horaire souhaité : ${application.schedule ?? 'non précisé'}`,
        `Rentrée souhaitée : ${application.intake ?? 'non précisée'}`,
        `Connu par : ${application.heardFrom ?? 'non précisé'}`,
        `Reçue le : ${application.updatedAt.toISOString()}`,
        '',
        application.message ?? '',
      ].join('\n'),
    }),
  };
}
