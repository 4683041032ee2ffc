import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeSummary, precompressDirectory } from '@cfp/precompress';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
/** Where scripts/chunk-report.ts reads the build manifest (git-ignored, like every .cache/). */
const manifestPath = fileURLToPath(new URL('./.cache/build-manifest.json', import.meta.url));

/** The manifest maps source files to chunks for the size report; browsers have no use for it, so it leaves dist/. */
function moveManifestOutOfDist(): Plugin {
  return {
    name: 'move-manifest-out-of-dist',
    apply: 'build',
    closeBundle() {
      const built = `${dist}.vite/manifest.json`;
      if (!existsSync(built)) return;
      mkdirSync(fileURLToPath(new URL('./.cache/', import.meta.url)), { recursive: true });
      renameSync(built, manifestPath);
      rmSync(`${dist}.vite`, { recursive: true, force: true });
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
  base: '/admin/',
  plugins: [react(), moveManifestOutOfDist(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' } },
});
