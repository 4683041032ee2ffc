import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossOrigins } from '@cfp/shared';
import { type Env, envSchema, type TrustProxy } from './config-env.ts';

/**
 * The only module that reads `process.env`. Everything else receives a `Config`.
 * A bad value stops the start with a message naming the variable.
 */

/**
 * Every uploaded image's key starts with it: the images' part of their bucket. Config owns it
 * (the storage re-exports it) because the checks below keep the site and the replica out of it.
 */
export const imagesKeyPrefix = 'blogImages/';

/** Where the images live when STORAGE_DRIVER=s3; publicUrl is where visitors read them. */
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  publicUrl: string;
}

/** Where the database is replicated continuously (Litestream), and how often. */
export interface DatabaseReplica {
  connection: Omit<S3Settings, 'bucket' | 'publicUrl'>;
  bucket: string;
  prefix: string;
  syncIntervalSeconds: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  /**
   * The system variables the child processes may see (the `astro build` of the site,
   * Litestream): PATH, HOME, TMPDIR, LANG, TZ, never this process's secrets (JWT_SECRET, S3 keys,
   * ADMIN_PASSWORD, SMTP_URL).
   */
  systemEnv: Record<string, string>;
  /** One readable line per event for a person at a terminal; JSON lines for a log collector. */
  logFormat: 'pretty' | 'json';
  /**
   * Which proxies may name the client in X-Forwarded-For: false (none), the proxies'
   * addresses/CIDRs, or a number of hops (as Fastify does for a number, which its types omit).
   */
  trustProxy: TrustProxy;
  firstAdmin: { email: string | undefined; password: string | undefined; username: string | undefined };
  jwt: { secret: string; expiresInSeconds: number };
  storage: { driver: 'local'; directory: string; publicUrl: string } | ({ driver: 's3' } & S3Settings);
  /** DB_REPLICA=s3: every write of the database copied to S3 within the sync interval; off by default. */
  databaseReplica: DatabaseReplica | undefined;
  uploadMaxBytes: number;
  /** The centre's time zone: dates shown to staff and written in exports. */
  timeZone: string;
  /** Applications untouched for this many days are deleted with the personal data they hold. */
  applicationRetentionDays: number;
  /** Pages shown are kept as daily totals this many days; their weekly totals stay three years (decision 0039). */
  pageViewDaysKept: number;
  mail: { smtpUrl: string; from: string; contactInbox: string } | undefined;
  /**
   * NEWSLETTER_RATE_PER_MINUTE: at most this many newsletter e-mails leave in any minute (20 by
   * default, 1,200 an hour). The SMTP accounts a small centre has (its host's mailbox, a
   * transactional service's free tier) throttle or suspend an account past a few hundred to a
   * couple of thousand messages an hour, and a burst looks like spam to the receiving servers;
   * at 20 a minute a list of a few hundred subscribers is out within the half hour.
   */
  newsletterRatePerMinute: number;
  site: {
    rebuild: Env['SITE_REBUILD'];
    deployHookUrl: string | undefined;
    debounceMs: number;
    /** The longest pause a build that follows another leaves the API (twice the last build's length, capped). */
    longestPauseMs: number;
    /** The quality of the build's brotli copies: 11, the smallest files; lower only where build time matters more (the tests). */
    brotliQuality: number;
    /** SITE_BUILD_PRIORITY: `idle` (production) builds below the API; `normal` for the tests' products, where the build is what is waited for. */
    buildPriority: 'idle' | 'normal';
    /** SITE_BUILD_WARM_MS: how long the build process stays loaded after a build (0: `astro build` afresh each time). */
    warmMs: number;
    /** Serve the built site at `/` and the admin at `/admin/` from this process. */
    serve: boolean;
    /** Where the built site goes (`builds/` and the `current` link): SITE_DIR, default DATA_DIR/site. */
    directory: string;
    /** Where each new build goes live besides this process's own copy. */
    publish: SitePublishTarget;
  };
  content: {
    /** The folder editors change (CONTENT_DIR, default the repository's content/): the site is built from it. */
    directory: string;
    /** CONTENT_STRICT: missing required details and unconfirmed programmes keep the content from going live. */
    strict: boolean;
    /** How often the folder is compared for changes, which rebuild the site; 0 does not watch it. */
    watchIntervalMs: number;
    /**
     * The shared git repository the admin's saves are pushed to and editors' commits pulled from
     * (CONTENT_GIT_REPO); the API keeps its own clone in DATA_DIR/content-repo. Without it, saves
     * are commits of the repository that holds the content folder, made there if there is none.
     */
    remote: ContentRemote | undefined;
    /** The system variables git may see (PATH, HOME, proxies, CA files, GIT_CONFIG_GLOBAL): never this process's secrets. */
    gitEnv: Record<string, string>;
  };
  publicUrls: PublicUrls;
  /** The site's and the admin's origins when they are not the API's: the only ones CORS lets in. */
  corsOrigins: string[];
}

type S3Connection = Omit<S3Settings, 'bucket' | 'publicUrl'>;

export interface ContentRemote {
  url: string;
  ref: string;
  /** HTTPS: a token allowed to write to that repository only (CONTENT_GIT_USERNAME, CONTENT_GIT_TOKEN). */
  username?: string;
  token?: string;
  /** SSH: a deploy key with write access (CONTENT_GIT_SSH_KEY_FILE). */
  sshKeyFile?: string;
  /** Where the API's clone lives. */
  cloneDir: string;
  /** How often it pulls editors' commits and retries a push that failed. */
  syncIntervalMs: number;
}

/** local: this process serves it; dir: a link a static server reads; s3: a bucket behind a CDN. */
type SitePublishTarget =
  | { target: 'local' }
  | { target: 'dir'; directory: string }
  | { target: 's3'; connection: S3Connection; bucket: string; prefix: string };

/**
 * Where visitors and staff reach each part, without a trailing slash. By default one origin
 * serves all three: the site at `/`, the admin at `/admin`, the API at `/api`.
 */
interface PublicUrls {
  site: string;
  admin: string;
  api: string;
}

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const localOrigin = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  if (env.SITE_REBUILD === 'hook' && !env.SITE_DEPLOY_HOOK_URL) {
    throw new ConfigError('Invalid configuration:\n  SITE_DEPLOY_HOOK_URL: required when SITE_REBUILD=hook');
  }
  const publicUrls = publicUrlsOf(env, localOrigin);
  refuseSiteOverImages(env);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    logLevel: env.LOG_LEVEL,
    systemEnv: pickDefined(environment, ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']),
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: env.TRUST_PROXY,
    firstAdmin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, username: env.ADMIN_USERNAME },
    jwt: { secret: env.JWT_SECRET ?? persistedSecret(dataDir), expiresInSeconds: Math.round(env.JWT_EXPIRES_IN_HOURS * 3600) },
    storage: storageConfig(env, dataDir, publicUrls.api),
    databaseReplica: databaseReplicaConfig(env),
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    timeZone: env.TIME_ZONE,
    applicationRetentionDays: env.APPLICATION_RETENTION_DAYS,
    pageViewDaysKept: env.PAGE_VIEW_DAYS_KEPT,
    mail: mailConfig(env),
    newsletterRatePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
    site: {
      rebuild: env.SITE_REBUILD,
      deployHookUrl: env.SITE_DEPLOY_HOOK_URL,
      debounceMs: env.SITE_REBUILD_DEBOUNCE_MS,
      longestPauseMs: env.SITE_REBUILD_LONGEST_PAUSE_MS,
      brotliQuality: env.SITE_BROTLI_QUALITY,
      buildPriority: env.SITE_BUILD_PRIORITY,
      warmMs: env.SITE_BUILD_WARM_MS,
      serve: env.SITE_SERVE,
      directory: env.SITE_DIR ? path.resolve(env.SITE_DIR) : path.join(dataDir, 'site'),
      publish: sitePublishTarget(env),
    },
    content: contentConfig(env, dataDir, environment),
    publicUrls,
    corsOrigins: corsOrigins(publicUrls),
  };
}

const repositoryContentDir = fileURLToPath(new URL('../../content', import.meta.url));

function contentConfig(env: Env, dataDir: string, environment: NodeJS.ProcessEnv): Config['content'] {
  const cloneDir = path.join(dataDir, 'content-repo');
  const remote = env.CONTENT_GIT_REPO
    ? {
        url: env.CONTENT_GIT_REPO,
        ref: env.CONTENT_GIT_REF,
        username: env.CONTENT_GIT_USERNAME,
        token: env.CONTENT_GIT_TOKEN,
        sshKeyFile: env.CONTENT_GIT_SSH_KEY_FILE,
        cloneDir,
        syncIntervalMs: env.CONTENT_SYNC_INTERVAL_MS,
      }
    : undefined;
  const directory = env.CONTENT_DIR
    ? path.resolve(env.CONTENT_DIR)
    : remote
      ? path.join(cloneDir, 'content')
      : repositoryContentDir;
  const gitEnv = pickDefined(environment, [
    'PATH',
    'HOME',
    'TMPDIR',
    'GIT_CONFIG_GLOBAL',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'HTTPS_PROXY',
    'HTTP_PROXY',
    'NO_PROXY',
  ]);
  return { directory, strict: env.CONTENT_STRICT, watchIntervalMs: env.CONTENT_WATCH_INTERVAL_MS, remote, gitEnv };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function publicUrlsOf(env: Env, localOrigin: string): PublicUrls {
  const site = withoutTrailingSlash(env.PUBLIC_SITE_URL ?? localOrigin);
  return {
    site,
    admin: withoutTrailingSlash(env.PUBLIC_ADMIN_URL ?? `${site}/admin`),
    api: withoutTrailingSlash(env.PUBLIC_API_URL ?? `${site}/api`),
  };
}

function corsOrigins(urls: PublicUrls): string[] {
  const { siteOrigin, adminOrigin } = crossOrigins(urls, 'api');
  return [...new Set([siteOrigin, adminOrigin])].filter((origin) => origin !== undefined);
}

function sitePublishTarget(env: Env): SitePublishTarget {
  if (env.SITE_PUBLISH === 'local') return { target: 'local' };
  if (env.SITE_PUBLISH === 'dir') {
    if (!env.SITE_PUBLISH_DIR)
      throw new ConfigError('Invalid configuration:\n  SITE_PUBLISH_DIR: required when SITE_PUBLISH=dir');
    return { target: 'dir', directory: path.resolve(env.SITE_PUBLISH_DIR) };
  }
  const missing = (['SITE_S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when SITE_PUBLISH=s3`);
  return {
    target: 's3',
    connection: {
      endpoint: env.S3_ENDPOINT as string,
      region: env.S3_REGION,
      accessKey: env.S3_ACCESS_KEY as string,
      secretKey: env.S3_SECRET_KEY as string,
    },
    bucket: env.SITE_S3_BUCKET as string,
    prefix: env.SITE_S3_PREFIX,
  };
}

/**
 * A site published into the images' bucket with a prefix that contains theirs (or is contained
 * by it) would share keys with the uploads: refused, rather than trusting every publish to
 * leave them alone.
 */
function refuseSiteOverImages(env: Env): void {
  if (env.SITE_PUBLISH !== 's3' || env.STORAGE_DRIVER !== 's3' || env.SITE_S3_BUCKET !== env.S3_BUCKET) return;
  const sitePrefix = env.SITE_S3_PREFIX;
  if (!sitePrefix.startsWith(imagesKeyPrefix) && !imagesKeyPrefix.startsWith(sitePrefix)) return;
  throw new ConfigError(
    `Invalid configuration:\n  SITE_S3_BUCKET, SITE_S3_PREFIX: the site would be published over the uploaded images (S3_BUCKET ${env.S3_BUCKET}, under ${imagesKeyPrefix}); give the site its own bucket, or a SITE_S3_PREFIX such as site/`,
  );
}

/**
 * The replica's S3 defaults to the images' (S3_*), in its own prefix; DB_REPLICA_S3_* points it
 * elsewhere, as it should be: off the server the database is on. Its keys may not meet the
 * images' or the published site's.
 */
function databaseReplicaConfig(env: Env): DatabaseReplica | undefined {
  if (env.DB_REPLICA === 'off') return undefined;
  const replica = {
    endpoint: env.DB_REPLICA_S3_ENDPOINT ?? env.S3_ENDPOINT,
    region: env.DB_REPLICA_S3_REGION ?? env.S3_REGION,
    bucket: env.DB_REPLICA_S3_BUCKET ?? env.S3_BUCKET,
    accessKey: env.DB_REPLICA_S3_ACCESS_KEY ?? env.S3_ACCESS_KEY,
    secretKey: env.DB_REPLICA_S3_SECRET_KEY ?? env.S3_SECRET_KEY,
  };
  const missing = (['endpoint', 'accessKey', 'secretKey'] as const)
    .filter((field) => !replica[field])
    .map((field) => `DB_REPLICA_S3_${{ endpoint: 'ENDPOINT', accessKey: 'ACCESS_KEY', secretKey: 'SECRET_KEY' }[field]}`);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required when DB_REPLICA=s3 (or the S3_* of the images)`,
    );
  }
  const prefix = env.DB_REPLICA_S3_PREFIX;
  const overlaps = (other: string) => prefix.startsWith(other) || other.startsWith(prefix);
  const meetsImages = replica.bucket === env.S3_BUCKET && env.STORAGE_DRIVER === 's3' && overlaps(imagesKeyPrefix);
  const meetsSite = replica.bucket === env.SITE_S3_BUCKET && env.SITE_PUBLISH === 's3' && overlaps(env.SITE_S3_PREFIX);
  if (meetsImages || meetsSite) {
    throw new ConfigError(
      `Invalid configuration:\n  DB_REPLICA_S3_PREFIX: ${prefix} would share keys with the ${meetsImages ? 'uploaded images' : 'published site'} in ${replica.bucket}; choose another prefix or bucket`,
    );
  }
  return {
    connection: {
      endpoint: replica.endpoint as string,
      region: replica.region,
      accessKey: replica.accessKey as string,
      secretKey: replica.secretKey as string,
    },
    bucket: replica.bucket,
    prefix,
    syncIntervalSeconds: env.DB_REPLICA_SYNC_INTERVAL_SECONDS,
  };
}

function pickDefined(environment: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (environment[name] ? [[name, environment[name]]] : [])));
}

/** Local images are served by this process at `/media`, beside its `/api`. */
function storageConfig(env: Env, dataDir: string, apiUrl: string): Config['storage'] {
  if (env.STORAGE_DRIVER === 'local') {
    return { driver: 'local', directory: path.join(dataDir, 'media'), publicUrl: `${apiUrl.replace(/\/api$/, '')}/media` };
  }
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when STORAGE_DRIVER=s3`);
  const endpoint = env.S3_ENDPOINT as string;
  return {
    driver: 's3',
    endpoint,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKey: env.S3_ACCESS_KEY as string,
    secretKey: env.S3_SECRET_KEY as string,
    publicUrl: (env.S3_PUBLIC_URL ?? `${endpoint.replace(/\/$/, '')}/${env.S3_BUCKET}`).replace(/\/$/, ''),
  };
}

function mailConfig(env: Env): Config['mail'] {
  if (!env.SMTP_URL) return undefined;
  const missing = (['MAIL_FROM', 'CONTACT_INBOX'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when SMTP_URL is set`);
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM as string, contactInbox: env.CONTACT_INBOX as string };
}

/** A secret generated once and kept in the data directory, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
