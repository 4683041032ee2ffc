import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { ServerLimits } from '../../src/http/server-limits.ts';
import { createFirstAdmin, testConfig } from '../helper.ts';

/**
 * The app built as the server builds it, listening on 127.0.0.1, with the first superAdmin
 * created; `now` is the login lock-out's clock, for a test that advances it.
 */
export async function listeningApp(
  limits: Partial<ServerLimits> = {},
  { now }: { now?: () => number } = {},
): Promise<{ app: FastifyInstance; port: number }> {
  const config = testConfig();
  const app = await buildApp({ config, limits, now });
  afterEach(() => app.close());
  await createFirstAdmin(app, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { app, port: address.port };
}

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** POSTs JSON over its own connection from `localAddress` (any of 127.0.0.0/8 on Linux). */
export function postJson(port: number, path: string, body: unknown, localAddress = '127.0.0.1'): Promise<JsonAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        port,
        host: '127.0.0.1',
        localAddress,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
        );
      },
    );
    call.once('error', reject);
    call.setTimeout(30_000, () => call.destroy(new Error(`POST ${path} timed out`)));
    call.end(payload);
  });
}
