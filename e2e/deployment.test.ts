import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningProduct, startProduct, waitFor } from './support/product.ts';

const workspaceRoot = fileURLToPath(new URL('../', import.meta.url));

const productionEnv = {
  PUBLIC_SITE_URL: 'https://www.centre.test',
  ADMIN_EMAIL: 'owner@centre.test',
  JWT_SECRET: 'a'.repeat(48),
  MINIO_ROOT_USER: 'centre',
  MINIO_ROOT_PASSWORD: 'b'.repeat(24),
  S3_PUBLIC_URL: 'https://www.centre.test/media',
};

/** `docker compose` when the plugin is there, else Debian's standalone docker-compose (CI installs it). */
function composeCommand(): [string, string[]] {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', ['compose']];
  return ['docker-compose', []];
}

function composeConfig(env: Record<string, string>) {
  const [command, prefix] = composeCommand();
  return spawnSync(command, [...prefix, '-f', 'docker-compose.yml', 'config'], {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

describe('docker-compose.yml', () => {
  it('is accepted by docker compose, with api, minio, its bucket set-up and the web server', () => {
    const result = composeConfig(productionEnv);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    for (const service of ['api:', 'minio:', 'minio-init:', 'web:']) expect(result.stdout).toContain(service);
    expect(result.stdout).toContain('api-data');
  });

  it('refuses to render without the secrets, naming them', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/PUBLIC_SITE_URL|JWT_SECRET|MINIO_ROOT_USER|ADMIN_EMAIL/);
  });

  it('keeps no secret in the repository', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: workspaceRoot, encoding: 'utf8' }).split('\n');
    expect(tracked).not.toContain('.env');
    expect(tracked.filter((file) => /jwt-secret|\.sqlite$/.test(file))).toEqual([]);
  });
});

/** Renders deploy/nginx/default.conf.template as nginx's image does (only the listed variables). */
function renderTemplate(variables: Record<string, string>): string {
  const template = readFileSync(path.join(workspaceRoot, 'deploy/nginx/default.conf.template'), 'utf8');
  return template.replace(/\$\{(\w+)\}/g, (match, name: string) => variables[name] ?? match);
}

describe("the production nginx configuration, run by Debian's nginx on loopback in front of the product", () => {
  let product: RunningProduct;
  let nginx: ChildProcess;
  let base: string;
  const work = mkdtempSync(path.join(tmpdir(), 'cfp-nginx-'));

  beforeAll(async () => {
    product = await startProduct({ SITE_REBUILD_DEBOUNCE_MS: '0' });
    await waitFor(
      async () => (await fetch(`${product.url}/`)).status === 200,
      240_000,
      () => product.output(),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const upstream = new URL(product.url).host;
    writeFileSync(
      path.join(work, 'default.conf'),
      renderTemplate({
        LISTEN: `127.0.0.1:${port}`,
        SITE_ROOT: path.join(product.dataDir, 'site', 'current'),
        ADMIN_ROOT: path.join(workspaceRoot, 'admin', 'dist'),
        API_UPSTREAM: upstream,
        MEDIA_UPSTREAM: `${upstream}/media`,
      }),
    );
    for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, folder));
    writeFileSync(
      path.join(work, 'nginx.conf'),
      [
        'user root;',
        'daemon off;',
        'worker_processes 1;',
        `pid ${work}/nginx.pid;`,
        `error_log ${work}/error.log warn;`,
        'events { worker_connections 64; }',
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
    nginx = spawn('nginx', ['-e', `${work}/error.log`, '-c', `${work}/nginx.conf`], { stdio: 'ignore' });
    await waitFor(
      async () => (await fetch(`${base}/`)).status === 200,
      15_000,
      () => readFileSync(`${work}/error.log`, 'utf8'),
    );
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await product?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves pages at their canonical URLs with the security headers and no cache for HTML', async () => {
    for (const page of ['/', '/blog', '/contact', '/formation/soudure']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    }
    const missing = await fetch(`${base}/page-inconnue`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page introuvable');
  });

  it('redirects the legacy URLs, serves the admin app, proxies the API and compresses hashed assets with a long cache', async () => {
    for (const [from, to] of [
      ['/Formation', '/formations'],
      ['/FAQ', '/faq'],
      ['/formation/MarketingDigitalCommunication', '/formation/marketing-digital-communication'],
    ]) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
    const adminPage = await fetch(`${base}/admin/login`);
    expect(await adminPage.text()).toContain('<div id="root">');
    expect(adminPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(health.headers.get('content-security-policy')).toContain("default-src 'none'");

    const asset = readdirSync(path.join(product.dataDir, 'site', 'current', '_astro')).find((file) => file.endsWith('.css'));
    // node:http, not fetch: fetch would undo the compression before the test could see it.
    const compressed = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      get(`${base}/_astro/${asset}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.body).length).toBeGreaterThan(compressed.body.length);
  });
});
