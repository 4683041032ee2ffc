import fp from 'fastify-plugin';
import { ContactForwarder } from '../mail/contact-forwarder.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when SMTP is not configured: nothing is e-mailed then. */
    mailer: Mailer | undefined;
    contactForwarder: ContactForwarder | undefined;
  }
}

const retryEveryMs = 60_000;

export default fp(
  async (app) => {
    const mailer = createMailer(app.config.mail);
    const inbox = app.config.mail?.contactInbox;
    const forwarder = mailer && inbox ? new ContactForwarder({ db: app.db, mailer, inbox, log: app.log }) : undefined;
    app.decorate('mailer', mailer);
    app.decorate('contactForwarder', forwarder);
    app.addHook('onReady', async () => forwarder?.start(retryEveryMs));
    app.addHook('onClose', async () => {
      forwarder?.stop();
      mailer?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'database'] },
);
