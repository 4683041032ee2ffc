import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const healthcheck = fileURLToPath(new URL('../api/healthcheck.mjs', import.meta.url));

const cleanUps: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

/** A stand-in for the API process, named by a marker unique to this test so nothing else matches. */
function standInProcess(): { marker: string; child: ChildProcess } {
  const marker = `cfp-healthcheck-${randomUUID()}`;
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], { stdio: 'ignore' });
  cleanUps.push(() => child.kill('SIGKILL'));
  return { marker, child };
}

/** A loopback server that answers with `status`, or accepts and never answers when `status` is undefined. */
async function healthServer(status?: number): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => sockets.delete(socket));
    socket.once('data', () => {
      if (status) socket.end(`HTTP/1.1 ${status} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUps.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/api/health`;
}

function runHealthcheck(url: string, marker: string): Promise<number | null> {
  return new Promise((resolve) => {
    const check = spawn(process.execPath, [healthcheck], {
      env: { ...process.env, HEALTH_URL: url, HEALTH_PROCESS: marker, HEALTH_DEADLINE_MS: '1000' },
      stdio: 'ignore',
    });
    check.on('exit', resolve);
  });
}

describe("the API container's health check (deploy/api/healthcheck.mjs)", () => {
  it('passes when the API answers 200 and leaves it running', async () => {
    const api = standInProcess();
    expect(await runHealthcheck(await healthServer(200), api.marker)).toBe(0);
    expect(api.child.exitCode).toBeNull();
    expect(api.child.signalCode).toBeNull();
  });

  it('fails on 503 "degraded" (a storage outage) but does not kill the API for it', async () => {
    const api = standInProcess();
    expect(await runHealthcheck(await healthServer(503), api.marker)).toBe(1);
    expect(api.child.signalCode).toBeNull();
  });

  it('kills an API that accepts connections and never answers, so the restart policy replaces it', async () => {
    const api = standInProcess();
    const exited = new Promise((resolve) => api.child.once('exit', (_code, signal) => resolve(signal)));
    expect(await runHealthcheck(await healthServer(), api.marker)).toBe(1);
    expect(await exited).toBe('SIGKILL');
  });
});
