import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { rateLimitKey } from '../security/client-address.ts';
import { RateLimiter } from '../security/rate-limiter.ts';

/**
 * The site's public forms (contact, newsletter) post JSON from their islands, or a plain
 * urlencoded form when JavaScript is off. A form post is answered with a redirect to a
 * French page of the site; a JSON post with JSON in French.
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

export const tooManyRequests = 'Trop de tentatives depuis votre connexion. Réessayez dans quelques minutes.';

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

/** Over the address's rate limit: the answer to give (429), or undefined when it may go on. */
export function rateRefusal(limiter: RateLimiter, request: FastifyRequest, errorPage = ''): FormAnswer | undefined {
  const rate = limiter.consume(rateLimitKey(request.ip));
  if (rate.allowed) return undefined;
  return { status: 429, body: { message: tooManyRequests }, page: errorPage, retryAfterSeconds: rate.retryAfterSeconds };
}

/**
 * The answer to a post that is refused before anything is stored: over the address's rate
 * limit (429), or invalid (400, with the schema's French message). Undefined when it may go on.
 */
export function refusal(limiter: RateLimiter, request: FastifyRequest, errorPage: string): FormAnswer | undefined {
  const limited = rateRefusal(limiter, request, errorPage);
  if (limited) return limited;
  const [invalid] = Object.values(fieldErrors(request.validationError));
  return invalid ? { status: 400, body: { message: invalid }, page: errorPage } : undefined;
}

const notValid = 'Les informations envoyées ne sont pas valides.';

/** Each invalid field's first message, already French in the shared schemas ("" for the body as a whole). */
export function fieldErrors(error: Error | undefined): Record<string, string> {
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
