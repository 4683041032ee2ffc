import http from 'node:http';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageProbeDeadlineMs } from '../src/routes/health/index.ts';
import { createS3Storage } from '../src/storage/s3-storage.ts';
import { buildTestApp } from './helper.ts';

/** A TCP server on loopback that accepts connections and never answers: a hung S3 server. */
async function startSilentServer() {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    // Reads (and ignores) the request, so a client closing its end is noticed.
    socket.resume();
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const silentServers: Awaited<ReturnType<typeof startSilentServer>>[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of silentServers.splice(0)) await server.close();
});

/**
 * Counts the client's sockets where the bound is kept: in its HTTP agent. Counted on the server,
 * a replacement socket can be accepted before the close of the one it replaces is read, and a
 * busy machine saw 8 "at once" with 4 in use.
 */
function countClientSockets() {
  let open = 0;
  let mostOpenAtOnce = 0;
  const createConnection = http.Agent.prototype.createConnection;
  vi.spyOn(http.Agent.prototype, 'createConnection').mockImplementation(function (this: http.Agent, ...args) {
    const socket = createConnection.apply(this, args as Parameters<typeof createConnection>);
    open += 1;
    mostOpenAtOnce = Math.max(mostOpenAtOnce, open);
    socket?.once('close', () => {
      open -= 1;
    });
    return socket;
  });
  return { mostOpenAtOnce: () => mostOpenAtOnce };
}

function hungStorage(endpoint: string) {
  return createS3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: 'centre-formation',
    accessKey: 'centre',
    secretKey: 'c'.repeat(24),
    publicUrl: `${endpoint}/centre-formation`,
    timeoutMs: 1000,
    maxSockets: 4,
  });
}

describe('S3 calls against a server that accepts connections and never answers', () => {
  it('give up after the request timeout instead of waiting forever', async () => {
    const silent = await startSilentServer();
    silentServers.push(silent);
    const storage = hungStorage(silent.endpoint);
    const started = Date.now();
    await expect(storage.check()).rejects.toThrow(/timed out/);
    await expect(storage.get('blogImages/a.webp')).rejects.toThrow(/timed out/);
    // Two calls of 1 s each (and at most one retry each), far below "never".
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keep /api/health answering 503 "degraded" within its deadline, with no error text, and the connections bounded', async () => {
    const silent = await startSilentServer();
    silentServers.push(silent);
    const clientSockets = countClientSockets();
    const app = await buildTestApp({ storage: hungStorage(silent.endpoint) });
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/api/health' })));
    expect(Date.now() - started).toBeLessThan(storageProbeDeadlineMs + 3000);
    for (const response of responses) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'degraded',
        database: { ok: true },
        storage: { ok: false },
        uptimeSeconds: expect.any(Number),
      });
      expect(response.body).not.toMatch(/127\.0\.0\.1|timed out|ECONN|message/);
    }
    expect(clientSockets.mostOpenAtOnce()).toBeGreaterThan(0);
    expect(clientSockets.mostOpenAtOnce()).toBeLessThanOrEqual(4);
    await app.close();
  });
});
