import {
  adminMessages,
  type ContactMessage,
  contactMessageList,
  errorResponse,
  idParams,
  messageResponse,
  messageUpdated,
  updateMessageInput,
} from '@cfp/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { contactMessages } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';

type MessageRow = typeof contactMessages.$inferSelect;

const toMessage = (row: MessageRow, programmeTitle: string | null): ContactMessage => ({
  _id: row.id,
  kind: row.kind,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  programme: row.programme,
  programmeTitle,
  bestTime: row.bestTime,
  status: row.status,
  forwarding: row.forwarding,
  forwardingError: row.forwardingError,
  createdAt: row.createdAt.toISOString(),
});

const security = [{ bearer: [] }];
const notFound = 'Message not found';

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const asMessage = (row: MessageRow) => toMessage(row, (row.programme && app.catalogue.programme(row.programme)?.title) || null);

  app.get(
    '/messages',
    {
      schema: { summary: 'Contact messages, newest first', tags: ['messages'], security, response: { 200: contactMessageList } },
    },
    async () =>
      app.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .all()
        .map(asMessage),
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
