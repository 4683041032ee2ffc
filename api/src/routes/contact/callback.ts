import { callbackRequestAnswer } from '@cfp/content/next-steps';
import {
  bestTimeOptions,
  callbackInput,
  callbackLimits,
  errorResponse,
  fieldErrorResponse,
  fieldHints,
  callbackFieldLabels as labels,
  messageResponse,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema.ts';
import { correctionPageContentPolicy, notePage, sendPage } from '../../forms/answer-pages.ts';
import { type CorrectableForm, isFormPost, refuseOrGiveBack } from '../../forms/public-form.ts';
import type { RateLimiter } from '../../security/rate-limiter.ts';

const bestTimeChoices = [
  { value: '', label: 'Peu importe' },
  ...Object.entries(bestTimeOptions).map(([value, label]) => ({ value, label })),
];

/** The callback request as the API gives it back to correct when it was posted without JavaScript. */
const callbackForm = (back: { url: string; label: string }): CorrectableForm => ({
  title: 'Votre demande de rappel n’est pas encore envoyée',
  submitLabel: 'Être rappelé',
  back,
  fields: (typed, errors) =>
    [
      { name: 'name', label: labels.name, autocomplete: 'name', maxlength: callbackLimits.name },
      { name: 'phone', label: labels.phone, type: 'tel' as const, hint: fieldHints.phone, autocomplete: 'tel' },
      { name: 'programme', label: labels.programme, type: 'hidden' as const },
      { name: 'bestTime', label: labels.bestTime, type: 'select' as const, options: bestTimeChoices },
    ].map((field) => ({ ...field, value: typed[field.name] ?? '', error: errors[field.name] })),
});

/**
 * "Être rappelé": public, behind the contact form's rate limit and honeypot. Stored as a contact
 * message of kind `callback` (decision 0014), e-mailed to the staff like the others.
 */
const callbackRoutes: FastifyPluginAsyncZod<{ limiter: RateLimiter }> = async (app, { limiter }) => {
  const site = app.config.publicUrls.site;
  /** Back to the programme's page the request came from, else to the contact page. */
  const backLink = (body: unknown) => {
    const slug = body && typeof body === 'object' && 'programme' in body ? body.programme : undefined;
    return typeof slug === 'string' && app.catalogue.programme(slug)
      ? { url: `${site}/formation/${slug}`, label: 'Retour à la formation' }
      : { url: `${site}/contact`, label: 'Retour à la page contact' };
  };

  app.post(
    '/contact/callback',
    {
      config: { public: true, pagePolicy: correctionPageContentPolicy },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Ask the centre to call back (JSON, or a urlencoded form answered with a French HTML page); stored as a message of kind callback',
        tags: ['contact'],
        body: callbackInput,
        response: { 201: messageResponse, 400: fieldErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const back = backLink(request.body);
      const refused = refuseOrGiveBack(app, request, reply, limiter, callbackForm(back));
      if (refused) return refused;

      const { website, name, phone, programme, bestTime } = request.body;
      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      if (!website) {
        const forwarder = app.contactForwarder;
        const stored = await app.groupCommit.run(() =>
          app.db
            .insert(contactMessages)
            .values({
              kind: 'callback',
              firstName: name,
              lastName: '',
              phone,
              message: '',
              programme: programme ?? null,
              bestTime: bestTime ?? null,
              forwarding: forwarder ? 'pending' : 'not_configured',
            })
            .returning({ id: contactMessages.id })
            .get(),
        );
        if (forwarder) void forwarder.send(stored.id);
      }
      const message = callbackRequestAnswer(app.catalogue.centre(), phone);
      if (!isFormPost(request)) return reply.status(201).send({ message });
      const links = [back, { url: `${site}/formations`, label: 'Voir les formations' }];
      const centreName = app.catalogue.centre()?.name ?? 'Demande de rappel';
      return sendPage(reply, 201, notePage({ title: 'Demande de rappel envoyée', paragraphs: [message], centreName, links }));
    },
  );
};

export default callbackRoutes;
