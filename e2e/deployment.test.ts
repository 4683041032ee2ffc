import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './support/http.ts';
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

/** Renders deploy/nginx/default.conf.template as the web image does: deploy/nginx/start.sh's envsubst and variable list. */
function renderTemplate(variables: Record<string, string>): string {
  const startScript = readFileSync(path.join(workspaceRoot, 'deploy/nginx/start.sh'), 'utf8');
  const substituted = startScript.match(/envsubst '([^']+)'/)?.[1];
  if (!substituted) throw new Error('deploy/nginx/start.sh no longer calls envsubst with a variable list');
  const rendered = execFileSync('envsubst', [substituted], {
    input: readFileSync(path.join(workspaceRoot, 'deploy/nginx/default.conf.template'), 'utf8'),
    env: variables,
    encoding: 'utf8',
  });
  const unfilled = rendered.split('\n').filter((line) => !line.trimStart().startsWith('#') && /\$\{\w+\}/.test(line));
  if (unfilled.length > 0) throw new Error(`variables left unfilled by start.sh: ${unfilled.join('; ')}`);
  return rendered;
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
        // Debian's packaged modules, brotli among them, as the web image loads them.
        'include /etc/nginx/modules-enabled/*.conf;',
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
    const stylesheet = await rawGet(`${base}/_astro/${asset}`, 'gzip');
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(stylesheet.headers['content-encoding']).toBe('gzip');
    expect(stylesheet.decoded().length).toBeGreaterThan(stylesheet.body.length);
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
});
