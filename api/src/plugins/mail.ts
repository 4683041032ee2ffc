import fp from 'fastify-plugin';
import type { applications, contactMessages } from '../db/schema.ts';
import { MailForwarder } from '../mail/mail-forwarder.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { applicationOutbox, contactOutbox } from '../mail/outboxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when SMTP is not configured: nothing is e-mailed then. */
    mailer: Mailer | undefined;
    contactForwarder: MailForwarder<typeof contactMessages.$inferSelect> | undefined;
    applicationForwarder: MailForwarder<typeof applications.$inferSelect> | undefined;
  }
}

const retryEveryMs = 60_000;

export default fp(
  async (app) => {
    const mailer = createMailer(app.config.mail);
    const inbox = app.config.mail?.contactInbox;
    const forwarders =
      mailer && inbox
        ? {
            contact: new MailForwarder({ outbox: contactOutbox(app.db), mailer, inbox, log: app.log }),
            application: new MailForwarder({
              outbox: applicationOutbox(app.db, (slug) => app.programmes.title(slug)),
              mailer,
              inbox,
              log: app.log,
            }),
          }
        : undefined;
    app.decorate('mailer', mailer);
    app.decorate('contactForwarder', forwarders?.contact);
    app.decorate('applicationForwarder', forwarders?.application);
    app.addHook('onReady', async () => {
      forwarders?.contact.start(retryEveryMs);
      forwarders?.application.start(retryEveryMs);
    });
    app.addHook('onClose', async () => {
      forwarders?.contact.stop();
      forwarders?.application.stop();
      mailer?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'database', 'programmes'] },
);
