import { formLanguage, type Locale, localizedPublicFormMessages } from '@cfp/shared';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { rateLimitKey } from '../security/client-address.ts';
import { RateLimiter } from '../security/rate-limiter.ts';
import { correctionPage, sendPage, type TypedField } from './answer-pages.ts';

/**
 * The site's public forms (contact, callback request, pre-enrolment, newsletter) post JSON from
 * their scripts, or a plain urlencoded form when JavaScript is off. Each says the language of its
 * page (`language`, French when absent) and is answered in it: a form post with a redirect to a
 * page of the site in that language, or with a page of the API's own when it says what only the
 * API knows (answer-pages.ts); a JSON post with JSON.
 */
export async function acceptFormPosts(app: FastifyInstance): Promise<void> {
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
}

export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** A few per minute and a few dozen per day per address. */
export function publicFormLimiter(): RateLimiter {
  return new RateLimiter([
    { limit: 5, windowMs: 60_000 },
    { limit: 30, windowMs: 24 * 60 * 60_000 },
  ]);
}

/**
 * The language a form was sent in, read from the body as it came (a refused one too): French
 * when it says none or one the site does not have.
 */
export function languageOf(body: unknown): Locale {
  return formLanguage.parse(body && typeof body === 'object' && 'language' in body ? body.language : undefined);
}

/** A form's schema in each language: the same fields, the messages in that language. */
export type FormSchemas = Record<Locale, z.ZodType>;

interface FormAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Site page the no-JavaScript form lands on. */
  page: string;
  retryAfterSeconds?: number;
}

export function answerForm(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, answer: FormAnswer) {
  if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (isFormPost(request)) return reply.redirect(`${app.config.publicUrls.site}${answer.page}`, 303);
  return reply.status(answer.status).send(answer.body);
}

/** Over the address's rate limit: the answer to give (429) in the form's language, or undefined when it may go on. */
function rateRefusal(limiter: RateLimiter, request: FastifyRequest, errorPage = ''): FormAnswer | undefined {
  const rate = limiter.consume(rateLimitKey(request.ip));
  if (rate.allowed) return undefined;
  const message = localizedPublicFormMessages[languageOf(request.body)].tooManyRequests;
  return { status: 429, body: { message }, page: errorPage, retryAfterSeconds: rate.retryAfterSeconds };
}

/**
 * The answer to a post that is refused before anything is stored: over the address's rate
 * limit (429), or invalid (400, with the schema's message in the form's language). Undefined
 * when it may go on.
 */
export function refusal(
  limiter: RateLimiter,
  request: FastifyRequest,
  errorPage: string,
  schemas: FormSchemas,
): FormAnswer | undefined {
  const limited = rateRefusal(limiter, request, errorPage);
  if (limited) return limited;
  const [invalid] = Object.values(fieldErrorsIn(request, schemas));
  return invalid ? { status: 400, body: { message: invalid }, page: errorPage } : undefined;
}

/** Each invalid field's first message, already French in the shared schemas ("" for the body as a whole). */
function fieldErrors(error: Error | undefined): Record<string, string> {
  const { notValid } = localizedPublicFormMessages.fr;
  if (!error) return {};
  if (!hasZodFastifySchemaValidationErrors(error)) return { '': notValid };
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.split('/')[1] ?? '';
    // A body that is not a form at all gets the general message, not the schema's English one.
    errors[field] ??= (field && issue.message) || notValid;
  }
  return Object.keys(errors).length > 0 ? errors : { '': notValid };
}

/**
 * Each invalid field's first message in the form's language. The route checks every post with
 * the French schema (its messages are the French); a refused English post is checked again with
 * the English one, which holds the same rules in English words.
 */
function fieldErrorsIn(request: FastifyRequest, schemas: FormSchemas): Record<string, string> {
  const error = request.validationError;
  const locale = languageOf(request.body);
  if (!error || locale === 'fr') return fieldErrors(error);
  const { notValid } = localizedPublicFormMessages[locale];
  const checked = hasZodFastifySchemaValidationErrors(error) ? schemas[locale].safeParse(request.body) : undefined;
  if (!checked || checked.success) return { '': notValid };
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const [field] = issue.path;
    // As in French: a body that is not a form at all gets the general message.
    if (typeof field === 'string' && field) errors[field] ??= issue.message;
    else errors[''] ??= notValid;
  }
  return Object.keys(errors).length > 0 ? errors : { '': notValid };
}

/** A field of a form given back, as the form offers it: refuseOrGiveBack fills in what was typed and its error. */
export type OfferedField = Omit<TypedField, 'value' | 'error'>;

/** A public form as the API gives it back to correct when it was posted without JavaScript, in the form's language. */
export interface CorrectableForm {
  title: string;
  submitLabel: string;
  back: { url: string; label: string };
  /** Every field but the language (refuseOrGiveBack adds it). */
  fields: OfferedField[];
}

/** A public form: who may post it how often, its schemas, and the form given back when it is refused. */
export interface PublicForm {
  limiter: RateLimiter;
  schemas: FormSchemas;
  /** The form in a language, from what was typed (what it offers may depend on it). */
  givenBack(locale: Locale, typed: Record<string, string>): CorrectableForm;
}

/** What a refused form post held, as text: values that are not text are dropped. */
function typedValues(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The answer to a post refused before anything is stored (over the rate limit: 429; invalid for
 * its schema or for `moreErrors`, what the route checks once the schema passed: 400), or
 * undefined when it may go on, in the form's language. JSON gets the first message and each
 * field's; a form post gets the correction page: each wrong field named and linked, the form
 * given back as typed.
 */
export function refuseOrGiveBack(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: PublicForm,
  moreErrors: Record<string, string> = {},
) {
  const limited = rateRefusal(form.limiter, request);
  const errors = limited ? {} : { ...fieldErrorsIn(request, form.schemas), ...moreErrors };
  const [firstError] = Object.values(errors);
  if (!limited && !firstError) return undefined;
  if (limited) reply.header('retry-after', String(limited.retryAfterSeconds));
  const status = limited ? 429 : 400;
  const limitedMessage = String(limited?.body.message);
  if (!isFormPost(request)) {
    return reply.status(status).send(limited ? { message: limitedMessage } : { message: firstError, fields: errors });
  }
  return sendPage(reply, status, correctionPageOf(app, request, form, limited ? { '': limitedMessage } : errors));
}

/** The correction page of a refused form post: the errors of fields it does not show are listed first, as they are. */
function correctionPageOf(app: FastifyInstance, request: FastifyRequest, form: PublicForm, errors: Record<string, string>) {
  const locale = languageOf(request.body);
  const typed = typedValues(request.body);
  const { title, submitLabel, back, fields } = form.givenBack(locale, typed);
  const shown = new Set(fields.filter((field) => field.type !== 'hidden').map((field) => field.name));
  return correctionPage({
    title,
    submitLabel,
    back,
    problems: Object.entries(errors).flatMap(([field, message]) => (shown.has(field) ? [] : [message])),
    fields: [
      ...fields.map((field) => ({ ...field, value: typed[field.name] ?? '', error: errors[field.name] })),
      { name: 'language', label: '', type: 'hidden' as const, value: locale },
    ],
    centreName: app.catalogue.centreIn(locale)?.name ?? title,
    locale,
  });
}
