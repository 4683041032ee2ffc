import { randomBytes } from 'node:crypto';
import {
  adminMessages,
  answerPagePath,
  errorResponse,
  idParams,
  type Locale,
  localizedPublicFormMessages,
  localizedSubscribeInput,
  messageResponse,
  pageOf,
  subscribeInput,
  subscribeResponse,
  subscriber,
  subscriberFilterQuery,
  subscriberLinkQuery,
  subscriberQuery,
} from '@cfp/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { buttonPage, sendPage } from '../../forms/answer-pages.ts';
import { acceptFormPosts, answerForm, languageOf, publicFormLimiter, refusal } from '../../forms/public-form.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { HttpError } from '../../http/http-error.ts';
import { unsubscribeUrl as subscriberUnsubscribeUrl, unsubscribeHeaders } from '../../newsletter/newsletter-mail.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';
import { subscriberCsvColumns } from '../../subscribers/subscriber-csv.ts';
import {
  allSubscribers,
  deleteSubscriber,
  type SubscriberRow,
  subscriberBatch,
  subscriberPage,
  toSubscriber,
} from '../../subscribers/subscriber-list.ts';
import { confirmationMail, linkPageWords } from '../../subscribers/subscription-words.ts';
import {
  confirmSubscription,
  forgetSubscriber,
  pendingSubscriber,
  preparedSubscribe,
  subscriberByUnsubscribeToken,
} from '../../subscribers/subscriptions.ts';

const confirmationValidityMs = 24 * 60 * 60_000;

const newToken = () => randomBytes(24).toString('base64url');

const security = [{ bearer: [] }];

const subscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = publicFormLimiter();
  const apiUrl = app.config.publicUrls.api;
  const doubleOptIn = app.mailer !== undefined;
  const subscribe = preparedSubscribe(app.db);
  // However many addresses ask for it (12 IPv6 /64s are easily had), one mailbox gets at most
  // three confirmation e-mails while a link is valid: the others are answered alike, not sent.
  const confirmationsByRecipient = new RateLimiter([{ limit: 3, windowMs: confirmationValidityMs }]);

  /** The double opt-in's e-mail, in the language of the page the address was given on. */
  const sendConfirmation = async (email: string, token: string, unsubscribeToken: string, language: Locale) => {
    // An English link says so: once used, it still leads to the English page that says it is spent.
    const inLanguage = language === 'fr' ? '' : `&language=${language}`;
    const unsubscribeUrl = subscriberUnsubscribeUrl(apiUrl, unsubscribeToken, language);
    const confirmUrl = `${apiUrl}/subscriber/confirm?token=${token}${inLanguage}`;
    await app.mailer?.send({
      to: email,
      ...confirmationMail[language](confirmUrl, unsubscribeUrl),
      headers: unsubscribeHeaders(unsubscribeUrl),
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
      const notSaved = answerPagePath(languageOf(request.body), 'subscriptionNotSaved');
      const refused = refusal(limiter, request, notSaved, localizedSubscribeInput);
      if (refused) return answerForm(app, request, reply, refused);

      const { email, website, language } = request.body;
      const messages = localizedPublicFormMessages[language];
      const answer = {
        status: 201,
        body: { message: doubleOptIn ? messages.confirmationSent : messages.subscribed, pending: doubleOptIn },
        page: answerPagePath(language, doubleOptIn ? 'confirmationSent' : 'subscribed'),
      };
      if (website) return answerForm(app, request, reply, answer);

      const confirmationToken = doubleOptIn ? newToken() : null;
      const now = Date.now();
      const row = await app.groupCommit.run(() =>
        subscribe.get({
          email,
          unsubscribeToken: newToken(),
          status: doubleOptIn ? 'pending' : 'confirmed',
          confirmationToken,
          confirmationExpiresAt: doubleOptIn ? now + confirmationValidityMs : null,
          confirmedAt: doubleOptIn ? null : now,
          language,
          now,
        }),
      );
      if (!row?.confirmationToken || !confirmationsByRecipient.consume(email).allowed) {
        return answerForm(app, request, reply, answer);
      }
      if (doubleOptIn) {
        try {
          await sendConfirmation(email, row.confirmationToken, row.unsubscribeToken, language);
        } catch (error) {
          request.log.warn({ err: error }, 'newsletter confirmation e-mail failed');
          return answerForm(app, request, reply, {
            status: 503,
            body: { message: messages.confirmationNotSent },
            page: notSaved,
          });
        }
      }
      return answerForm(app, request, reply, answer);
    },
  );

  /** A link's token; undefined for a query that broke its schema. */
  const linkToken = (request: { validationError?: Error; query: { token?: string } }) =>
    request.validationError ? undefined : request.query.token;
  const toSitePage = (reply: FastifyReply, language: Locale, page: Parameters<typeof answerPagePath>[1]) =>
    reply.redirect(`${app.config.publicUrls.site}${answerPagePath(language, page)}`, 303);
  /** The page an e-mail's link opens: its button posts the link back, so that opening it changes nothing. */
  const linkPage = (reply: FastifyReply, language: Locale, kind: 'confirm' | 'unsubscribe') => {
    const words = linkPageWords[language][kind];
    const centreName = app.catalogue.centreIn(language)?.name ?? words.title;
    return sendPage(reply, 200, buttonPage({ ...words, paragraphs: [words.text], centreName, locale: language }));
  };

  app.get(
    '/subscriber/confirm',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Confirmation link of the double opt-in: a page whose button confirms (a link opened changes nothing)',
        tags: ['subscribers'],
        querystring: subscriberLinkQuery,
      },
    },
    async (request, reply) => {
      const row = pendingSubscriber(app.db, linkToken(request), Date.now());
      if (!row) return toSitePage(reply, languageOf(request.query), 'invalidLink');
      return linkPage(reply, row.language, 'confirm');
    },
  );

  app.post(
    '/subscriber/confirm',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Confirms the subscription of the link’s address; redirects to a site page in the subscriber’s language',
        tags: ['subscribers'],
        querystring: subscriberLinkQuery,
      },
    },
    async (request, reply) => {
      const row = pendingSubscriber(app.db, linkToken(request), Date.now());
      if (!row) return toSitePage(reply, languageOf(request.query), 'invalidLink');
      confirmSubscription(app.db, row.id, new Date());
      return toSitePage(reply, row.language, 'subscriptionConfirmed');
    },
  );

  app.get(
    '/subscriber/unsubscribe',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Unsubscribe link: a page whose button unsubscribes (a link opened changes nothing)',
        tags: ['subscribers'],
        querystring: subscriberLinkQuery,
      },
    },
    async (request, reply) => {
      const row = subscriberByUnsubscribeToken(app.db, linkToken(request));
      if (!row) return toSitePage(reply, languageOf(request.query), 'invalidLink');
      return linkPage(reply, row.language, 'unsubscribe');
    },
  );

  /** A form's fields, urlencoded (parsed already) or multipart (read here); a malformed multipart body is a 400. */
  const postedFields = async (request: FastifyRequest): Promise<Record<string, unknown>> => {
    if (!request.isMultipart()) return (request.body as Record<string, unknown> | undefined) ?? {};
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) if (part.type === 'field') fields[part.fieldname] = part.value;
    } catch {
      throw new HttpError(400, 'Malformed multipart body');
    }
    return fields;
  };

  // RFC 8058: a mail client's one-click posts `List-Unsubscribe=One-Click` as multipart/form-data (its
  // SHOULD) or urlencoded; this route alone reads multipart, as fields only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { files: 0, fields: 4, parts: 4, fieldSize: 1024 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/subscriber/unsubscribe',
      {
        config: { public: true },
        attachValidation: true,
        schema: {
          summary:
            'Forgets the link’s address: 204 to a mail client’s one-click (RFC 8058, body List-Unsubscribe=One-Click), else a redirect to a site page',
          tags: ['subscribers'],
          querystring: subscriberLinkQuery,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        const oneClick = (await postedFields(request))['List-Unsubscribe'] === 'One-Click';
        const row = subscriberByUnsubscribeToken(app.db, linkToken(request));
        if (row) forgetSubscriber(app.db, row.id);
        if (oneClick) {
          if (!row) throw new HttpError(404, 'Unknown unsubscribe link');
          return reply.status(204).send(null);
        }
        return row
          ? toSitePage(reply, row.language, 'unsubscribed')
          : toSitePage(reply, languageOf(request.query), 'invalidLink');
      },
    );
  });

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
      const page = subscriberPage(app.db, request.query);
      return { ...page, items: page.items.map(toSubscriber) };
    },
  );

  // The specification's list, kept at its path and shape (`_id`, `email`, `createdAt`, with the
  // status and language beside them) for the clients written against it; the admin pages through /subscribers.
  app.get(
    '/subscriber/getall',
    {
      schema: {
        summary: 'Every subscriber, newest first (the specification’s list; the admin uses the paginated /subscribers)',
        tags: ['subscribers'],
        security,
        response: { 200: z.array(subscriber) },
      },
    },
    async () => allSubscribers(app.db).map(toSubscriber),
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
        columns: subscriberCsvColumns(app.config.timeZone),
        nextBatch: (last) => subscriberBatch(app.db, request.query, last),
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
      const deleted = deleteSubscriber(app.db, request.params.id);
      if (!deleted) throw new HttpError(404, 'Subscriber not found');
      recordAdminAction(app.db, request, 'subscriber.delete', deleted.email);
      return { message: adminMessages.subscriberDeleted };
    },
  );
};

export default subscriberRoutes;
