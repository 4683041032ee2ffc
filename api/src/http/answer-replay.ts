import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedBodies, type ExpiringBody } from '../lib/bounded-map.ts';

interface KeptAnswer extends ExpiringBody {
  headers: OutgoingHttpHeaders;
}

/**
 * Answers that are the same for every reader (the blog's public reads), kept with the exact
 * headers Fastify sent them with, and replayed for the same URL as soon as the request arrives,
 * before Fastify builds its request, routes it and runs its hooks: for a cached answer, that
 * work cost as much as writing the answer itself (docs/decisions/0028).
 *
 * Only a request that would be given the very same answer is replayed: a GET with no body, no
 * Authorization (an admin sees drafts) and no Origin (CORS adds headers for the origin). Anything
 * else, and any URL not answered yet, goes to Fastify, which is what keeps an answer here.
 */
export class AnswerReplay {
  readonly #answers: BoundedBodies<KeptAnswer>;
  #open = true;
  /** Set when requests that went well are logged: a replayed answer gets the line Fastify would have written. */
  onReplayed: ((request: IncomingMessage, elapsedMs: number) => void) | undefined;

  /**
   * Bounded as the response cache is, in entries and in bytes: the bodies are the cache's, but
   * one the cache has let go stays here as long as its answer does.
   */
  constructor(maxEntries = 1_000, maxBytes = 8_000_000) {
    this.#answers = new BoundedBodies(maxEntries, maxBytes);
  }

  /** Keeps the 200 that `reply` is about to send with `body`, until `expiresAt` (ms), when its request may be replayed. */
  remember(request: FastifyRequest, reply: FastifyReply, body: Buffer, expiresAt: number): void {
    if (!this.#open || request.method !== 'GET' || reply.statusCode !== 200 || !replayable(request.headers)) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    headers['content-length'] = String(body.length);
    this.#answers.set(request.originalUrl, { headers, body, expiresAt });
  }

  /** Sends the kept answer for the request's URL; false when there is none and Fastify must answer. */
  answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!this.#open || request.method !== 'GET' || !replayable(request.headers)) return false;
    const kept = this.#answers.get(request.url ?? '');
    if (kept === undefined) return false;
    const startedAt = this.onReplayed && performance.now();
    response.writeHead(200, kept.headers);
    response.end(kept.body);
    if (startedAt !== undefined) this.onReplayed?.(request, performance.now() - startedAt);
    return true;
  };

  get size(): number {
    return this.#answers.size;
  }

  /** Bytes held in the bodies. */
  get bytes(): number {
    return this.#answers.bytes;
  }

  /** Forgets every answer: something they show has changed. */
  clear(): void {
    this.#answers.clear();
  }

  /** The server is closing: every request goes to Fastify, which answers 503 while it closes. */
  close(): void {
    this.#open = false;
    this.clear();
  }
}

/** The request headers that change an answer of a public read; a request with a body never gets here (server-limits.ts). */
const replayable = (headers: IncomingHttpHeaders) => headers.authorization === undefined && headers.origin === undefined;
