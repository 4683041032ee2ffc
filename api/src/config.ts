import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossOrigins, defaultApplicationRetentionDays, siteRebuildModes } from '@cfp/shared';
import { z } from 'zod';
import { imagesKeyPrefix } from './storage/storage.ts';

/**
 * The only module that reads `process.env`. Everything else receives a `Config`.
 * A bad value stops the start with a message naming the variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * A number setting whose unset and empty values both take its default: `z.coerce` alone reads an
 * empty value (`PORT=` in a .env file or a compose file) as 0.
 */
const numberSetting = (schema: z.ZodCoercedNumber, fallback: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.default(fallback));

const optionalUrl = (name: string) =>
  optionalString.pipe(z.url({ error: `${name} must be an absolute URL (http:// or https://)` }).optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * A key prefix in a bucket: folder names each ending with `/`. A `.` or `..` folder is refused:
 * S3 keeps it as written, so `./blogImages/` would be another string than `blogImages/` and pass
 * the overlap checks while a proxy or a copy tool normalised it onto the images.
 */
const keyPrefix = ({ example, empty }: { example: string; empty: boolean }) =>
  z
    .string()
    .trim()
    .regex(empty ? /^((?!\.\.?\/)[\w.-]+\/)*$/ : /^((?!\.\.?\/)[\w.-]+\/)+$/, {
      error: `must be ${empty ? 'empty or ' : ''}folder names each ending with /, none of them . or .., such as ${example}`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: numberSetting(z.coerce.number().int().min(0).max(65535), 8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: optionalString.transform((value, context) => trustedProxies(value, context)),

  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  ADMIN_USERNAME: optionalString,

  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN_HOURS: numberSetting(z.coerce.number().min(0.01).max(12, 'must be at most 12 hours'), 8),

  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_BUCKET: z.string().trim().default('centre-formation'),
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl('S3_PUBLIC_URL'),
  UPLOAD_MAX_BYTES: numberSetting(z.coerce.number().int().positive(), 5 * 1024 * 1024),

  TIME_ZONE: z
    .string()
    .trim()
    .default('Africa/Douala')
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Africa/Douala' }),

  APPLICATION_RETENTION_DAYS: numberSetting(
    z.coerce.number().int().min(30, 'must be at least 30 days: staff need time to call back').max(3650),
    defaultApplicationRetentionDays,
  ),

  SMTP_URL: optionalString.pipe(z.url({ error: 'SMTP_URL must look like smtp://user:pass@host:587' }).optional()),
  MAIL_FROM: optionalString,
  CONTACT_INBOX: optionalString.pipe(z.email().optional()),

  SITE_REBUILD: z.enum(siteRebuildModes).default('local'),
  SITE_DEPLOY_HOOK_URL: optionalUrl('SITE_DEPLOY_HOOK_URL'),
  SITE_REBUILD_DEBOUNCE_MS: numberSetting(z.coerce.number().int().min(0), 3000),
  SITE_REBUILD_LONGEST_PAUSE_MS: numberSetting(z.coerce.number().int().min(0), 20_000),
  SITE_BROTLI_QUALITY: numberSetting(z.coerce.number().int().min(0).max(11), 11),
  SITE_BUILD_PRIORITY: z.enum(['idle', 'normal']).default('idle'),
  SITE_PUBLISH: z.enum(['local', 'dir', 's3']).default('local'),
  SITE_PUBLISH_DIR: optionalString,
  SITE_S3_BUCKET: optionalString,
  SITE_S3_PREFIX: keyPrefix({ example: 'site/', empty: true }).default(''),
  SITE_SERVE: booleanFlag.default(true),
  CONTENT_DIR: optionalString,
  CONTENT_STRICT: booleanFlag.default(false),
  CONTENT_WATCH_INTERVAL_MS: numberSetting(z.coerce.number().int().min(0), 2000),
  CONTENT_GIT_REPO: optionalString,
  CONTENT_GIT_REF: z
    .string()
    .trim()
    .regex(/^[\w][\w./-]*$/, { error: 'must be a branch name, such as main' })
    .default('main'),
  CONTENT_GIT_USERNAME: optionalString,
  CONTENT_GIT_TOKEN: optionalString,
  CONTENT_GIT_SSH_KEY_FILE: optionalString,
  CONTENT_SYNC_INTERVAL_MS: numberSetting(z.coerce.number().int().min(1000), 60_000),
  SITE_DIR: optionalString,
  DB_REPLICA: z.enum(['off', 's3']).default('off'),
  DB_REPLICA_S3_ENDPOINT: optionalUrl('DB_REPLICA_S3_ENDPOINT'),
  DB_REPLICA_S3_REGION: optionalString,
  DB_REPLICA_S3_BUCKET: optionalString,
  DB_REPLICA_S3_PREFIX: keyPrefix({ example: 'database/', empty: false }).default('database/'),
  DB_REPLICA_S3_ACCESS_KEY: optionalString,
  DB_REPLICA_S3_SECRET_KEY: optionalString,
  DB_REPLICA_SYNC_INTERVAL_SECONDS: numberSetting(z.coerce.number().int().min(1).max(3600), 1),

  PUBLIC_SITE_URL: optionalUrl('PUBLIC_SITE_URL'),
  PUBLIC_ADMIN_URL: optionalUrl('PUBLIC_ADMIN_URL'),
  PUBLIC_API_URL: optionalUrl('PUBLIC_API_URL'),
});

type Env = z.infer<typeof envSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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
  trustProxy: false | string[] | TrustedHops;
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
  mail: { smtpUrl: string; from: string; contactInbox: string } | undefined;
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

/** Trusts the `hops` nearest addresses: the socket's peer is hop 0, then X-Forwarded-For from the right. */
type TrustedHops = ((address: string, hop: number) => boolean) & { hops: number };

function trustedHops(hops: number): TrustedHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY=true would take the leftmost X-Forwarded-For entry, which the client writes:
 * refused, so a forged header cannot choose the address rate limits and lock-outs count.
 */
function trustedProxies(value: string | undefined, context: z.RefinementCtx): Config['trustProxy'] {
  if (value === undefined || ['false', '0', 'no'].includes(value)) return false;
  if (/^\d+$/.test(value)) return trustedHops(Number(value));
  if (['true', 'yes'].includes(value)) {
    context.addIssue({
      code: 'custom',
      message:
        'true would trust any X-Forwarded-For a client sends; set the number of proxies in front (1 for the nginx of docker-compose.yml) or their addresses (e.g. 10.0.0.0/8,192.168.1.2)',
    });
    return false;
  }
  const addresses = value.split(',').map((address) => address.trim());
  const invalid = addresses.filter((address) => !proxyAddress.safeParse(address).success);
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `not a number of proxies nor a list of IP addresses or CIDR ranges: ${invalid.join(', ')}`,
    });
    return false;
  }
  return addresses;
}

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
    mail: mailConfig(env),
    site: {
      rebuild: env.SITE_REBUILD,
      deployHookUrl: env.SITE_DEPLOY_HOOK_URL,
      debounceMs: env.SITE_REBUILD_DEBOUNCE_MS,
      longestPauseMs: env.SITE_REBUILD_LONGEST_PAUSE_MS,
      brotliQuality: env.SITE_BROTLI_QUALITY,
      buildPriority: env.SITE_BUILD_PRIORITY,
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
