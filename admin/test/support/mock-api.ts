import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the FormData as sent. */
  body: unknown;
}

type Reply = (call: ApiCall) => Response | Promise<Response>;

/** Routes keyed by "METHOD /api/path" (no query string). */
export type ApiRoutes = Record<string, Reply>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A request that never got an answer (offline, DNS, reset): what fetch itself throws. */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

/** Requests that reached the network layer without a route: each fails its test (see setup.ts). */
export const unansweredRequests: string[] = [];

async function describeRequest(input: RequestInfo | URL, init: RequestInit = {}): Promise<ApiCall> {
  const request = input instanceof Request ? input : null;
  const url = new URL(request ? request.url : String(input), 'http://localhost');
  const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers ?? request?.headers);
  let body: unknown = init.body ?? (request && method !== 'GET' ? await request.clone().text() : undefined);
  if (typeof body === 'string' && body) body = JSON.parse(body);
  return { method, path: url.pathname, search: url.searchParams, headers, body };
}

/**
 * Replaces `fetch`, the admin's only way to the network, for the whole test: every request the
 * app makes (through its own client, with its headers and error handling) is answered here or
 * recorded as unanswered, which fails the test. Nothing reaches a real server.
 */
export function mockApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await describeRequest(input, init);
    calls.push(call);
    const reply = routes[`${call.method} ${call.path}`];
    if (!reply) {
      unansweredRequests.push(`${call.method} ${call.path}`);
      throw new TypeError(`No mock for ${call.method} ${call.path}`);
    }
    return reply(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    routes,
  };
}
