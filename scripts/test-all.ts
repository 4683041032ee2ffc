import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `pnpm test:all`: the inner loop and the browser suite side by side. Run one after the other,
 * they left a core idle most of the time (1,448 CPU-seconds in 1,167 s on 2 cores, 2026-12-02):
 * the browser files wait on site builds and pages, the inner files on git and child processes.
 * Side by side, each suite's waits and timeouts are doubled (TEST_TIME_SCALE, unless given).
 * The browser suite prints as it goes; the inner loop's output is kept and printed when it ends,
 * so that neither is cut into the other.
 */

const env = { ...process.env, TEST_TIME_SCALE: process.env.TEST_TIME_SCALE ?? '2' };
const innerLog = '.cache/test-output/inner.log';

function run(script: string, output: 'inherit' | 'keep'): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--silent', script], {
      env,
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (output === 'keep') {
      const chunks: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('close', () => {
        mkdirSync('.cache/test-output', { recursive: true });
        writeFileSync(innerLog, Buffer.concat(chunks));
      });
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const [inner, browser] = await Promise.all([run('test', 'keep'), run('test:browser', 'inherit')]);
process.stdout.write(`\n── pnpm test (the inner loop), run beside the browser suite ──\n${readFileSync(innerLog, 'utf8')}\n`);
process.stdout.write(`inner loop: ${inner === 0 ? 'passed' : 'FAILED'}; browser suite: ${browser === 0 ? 'passed' : 'FAILED'}\n`);
process.exit(inner === 0 && browser === 0 ? 0 : 1);
