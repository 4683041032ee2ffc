import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { collapseDuplicateSlashes, requestArea } from './url-areas.ts';

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
    if (!failed && (!logsAnsweredRequests(reply.log.level) || requestArea(request) !== 'api')) return;
    // The error itself, with its stack, is logged once by the error handler (plugins/errors.ts).
    const { fields, line } = answerLine(request.method, request.url, statusCode, reply.elapsedTime);
    if (failed) reply.log.error(fields, line);
    else if (statusCode === 503) reply.log.warn(fields, line);
    else reply.log.info(fields, line);
  }
}

export const requestLog = () => new RequestLog();

/** Whether a request that went well gets its line at this level. */
export const logsAnsweredRequests = (level: string): boolean => levelsWithRequests.has(level);

function answerLine(method: string, url: string, statusCode: number, elapsedMs: number) {
  const path = url.split('?')[0] ?? '/';
  const responseTimeMs = Math.round(elapsedMs);
  return { fields: { method, path, statusCode, responseTimeMs }, line: `${method} ${path} ${statusCode} ${responseTimeMs} ms` };
}

/**
 * Logs an answer replayed before Fastify (answer-replay.ts) as Fastify's request logger would
 * have: the same line, with a request id from the X-Request-Id header or from `nextRequestId`.
 */
export function replayedAnswerLog(logger: FastifyBaseLogger, nextRequestId: () => string) {
  return (request: IncomingMessage, elapsedMs: number): void => {
    const givenId = request.headers['x-request-id'];
    const reqId = typeof givenId === 'string' && givenId !== '' ? givenId : nextRequestId();
    const { fields, line } = answerLine('GET', collapseDuplicateSlashes(request.url ?? '/'), 200, elapsedMs);
    logger.child({ reqId }).info(fields, line);
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelCheckingLogger = FastifyBaseLogger & { isLevelEnabled?: (level: Level) => boolean };

/**
 * A request's logger that becomes a pino child (with the request's id) only when something is
 * logged at a level that is on: making the child costs more than the rest of a cached read, and
 * most requests never log.
 */
class DeferredRequestLogger {
  #parent: LevelCheckingLogger;
  #bindings: Record<string, unknown>;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelCheckingLogger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }

  error(...args: unknown[]) {
    this.#log('error', args);
  }

  warn(...args: unknown[]) {
    this.#log('warn', args);
  }

  info(...args: unknown[]) {
    this.#log('info', args);
  }

  debug(...args: unknown[]) {
    this.#log('debug', args);
  }

  trace(...args: unknown[]) {
    this.#log('trace', args);
  }

  silent() {}

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #log(level: Level, args: unknown[]) {
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }
}

/** Fastify's childLoggerFactory: the deferred logger above, or pino's child for a route with a level of its own. */
export const deferredRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level === undefined && options.serializers === undefined
    ? (new DeferredRequestLogger(logger, bindings) as unknown as FastifyBaseLogger)
    : logger.child(bindings, options);

/** Request ids that say which run of the process and which request: cheaper than a UUID, unique enough for a log. */
export function requestIds(): () => string {
  const run = randomBytes(4).toString('hex');
  let sequence = 0;
  return () => {
    sequence += 1;
    return `${run}-${sequence.toString(36)}`;
  };
}
