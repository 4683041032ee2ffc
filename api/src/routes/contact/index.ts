import { contactInput, errorResponse, messageResponse, publicFormMessages } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema.ts';
import { acceptFormPosts, answerForm, publicFormLimiter, refusal } from '../../forms/public-form.ts';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = publicFormLimiter();
  const forwarder = app.contactForwarder;

  app.post(
    '/contact',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Send a message from the contact form (JSON, or a urlencoded form answered by a redirect)',
        tags: ['contact'],
        body: contactInput,
        response: { 201: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refusal(limiter, request, '/contact/erreur');
      if (refused) return answerForm(app, request, reply, refused);

      const { website, programme, ...fields } = request.body;
      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      if (!website) {
        const stored = await app.groupCommit.run(() =>
          app.db
            .insert(contactMessages)
            .values({ ...fields, programme: programme || null, forwarding: forwarder ? 'pending' : 'not_configured' })
            .returning({ id: contactMessages.id })
            .get(),
        );
        if (forwarder) void forwarder.forward(stored.id);
      }
      return answerForm(app, request, reply, {
        status: 201,
        body: { message: publicFormMessages.contactSent },
        page: '/contact/merci',
      });
    },
  );
};

export default contactRoutes;
