import { defaultApplicationRetentionDays, siteRebuildModes } from '@cfp/shared';
import { z } from 'zod';

/*
 * The API's environment as config.ts reads it: each variable, its type, its default and what a
 * bad value says. config.ts derives the `Config` everything else receives from it.
 */

/** Which proxies' X-Forwarded-For the API believes: none, these addresses, or the nearest hops. */
export type TrustProxy = false | string[] | TrustedHops;

/** Trusts the `hops` nearest addresses: the socket's peer is hop 0, then X-Forwarded-For from the right. */
export type TrustedHops = ((address: string, hop: number) => boolean) & { hops: number };

function trustedHops(hops: number): TrustedHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY=true would take the leftmost X-Forwarded-For entry, which the client writes:
 * refused, so a forged header cannot choose the address rate limits and lock-outs count.
 */
function trustedProxies(value: string | undefined, context: z.RefinementCtx): TrustProxy {
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

export const envSchema = z.object({
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

  PAGE_VIEW_DAYS_KEPT: numberSetting(
    z.coerce.number().int().min(14, 'must be at least 14 days: two whole weeks of daily totals').max(3650),
    90,
  ),

  SMTP_URL: optionalString.pipe(z.url({ error: 'SMTP_URL must look like smtp://user:pass@host:587' }).optional()),
  MAIL_FROM: optionalString,
  CONTACT_INBOX: optionalString.pipe(z.email().optional()),
  NEWSLETTER_RATE_PER_MINUTE: numberSetting(z.coerce.number().int().min(1).max(10_000), 20),

  SITE_REBUILD: z.enum(siteRebuildModes).default('local'),
  SITE_DEPLOY_HOOK_URL: optionalUrl('SITE_DEPLOY_HOOK_URL'),
  SITE_REBUILD_DEBOUNCE_MS: numberSetting(z.coerce.number().int().min(0), 3000),
  SITE_REBUILD_LONGEST_PAUSE_MS: numberSetting(z.coerce.number().int().min(0), 20_000),
  SITE_BROTLI_QUALITY: numberSetting(z.coerce.number().int().min(0).max(11), 11),
  SITE_BUILD_PRIORITY: z.enum(['idle', 'normal']).default('idle'),
  // Five minutes: staff publishing and previewing in a row find the build loaded; a quiet server has its memory back.
  SITE_BUILD_WARM_MS: numberSetting(z.coerce.number().int().min(0), 300_000),
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

export type Env = z.infer<typeof envSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
