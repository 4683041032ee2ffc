import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeSummary, precompressDirectory } from '@cfp/precompress';
import { cachePolicies, headersFile, securityHeaders } from '@cfp/shared';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { adminBuildConfig } from './build-config.ts';

const outDir = adminBuildConfig.outDir ?? fileURLToPath(new URL('./dist', import.meta.url));
const dist = `${outDir}/`;
/** Where scripts/chunk-report.ts reads the build manifest (git-ignored, like every .cache/). */
const manifestPath = fileURLToPath(new URL('./.cache/build-manifest.json', import.meta.url));

/**
 * The manifest maps source files to chunks for the size report of admin/dist; browsers have no
 * use for it, so it leaves the output. A build written elsewhere (ADMIN_OUT_DIR, for another
 * deployment) drops it: it must not replace the one that describes admin/dist.
 */
function moveManifestOutOfDist(): Plugin {
  return {
    name: 'move-manifest-out-of-dist',
    apply: 'build',
    closeBundle() {
      const built = `${dist}.vite/manifest.json`;
      if (!existsSync(built)) return;
      if (adminBuildConfig.outDir === undefined) {
        mkdirSync(fileURLToPath(new URL('./.cache/', import.meta.url)), { recursive: true });
        renameSync(built, manifestPath);
      }
      rmSync(`${dist}.vite`, { recursive: true, force: true });
    },
  };
}

/**
 * What a static host needs beside the app: config.json (the API's address, read at run time);
 * for hosts that read `_headers` and `_redirects`, the security headers and the single-page
 * fallback; for hosts that read neither (S3, GitHub Pages, a bare web server), `404.html`, the
 * app itself, which every host sends for an address it has no file for (`/blogs` reloaded). The policy is a header only, never a <meta> tag baked into the build:
 * a deployer who points config.json at another API changes the header's connect-src with it.
 */
function deploymentFiles(): Plugin {
  const { basePath, apiUrl, origins } = adminBuildConfig;
  const headers = securityHeaders('admin', origins);
  return {
    name: 'deployment-files',
    apply: 'build',
    writeBundle() {
      writeFileSync(`${dist}config.json`, `${JSON.stringify({ apiUrl })}\n`);
      writeFileSync(
        `${dist}_headers`,
        headersFile([
          {
            path: `${basePath}*`,
            headers: { ...headers, 'Cache-Control': cachePolicies.revalidate },
          },
          { path: `${basePath}assets/*`, headers: { 'Cache-Control': cachePolicies.immutable } },
        ]),
      );
      writeFileSync(`${dist}_redirects`, `${basePath}* ${basePath}index.html 200\n`);
      copyFileSync(`${dist}index.html`, `${dist}404.html`);
    },
  };
}

/** Brotli and gzip copies of the built files, for the servers to send as they are. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      this.info(describeSummary(await precompressDirectory(dist)));
    },
  };
}

export default defineConfig({
  base: adminBuildConfig.basePath,
  // React's API on Preact (decision 0010): the same components in a third of react-dom's weight.
  plugins: [preact(), moveManifestOutOfDist(), deploymentFiles(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // react-router looks for React 19's `use` and `useOptimistic` and falls back without them;
      // Preact's compat layer has neither, which is expected, not a warning for whoever builds.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.id?.includes('/react-router/')) return;
        handler(level, log);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' } },
});
