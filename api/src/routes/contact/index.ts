import {
  contactInput,
  contactLimits,
  errorResponse,
  fieldErrorResponse,
  fieldHints,
  contactFieldLabels as labels,
  messageResponse,
  publicFormMessages,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema.ts';
import { correctionPageContentPolicy } from '../../forms/answer-pages.ts';
import {
  acceptFormPosts,
  answerForm,
  type CorrectableForm,
  publicFormLimiter,
  refuseOrGiveBack,
} from '../../forms/public-form.ts';
import callbackRoutes from './callback.ts';

/** The contact form as the API gives it back to correct when it was posted without JavaScript. */
const contactForm = (siteUrl: string): CorrectableForm => ({
  title: 'Votre message n’est pas encore envoyé',
  submitLabel: 'Envoyer le message',
  back: { url: `${siteUrl}/contact`, label: 'Revenir à la page contact' },
  fields: (typed, errors) =>
    [
      { name: 'firstName', label: labels.firstName, autocomplete: 'given-name', maxlength: contactLimits.firstName },
      { name: 'lastName', label: labels.lastName, autocomplete: 'family-name', maxlength: contactLimits.lastName },
      { name: 'email', label: labels.email, type: 'email' as const, hint: fieldHints.email, autocomplete: 'email' },
      { name: 'phone', label: labels.phone, type: 'tel' as const, hint: fieldHints.phone, autocomplete: 'tel' },
      { name: 'programme', label: labels.programme, type: 'hidden' as const },
      { name: 'message', label: labels.message, type: 'textarea' as const, maxlength: contactLimits.message },
    ].map((field) => ({ ...field, value: typed[field.name] ?? '', error: errors[field.name] })),
});

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = publicFormLimiter();
  const forwarder = app.contactForwarder;
  const form = contactForm(app.config.publicUrls.site);

  app.post(
    '/contact',
    {
      config: { public: true, pagePolicy: correctionPageContentPolicy },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Send a message from the contact form (JSON, or a urlencoded form: a redirect when sent, a French page giving the form back when refused)',
        tags: ['contact'],
        body: contactInput,
        response: { 201: messageResponse, 400: fieldErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refuseOrGiveBack(app, request, reply, limiter, form);
      if (refused) return refused;

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
        if (forwarder) void forwarder.send(stored.id);
      }
      return answerForm(app, request, reply, {
        status: 201,
        body: { message: publicFormMessages.contactSent },
        page: '/contact/merci',
      });
    },
  );

  await app.register(callbackRoutes, { limiter });
};

export default contactRoutes;
