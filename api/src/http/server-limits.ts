import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { rateLimitKey } from '../security/client-address.ts';
import { addRouteOnRequest } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a large body (an image upload): it gets `uploadBodyTimeoutMs` instead of `bodyTimeoutMs`. */
    largeBody?: boolean;
  }
}

/**
 * How long a client may take and how many connections it may hold, so that clients sending
 * slowly (a byte every few seconds) cannot keep sockets open until the process runs out of
 * file descriptors. Tests shorten them through buildApp's `limits`.
 */
export interface ServerLimits {
  /** Time to send the request headers. */
  headersTimeoutMs: number;
  /** Time to send a whole JSON request, headers and body. */
  bodyTimeoutMs: number;
  /** Time to send a whole image upload: 5 MB on a slow phone connection (~45 KB/s) takes under two minutes. */
  uploadBodyTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket on which nothing at all happens is closed after this. */
  idleSocketTimeoutMs: number;
  /** How often Node checks the headers and whole-request deadlines. */
  deadlineCheckIntervalMs: number;
  /** Open connections for the whole process, well under the usual 1,024 open-file limit. */
  maxConnections: number;
  /**
   * Open connections from one address. Not applied behind a trusted proxy (TRUST_PROXY), where
   * every connection comes from the proxy, which limits each client itself.
   */
  maxConnectionsPerAddress: number;
}

export const defaultServerLimits: ServerLimits = {
  headersTimeoutMs: 15_000,
  bodyTimeoutMs: 30_000,
  uploadBodyTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 60_000,
  deadlineCheckIntervalMs: 5_000,
  maxConnections: 768,
  maxConnectionsPerAddress: 64,
};

/**
 * A Fastify `serverFactory`: Node's HTTP server with the deadlines and connection caps above.
 * A request that declares a body gets the JSON deadline here, before any route is known (an
 * unknown URL's body is read too); the upload routes extend it (enforceBodyDeadlines). Requests
 * without a body, most of them, pay nothing but a look at two headers, and are first offered to
 * `answerFirst` (the kept public answers, answer-replay.ts), which returns true when it sent one.
 */
export function limitedServerFactory(
  limits: ServerLimits,
  {
    perAddressCap,
    answerFirst = () => false,
  }: { perAddressCap: boolean; answerFirst?: (request: IncomingMessage, response: ServerResponse) => boolean },
) {
  return (handler: RequestListener): Server => {
    const server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        // The backstop for every route; the shorter per-request deadline is armBodyDeadline's.
        requestTimeout: Math.max(limits.bodyTimeoutMs, limits.uploadBodyTimeoutMs),
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.deadlineCheckIntervalMs,
      },
      (request, response) => {
        if (declaresBody(request.headers)) armBodyDeadline(request, response, limits.bodyTimeoutMs);
        else if (answerFirst(request, response)) return;
        handler(request, response);
      },
    );
    server.setTimeout(limits.idleSocketTimeoutMs);
    server.maxConnections = limits.maxConnections;
    if (perAddressCap) capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
    return server;
  };
}

/** Closes a new connection at once when its address already holds `max` open ones. */
function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = rateLimitKey(socket.remoteAddress ?? '');
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const remaining = (open.get(address) ?? 1) - 1;
      if (remaining > 0) open.set(address, remaining);
      else open.delete(address);
    });
  });
}

const requestTimeoutAnswer = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

const bodyDeadlines = new WeakMap<IncomingMessage, NodeJS.Timeout>();

/**
 * A request whose body has not fully arrived within its deadline is answered 408 and its
 * connection closed. Node's own requestTimeout is one value for every route and is only
 * checked every few seconds; this one is per request and to the millisecond.
 */
function armBodyDeadline(request: IncomingMessage, response: ServerResponse, deadlineMs: number): void {
  clearTimeout(bodyDeadlines.get(request));
  const timer = setTimeout(() => closeIncomplete(request, response), deadlineMs);
  timer.unref();
  bodyDeadlines.set(request, timer);
  response.once('close', () => clearTimeout(timer));
  request.once('end', () => clearTimeout(timer));
}

/** The routes that take a large body (an image upload) get the upload deadline instead of the JSON one. */
export function enforceBodyDeadlines(app: FastifyInstance, limits: ServerLimits): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.largeBody) return;
    const extendDeadline: onRequestHookHandler = (request, reply, done) => {
      if (declaresBody(request.headers)) armBodyDeadline(request.raw, reply.raw, limits.uploadBodyTimeoutMs);
      done();
    };
    addRouteOnRequest(route, extendDeadline, 'first');
  });
}

function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function closeIncomplete(request: IncomingMessage, response: ServerResponse): void {
  if (request.complete) return;
  const { socket } = request;
  if (!(socket instanceof Socket)) return; // an injected request (tests) has no connection to close
  if (response.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.write(requestTimeoutAnswer, () => socket.destroy());
}
