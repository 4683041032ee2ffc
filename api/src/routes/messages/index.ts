import {
  adminMessages,
  type ContactMessage,
  contactMessage,
  countResponse,
  errorResponse,
  idParams,
  listPageSize,
  type MessageSummary,
  messageCountQuery,
  messageExcerpt,
  messageListQuery,
  messageResponse,
  messageSummary,
  messageUpdated,
  pageOf,
  programmePath,
  updateMessageInput,
} from '@cfp/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { contactMessages } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';

type MessageRow = typeof contactMessages.$inferSelect;

const toMessage = (row: MessageRow, programme: { title: string; path: string } | undefined): ContactMessage => ({
  _id: row.id,
  kind: row.kind,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  programme: row.programme,
  programmeTitle: programme?.title ?? null,
  programmePath: programme?.path ?? null,
  bestTime: row.bestTime,
  language: row.language,
  status: row.status,
  forwarding: row.forwarding,
  forwardingError: row.forwardingError,
  createdAt: row.createdAt.toISOString(),
});

const toSummary = ({ message, ...rest }: ContactMessage): MessageSummary => ({ ...rest, excerpt: messageExcerpt(message) });

const security = [{ bearer: [] }];
const notFound = 'Message not found';

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The programme the visitor picked: its name for the staff, and its page in the visitor's language. */
  const programmeOf = ({ programme: slug, language }: MessageRow) => {
    const title = slug && app.catalogue.programme(slug)?.title;
    const page = slug && app.catalogue.programmeIn(language, slug);
    return title && page ? { title, path: programmePath(page.pageSlug, language) } : undefined;
  };
  const asMessage = (row: MessageRow) => toMessage(row, programmeOf(row));

  const statusIs = (status: MessageRow['status'] | undefined) => (status ? eq(contactMessages.status, status) : undefined);
  const countMessages = (status: MessageRow['status'] | undefined) =>
    app.db.select({ total: count() }).from(contactMessages).where(statusIs(status)).get()?.total ?? 0;

  app.get(
    '/messages',
    {
      schema: {
        summary: 'A page of contact messages (20), newest first, each with an excerpt',
        tags: ['messages'],
        security,
        querystring: messageListQuery,
        response: { 200: pageOf(messageSummary) },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const items = app.db
        .select()
        .from(contactMessages)
        .where(statusIs(status))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(listPageSize)
        .offset((page - 1) * listPageSize)
        .all()
        .map((row) => toSummary(asMessage(row)));
      return { items, total: countMessages(status), page, pageSize: listPageSize };
    },
  );

  app.get(
    '/messages/count',
    {
      schema: {
        summary: 'How many messages (with a status, e.g. new: the unread badge)',
        tags: ['messages'],
        security,
        querystring: messageCountQuery,
        response: { 200: countResponse },
      },
    },
    async (request) => ({ count: countMessages(request.query.status) }),
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        summary: 'One contact message, whole',
        tags: ['messages'],
        security,
        params: idParams,
        response: { 200: contactMessage, 404: errorResponse },
      },
    },
    async (request) => {
      const row = app.db.select().from(contactMessages).where(eq(contactMessages.id, request.params.id)).get();
      if (!row) throw new HttpError(404, notFound);
      return asMessage(row);
    },
  );

  app.patch(
    '/messages/:id',
    {
      schema: {
        summary: 'Mark a message read or handled',
        tags: ['messages'],
        security,
        params: idParams,
        body: updateMessageInput,
        response: { 200: messageUpdated, 404: errorResponse },
      },
    },
    async (request) => {
      const row = app.db
        .update(contactMessages)
        .set({ status: request.body.status })
        .where(eq(contactMessages.id, request.params.id))
        .returning()
        .get();
      if (!row) throw new HttpError(404, notFound);
      return { message: 'Message updated', data: asMessage(row) };
    },
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        summary: 'Delete a message',
        tags: ['messages'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const deleted = app.db.delete(contactMessages).where(eq(contactMessages.id, request.params.id)).returning().get();
      if (!deleted) throw new HttpError(404, notFound);
      recordAdminAction(app.db, request, 'message.delete', `${deleted.firstName} ${deleted.lastName} <${deleted.email}>`);
      return { message: adminMessages.messageDeleted };
    },
  );
};

export default messageRoutes;
