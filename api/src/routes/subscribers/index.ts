import { randomBytes } from 'node:crypto';
import {
  adminMessages,
  errorResponse,
  idParams,
  listPageSize,
  messageResponse,
  pageOf,
  publicFormMessages,
  subscribeInput,
  subscribeResponse,
  subscriber,
  subscriberFilterQuery,
  subscriberQuery,
  tokenQuery,
} from '@cfp/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { csvBatchSize, sendCsv } from '../../csv-export.ts';
import { subscribers } from '../../db/schema.ts';
import { acceptFormPosts, answerForm, publicFormLimiter, refusal } from '../../forms/public-form.ts';
import { HttpError } from '../../http-error.ts';
import { type SubscriberRow, subscriberCsvCells, subscriberCsvHeader, subscriberFilter, toSubscriber } from './csv.ts';

const confirmationValidityMs = 24 * 60 * 60_000;
const newToken = () => randomBytes(24).toString('base64url');
const security = [{ bearer: [] }];

const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = publicFormLimiter();
  const apiUrl = app.config.publicUrls.api;
  const doubleOptIn = app.mailer !== undefined;

  const sendConfirmation = async (email: string, token: string, unsubscribeToken: string) => {
    const unsubscribeUrl = `${apiUrl}/subscriber/unsubscribe?token=${unsubscribeToken}`;
    await app.mailer?.send({
      to: email,
      subject: 'Confirmez votre inscription à notre lettre d’information',
      text: [
        'Bonjour,',
        '',
        'Pour recevoir nos actualités (rentrées, nouvelles formations, événements), confirmez votre inscription en ouvrant ce lien dans les 24 heures :',
        `${apiUrl}/subscriber/confirm?token=${token}`,
        '',
        'Si vous n’avez rien demandé, ignorez simplement ce message.',
        '',
        `Se désinscrire : ${unsubscribeUrl}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  };

  app.post(
    '/subscriber',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Subscribe to the newsletter (double opt-in when SMTP is configured); same answer for a known address',
        tags: ['subscribers'],
        body: subscribeInput,
        response: { 201: subscribeResponse, 400: errorResponse, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refusal(limiter, request, '/newsletter/erreur');
      if (refused) return answerForm(app, request, reply, refused);

      const { email, website } = request.body;
      const answer = {
        status: 201,
        body: {
          message: doubleOptIn ? publicFormMessages.confirmationSent : publicFormMessages.subscribed,
          pending: doubleOptIn,
        },
        page: doubleOptIn ? '/newsletter/confirmation' : '/newsletter/merci',
      };
      if (website) return answerForm(app, request, reply, answer);

      const confirmationToken = doubleOptIn ? newToken() : null;
      const values = {
        status: doubleOptIn ? ('pending' as const) : ('confirmed' as const),
        confirmationToken,
        confirmationExpiresAt: doubleOptIn ? new Date(Date.now() + confirmationValidityMs) : null,
        confirmedAt: doubleOptIn ? null : new Date(),
      };
      // A confirmed address stays as it is; a pending one gets a fresh link.
      const row = await app.groupCommit.run(() =>
        app.db
          .insert(subscribers)
          .values({ email, unsubscribeToken: newToken(), ...values })
          .onConflictDoUpdate({ target: subscribers.email, set: values, setWhere: sql`${subscribers.status} <> 'confirmed'` })
          .returning()
          .get(),
      );
      if (!row) return answerForm(app, request, reply, answer);
      if (doubleOptIn && confirmationToken) {
        try {
          await sendConfirmation(email, confirmationToken, row.unsubscribeToken);
        } catch (error) {
          request.log.warn({ err: error }, 'newsletter confirmation e-mail failed');
          return answerForm(app, request, reply, {
            status: 503,
            body: { message: publicFormMessages.confirmationNotSent },
            page: '/newsletter/erreur',
          });
        }
      }
      return answerForm(app, request, reply, answer);
    },
  );

  app.get(
    '/subscriber/confirm',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Confirmation link of the double opt-in; redirects to a site page',
        tags: ['subscribers'],
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const token = request.validationError ? undefined : request.query.token;
      const row = token ? app.db.select().from(subscribers).where(eq(subscribers.confirmationToken, token)).get() : undefined;
      const valid = row && row.status === 'pending' && (row.confirmationExpiresAt?.getTime() ?? 0) > Date.now();
      if (valid) {
        app.db
          .update(subscribers)
          .set({ status: 'confirmed', confirmedAt: new Date(), confirmationToken: null, confirmationExpiresAt: null })
          .where(eq(subscribers.id, row.id))
          .run();
      }
      return reply.redirect(`${app.config.publicUrls.site}/newsletter/${valid ? 'confirmee' : 'lien-invalide'}`, 303);
    },
  );

  const unsubscribe = (token: string | undefined) => {
    if (!token) return false;
    const row = app.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.unsubscribeToken, token)).get();
    if (!row) return false;
    // The address is forgotten: an unsubscribed visitor leaves no personal data behind.
    app.db.delete(subscribers).where(eq(subscribers.id, row.id)).run();
    return true;
  };

  app.get(
    '/subscriber/unsubscribe',
    {
      config: { public: true },
      attachValidation: true,
      schema: { summary: 'Unsubscribe link; redirects to a site page', tags: ['subscribers'], querystring: tokenQuery },
    },
    async (request, reply) => {
      const done = unsubscribe(request.validationError ? undefined : request.query.token);
      return reply.redirect(`${app.config.publicUrls.site}/newsletter/${done ? 'desinscrit' : 'lien-invalide'}`, 303);
    },
  );

  app.post(
    '/subscriber/unsubscribe',
    {
      config: { public: true },
      schema: {
        summary: 'One-click unsubscribe (RFC 8058)',
        tags: ['subscribers'],
        querystring: tokenQuery,
        response: { 204: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (!unsubscribe(request.query.token)) throw new HttpError(404, 'Unknown unsubscribe link');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/subscribers',
    {
      schema: {
        summary: 'A page of subscribers (20), newest first, filtered by status or part of the address (q)',
        tags: ['subscribers'],
        security,
        querystring: subscriberQuery,
        response: { 200: pageOf(subscriber) },
      },
    },
    async (request) => {
      const where = subscriberFilter(request.query);
      const { page } = request.query;
      const items = app.db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
        .limit(listPageSize)
        .offset((page - 1) * listPageSize)
        .all()
        .map(toSubscriber);
      const total = app.db.select({ total: count() }).from(subscribers).where(where).get()?.total ?? 0;
      return { items, total, page, pageSize: listPageSize };
    },
  );

  app.get(
    '/subscriber/export.csv',
    {
      schema: {
        summary: 'Subscribers as CSV for a French spreadsheet (same filters), oldest first, streamed',
        tags: ['subscribers'],
        security,
        querystring: subscriberFilterQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv<SubscriberRow>(reply, {
        fileName: `subscribers-${new Date().toISOString().slice(0, 10)}.csv`,
        header: subscriberCsvHeader,
        nextBatch: (last) =>
          app.db
            .select()
            .from(subscribers)
            .where(
              and(
                subscriberFilter(request.query),
                last && sql`(${subscribers.createdAt}, ${subscribers.id}) > (${last.createdAt.getTime()}, ${last.id})`,
              ),
            )
            .orderBy(subscribers.createdAt, subscribers.id)
            .limit(csvBatchSize)
            .all(),
        toCells: (row) => subscriberCsvCells(row, app.config.timeZone),
      }),
  );

  app.delete(
    '/subscriber/:id',
    {
      schema: {
        summary: 'Delete a subscriber',
        tags: ['subscribers'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const deleted = app.db.delete(subscribers).where(eq(subscribers.id, request.params.id)).returning().get();
      if (!deleted) throw new HttpError(404, 'Subscriber not found');
      recordAdminAction(app.db, request, 'subscriber.delete', deleted.email);
      return { message: adminMessages.subscriberDeleted };
    },
  );
};

export default subscriberRoutes;
