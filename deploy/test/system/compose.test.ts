import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** docker-compose.yml as Docker reads it: which services, secrets, volumes and policies a deployer gets. */

const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

const productionEnv = {
  PUBLIC_SITE_URL: 'https://www.centre.test',
  PUBLIC_ADMIN_URL: 'https://admin.centre.test',
  PUBLIC_API_URL: 'https://api.centre.test/api',
  ADMIN_EMAIL: 'owner@centre.test',
  ADMIN_PASSWORD: 'a long owner passphrase',
  JWT_SECRET: 'a'.repeat(48),
  MINIO_ROOT_USER: 'centre',
  MINIO_ROOT_PASSWORD: 'b'.repeat(24),
  S3_ACCESS_KEY: 'centre-api',
  S3_SECRET_KEY: 'c'.repeat(24),
  S3_PUBLIC_URL: 'https://api.centre.test/media',
  CONTENT_GIT_REPO: 'https://git.centre.test/centre/site.git',
};

/** The three public addresses of an environment. */
const splitOf = (env: typeof productionEnv) => ({
  PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
  PUBLIC_ADMIN_URL: env.PUBLIC_ADMIN_URL,
  PUBLIC_API_URL: env.PUBLIC_API_URL,
});

/** `docker compose` when the plugin is there, else Debian's standalone docker-compose (CI installs it). */
const [composeProgram, composePrefix]: [string, string[]] =
  spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', ['compose']] : ['docker-compose', []];

function composeConfig(env: Record<string, string>) {
  return spawnSync(composeProgram, [...composePrefix, '-f', 'docker-compose.yml', 'config'], {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

interface ComposeService {
  environment: Record<string, string>;
  volumes?: string[];
  ports?: Array<{ published: number; target: number; protocol?: string }>;
  network_mode?: string;
  build?: { target?: string };
  init?: boolean;
  restart?: string;
  healthcheck?: { test: string[] };
  entrypoint?: string[];
}

const renderedServices = new Map<string, Record<string, ComposeService>>();

/**
 * The configuration docker compose would run, parsed (Python's YAML, which docker-compose itself
 * runs on); rendered once per environment, as docker-compose takes a second to start.
 */
function composeServices(env: Record<string, string>): Record<string, ComposeService> {
  const key = JSON.stringify(env);
  const rendered = renderedServices.get(key) ?? renderServices(env);
  renderedServices.set(key, rendered);
  return rendered;
}

function renderServices(env: Record<string, string>): Record<string, ComposeService> {
  const result = composeConfig(env);
  if (result.status !== 0) throw new Error(result.stderr);
  const json = execFileSync('python3', ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], {
    input: result.stdout,
    encoding: 'utf8',
  });
  return (JSON.parse(json) as { services: Record<string, ComposeService> }).services;
}

/** The JSON documents minio-init writes with a here-document, its bucket filled in. */
function minioInitPolicies(service: ComposeService, bucket: string): Record<string, { Statement: unknown[] }> {
  const script = service.entrypoint?.at(-1) ?? '';
  const policies: Record<string, { Statement: unknown[] }> = {};
  for (const match of script.matchAll(/cat > (\S+) <<JSON\n([^\n]+)\nJSON/g)) {
    policies[match[1] as string] = JSON.parse((match[2] as string).replaceAll('$$S3_BUCKET', bucket));
  }
  return policies;
}

describe('docker-compose.yml', () => {
  it('is accepted by docker compose, with api, minio, its bucket set-up, the web server and its HTTPS front', () => {
    const result = composeConfig(productionEnv);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    for (const service of ['api:', 'minio:', 'minio-init:', 'web:', 'caddy:']) expect(result.stdout).toContain(service);
    expect(result.stdout).toContain('api-data');
  });

  it('refuses to render without the secrets, naming them', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/PUBLIC_SITE_URL|JWT_SECRET|MINIO_ROOT_USER|ADMIN_EMAIL/);
  });

  it('refuses to start without ADMIN_PASSWORD: a generated one would be printed into the kept container log', () => {
    const result = composeConfig({ ...productionEnv, ADMIN_PASSWORD: '' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set ADMIN_PASSWORD');
  });

  it('runs the split layout by default: nginx told the three public addresses, the API given the same ones', () => {
    const { api, web } = composeServices(productionEnv);
    expect(web?.environment).toMatchObject({
      LAYOUT: 'split',
      PUBLIC_ADMIN_URL: 'https://admin.centre.test',
      PUBLIC_API_URL: 'https://api.centre.test/api',
    });
    expect(api?.environment).toMatchObject({
      PUBLIC_SITE_URL: 'https://www.centre.test',
      PUBLIC_ADMIN_URL: 'https://admin.centre.test',
    });
    expect(composeServices({ ...productionEnv, LAYOUT: 'single' }).web?.environment.LAYOUT).toBe('single');
    const withoutAdmin = composeConfig({ ...productionEnv, PUBLIC_ADMIN_URL: '' });
    expect(withoutAdmin.status).not.toBe(0);
    expect(withoutAdmin.stderr).toContain('PUBLIC_ADMIN_URL');
  });

  it('gives the API the content repository to clone, pull from and push the admin saves to, not the image content', () => {
    const services = composeServices(productionEnv);
    expect(services.api?.environment).toMatchObject({
      CONTENT_GIT_REPO: 'https://git.centre.test/centre/site.git',
      CONTENT_GIT_REF: 'main',
      CONTENT_STRICT: 'true',
    });
    expect(services.api?.environment.CONTENT_DIR).toBeUndefined();
    expect(Object.keys(services)).not.toContain('content-sync');
    const withoutRepository = composeConfig({ ...productionEnv, CONTENT_GIT_REPO: '' });
    expect(withoutRepository.status).not.toBe(0);
    expect(withoutRepository.stderr).toContain('CONTENT_GIT_REPO');
  });

  it('replicates the database continuously, by default to its own prefix of the MinIO bucket', () => {
    const { api } = composeServices(productionEnv);
    expect(api?.environment).toMatchObject({
      DB_REPLICA: 's3',
      DB_REPLICA_S3_PREFIX: 'database/',
      DB_REPLICA_SYNC_INTERVAL_SECONDS: '1',
    });
    const offSite = composeServices({ ...productionEnv, DB_REPLICA_S3_ENDPOINT: 'https://s3.eu-west-3.amazonaws.com' }).api;
    expect(offSite?.environment.DB_REPLICA_S3_ENDPOINT).toBe('https://s3.eu-west-3.amazonaws.com');
  });

  it('makes the API trust exactly one proxy, its nginx, for the client address', () => {
    const { api } = composeServices(productionEnv);
    expect(api?.environment.TRUST_PROXY).toBe('1');
  });

  it('gives the API its own S3 key, limited to the bucket, instead of the MinIO root account', () => {
    const services = composeServices(productionEnv);
    expect(services.api?.environment.S3_ACCESS_KEY).toBe('centre-api');
    expect(services.api?.environment.S3_SECRET_KEY).toBe('c'.repeat(24));
    expect(JSON.stringify(services.api?.environment)).not.toContain(productionEnv.MINIO_ROOT_PASSWORD);
    const script = services['minio-init']?.entrypoint?.at(-1) ?? '';
    expect(script).toMatch(/mc admin user add local "\$\$S3_ACCESS_KEY" "\$\$S3_SECRET_KEY"/);
    expect(script).toMatch(/mc admin policy attach local cfp-api --user "\$\$S3_ACCESS_KEY"/);
    const apiPolicy = minioInitPolicies(services['minio-init'] as ComposeService, 'centre-formation')['/tmp/api-bucket.json'];
    expect(apiPolicy?.Statement).toEqual([
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::centre-formation'] },
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        Resource: ['arn:aws:s3:::centre-formation/*'],
      },
    ]);
    const withoutApiKey = composeConfig({ ...productionEnv, S3_ACCESS_KEY: '' });
    expect(withoutApiKey.status).not.toBe(0);
    expect(withoutApiKey.stderr).toContain('S3_ACCESS_KEY');
  });

  it('lets anonymous readers get objects under blogImages/ only: no listing, no other key', () => {
    const minioInit = composeServices(productionEnv)['minio-init'] as ComposeService;
    const script = minioInit.entrypoint?.at(-1) ?? '';
    expect(script).not.toMatch(/anonymous set (download|public)/);
    expect(script).toContain('mc anonymous set-json /tmp/public-images.json');
    expect(minioInitPolicies(minioInit, 'centre-formation')['/tmp/public-images.json']?.Statement).toEqual([
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetObject'],
        Resource: ['arn:aws:s3:::centre-formation/blogImages/*'],
      },
    ]);
  });

  it('mounts only the built site, read-only, in the web server: not the database volume', () => {
    const { api, web } = composeServices(productionEnv);
    expect(web?.volumes).toEqual(['site-data:/srv/site:ro']);
    expect(web?.environment.SITE_ROOT).toBe('/srv/site/current');
    expect(api?.environment.SITE_DIR).toBe('/site');
    expect(api?.volumes).toEqual(expect.arrayContaining(['api-data:/data:rw', 'site-data:/site:rw']));
  });

  it('puts Caddy in front on ports 80 and 443, and nginx behind it on loopback, trusting it alone to name the client', () => {
    const { web, caddy } = composeServices(productionEnv);
    expect(caddy?.build?.target).toBe('edge');
    expect(caddy?.network_mode).toBe('service:web');
    expect(caddy?.environment).toMatchObject({ ...splitOf(productionEnv), TLS: 'acme' });
    expect(caddy?.volumes).toEqual(['caddy-data:/data:rw', 'caddy-config:/config:rw']);
    expect(web?.ports).toEqual([
      { published: 80, target: 80 },
      { published: 443, target: 443 },
      { published: 443, target: 443, protocol: 'udp' },
    ]);
    expect(web?.environment).toMatchObject({ LISTEN: '127.0.0.1:8080', TRUSTED_PROXIES: '127.0.0.1', FORCE_HTTPS: 'true' });
    expect(composeServices({ ...productionEnv, TLS: 'internal' }).caddy?.environment.TLS).toBe('internal');
  });

  it('restarts an API that stops answering: init as PID 1 and a health check that stops the stuck process', () => {
    const { api } = composeServices(productionEnv);
    expect(api?.init).toBe(true);
    expect(api?.restart).toBe('unless-stopped');
    expect(api?.healthcheck?.test).toEqual(['CMD', 'node', 'deploy/api/healthcheck.mjs']);
  });

  it('keeps no secret in the repository', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: workspaceRoot, encoding: 'utf8' }).split('\n');
    expect(tracked).not.toContain('.env');
    expect(tracked.filter((file) => /jwt-secret|\.sqlite$/.test(file))).toEqual([]);
  });
});
