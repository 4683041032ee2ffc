import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { scaled } from '@cfp/test-support/time-scale';
import { afterEach, describe, expect, it } from 'vitest';
import { loginAs } from './helper.ts';
import { listeningApp } from './support/listening-app.ts';
import { within } from './support/waiting.ts';

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
  it(
    'closes a request whose body trickles in a byte a second once its deadline passes, and serves others meanwhile',
    async () => {
      const { port } = await listeningApp({ bodyTimeoutMs: 2_000 });
      const socket = await openSocket(port);
      const closed = whenClosed(socket);
      const started = performance.now();
      socket.write(trickleHeaders(port));
      const trickle = setInterval(() => socket.writable && socket.write(' '), 1_000);
      try {
        const healthDuringTrickle = await health(port);
        const answer = await within(closed, 15_000, 'the trickling request closed');
        const seconds = (performance.now() - started) / 1000;
        console.log(`trickling body closed after ${seconds.toFixed(1)} s (deadline 2 s)`);
        expect(healthDuringTrickle).toBe(200);
        expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
        expect(seconds).toBeLessThan(10);
      } finally {
        clearInterval(trickle);
      }
    },
    scaled(30_000),
  );

  it('closes a body trickling to an unknown URL at the same deadline, before any route is known', async () => {
    const { port } = await listeningApp({ bodyTimeoutMs: 1_000 });
    const socket = await openSocket(port);
    const closed = whenClosed(socket);
    socket.write(
      `POST /api/nowhere HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    );
    expect(await within(closed, 15_000, 'the trickling request to an unknown URL closed')).toMatch(
      /^HTTP\/1\.1 408 Request Timeout/,
    );
  });

  it('gives an image upload the longer upload deadline', async () => {
    const { app, port } = await listeningApp({ bodyTimeoutMs: 1_000, uploadBodyTimeoutMs: 20_000 });
    const token = await loginAs(app);
    const socket = await openSocket(port);
    let outcome = 'still receiving';
    void whenClosed(socket).then(() => {
      outcome = 'closed';
    });
    const received = new Promise((resolve) => app.server.once('request', resolve));
    socket.write(
      `POST /api/images HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 500\r\n\r\n--x`,
    );
    await received;
    // A JSON body trickling from now on has the 1 s deadline: once it is closed, the upload has outlived that deadline.
    const json = await openSocket(port);
    const jsonClosed = whenClosed(json);
    json.write(trickleHeaders(port));
    expect(await within(jsonClosed, 15_000, 'the JSON request closed at its deadline')).toMatch(
      /^HTTP\/1\.1 408 Request Timeout/,
    );
    // One more round trip: a close of the upload at the same deadline would have reached the test by now.
    expect(await health(port)).toBe(200);
    expect(outcome).toBe('still receiving');
  });

  it(
    'refuses the 51st open connection from one address while another address is still served',
    async () => {
      const { app, port } = await listeningApp({ maxConnectionsPerAddress: 50 });
      const held = await Promise.all(Array.from({ length: 50 }, () => openSocket(port)));
      for (const socket of held) socket.write(trickleHeaders(port));
      await expect.poll(() => new Promise((resolve) => app.server.getConnections((_, count) => resolve(count)))).toBe(50);

      const extra = await openSocket(port);
      const extraAnswer = await within(whenClosed(extra), 5_000, 'the 51st connection closed');
      expect(extraAnswer).toBe('');
      expect(await health(port, '127.0.0.2')).toBe(200);
      expect(held.every((socket) => !socket.destroyed)).toBe(true);
      console.log('50 connections held from 127.0.0.1: the 51st closed at once, 127.0.0.2 answered 200');
    },
    scaled(30_000),
  );
});
