import {
  adminMessages,
  type ContactMessage,
  contactMessage,
  countResponse,
  errorResponse,
  idParams,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  countMessages,
  deleteMessage,
  findMessage,
  type MessageRow,
  messagePage,
  setMessageStatus,
} from '../../messages/contact-messages.ts';

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
      const page = messagePage(app.db, request.query);
      return { ...page, items: page.items.map((row) => toSummary(asMessage(row))) };
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
    async (request) => ({ count: countMessages(app.db, request.query.status) }),
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
      const row = findMessage(app.db, request.params.id);
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
      const row = setMessageStatus(app.db, request.params.id, request.body.status);
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
      const deleted = deleteMessage(app.db, request.params.id);
      if (!deleted) throw new HttpError(404, notFound);
      recordAdminAction(app.db, request, 'message.delete', `${deleted.firstName} ${deleted.lastName} <${deleted.email}>`);
      return { message: adminMessages.messageDeleted };
    },
  );
};

export default messageRoutes;
