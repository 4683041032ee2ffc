import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loginAs } from './helper.ts';
import { listeningApp } from './support/listening-app.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

function openSocket(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Resolves with what the server sent once it closes the socket. */
function whenClosed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

function health(port: number, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ port, host: '127.0.0.1', localAddress, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.once('error', reject);
    call.setTimeout(5_000, () => call.destroy(new Error('health timed out')));
    call.end();
  });
}

const trickleHeaders = (port: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`;

describe('slow clients on the built-in server', () => {
  it('closes a request whose body trickles in a byte a second once its deadline passes, and serves others meanwhile', async () => {
    const { port } = await listeningApp({ bodyTimeoutMs: 2_000 });
    const socket = await openSocket(port);
    const closed = whenClosed(socket);
    const started = performance.now();
    socket.write(trickleHeaders(port));
    const trickle = setInterval(() => socket.writable && socket.write(' '), 1_000);
    try {
      const healthDuringTrickle = await health(port);
      const answer = await Promise.race([closed, new Promise<never>((_, reject) => setTimeout(reject, 15_000, 'still open'))]);
      const seconds = (performance.now() - started) / 1000;
      console.log(`trickling body closed after ${seconds.toFixed(1)} s (deadline 2 s)`);
      expect(healthDuringTrickle).toBe(200);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect(seconds).toBeLessThan(10);
    } finally {
      clearInterval(trickle);
    }
  }, 30_000);

  it('gives an image upload the longer upload deadline', async () => {
    const { app, port } = await listeningApp({ bodyTimeoutMs: 1_000, uploadBodyTimeoutMs: 20_000 });
    const token = await loginAs(app);
    const socket = await openSocket(port);
    const closed = whenClosed(socket).then(() => 'closed');
    socket.write(
      `POST /api/images HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 500\r\n\r\n--x`,
    );
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3_000, 'still receiving'))]);
    expect(outcome).toBe('still receiving');
  });

  it('refuses the 51st open connection from one address while another address is still served', async () => {
    const { app, port } = await listeningApp({ maxConnectionsPerAddress: 50 });
    const held = await Promise.all(Array.from({ length: 50 }, () => openSocket(port)));
    for (const socket of held) socket.write(trickleHeaders(port));
    await expect.poll(() => new Promise((resolve) => app.server.getConnections((_, count) => resolve(count)))).toBe(50);

    const extra = await openSocket(port);
    const extraAnswer = await Promise.race([whenClosed(extra), new Promise((resolve) => setTimeout(resolve, 5_000, 'open'))]);
    expect(extraAnswer).toBe('');
    expect(await health(port, '127.0.0.2')).toBe(200);
    expect(held.every((socket) => !socket.destroyed)).toBe(true);
    console.log('50 connections held from 127.0.0.1: the 51st closed at once, 127.0.0.2 answered 200');
  }, 30_000);
});
