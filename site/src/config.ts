import { defaultApplicationRetentionDays } from '@cfp/shared/applications';
import { crossOrigins } from '@cfp/shared/public-origins';
import { z } from 'astro/zod';

/**
 * The site's settings, read from the environment once, here and nowhere else in site/
 * (astro.config.mjs imports this module before Vite starts). A bad value stops the build
 * with a message naming the variable. Browser code never reads it: the pages carry the
 * addresses it needs in their markup (a form's action, a data attribute).
 */
export interface SiteConfig {
  /** Where `astro build` writes the site. */
  outDir: string;
  /** The site's public origin, for canonical URLs and the sitemap. */
  siteUrl: string;
  /** The API as the visitors' browsers reach it: same origin (`/api`) unless the site is on a CDN. */
  publicApiUrl: string;
  /** Where the build reads the published posts; undefined builds the site without a blog. */
  blogApiUrl: string | undefined;
  /** Where blog images are served from when it is not this origin (an S3 bucket, or the API's /media), for the CSP. */
  mediaOrigin: string | undefined;
  /** The API's origin when it is not the site's (the site on a CDN), for the CSP. */
  apiOrigin: string | undefined;
  /**
   * The live build this one replaces (a publish by the API): its unchanged files keep their
   * compressed copies, and the changed ones get quick brotli copies the API makes final once
   * this build is live (@cfp/precompress).
   */
  previousBuildDir: string | undefined;
  /** Astro's cache (content store, incremental build): one per builder, never shared by two at once. */
  cacheDir: string | undefined;
  /** The content folder (content/ of the repository unless the API builds from its own copy). */
  contentDir: string;
  /** SITE_CONTENT_HISTORY_DIR: the git checkout of the content folder, whose log dates a French change an English page lags (the builder's copy has no history); the content folder itself unless set. */
  contentHistoryDir: string | undefined;
  /** CONTENT_STRICT: the build refuses missing required details and unconfirmed programmes, not only errors. */
  contentStrict: boolean;
  /** SITE_BROTLI_QUALITY: the brotli copies' quality, 11 (the smallest files) unless a test asks for faster builds. */
  brotliQuality: number;
  /** SITE_APPLICATION_RETENTION_DAYS, the API's APPLICATION_RETENTION_DAYS: how long the privacy notice says a pre-enrolment is kept. */
  applicationRetentionDays: number;
}

/** Unset and empty mean the same: the API's site builder passes every variable, some empty. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

const environment = z.object({
  SITE_OUT_DIR: optional(z.string()).default('./dist'),
  PUBLIC_SITE_URL: optional(httpUrl).default('http://127.0.0.1:8080'),
  PUBLIC_API_URL: optional(
    z.union([httpUrl, z.string().regex(/^\/\S*$/, { error: 'must be an http(s) URL or a path' })]),
  ).default('/api'),
  SITE_API_URL: optional(httpUrl),
  SITE_BLOG: optional(z.enum(['on', 'off'])).default('on'),
  SITE_MEDIA_ORIGIN: optional(httpUrl),
  SITE_PREVIOUS_BUILD: optional(z.string()),
  SITE_CACHE_DIR: optional(z.string()),
  SITE_CONTENT_DIR: optional(z.string()).default('../content'),
  SITE_CONTENT_HISTORY_DIR: optional(z.string()),
  CONTENT_STRICT: optional(z.enum(['true', 'false'])).default('false'),
  SITE_BROTLI_QUALITY: optional(z.coerce.number().int().min(0).max(11)).default(11),
  SITE_APPLICATION_RETENTION_DAYS: optional(z.coerce.number().int().min(30).max(3650)).default(defaultApplicationRetentionDays),
});

export function readSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`The site's environment is invalid: ${problems.join('; ')}.`);
  }
  const settings = parsed.data;
  const { apiOrigin, mediaOrigin } = crossOrigins(
    { site: settings.PUBLIC_SITE_URL, api: settings.PUBLIC_API_URL, media: settings.SITE_MEDIA_ORIGIN },
    'site',
  );
  return {
    outDir: settings.SITE_OUT_DIR,
    siteUrl: settings.PUBLIC_SITE_URL,
    publicApiUrl: withoutTrailingSlash(settings.PUBLIC_API_URL) || '/',
    // SITE_BLOG=off builds without the blog even where the API's address is set.
    blogApiUrl: settings.SITE_BLOG === 'off' || !settings.SITE_API_URL ? undefined : withoutTrailingSlash(settings.SITE_API_URL),
    mediaOrigin,
    apiOrigin,
    previousBuildDir: settings.SITE_PREVIOUS_BUILD,
    cacheDir: settings.SITE_CACHE_DIR,
    contentDir: settings.SITE_CONTENT_DIR.replace(/\/+$/, ''),
    contentHistoryDir: settings.SITE_CONTENT_HISTORY_DIR,
    contentStrict: settings.CONTENT_STRICT === 'true',
    brotliQuality: settings.SITE_BROTLI_QUALITY,
    applicationRetentionDays: settings.SITE_APPLICATION_RETENTION_DAYS,
  };
}

export const siteConfig: SiteConfig = readSiteConfig(process.env);
