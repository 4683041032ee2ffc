import fp from 'fastify-plugin';
import type { applications, contactMessages } from '../db/schema.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { OutboxSender } from '../mail/outbox-sender.ts';
import { applicantOutbox, applicationOutbox, contactOutbox } from '../mail/outboxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when SMTP is not configured: nothing is e-mailed then. */
    mailer: Mailer | undefined;
    /** Forward contact messages and pre-enrolments to the staff's inbox (SMTP and CONTACT_INBOX set). */
    contactForwarder: OutboxSender<typeof contactMessages.$inferSelect> | undefined;
    applicationForwarder: OutboxSender<typeof applications.$inferSelect> | undefined;
    /** Sends a student the confirmation of their pre-enrolment (whenever SMTP is configured, inbox or not). */
    applicantMailer: OutboxSender<typeof applications.$inferSelect> | undefined;
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
            contact: new OutboxSender({
              outbox: contactOutbox(app.db, app.catalogue, app.config.timeZone),
              mailer,
              inbox,
              log: app.log,
            }),
            application: new OutboxSender({
              outbox: applicationOutbox(app.db, app.catalogue, app.config.timeZone),
              mailer,
              inbox,
              log: app.log,
            }),
          }
        : undefined;
    const applicantMailer =
      mailer &&
      new OutboxSender({
        outbox: applicantOutbox(app.db, app.catalogue, app.config.publicUrls.site),
        mailer,
        inbox: '',
        log: app.log,
      });
    app.decorate('mailer', mailer);
    app.decorate('applicantMailer', applicantMailer);
    app.decorate('contactForwarder', forwarders?.contact);
    app.decorate('applicationForwarder', forwarders?.application);
    app.addHook('onReady', async () => {
      forwarders?.contact.start(retryEveryMs);
      forwarders?.application.start(retryEveryMs);
      applicantMailer?.start(retryEveryMs);
    });
    app.addHook('onClose', async () => {
      forwarders?.contact.stop();
      forwarders?.application.stop();
      applicantMailer?.stop();
      mailer?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'database', 'catalogue'] },
);
