// @ts-check
import path from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'astro';

/*
 * The site's `astro build`, kept loaded between builds (api/src/site/warm-build.ts): Astro, Vite
 * and the site's modules stay compiled, so a build after the first skips their seconds of
 * start-up. Each line "build" on stdin builds the site whose folder is given as argument, with
 * the working directory as Astro's root (its own `.astro/`, see api/src/site/astro-runner.ts) and
 * this process's environment (site/src/config.ts), and ends with a line on stdout:
 * `@@cfp-build ok {"rss":…}` or `@@cfp-build failed`, after Astro's own output. The process ends
 * when stdin closes: when the API stops, or dies, the worker goes with it.
 */
const [siteDir] = process.argv.slice(2);
if (!siteDir) throw new Error('Usage: node build-worker.mjs <the site folder>');
// Astro reads the configuration's path from its root.
const configFile = path.relative(process.cwd(), path.join(siteDir, 'astro.config.mjs'));
/** @param {string} outcome */
const end = (outcome) => process.stdout.write(`\n@@cfp-build ${outcome}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'build') continue;
  try {
    await build({ root: process.cwd(), configFile });
    end(`ok ${JSON.stringify({ rss: process.memoryUsage().rss })}`);
  } catch (error) {
    const { message = String(error), hint } = /** @type {{ message?: string, hint?: string }} */ (error ?? {});
    process.stderr.write(`[ERROR] ${message}\n${hint ? `Hint: ${hint}\n` : ''}`);
    end('failed');
  }
}
// Astro and Vite may leave handles open after a build: stdin closed, nothing is left to do.
process.exit(0);
