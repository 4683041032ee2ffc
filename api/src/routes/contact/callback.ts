import { callbackRequestAnswer } from '@cfp/content/next-steps';
import {
  callbackInput,
  callbackLimits,
  errorResponse,
  fieldErrorResponse,
  type Locale,
  localizedBestTimeOptions,
  localizedCallbackFieldLabels,
  localizedCallbackInput,
  localizedFieldHints,
  messageResponse,
  pagePath,
  programmePath,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notePage, sendPage } from '../../forms/answer-pages.ts';
import { type CorrectableForm, isFormPost, type PublicForm, refuseOrGiveBack } from '../../forms/public-form.ts';
import { storeMessage } from '../../messages/contact-messages.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';

const words = {
  fr: {
    notSent: 'Votre demande de rappel n’est pas encore envoyée',
    submit: 'Être rappelé',
    anyTime: 'Peu importe',
    sent: 'Demande de rappel envoyée',
    callback: 'Demande de rappel',
    backToProgramme: 'Retour à la formation',
    backToContact: 'Retour à la page contact',
    seeProgrammes: 'Voir les formations',
  },
  en: {
    notSent: 'Your callback request has not been sent yet',
    submit: 'Call me back',
    anyTime: 'Any time',
    sent: 'Callback request sent',
    callback: 'Callback request',
    backToProgramme: 'Back to the programme',
    backToContact: 'Back to the contact page',
    seeProgrammes: 'See all programmes',
  },
} satisfies Record<Locale, Record<string, string>>;

/** The callback request as the API gives it back to correct when it was posted without JavaScript, in its language. */
function callbackForm(locale: Locale, back: { url: string; label: string }): CorrectableForm {
  const labels = localizedCallbackFieldLabels[locale];
  const bestTimeChoices = [
    { value: '', label: words[locale].anyTime },
    ...Object.entries(localizedBestTimeOptions[locale]).map(([value, label]) => ({ value, label })),
  ];
  return {
    title: words[locale].notSent,
    submitLabel: words[locale].submit,
    back,
    fields: [
      { name: 'name', label: labels.name, autocomplete: 'name', maxlength: callbackLimits.name },
      { name: 'phone', label: labels.phone, type: 'tel', hint: localizedFieldHints[locale].phone, autocomplete: 'tel' },
      { name: 'programme', label: labels.programme, type: 'hidden' },
      { name: 'bestTime', label: labels.bestTime, type: 'select', options: bestTimeChoices },
    ],
  };
}

/**
 * "Être rappelé": public, behind the contact form's rate limit and honeypot. Stored as a contact
 * message of kind `callback` (decision 0014), e-mailed to the staff like the others; answered in
 * the language of the page it was sent from.
 */
const callbackRoutes: FastifyPluginAsyncZod<{ limiter: RateLimiter }> = async (app, { limiter }) => {
  // One number is called back once: however many addresses ask (a few IPv6 /64s are easily
  // had), three requests a day for it are stored and e-mailed; the others are thanked alike.
  const requestsByPhone = new RateLimiter([{ limit: 3, windowMs: 24 * 60 * 60_000 }]);
  const site = app.config.publicUrls.site;
  /** Back to the programme's page the request came from, else to the contact page, in the form's language. */
  const backLink = (slug: string | undefined, locale: Locale) => {
    const programme = slug ? app.catalogue.programmeIn(locale, slug) : undefined;
    return programme
      ? { url: `${site}${programmePath(programme.pageSlug, locale)}`, label: words[locale].backToProgramme }
      : { url: `${site}${pagePath(locale, 'contact')}`, label: words[locale].backToContact };
  };
  const form: PublicForm = {
    limiter,
    schemas: localizedCallbackInput,
    givenBack: (locale, typed) => callbackForm(locale, backLink(typed.programme, locale)),
  };

  app.post(
    '/contact/callback',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Ask the centre to call back (JSON, or a urlencoded form answered with an HTML page in its language); stored as a message of kind callback',
        tags: ['contact'],
        body: callbackInput,
        response: { 201: messageResponse, 400: fieldErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refuseOrGiveBack(app, request, reply, form);
      if (refused) return refused;

      const { website, name, phone, programme, bestTime, language } = request.body;
      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      if (!website && requestsByPhone.consume(phone).allowed) {
        const forwarder = app.contactForwarder;
        const id = await app.groupCommit.run(() =>
          storeMessage(app.db, {
            kind: 'callback',
            firstName: name,
            lastName: '',
            phone,
            message: '',
            programme: programme ?? null,
            bestTime: bestTime ?? null,
            language,
            forwarding: forwarder ? 'pending' : 'not_configured',
          }),
        );
        if (forwarder) void forwarder.send(id);
      }
      const message = callbackRequestAnswer(language, app.catalogue.centreIn(language), phone);
      if (!isFormPost(request)) return reply.status(201).send({ message });
      const text = words[language];
      const links = [
        backLink(programme, language),
        { url: `${site}${pagePath(language, 'programmes')}`, label: text.seeProgrammes },
      ];
      const centreName = app.catalogue.centreIn(language)?.name ?? text.callback;
      return sendPage(reply, 201, notePage({ title: text.sent, paragraphs: [message], centreName, links, locale: language }));
    },
  );
};

export default callbackRoutes;
