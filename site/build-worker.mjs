// @ts-check
import { createInterface } from 'node:readline';
import { build } from 'astro';

/*
 * The site's `astro build`, kept loaded between builds (api/src/site/warm-build.ts): Astro, Vite
 * and the site's modules stay compiled, so a build after the first skips their seconds of
 * start-up. Each line "build" on stdin builds the site at the root given as argument, with this
 * process's environment (site/src/config.ts), and ends with a line on stdout:
 * `@@cfp-build ok {"rss":…}` or `@@cfp-build failed`, after Astro's own output. The process ends
 * when stdin closes: when the API stops, or dies, the worker goes with it.
 */
const [root] = process.argv.slice(2);
/** @param {string} outcome */
const end = (outcome) => process.stdout.write(`\n@@cfp-build ${outcome}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'build') continue;
  try {
    await build({ root });
    end(`ok ${JSON.stringify({ rss: process.memoryUsage().rss })}`);
  } catch (error) {
    const { message = String(error), hint } = /** @type {{ message?: string, hint?: string }} */ (error ?? {});
    process.stderr.write(`[ERROR] ${message}\n${hint ? `Hint: ${hint}\n` : ''}`);
    end('failed');
  }
}
// Astro and Vite may leave handles open after a build: stdin closed, nothing is left to do.
process.exit(0);
