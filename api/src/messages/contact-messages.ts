import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { listPage } from '../db/paging.ts';
import { contactMessages } from '../db/schema.ts';

/** A contact or callback message as stored. */
export type MessageRow = typeof contactMessages.$inferSelect;
export type MessageStatus = MessageRow['status'];

const statusIs = (status: MessageStatus | undefined) => (status ? eq(contactMessages.status, status) : undefined);

export function countMessages(db: Db, status: MessageStatus | undefined): number {
  return db.select({ total: count() }).from(contactMessages).where(statusIs(status)).get()?.total ?? 0;
}

/** One page of the messages (with a status), newest first, with how many there are in all. */
export function messagePage(db: Db, query: { status?: MessageStatus; page: number }) {
  return listPage(
    query.page,
    ({ limit, offset }) =>
      db
        .select()
        .from(contactMessages)
        .where(statusIs(query.status))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset)
        .all(),
    countMessages(db, query.status),
  );
}

export function findMessage(db: Db, id: number): MessageRow | undefined {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

/** Marks a message read or handled; undefined when there is no such message. */
export function setMessageStatus(db: Db, id: number, status: MessageStatus): MessageRow | undefined {
  return db.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning().get();
}

/** Deletes a message; the row it was, or undefined when there was none. */
export function deleteMessage(db: Db, id: number): MessageRow | undefined {
  return db.delete(contactMessages).where(eq(contactMessages.id, id)).returning().get();
}

/** Stores a message sent from the site's contact or callback form; its id. */
export function storeMessage(db: Db, message: typeof contactMessages.$inferInsert): number {
  return db.insert(contactMessages).values(message).returning({ id: contactMessages.id }).get().id;
}
