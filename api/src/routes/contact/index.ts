import {
  answerPagePath,
  contactInput,
  contactLimits,
  errorResponse,
  fieldErrorResponse,
  type Locale,
  localizedContactFieldLabels,
  localizedContactInput,
  localizedFieldHints,
  localizedPublicFormMessages,
  messageResponse,
  pagePath,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptFormPosts,
  answerForm,
  type CorrectableForm,
  type PublicForm,
  publicFormLimiter,
  refuseOrGiveBack,
} from '../../forms/public-form.ts';
import { storeMessage } from '../../messages/contact-messages.ts';
import callbackRoutes from './callback.ts';

const formWords = {
  fr: { title: 'Votre message n’est pas encore envoyé', submit: 'Envoyer le message', back: 'Revenir à la page contact' },
  en: { title: 'Your message has not been sent yet', submit: 'Send the message', back: 'Back to the contact page' },
} satisfies Record<Locale, Record<string, string>>;

/** The contact form as the API gives it back to correct when it was posted without JavaScript, in the form's language. */
const contactForm =
  (siteUrl: string) =>
  (locale: Locale): CorrectableForm => {
    const labels = localizedContactFieldLabels[locale];
    const hints = localizedFieldHints[locale];
    const words = formWords[locale];
    return {
      title: words.title,
      submitLabel: words.submit,
      back: { url: `${siteUrl}${pagePath(locale, 'contact')}`, label: words.back },
      fields: [
        { name: 'firstName', label: labels.firstName, autocomplete: 'given-name', maxlength: contactLimits.firstName },
        { name: 'lastName', label: labels.lastName, autocomplete: 'family-name', maxlength: contactLimits.lastName },
        { name: 'email', label: labels.email, type: 'email', hint: hints.email, autocomplete: 'email' },
        { name: 'phone', label: labels.phone, type: 'tel', hint: hints.phone, autocomplete: 'tel' },
        { name: 'programme', label: labels.programme, type: 'hidden' },
        { name: 'message', label: labels.message, type: 'textarea', maxlength: contactLimits.message },
      ],
    };
  };

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = publicFormLimiter();
  const forwarder = app.contactForwarder;
  const form: PublicForm = { limiter, schemas: localizedContactInput, givenBack: contactForm(app.config.publicUrls.site) };

  app.post(
    '/contact',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Send a message from the contact form (JSON, or a urlencoded form: a redirect when sent, a page giving the form back when refused), answered in its language',
        tags: ['contact'],
        body: contactInput,
        response: { 201: messageResponse, 400: fieldErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refuseOrGiveBack(app, request, reply, form);
      if (refused) return refused;

      const { website, programme, ...fields } = request.body;
      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      if (!website) {
        const id = await app.groupCommit.run(() =>
          storeMessage(app.db, { ...fields, programme: programme || null, forwarding: forwarder ? 'pending' : 'not_configured' }),
        );
        if (forwarder) void forwarder.send(id);
      }
      return answerForm(app, request, reply, {
        status: 201,
        body: { message: localizedPublicFormMessages[fields.language].contactSent },
        page: answerPagePath(fields.language, 'contactSent'),
      });
    },
  );

  await app.register(callbackRoutes, { limiter });
};

export default contactRoutes;
