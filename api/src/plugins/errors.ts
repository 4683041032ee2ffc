import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ContentConflict, ContentNotFound, ContentRefusal } from '../content/content-errors.ts';
import { HttpError } from '../http/http-error.ts';

/** A content refusal as the HTTP error it is answered with (a rejected value 400); any other error as it is. */
function answerable(error: FastifyError): FastifyError | HttpError {
  if (!(error instanceof ContentRefusal)) return error;
  const status = error instanceof ContentNotFound ? 404 : error instanceof ContentConflict ? 409 : 400;
  return new HttpError(status, error.message, error.fields);
}

/**
 * Every error leaves as JSON `{ message }` with a fitting status; a 5xx never carries
 * the internal message or a stack trace, which go to the log instead.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((thrown: FastifyError, request, reply) => {
      const error = answerable(thrown);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => {
          const where = [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.');
          return `${where}: ${issue.message}`;
        });
        return reply.status(400).send({ message: `Invalid request: ${details.join('; ')}` });
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Our own HttpErrors carry a message meant for the client (storage unavailable, disk full).
        return reply.status(status).send({ message: error instanceof HttpError ? error.message : 'Internal server error' });
      }
      if (error instanceof HttpError && error.fields) {
        return reply.status(status).send({ message: error.message, fields: error.fields });
      }
      return reply.status(status).send({ message: clientMessage(error) });
    });
  },
  { name: 'errors' },
);

function clientMessage(error: { code?: string; message: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty: send a JSON object';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message;
  }
}

/** An unknown /api URL, whatever its method and whatever else the server serves: JSON, never a page of the site. */
export function answerUnknownApiRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `Route not found: ${request.method} ${request.url.split('?')[0]}` });
}
