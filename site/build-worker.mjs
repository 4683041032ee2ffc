// @ts-check
import path from 'node:path';
import { createInterface } from 'node:readline';
import { precompressFiles } from '@cfp/precompress';
import { build } from 'astro';
import { siteConfig } from './src/config.ts';
import { writeDirectoryIndex } from './src/lib/directory-indexes.ts';
import { dropRenderer, hasRenderer, keepBuildRenderer, keepRenderer, renderPublish } from './src/lib/publish-renderer.ts';

/*
 * The site's `astro build`, kept loaded between builds (api/src/site/warm-build.ts): Astro, Vite
 * and the site's modules stay compiled, so a build after the first skips their seconds of
 * start-up, and the last build's renderer stays loaded for a publish of posts to render only the
 * pages it touches (src/lib/publish-renderer.ts). Each line on stdin is a command:
 * - `build` builds the site whose folder is given as argument, with the working directory as
 *   Astro's root (its own `.astro/`, see api/src/site/astro-runner.ts) and this process's
 *   environment (site/src/config.ts);
 * - `render <folder>` renders the posts' pages into `<folder>`, a copy of the live site made of
 *   hard links, with their compressed copies and folder indexes;
 * each ends with a line on stdout, `@@cfp-build ok {…}` or `@@cfp-build failed`, after the output.
 */
const [siteDir] = process.argv.slice(2);
if (!siteDir) throw new Error('Usage: node build-worker.mjs <the site folder>');
// Astro reads the configuration's path from its root.
const configFile = path.relative(process.cwd(), path.join(siteDir, 'astro.config.mjs'));
/** @param {string} outcome */
const end = (outcome) => process.stdout.write(`\n@@cfp-build ${outcome}\n`);

async function buildSite() {
  await dropRenderer();
  await build({ root: process.cwd(), configFile, integrations: [keepRenderer] });
  await keepBuildRenderer();
  return { rss: process.memoryUsage().rss };
}

/** @param {string} folder */
async function renderPosts(folder) {
  const started = performance.now();
  const { changed, removed, rendered, reused } = await renderPublish(folder);
  const { previousBuildDir, brotliQuality } = siteConfig;
  await precompressFiles(folder, changed, { previous: previousBuildDir, brotliQuality, quick: true });
  for (const file of changed) if (file.endsWith('.html')) await writeDirectoryIndex(folder, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stdout.write(
    `[publish] ${rendered} page(s) rendered, ${changed.length} changed, ${removed.length} removed, ${reused} reused, in ${seconds}s\n`,
  );
  return { rss: process.memoryUsage().rss, rendered, reused };
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument = ''] = line.trim().split(/ (.*)/s);
  if (command !== 'build' && command !== 'render') continue;
  try {
    if (command === 'render' && !hasRenderer()) throw new Error('no build has left its renderer loaded');
    const outcome = command === 'build' ? await buildSite() : await renderPosts(argument);
    end(`ok ${JSON.stringify(outcome)}`);
  } catch (error) {
    const { message = String(error), hint } = /** @type {{ message?: string, hint?: string }} */ (error ?? {});
    process.stderr.write(`[ERROR] ${message}\n${hint ? `Hint: ${hint}\n` : ''}`);
    if (command === 'render') await dropRenderer();
    end('failed');
  }
}
// Astro and Vite may leave handles open after a build: stdin closed, nothing is left to do.
process.exit(0);
