import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AnswerReplay } from '../src/http/answer-replay.ts';
import { buildTestApp, loginAs, testConfig } from './helper.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a real connection: the replay sits in front of Fastify, where `inject` does not go. */
function send(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const post = { title: 'Rentrée de janvier', description: '<p>Les inscriptions sont ouvertes.</p>' };

/** The app on a loopback port, counting the requests Fastify itself answered. */
async function listening(env: Record<string, string> = {}) {
  const app = await buildTestApp({ env });
  let answeredByFastify = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    answeredByFastify += 1;
    done();
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await loginAs(app);
  const write = async (method: 'POST' | 'PUT', url: string, body: object) =>
    (await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body })).json().blog as {
      _id: number;
      slug: string;
    };
  return { app, base, token, write, fastifyCount: () => answeredByFastify };
}

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

describe('public answers replayed before Fastify', () => {
  it('sends a read again with the very headers and body Fastify sent, without Fastify', async () => {
    const { base, write, fastifyCount } = await listening();
    const { slug } = await write('POST', '/api/blog', post);
    for (const url of ['/api/blog', `/api/blog/slug/${slug}`, '/api/blog/published']) {
      const before = fastifyCount();
      const first = await send(`${base}${url}`);
      const again = await send(`${base}${url}`);
      expect(first.status).toBe(200);
      expect({ ...again, headers: withoutDate(again.headers) }).toEqual({ ...first, headers: withoutDate(first.headers) });
      expect(first.headers['content-security-policy']).toBeDefined();
      expect(first.headers['cache-control']).toBe('no-store');
      expect(fastifyCount() - before).toBe(1);
    }
  });

  it('shows a change at once: a change to a post forgets every kept answer', async () => {
    const { base, write, fastifyCount } = await listening();
    const { _id, slug } = await write('POST', '/api/blog', post);
    const title = async (url: string) => JSON.parse((await send(`${base}${url}`)).body).title as string;
    expect(await title(`/api/blog/slug/${slug}`)).toBe('Rentrée de janvier');
    expect(await title(`/api/blog/slug/${slug}`)).toBe('Rentrée de janvier');
    await write('PUT', `/api/blog/${_id}`, { ...post, title: 'Rentrée de février' });
    const before = fastifyCount();
    expect(await title(`/api/blog/slug/${slug}`)).toBe('Rentrée de février');
    expect(fastifyCount() - before).toBe(1);
  });

  it('leaves to Fastify every request that could get another answer', async () => {
    const { base, token, write, fastifyCount } = await listening({ PUBLIC_ADMIN_URL: 'https://admin.centre.test' });
    await write('POST', '/api/blog', post);
    await write('POST', '/api/blog', { ...post, title: 'Brouillon', status: 'draft' });
    await send(`${base}/api/blog`);
    const before = fastifyCount();

    const admin = await send(`${base}/api/blog`, { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.parse(admin.body).map((entry: { title: string }) => entry.title)).toContain('Brouillon');
    const crossOrigin = await send(`${base}/api/blog`, { headers: { origin: 'https://admin.centre.test' } });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('https://admin.centre.test');
    const head = await send(`${base}/api/blog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const withBody = await send(`${base}/api/blog`, {
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '{}',
    });
    expect(withBody.status).toBe(200);
    const otherSpelling = await send(`${base}//api/blog`);
    expect(otherSpelling.status).toBe(200);
    expect(fastifyCount() - before).toBe(5);

    const anonymous = await send(`${base}/api/blog`);
    expect(JSON.parse(anonymous.body).map((entry: { title: string }) => entry.title)).toEqual(['Rentrée de janvier']);
    expect(fastifyCount() - before).toBe(5);
  });

  it('writes the line Fastify would have written for a replayed answer, with a request id of its own', async () => {
    const destination = new PassThrough();
    let text = '';
    destination.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }), logDestination: destination });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      await send(`${base}/api/blog?page=1`);
      await send(`${base}/api/blog?page=1`, { headers: { 'x-request-id': 'from-the-proxy' } });
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => 'statusCode' in entry);
      expect(lines.map(({ method, path, statusCode }) => ({ method, path, statusCode }))).toEqual([
        { method: 'GET', path: '/api/blog', statusCode: 200 },
        { method: 'GET', path: '/api/blog', statusCode: 200 },
      ]);
      expect(lines[1]?.msg).toMatch(/^GET \/api\/blog 200 \d+ ms$/);
      expect(lines.map((line) => line.reqId)).toEqual([expect.any(String), 'from-the-proxy']);
    } finally {
      await app.close();
    }
  });
});

describe('the kept answers', () => {
  const fastifyRequest = (url: string) => ({ method: 'GET', headers: {}, originalUrl: url }) as unknown as FastifyRequest;
  const fastifyReply = { statusCode: 200, getHeaders: () => ({ 'content-type': 'application/json' }) } as unknown as FastifyReply;
  /** Offers a request to the replay; what it sent, or undefined when Fastify would answer. */
  const offer = (replay: AnswerReplay, url: string) => {
    let sent: { headers: unknown; body: unknown } | undefined;
    const response = {
      writeHead: (_status: number, headers: unknown) => {
        sent = { headers, body: undefined };
      },
      end: (body: unknown) => {
        if (sent) sent.body = String(body);
      },
    } as unknown as ServerResponse;
    const answered = replay.answer({ method: 'GET', url, headers: {} } as IncomingMessage, response);
    return answered ? sent : undefined;
  };

  it('are replayed until the cached answer they came from expires', () => {
    const replay = new AnswerReplay();
    replay.remember(fastifyRequest('/api/blog'), fastifyReply, Buffer.from('[]'), Date.now() + 1_000);
    replay.remember(fastifyRequest('/api/blog/1'), fastifyReply, Buffer.from('{}'), Date.now() - 1);
    expect(offer(replay, '/api/blog')).toEqual({
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '[]',
    });
    expect(offer(replay, '/api/blog/1')).toBeUndefined();
    expect(replay.size).toBe(1);
  });

  it('start afresh rather than keep more than their number or their bytes, and stop once the server closes', () => {
    const later = Date.now() + 1_000;
    const replay = new AnswerReplay(2);
    for (const url of ['/a', '/b', '/c']) replay.remember(fastifyRequest(url), fastifyReply, Buffer.from('[]'), later);
    expect(['/a', '/b', '/c'].map((url) => offer(replay, url) !== undefined)).toEqual([false, false, true]);

    // 'é' is two bytes: the bound counts bytes, and an answer kept again replaces its bytes.
    const small = new AnswerReplay(1_000, 10);
    small.remember(fastifyRequest('/a'), fastifyReply, Buffer.from('é'.repeat(3)), later);
    small.remember(fastifyRequest('/a'), fastifyReply, Buffer.from('é'.repeat(4)), later);
    small.remember(fastifyRequest('/b'), fastifyReply, Buffer.from('[]'), later);
    expect([small.size, small.bytes]).toEqual([2, 10]);
    small.remember(fastifyRequest('/c'), fastifyReply, Buffer.from('[]'), later);
    expect([small.size, small.bytes]).toEqual([1, 2]);

    replay.close();
    replay.remember(fastifyRequest('/a'), fastifyReply, Buffer.from('[]'), Date.now() + 1_000);
    expect([offer(replay, '/a'), offer(replay, '/c')]).toEqual([undefined, undefined]);
  });
});
