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

/** Replaces fetch at the network boundary: the app's own client, headers and error handling all run. */
export function mockApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: ApiCall = { method, path: url.pathname, search: url.searchParams, headers: new Headers(init.headers), body };
    calls.push(call);
    const reply = routes[`${method} ${url.pathname}`];
    if (!reply) throw new Error(`No mock for ${method} ${url.pathname}`);
    return reply(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    routes,
  };
}
