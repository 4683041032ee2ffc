import {
  errorResponse,
  idParams,
  messageResponse,
  type NewsletterOverview,
  type NewsletterPreview,
  type NewsletterSendDetail,
  type NewsletterSource,
  newsletterOverview,
  newsletterPreview,
  newsletterPreviewInput,
  newsletterSend,
  newsletterSendDetail,
  newsletterSendInput,
  newsletterTestInput,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { HttpError } from '../../http/http-error.ts';
import { composeNewsletter } from '../../newsletter/newsletter-letters.ts';
import { personalised, unsubscribeHeaders, unsubscribeUrl } from '../../newsletter/newsletter-mail.ts';
import {
  cancelSend,
  findSend,
  latestSends,
  newsletterAudience,
  queueSend,
  sendFailures,
} from '../../newsletter/newsletter-queue.ts';

const security = [{ bearer: [] }];
const tags = ['newsletter'];
const sendsListed = 50;
const failuresListed = 200;
const sendNotFound = 'Newsletter send not found';
/** The preview's and the test's unsubscribe link: shaped as a subscriber's, leading to the page that says a link is not valid. */
const exampleToken = 'example';

const noSmtp = () =>
  new HttpError(
    503,
    'Sending the newsletter needs an SMTP server: set SMTP_URL (and MAIL_FROM) in the API’s settings, then restart it',
  );

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const compose = (source: NewsletterSource) =>
    composeNewsletter(
      { db: app.db, storage: app.storage, catalogue: app.catalogue, siteUrl: app.config.publicUrls.site },
      source,
    );
  const asSentTo = (source: NewsletterSource) => {
    const { mails } = compose(source);
    const apiUrl = app.config.publicUrls.api;
    return {
      fr: personalised(mails.fr, unsubscribeUrl(apiUrl, exampleToken, 'fr')),
      en: personalised(mails.en, unsubscribeUrl(apiUrl, exampleToken, 'en')),
    };
  };

  app.get(
    '/newsletter',
    {
      schema: {
        summary: 'Whether e-mail can go out, who would get a send now by language, and the latest sends, newest first',
        tags,
        security,
        response: { 200: newsletterOverview },
      },
    },
    async (): Promise<NewsletterOverview> => ({
      smtp: app.mailer !== undefined,
      recipients: newsletterAudience(app.db),
      sends: latestSends(app.db, sendsListed),
    }),
  );

  app.get(
    '/newsletter/sends/:id',
    {
      schema: {
        summary: `A send with its recipients counted by status and its failures (the first ${failuresListed}) with the SMTP answer`,
        tags,
        security,
        params: idParams,
        response: { 200: newsletterSendDetail, 404: errorResponse },
      },
    },
    async (request): Promise<NewsletterSendDetail> => {
      const send = findSend(app.db, request.params.id);
      if (!send) throw new HttpError(404, sendNotFound);
      return { ...send, failures: sendFailures(app.db, send._id, failuresListed) };
    },
  );

  app.post(
    '/newsletter/preview',
    {
      schema: {
        summary: 'The e-mail in both languages exactly as subscribers will get it, and how many would get it now',
        tags,
        security,
        body: newsletterPreviewInput,
        response: { 200: newsletterPreview, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request): Promise<NewsletterPreview> => ({ ...asSentTo(request.body.source), recipients: newsletterAudience(app.db) }),
  );

  app.post(
    '/newsletter/test',
    {
      schema: {
        summary: 'E-mails both languages’ versions to the signed-in admin’s own address, now (subject prefixed "[Test] ")',
        tags,
        security,
        body: newsletterTestInput,
        response: { 200: messageResponse, 400: errorResponse, 404: errorResponse, 502: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      const mailer = app.mailer;
      if (!mailer) throw noSmtp();
      const mails = asSentTo(request.body.source);
      const to = request.admin.email;
      try {
        for (const locale of ['fr', 'en'] as const) {
          const mail = mails[locale];
          await mailer.send({
            to,
            ...mail,
            subject: `[Test] ${mail.subject}`,
            headers: unsubscribeHeaders(unsubscribeUrl(app.config.publicUrls.api, exampleToken, locale)),
          });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'newsletter test e-mail failed');
        throw new HttpError(502, `The SMTP server did not take the test e-mail: ${(error as Error).message}`);
      }
      return { message: `Test e-mails (French and English) sent to ${to}` };
    },
  );

  app.post(
    '/newsletter/sends',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Queues the e-mail for every confirmed subscriber counted now, in their language (superAdmin)',
        tags,
        security,
        body: newsletterSendInput,
        response: {
          201: newsletterSend,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const sender = app.newsletterSender;
      if (!sender) throw noSmtp();
      const newsletter = compose(request.body.source);
      const id = queueSend(app.db, newsletter, { sentById: request.admin.id, again: request.body.again === true });
      const send = findSend(app.db, id);
      if (!send) throw new HttpError(404, sendNotFound);
      recordAdminAction(app.db, request, 'newsletter.send', `${send.subject} (${send.recipients} recipients)`);
      sender.wake();
      return reply.status(201).send(send);
    },
  );

  app.post(
    '/newsletter/sends/:id/cancel',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Cancels what a send has not sent yet (queued and deferred e-mails); those sent stay sent (superAdmin)',
        tags,
        security,
        params: idParams,
        response: { 200: newsletterSend, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      if (!cancelSend(app.db, request.params.id)) throw new HttpError(404, sendNotFound);
      const send = findSend(app.db, request.params.id);
      if (!send) throw new HttpError(404, sendNotFound);
      recordAdminAction(
        app.db,
        request,
        'newsletter.cancel',
        `${send.subject} (${send.counts.sent} sent, ${send.counts.cancelled} cancelled)`,
      );
      return send;
    },
  );
};

export default newsletterRoutes;
