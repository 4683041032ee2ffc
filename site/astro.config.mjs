// @ts-check
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import preact from '@astrojs/preact';
import { formatReport } from '@cfp/content';
import { checkContent } from '@cfp/content/check';
import { withoutRawHtml } from '@cfp/content/markdown';
import { describeSummary, precompressDirectory } from '@cfp/precompress';
import { sitePageDirectives } from '@cfp/shared/web-policy';
import { defineConfig, fontProviders } from 'astro/config';
import { siteConfig } from './src/config.ts';
import { writeDirectoryIndexes } from './src/lib/directory-indexes.ts';
import { staticRedirects } from './src/lib/redirects.ts';

// The API's site builder sets the environment; a plain `astro build` writes to ./dist with an empty blog.
const {
  outDir,
  cacheDir,
  siteUrl: site,
  mediaOrigin,
  apiOrigin,
  previousBuildDir,
  contentDir,
  contentStrict,
  brotliQuality,
} = siteConfig;

/**
 * The launch checklist of content/ (`pnpm content:check`) before every build and dev server:
 * what is missing is printed; a build stops on an error, and in strict mode (CONTENT_STRICT=true)
 * on a missing required detail or an unconfirmed programme. The dev server only prints it.
 * @type {import('astro').AstroIntegration}
 */
const contentCheck = {
  name: 'content-check',
  hooks: {
    'astro:config:setup': ({ command, config, logger }) => {
      const report = checkContent(fileURLToPath(new URL(`${contentDir}/`, config.root)), { strict: contentStrict });
      const text = formatReport(report);
      if (command === 'build' && report.blocking) throw new Error(`content/ cannot go live:\n${text}`);
      if (report.problems.length > 0) logger.warn(`\n${text}`);
    },
  },
};

/**
 * `astro build` makes the site visitors get, whatever NODE_ENV the process that starts it has
 * (the tests run the product, and so its site builds, with NODE_ENV=test): the bundles are
 * built as production code, so React and its JSX come in their production builds, half as heavy.
 * @type {import('astro').AstroIntegration}
 */
const productionBuild = {
  name: 'production-build',
  hooks: {
    'astro:config:setup': ({ command, updateConfig }) => {
      if (command === 'build') updateConfig({ vite: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } });
    },
  },
};

/**
 * Brotli and gzip copies of every page and asset, made once per build at the strongest
 * settings (SITE_BROTLI_QUALITY lets the tests build faster), for the servers to send as they
 * are. A publish (a build over the live one) keeps the copies of the files it did not change
 * and gives the changed ones quick brotli copies, which the API makes final once it is live: a
 * centre detail changes every page, and their copies at the strongest took 4 s of the wait.
 * @type {import('astro').AstroIntegration}
 */
const precompress = {
  name: 'precompress',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      logger.info(
        describeSummary(
          await precompressDirectory(fileURLToPath(dir), { previous: previousBuildDir, brotliQuality, quick: true }),
        ),
      );
    },
  },
};

/**
 * Every page also as `{page}/index.html`, for static hosts that map no clean URL
 * (src/lib/directory-indexes.ts); after the precompression, whose copies it links too.
 * @type {import('astro').AstroIntegration}
 */
const directoryIndexes = {
  name: 'directory-indexes',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      logger.info(`${await writeDirectoryIndexes(fileURLToPath(dir))} pages also written as {page}/index.html`);
    },
  },
};

export default defineConfig({
  site,
  // The sources by their own address: the API's builds run with another root (api/src/site/astro-runner.ts).
  srcDir: fileURLToPath(new URL('./src', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  outDir,
  ...(cacheDir && { cacheDir }),
  trailingSlash: 'never',
  // Every page carries its styles in <style> tags (about 4 KB compressed): the first text comes
  // with the HTML, one round trip sooner than with a stylesheet to fetch (site/README.md).
  build: { format: 'file', inlineStylesheets: 'always' },
  redirects: staticRedirects,
  integrations: [contentCheck, productionBuild, preact({ compat: true }), precompress, directoryIndexes],
  prefetch: false,
  // The content's markdown renders without raw HTML (the content check names any it finds).
  markdown: { processor: satteri({ mdastPlugins: [withoutRawHtml] }) },
  // One brand face for headings, self-hosted from @fontsource: Poppins 700, latin subset
  // (every French letter), 7.8 KB of WOFF2. The text is the system's font, which costs nothing.
  // Astro adds the preload and a fallback sized to Poppins' metrics, so the swap shifts nothing.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Poppins',
      cssVariable: '--font-heading',
      fallbacks: ['sans-serif'],
      display: 'swap',
      options: {
        variants: [{ src: ['@fontsource/poppins/files/poppins-latin-700-normal.woff2'], weight: 700, style: 'normal' }],
      },
    },
  ],
  // Each page carries its own policy in a <meta> tag, with the hashes of the few inline
  // scripts and styles Astro emits (the island loader, the page's styles). The server (or the
  // static host's `_headers`) adds what a <meta> policy cannot carry (frame-ancestors).
  security: {
    csp: {
      directives: sitePageDirectives({ apiOrigin, mediaOrigin }),
      // Blog posts keep the colours and alignment set in the editor as style attributes.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // A publish renders only what changed: pages whose cache key and code are unchanged are
  // copied from the previous build (src/lib/cache-keys.ts, site/README.md).
  experimental: { incrementalBuild: true },
  devToolbar: { enabled: false },
  vite: {
    build: {
      // Scripts stay external files (cacheable, and no inline script for a strict CSP).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
