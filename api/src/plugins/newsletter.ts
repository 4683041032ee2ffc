import fp from 'fastify-plugin';
import { createMailer } from '../mail/mailer.ts';
import { NewsletterSender } from '../newsletter/newsletter-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued newsletter e-mails; undefined without SMTP (nothing is queued then). */
    newsletterSender: NewsletterSender | undefined;
  }
}

/** Starts the newsletter's sender with the app (on its own pooled SMTP connections) and stops it with the app. */
export default fp(
  async (app) => {
    const mailer = app.mailer && createMailer(app.config.mail, { pooled: true });
    const sender =
      mailer &&
      new NewsletterSender({
        db: app.db,
        mailer,
        apiUrl: app.config.publicUrls.api,
        messageIdHost: new URL(app.config.publicUrls.site).hostname,
        ratePerMinute: app.config.newsletterRatePerMinute,
        log: app.log,
      });
    app.decorate('newsletterSender', sender);
    app.addHook('onReady', async () => sender?.start());
    app.addHook('onClose', async () => {
      await sender?.stop();
      mailer?.close();
    });
  },
  { name: 'newsletter', dependencies: ['config', 'database', 'mail'] },
);
