import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginToken } from '@cfp/test-support/admin-session';
import { freePort } from '@cfp/test-support/free-port';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { scaled } from '@cfp/test-support/time-scale';
import { waitFor, within } from '@cfp/test-support/waiting';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { overTls, type RunningCaddy, startCaddy } from './support/caddy.ts';
import { rawGet, readAnswer, type TextAnswer } from './support/http.ts';

const workspaceRoot = fileURLToPath(new URL('../', import.meta.url));

/** Renders the nginx template of the layout (LAYOUT) as the web image does: by running deploy/nginx/start.sh itself. */
function renderTemplate(variables: Record<string, string>): string {
  const output = path.join(mkdtempSync(path.join(tmpdir(), 'cfp-render-')), 'default.conf');
  try {
    execFileSync('sh', [path.join(workspaceRoot, 'deploy/nginx/start.sh')], {
      env: {
        PATH: process.env.PATH,
        ...variables,
        RENDER_ONLY: 'true',
        NGINX_TEMPLATE: path.join(
          workspaceRoot,
          'deploy/nginx',
          variables.LAYOUT === 'split' ? 'split.conf.template' : 'default.conf.template',
        ),
        NGINX_CONF: output,
      },
    });
    const rendered = readFileSync(output, 'utf8');
    const unfilled = rendered.split('\n').filter((line) => !line.trimStart().startsWith('#') && /\$\{\w+\}/.test(line));
    if (unfilled.length > 0) throw new Error(`variables left unfilled by start.sh: ${unfilled.join('; ')}`);
    return rendered;
  } finally {
    rmSync(path.dirname(output), { recursive: true, force: true });
  }
}

interface RunningNginx {
  base: string;
  port: number;
  stop: () => void;
}

/** Debian's nginx on a free loopback port with the rendered configuration, as the web image runs it. */
async function startNginx(work: string, variables: Record<string, string>): Promise<RunningNginx> {
  mkdirSync(work, { recursive: true });
  const port = await freePort();
  writeFileSync(path.join(work, 'default.conf'), renderTemplate({ LISTEN: `127.0.0.1:${port}`, ...variables }));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, folder));
  writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      // Debian's packaged modules, brotli among them, as the web image loads them.
      'include /etc/nginx/modules-enabled/*.conf;',
      'user root;',
      'daemon off;',
      'worker_processes 1;',
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (folder) => `  ${folder === 'body' ? 'client_body' : folder}_temp_path ${work}/${folder};`,
      ),
      `  include ${work}/default.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = spawn('nginx', ['-e', `${work}/error.log`, '-c', `${work}/nginx.conf`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${base}/`, { redirect: 'manual' })).status > 0,
    15_000,
    () => readFileSync(`${work}/error.log`, 'utf8'),
  );
  return { base, port, stop: () => nginx.kill('SIGQUIT') };
}

/** A socket to nginx, optionally from another loopback address, whose closing is awaited with a bound. */
function openSocket(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return within(new Promise<boolean>((resolve) => socket.on('close', () => resolve(true))), ms, false);
}

/** The status line nginx answers on a raw socket (or 0 if it closes without one). */
function firstStatus(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = received.match(/^HTTP\/1\.1 (\d{3})/);
      if (status) resolve(Number(status[1]));
    });
    socket.on('close', () => resolve(0));
  });
}

/** A GET from a chosen loopback address (fetch cannot pick its source address). */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { localAddress, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

const securityHeaders = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
];

function expectSecurityHeaders(response: Response, label: string) {
  expect(response.headers.get('content-security-policy'), label).toMatch(/frame-ancestors|default-src 'none'/);
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options'), label).toMatch(/^(DENY|SAMEORIGIN)$/);
}

const viaTls = { 'x-forwarded-proto': 'https' };

/** The three public addresses of the split layout, as a browser would reach them. */
const splitAddresses = {
  PUBLIC_SITE_URL: 'https://www.centre.test',
  PUBLIC_ADMIN_URL: 'https://admin.centre.test',
  PUBLIC_API_URL: 'https://api.centre.test/api',
};

/** A GET under a given host name (fetch cannot set Host), its status, headers and body. */
function requestWithHost(port: number, host: string, pathname: string, form?: string): Promise<TextAnswer> {
  const posted = form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
  return new Promise((resolve, reject) => {
    request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: form === undefined ? 'GET' : 'POST',
        headers: { host, 'x-forwarded-proto': 'https', ...posted },
        agent: false,
      },
      (response) => readAnswer(response).then(resolve, reject),
    )
      .on('error', reject)
      .end(form);
  });
}

/** An S3 stand-in: an image, an HTML page stored under an image name, and error answers. */
async function startStandInBucket(): Promise<Server> {
  const answers: Record<string, [number, string, string]> = {
    '/centre-formation/blogImages/ok.png': [200, 'image/png', 'png'],
    '/centre-formation/blogImages/page.png': [200, 'text/html', '<script>alert(1)</script>'],
    '/centre-formation/blogImages/broken.png': [500, 'application/xml', '<Error><Code>InternalError</Code></Error>'],
    '/centre-formation/blogImages/denied.png': [403, 'application/xml', '<Error><Code>AccessDenied</Code></Error>'],
  };
  const server = createHttpServer((incoming, outgoing) => {
    const [status, type, body] = answers[incoming.url ?? ''] ?? [404, 'application/xml', '<Error><Code>NoSuchKey</Code></Error>'];
    outgoing.writeHead(status, { 'content-type': type, 'cache-control': 'public, max-age=999999' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const admin = { email: 'owner@centre.test', password: 'deployment passphrase long' };
/** Addresses that one IPv6 client picks at will inside its /64. */
const sameNetwork = (index: number) => `2001:db8:1:2:${((index * 7919) % 0xffff).toString(16)}:${index.toString(16)}::5eed`;
const application = {
  programme: 'soudure',
  firstName: 'Jean-Paul',
  lastName: 'Essomba',
  town: 'Nkoabang',
  level: 'cep',
  consent: true,
};
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe("the production nginx configuration, run by Debian's nginx on loopback in front of the product", () => {
  let product: RunningProduct;
  let nginx: RunningNginx;
  let behindTls: RunningNginx;
  let split: RunningNginx;
  /** docker-compose.yml's front: Caddy (TLS=internal), then nginx in the split layout, trusting Caddy alone. */
  let caddy: RunningCaddy;
  let behindCaddy: RunningNginx;
  let sessionToken: string;
  let bucket: Server;
  let base: string;
  const work = mkdtempSync(path.join(tmpdir(), 'cfp-nginx-'));

  beforeAll(async () => {
    // It serves the site nginx reads and rebuilds nothing: a copy of the run's fixture build.
    product = await startProduct(
      { SITE_REBUILD: 'off', TRUST_PROXY: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      { prebuiltSite: inject('fixtureSite') },
    );
    // Signed in before the lock-out tests below make this address wait.
    sessionToken = await loginToken(product.url, admin.email, admin.password);
    const upstream = new URL(product.url).host;
    const variables = {
      SITE_ROOT: path.join(product.dataDir, 'site', 'current'),
      ADMIN_ROOT: path.join(workspaceRoot, 'admin', 'dist'),
      API_UPSTREAM: upstream,
      MEDIA_UPSTREAM: `${upstream}/media`,
      FORCE_HTTPS: 'false',
      CLIENT_TIMEOUT: '5s',
      CONNECTIONS_PER_ADDRESS: '8',
    };
    nginx = await startNginx(path.join(work, 'plain'), variables);
    bucket = await startStandInBucket();
    // As behind a TLS terminator on this host: HTTPS forced, the terminator (127.0.0.1) trusted
    // to name the client, and a stand-in bucket that answers what a misbehaving S3 could.
    behindTls = await startNginx(path.join(work, 'behind-tls'), {
      ...variables,
      FORCE_HTTPS: 'true',
      TRUSTED_PROXIES: '127.0.0.1',
      MEDIA_UPSTREAM: `127.0.0.1:${(bucket.address() as { port: number }).port}/centre-formation`,
    });
    base = nginx.base;
    split = await startNginx(path.join(work, 'split'), { ...variables, LAYOUT: 'split', ...splitAddresses });
    behindCaddy = await startNginx(path.join(work, 'behind-caddy'), {
      ...variables,
      LAYOUT: 'split',
      ...splitAddresses,
      FORCE_HTTPS: 'true',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    caddy = await startCaddy(path.join(work, 'caddy'), `127.0.0.1:${behindCaddy.port}`, splitAddresses);
  });

  afterAll(async () => {
    nginx?.stop();
    behindTls?.stop();
    split?.stop();
    caddy?.stop();
    behindCaddy?.stop();
    bucket?.close();
    await product?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves pages at their canonical URLs with the security headers and no cache for HTML', async () => {
    for (const page of ['/', '/blog', '/contact', '/formation/soudure']) {
      const response = await fetch(`${base}${page}`, { headers: viaTls });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    }
    const missing = await fetch(`${base}/page-inconnue`, { headers: viaTls });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page introuvable');
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(missing, 'site 404');
  });

  it('redirects the legacy URLs, serves the admin app, proxies the API and compresses hashed assets with a long cache', async () => {
    for (const [from, to] of [
      ['/Formation', '/formations'],
      ['/FAQ', '/faq'],
      ['/formation/MarketingDigitalCommunication', '/formation/marketing-digital-communication'],
      // One address per page: a trailing slash is moved, the query kept.
      ['/about/', '/about'],
      ['/formation/soudure/?depuis=affiche', '/formation/soudure?depuis=affiche'],
      // What the build has no file for is asked of the API, which knows the page meant.
      ['/Contact?programme=soudure', '/contact?programme=soudure'],
      ['/FORMATION/Soudure', '/formation/soudure'],
    ]) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
    const unknown = await fetch(`${base}/Page-Inconnue`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Page introuvable');
    const adminPage = await fetch(`${base}/admin/login`);
    expect(await adminPage.text()).toContain('<div id="root">');
    expect(adminPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(health.headers.get('content-security-policy')).toContain("default-src 'none'");

    // A hashed script of the site (the pages carry their styles inline), one the build compressed.
    const assets = readdirSync(path.join(product.dataDir, 'site', 'current', '_astro'));
    const asset = assets.find((file) => file.endsWith('.js') && assets.includes(`${file}.gz`));
    const script = await rawGet(`${base}/_astro/${asset}`, 'gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.decoded().length).toBeGreaterThan(script.body.length);
  });

  it('moves a trailing slash within the site only: a path with a backslash is a 404, never a Location to another site', async () => {
    // Sent as written: fetch and URL would turn the backslash into a slash before nginx saw it.
    const tricks = ['/%5Cevil.example/', '/\\evil.example/', '/%5C%5Cevil.example/', '/\\/evil.example/', '/%2F%5Cevil.example/'];
    for (const [port, host] of [
      [nginx.port, '127.0.0.1'],
      [split.port, 'www.centre.test'],
    ] as const) {
      for (const trick of tricks) {
        const answer = await requestWithHost(port, host, trick);
        expect([host, trick, answer.status, answer.headers.location]).toEqual([host, trick, 404, undefined]);
      }
      const moved = await requestWithHost(port, host, '/formation/soudure/');
      expect([host, moved.status, moved.headers.location]).toEqual([host, 301, '/formation/soudure']);
    }
  });

  it('sends brotli to browsers that accept it: the precompressed pages and assets, and the API compressed on the fly', async () => {
    const adminScript = readdirSync(path.join(workspaceRoot, 'admin', 'dist', 'assets')).find((file) =>
      /^index-.*\.js$/.test(file),
    );
    for (const url of ['/', '/formation/soudure', `/admin/assets/${adminScript}`, '/api/docs/openapi.json']) {
      const response = await rawGet(`${base}${url}`, 'gzip, deflate, br');
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.decoded().length, url).toBeGreaterThan(response.body.length);
    }
    const home = await rawGet(`${base}/`, 'gzip, deflate, br');
    expect(home.decoded()).toContain('<html lang="fr"');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const plain = await rawGet(`${base}/formation/soudure`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('Soudure');
  });
  it('counts the real client address whatever X-Forwarded-For a client forges: contact limit, views, lock-out, audit', async () => {
    const forged = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index % 250}, 203.0.113.${index % 250}` });
    const json = { 'content-type': 'application/json' };
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(admin) });
    const { Token: token } = (await login.json()) as { Token: string };
    const authorized = { ...json, authorization: `Bearer ${token}` };

    const contact = {
      firstName: 'Awa',
      lastName: 'Ngono',
      email: 'awa@example.cm',
      phone: '+237 6 99 00 11 22',
      message: 'Bonjour',
    };
    const contactStatuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const response = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { ...json, ...forged(index) },
        body: JSON.stringify(contact),
      });
      contactStatuses.push(response.status);
    }
    expect(contactStatuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);

    const created = await fetch(`${base}/api/blog`, {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify({ title: 'Rentrée 2027', description: '<p>Inscriptions ouvertes.</p>', status: 'published' }),
    });
    const { blog } = (await created.json()) as { blog: { _id: number } };
    for (let index = 0; index < 20; index++) {
      const beacon = await fetch(`${base}/api/blog/${blog._id}/view`, { method: 'POST', headers: forged(index) });
      expect(beacon.status).toBe(204);
    }
    const post = (await (await fetch(`${base}/api/blog/${blog._id}`)).json()) as { views: number };
    expect(post.views).toBe(1);

    const loginStatuses: number[] = [];
    for (let index = 0; index < 25; index++) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { ...json, ...forged(index) },
        body: JSON.stringify({ email: `guess${index}@centre.test`, password: 'not the password at all' }),
      });
      loginStatuses.push(response.status);
    }
    expect(loginStatuses.filter((status) => status === 401)).toHaveLength(20);
    expect(loginStatuses.slice(20)).toEqual([429, 429, 429, 429, 429]);

    const audit = await fetch(`${base}/api/audit?action=login.failure&limit=100`, { headers: authorized });
    const entries = (await audit.json()) as { address: string | null }[];
    expect(entries).toHaveLength(20);
    expect(new Set(entries.map((entry) => entry.address))).toEqual(new Set(['127.0.0.1']));
  });

  it(
    'closes a request whose header trickles in or whose body stalls, and keeps serving others',
    async () => {
      const trickling = await openSocket(nginx.port);
      trickling.write('GET / HTTP/1.1\r\nHost: www.centre.test\r\nX-Slow: ');
      // One byte every 2 s: a client that keeps the header open, which nginx's header timeout closes.
      const dripPeriod = 2000;
      const drip = setInterval(() => {
        if (!trickling.destroyed) trickling.write('a');
      }, dripPeriod);
      const stalled = await openSocket(nginx.port);
      stalled.write(
        'POST /api/contact HTTP/1.1\r\nHost: www.centre.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"firstName":',
      );
      try {
        expect((await fetch(`${base}/`)).status).toBe(200);
        // CLIENT_TIMEOUT is 5 s in this rendering: both are dropped well before 15 s.
        const [tricklingClosed, stalledClosed] = await Promise.all([
          closedWithin(trickling, 15_000),
          closedWithin(stalled, 15_000),
        ]);
        expect({ tricklingClosed, stalledClosed }).toEqual({ tricklingClosed: true, stalledClosed: true });
        expect((await fetch(`${base}/`)).status).toBe(200);
      } finally {
        clearInterval(drip);
        trickling.destroy();
        stalled.destroy();
      }
    },
    scaled(30_000),
  );

  it('refuses a 9th request in progress from one address with 429 (limit 8 here) and serves another address', async () => {
    const halfSent: Socket[] = [];
    try {
      for (let index = 0; index < 8; index++) {
        const socket = await openSocket(nginx.port);
        socket.write(
          'POST /api/contact HTTP/1.1\r\nHost: www.centre.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        );
        halfSent.push(socket);
      }
      // nginx counts each once it has read its headers: from then on a 9th request is refused.
      const ninth = async () => {
        const socket = await openSocket(nginx.port);
        halfSent.push(socket);
        const status = firstStatus(socket);
        socket.write('GET / HTTP/1.1\r\nHost: www.centre.test\r\nConnection: close\r\n\r\n');
        return status;
      };
      await waitFor(
        async () => (await ninth()) === 429,
        5_000,
        () => 'a 9th request from the address was never refused',
      );
      expect(await getFrom('127.0.0.2', `${base}/`)).toBe(200);
    } finally {
      for (const socket of halfSent) socket.destroy();
    }
    await waitFor(
      async () => (await fetch(`${base}/`)).status === 200,
      5_000,
      () => 'the address was not released',
    );
  });

  it('answers 413 with a JSON message, with the security headers, for a body over the limit; uploads get theirs', async () => {
    const tooBig = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...viaTls },
      body: JSON.stringify({ message: 'x'.repeat(100 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toBe('application/json');
    expect(await tooBig.json()).toEqual({ message: 'The request body is too large' });
    expectSecurityHeaders(tooBig, '413');
    expect(tooBig.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const upload = (bytes: number) =>
      fetch(`${base}/api/images`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${sessionToken}`, ...viaTls },
        body: Buffer.alloc(bytes, 0x61),
      });
    // Under the upload limit: through to the API, which reads the whole body and finds no image in it.
    // (Without a session the API answers 401 before reading it, and may close while nginx still sends.)
    const underUploadLimit = await upload(1024 * 1024);
    expect(underUploadLimit.status).toBe(400);
    expect(await underUploadLimit.json()).not.toEqual({ message: 'The request body is too large' });
    const overUploadLimit = await upload(7 * 1024 * 1024);
    expect(overUploadLimit.status).toBe(413);
    expect(await overUploadLimit.json()).toEqual({ message: 'The request body is too large' });
  });

  it('serves uploaded images only: GET and HEAD of blogImages/ keys, no query, no listing, a year of cache only when found', async () => {
    const folder = path.join(product.dataDir, 'media', 'blogImages');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'cover.png'), png);
    writeFileSync(path.join(folder, 'page.html'), '<script>alert(1)</script>');

    const image = await fetch(`${base}/media/blogImages/cover.png`);
    expect(image.status).toBe(200);
    for (const header of securityHeaders.slice(2)) expect(image.headers.get(header), header).not.toContain(',');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await fetch(`${base}/media/blogImages/cover.png`, { method: 'HEAD' })).status).toBe(200);

    const missing = await fetch(`${base}/media/blogImages/absent.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');

    for (const method of ['PUT', 'DELETE', 'POST']) {
      const response = await fetch(`${base}/media/blogImages/cover.png`, { method, body: method === 'DELETE' ? undefined : 'x' });
      expect(response.status, method).toBe(403);
      expect(response.headers.get('cache-control'), method).toBe('no-store');
      expectSecurityHeaders(response, method);
    }
    for (const url of [
      '/media/?list-type=2&prefix=blogImages',
      '/media/blogImages/?list-type=2',
      '/media/blogImages/cover.png?acl',
      '/media/blogImages/cover.png?policy',
      '/media/blogImages/page.html',
      '/media/other/cover.png',
      '/media/blogImages/a/b.png',
    ]) {
      const response = await fetch(`${base}${url}`);
      expect([403, 404], url).toContain(response.status);
      expect(response.headers.get('cache-control'), url).not.toContain('max-age=31536000');
      // The uploaded page's script, a listing or the image's name: the site's own 404 page has scripts of its own.
      expect(await response.text(), url).not.toMatch(/cover\.png|<script>alert|ListBucketResult/);
    }
  });

  it('redirects plain HTTP to HTTPS when told it is behind TLS, and sends HSTS only over HTTPS', async () => {
    const plainHttp = await fetch(`${behindTls.base}/formations?page=2`, { redirect: 'manual' });
    expect(plainHttp.status).toBe(301);
    expect(plainHttp.headers.get('location')).toBe('https://127.0.0.1/formations?page=2');
    expect(plainHttp.headers.get('strict-transport-security')).toBeNull();
    const overTls = await fetch(`${behindTls.base}/formations`, { headers: viaTls, redirect: 'manual' });
    expect(overTls.status).toBe(200);
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    for (const url of ['/', '/admin/login', '/api/health', '/page-inconnue']) {
      const response = await fetch(`${base}${url}`);
      expect(response.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it("sends the API's security headers, with the same values and once each, on the site, the admin and the API", async () => {
    for (const url of ['/', '/formation/soudure', '/admin/login', '/api/health', '/api/blog']) {
      const [direct, proxied] = await Promise.all([fetch(`${product.url}${url}`), fetch(`${base}${url}`, { headers: viaTls })]);
      // HSTS goes over HTTPS only: nginx sends it here (as behind TLS), the API over its plain HTTP does not.
      for (const header of securityHeaders.filter((name) => name !== 'strict-transport-security')) {
        expect(proxied.headers.get(header), `${url} ${header}`).toBe(direct.headers.get(header));
      }
    }
  });
  it('lets the pre-enrolment answer page (the form posted without JavaScript) through with its own policy: its stylesheet applies', async () => {
    // Incomplete on purpose: the answer gives the form back to correct, under the same policy as the confirmation, and stores nothing.
    const form = new URLSearchParams({ firstName: 'Awa', consent: 'on' }).toString();
    const answers = {
      single: await requestWithHost(nginx.port, '127.0.0.1', '/api/applications', form),
      split: await requestWithHost(split.port, 'api.centre.test', '/api/applications', form),
    };
    for (const [layout, { headers, body }] of Object.entries(answers)) {
      expect(headers['content-type'], layout).toBe('text/html; charset=utf-8');
      const style = /<style>([\s\S]*?)<\/style>/.exec(body)?.[1] ?? '';
      expect(style, layout).toContain('body');
      // The product's site is on the API's origin: the form given back posts there, and is redirected nowhere else.
      expect(headers['content-security-policy'], layout).toMatch(/^default-src 'none'; style-src '[^']+'.*form-action 'self'$/);
      expect(headers['content-security-policy'], layout).toContain(
        `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
      );
    }
  });

  it('caches only found images for a year, and serves anything else from the bucket as a download', async () => {
    const media = (key: string) => fetch(`${behindTls.base}/media/blogImages/${key}`, { headers: viaTls });
    const found = await media('ok.png');
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(found.headers.get('content-disposition')).toBeNull();
    const html = await media('page.png');
    expect(html.headers.get('content-disposition')).toBe('attachment');
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    for (const [key, status] of [
      ['broken.png', 500],
      ['denied.png', 403],
      ['absent.png', 404],
    ] as const) {
      const response = await media(key);
      expect(response.status, key).toBe(status);
      expect(response.headers.get('cache-control'), key).toBe('no-store');
    }
  });

  it('takes the client address from a trusted TLS terminator (TRUSTED_PROXIES), not from what the client wrote before it', async () => {
    const json = { 'content-type': 'application/json', ...viaTls };
    const login = await fetch(`${behindTls.base}/api/auth/login`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '203.0.113.8' },
      body: JSON.stringify(admin),
    });
    const { Token: token } = (await login.json()) as { Token: string };
    const failure = await fetch(`${behindTls.base}/api/auth/login`, {
      method: 'POST',
      // The client forged the first entry; the terminator appended the address it saw.
      headers: { ...json, 'x-forwarded-for': '198.51.100.1, 203.0.113.7' },
      body: JSON.stringify({ email: 'someone@centre.test', password: 'not the password at all' }),
    });
    expect(failure.status).toBe(401);
    const audit = await fetch(`${behindTls.base}/api/audit?limit=5`, {
      headers: { ...viaTls, authorization: `Bearer ${token}` },
    });
    const [latest, previous] = (await audit.json()) as { action: string; address: string }[];
    expect(latest).toMatchObject({ action: 'login.failure', address: '203.0.113.7' });
    expect(previous).toMatchObject({ action: 'login.success', address: '203.0.113.8' });
  });

  it('counts one IPv6 client by its /64 behind a trusted proxy: 60 applications from its addresses, 429 after the limit', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) {
      const response = await fetch(`${behindTls.base}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': sameNetwork(index), ...viaTls },
        body: JSON.stringify({ ...application, phone: `6 99 12 ${String(index).padStart(2, '0')} 00` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual(new Array(55).fill(429));
  });

  it("refuses a 9th request in progress from one IPv6 client's /64 (limit 8 here), whatever its addresses, and serves another /64", async () => {
    const halfSent: Socket[] = [];
    const headersFrom = (address: string) =>
      `Host: www.centre.test\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: ${address}\r\n`;
    try {
      for (let index = 0; index < 8; index++) {
        const socket = await openSocket(behindTls.port);
        socket.write(
          `POST /api/contact HTTP/1.1\r\n${headersFrom(sameNetwork(index))}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        halfSent.push(socket);
      }
      const statusFrom = async (address: string) => {
        const socket = await openSocket(behindTls.port);
        halfSent.push(socket);
        const status = firstStatus(socket);
        socket.write(`GET / HTTP/1.1\r\n${headersFrom(address)}Connection: close\r\n\r\n`);
        return status;
      };
      // nginx counts each once it has read its headers: from then on a 9th request from the /64 is refused.
      await waitFor(
        async () => (await statusFrom(sameNetwork(8))) === 429,
        5_000,
        () => "a 9th request from the client's /64 was never refused",
      );
      expect(await statusFrom('2001:db8:1:3::1')).toBe(200);
    } finally {
      for (const socket of halfSent) socket.destroy();
    }
  });

  it('serves the three parts under three host names in the split layout, each with its own policy naming the API', async () => {
    const site = await requestWithHost(split.port, 'www.centre.test', '/formation/soudure');
    expect(site.status).toBe(200);
    expect(site.headers['content-security-policy']).toBe(
      "frame-ancestors 'self'; object-src 'none'; base-uri 'none'; form-action 'self' https://api.centre.test",
    );
    expect(site.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await requestWithHost(split.port, 'www.centre.test', '/FAQ')).headers.location).toBe('/faq');
    const capitals = await requestWithHost(split.port, 'www.centre.test', '/Formations');
    expect([capitals.status, capitals.headers.location]).toEqual([301, '/formations']);
    expect(capitals.headers['content-security-policy']).toBe(site.headers['content-security-policy']);
    const unknown = await requestWithHost(split.port, 'www.centre.test', '/page-inconnue');
    expect([unknown.status, unknown.body.includes('Page introuvable')]).toEqual([404, true]);
    expect((await requestWithHost(split.port, 'www.centre.test', '/api/health')).status).toBe(404);

    const adminApp = await requestWithHost(split.port, 'admin.centre.test', '/blogs');
    expect(adminApp.status).toBe(200);
    expect(adminApp.body).toContain('<div id="root">');
    expect(adminApp.headers['content-security-policy']).toContain("connect-src 'self' https://api.centre.test");
    expect(adminApp.headers['x-frame-options']).toBe('DENY');
    const config = await requestWithHost(split.port, 'admin.centre.test', '/config.json');
    expect(JSON.parse(config.body)).toEqual({ apiUrl: 'https://api.centre.test/api' });

    const api = await requestWithHost(split.port, 'api.centre.test', '/api/health');
    expect(api.status).toBe(200);
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await requestWithHost(split.port, 'api.centre.test', '/')).status).toBe(404);
    expect((await requestWithHost(split.port, 'elsewhere.test', '/')).status).toBe(404);
  });

  it('behind Caddy (tls internal): HTTP goes to HTTPS, each host name keeps its policy, HSTS over HTTPS only, and the API sees the client Caddy saw', async () => {
    const plain = await requestWithHost(caddy.httpPort, 'www.centre.test', '/formations?page=2');
    expect([301, 308]).toContain(plain.status);
    // Caddy 2.6 names no port in the redirect when its HTTPS port is not 443, as in this test.
    expect(plain.headers.location).toMatch(new RegExp(`^https://www\\.centre\\.test(:${caddy.httpsPort})?/formations\\?page=2$`));
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const hsts = 'max-age=31536000; includeSubDomains';
    const site = await overTls(caddy, 'www.centre.test', '/formation/soudure');
    expect(site.status).toBe(200);
    expect(site.headers['content-security-policy']).toBe(
      "frame-ancestors 'self'; object-src 'none'; base-uri 'none'; form-action 'self' https://api.centre.test",
    );
    expect(site.headers['strict-transport-security']).toBe(hsts);
    const adminApp = await overTls(caddy, 'admin.centre.test', '/blogs');
    expect(adminApp.body).toContain('<div id="root">');
    expect(adminApp.headers['content-security-policy']).toContain("connect-src 'self' https://api.centre.test");
    expect(adminApp.headers['x-frame-options']).toBe('DENY');
    expect(adminApp.headers['strict-transport-security']).toBe(hsts);
    const health = await overTls(caddy, 'api.centre.test', '/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['content-security-policy']).toContain("default-src 'none'");
    expect(health.headers['strict-transport-security']).toBe(hsts);

    // From 127.0.0.2, with an X-Forwarded-For the client wrote: the audit names 127.0.0.2.
    const failure = await overTls(caddy, 'api.centre.test', '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ email: 'stranger@centre.test', password: 'not the password at all' }),
      localAddress: '127.0.0.2',
    });
    expect(failure.status).toBe(401);
    const audit = await overTls(caddy, 'api.centre.test', '/api/audit?limit=1', {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(JSON.parse(audit.body)).toEqual([expect.objectContaining({ action: 'login.failure', address: '127.0.0.2' })]);
  });

  it('refuses to render the split layout without the three public addresses', () => {
    expect(() => renderTemplate({ LAYOUT: 'split', PUBLIC_SITE_URL: 'https://www.centre.test' })).toThrow(
      /LAYOUT=split needs PUBLIC_ADMIN_URL/,
    );
  });
});
