// @ts-check
import { fileURLToPath } from 'node:url';
import './src/lib/production-build.ts';
import preact from '@astrojs/preact';
import { describeSummary, precompressDirectory } from '@cfp/precompress';
import { defineConfig, fontProviders } from 'astro/config';
import { assertBlogApiReachable, blogApiUrl } from './src/lib/blog-source.ts';
import { staticRedirects } from './src/lib/redirects.ts';

// The API's site builder sets these; a plain `astro build` writes to ./dist with an empty blog.
const outDir = process.env.SITE_OUT_DIR || './dist';
const site = process.env.PUBLIC_SITE_URL || 'http://127.0.0.1:8080';
// Where blog images are served from when it is not this origin (an S3 bucket's public URL).
const mediaOrigin = process.env.SITE_MEDIA_ORIGIN ? ` ${process.env.SITE_MEDIA_ORIGIN}` : '';

/**
 * A build that should include the blog fails early, and clearly, when the API does not answer.
 * @type {import('astro').AstroIntegration}
 */
const blogSource = {
  name: 'blog-source',
  hooks: {
    'astro:config:setup': async ({ command }) => {
      const api = blogApiUrl();
      // The posts loader (src/content.config.ts) reads SITE_API_URL: SITE_BLOG=off must keep it from trying.
      if (!api) delete process.env.SITE_API_URL;
      else if (command === 'build') await assertBlogApiReachable(api);
    },
  },
};

/**
 * Brotli and gzip copies of every page and asset, made once per build at the strongest
 * settings, for the servers to send as they are.
 * @type {import('astro').AstroIntegration}
 */
const precompress = {
  name: 'precompress',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      logger.info(describeSummary(await precompressDirectory(fileURLToPath(dir))));
    },
  },
};

export default defineConfig({
  site,
  outDir,
  trailingSlash: 'never',
  // Every page carries its styles in <style> tags (about 4 KB compressed): the first text comes
  // with the HTML, one round trip sooner than with a stylesheet to fetch (site/README.md).
  build: { format: 'file', inlineStylesheets: 'always' },
  redirects: staticRedirects,
  integrations: [blogSource, preact({ compat: true }), precompress],
  prefetch: false,
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
  // scripts and styles Astro emits (the island loader, the page's styles). The server adds
  // the directives a <meta> policy cannot carry (frame-ancestors), see api/src/plugins/security-headers.ts.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${mediaOrigin}`,
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      // Blog posts keep the colours and alignment set in the editor as style attributes.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    build: {
      // Scripts stay external files (cacheable, and no inline script for a strict CSP).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
