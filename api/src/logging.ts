import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import PinoPretty from 'pino-pretty';
import type { Config } from './config.ts';
import { areaOf } from './url-areas.ts';

const redact = ['req.headers.authorization', 'req.headers.cookie'];
/** The levels at which a request that went well gets its line (503 included, logged as a warning). */
const levelsWithRequests = new Set(['info', 'debug', 'trace']);

/**
 * JSON lines for a log collector; on a terminal, one readable line per event: time, level and
 * a message that says it all (the fields stay in the JSON), with the error's own message.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const options = { level: config.logLevel, redact };
  if (config.logFormat === 'json') return destination ? { ...options, stream: destination } : options;
  const stream = PinoPretty({
    ...(destination && { destination, colorize: false }),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    hideObject: true,
    messageFormat: (log, messageKey) => {
      const cause = (log.err as { message?: string } | undefined)?.message;
      return cause ? `${log[messageKey]}: ${cause}` : String(log[messageKey]);
    },
    sync: true,
  });
  return { ...options, stream };
}

/**
 * One line per API request, once answered: method, path (never the query, which may carry a
 * link's token), status and time. The pages, scripts and images the server also sends are not
 * logged, unless one fails: a visit is dozens of them, and they said nothing.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const { statusCode } = reply;
    // 503 is an answer, not a failure: the site's page while its first build runs, a degraded health check.
    const failed = Boolean(error) || (statusCode >= 500 && statusCode !== 503);
    // Checked before the URL's area: above info (the benchmarks, a quiet production) nothing else is done.
    if (!failed && (!levelsWithRequests.has(reply.log.level) || areaOf(request.url) !== 'api')) return;
    const path = request.url.split('?')[0] ?? '/';
    const responseTimeMs = Math.round(reply.elapsedTime);
    // The error itself, with its stack, is logged once by the error handler (plugins/errors.ts).
    const fields = { method: request.method, path, statusCode, responseTimeMs };
    const line = `${request.method} ${path} ${statusCode} ${responseTimeMs} ms`;
    if (failed) reply.log.error(fields, line);
    else if (statusCode === 503) reply.log.warn(fields, line);
    else reply.log.info(fields, line);
  }
}

export const requestLog = () => new RequestLog();
