import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BuildOutput, buildOutputCause, SiteBuildFailure } from './build-failure.ts';

/*
 * The `astro build` process a site build runs: started below the API's CPU priority, its output
 * kept for the failure it may explain, the pages it lists counted as rendered or reused.
 */

export interface PageCounts {
  rendered: number;
  reused: number;
}

/** Counts the files Astro lists while it generates them: `├─ /faq.html (+12ms)`, or `(cached)`/`(restored)` when reused. */
export class PageCounter {
  private partial = '';
  private rendered = 0;
  private reused = 0;

  read(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!/[├└]─ \//.test(line)) continue;
      if (/\((cached|restored)\)/.test(line)) this.reused += 1;
      else this.rendered += 1;
    }
  }

  counts(): PageCounts {
    this.read('\n');
    return { rendered: this.rendered, reused: this.reused };
  }
}

/** `nice`, where the system has it (every Linux and macOS): the build then yields the CPU to the API. */
const niceCommand = ['/usr/bin/nice', '/bin/nice'].find((file) => existsSync(file));
/** Niceness of the build, the lowest priority: it takes only the CPU time the API and the system leave. */
const buildNiceness = 19;
/**
 * `chrt`, where the system has it (Linux, util-linux) and lets a process use it (a container's
 * seccomp policy may not): the build also goes into the idle scheduling class, which nice alone
 * does not give. A waking API thread then always takes the CPU from the build at once, and the
 * kernel places it on a core that runs only the build as on a free core (docs/decisions/0029).
 */
let idleClassCommand: string | null | undefined;
function chrtCommand(): string | null {
  if (idleClassCommand === undefined) {
    const chrt = ['/usr/bin/chrt', '/bin/chrt'].find((file) => existsSync(file));
    idleClassCommand = chrt && spawnSync(chrt, ['--idle', '0', 'true']).status === 0 ? chrt : null;
  }
  return idleClassCommand;
}

/** A command to run below the API's CPU priority: through `chrt` and `nice`, whose process becomes the command's own. */
export function atLowPriority(command: string, args: string[]): [string, string[]] {
  let commandLine: [string, string[]] = [command, args];
  if (niceCommand) commandLine = [niceCommand, ['-n', String(buildNiceness), ...commandLine.flat()]];
  const chrt = chrtCommand();
  if (chrt) commandLine = [chrt, ['--idle', '0', ...commandLine.flat()]];
  return commandLine;
}

/** Astro's package, as the site in `siteSourceDir` resolves it. */
function astroPackageDir(siteSourceDir: string): string {
  const require = createRequire(path.join(siteSourceDir, 'package.json'));
  return path.dirname(require.resolve('astro/package.json'));
}

/**
 * Runs `astro build` for the site in `siteSourceDir` with `workDir` as its root (AstroRunner's
 * `workDir`) and `env`; resolves with the pages it rendered and reused.
 */
export function spawnAstroBuild({
  siteSourceDir,
  workDir,
  lowPriority,
  env,
}: {
  siteSourceDir: string;
  workDir: string;
  /** Below the API's CPU priority (docs/decisions/0029). */
  lowPriority: boolean;
  env: Record<string, string>;
}): Promise<PageCounts> {
  const astroCli = path.join(astroPackageDir(siteSourceDir), 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const astroBuild: [string, string[]] = [
      process.execPath,
      [astroCli, 'build', '--root', workDir, '--config', path.relative(workDir, path.join(siteSourceDir, 'astro.config.mjs'))],
    ];
    const [command, args] = lowPriority ? atLowPriority(...astroBuild) : astroBuild;
    const child = spawn(command, args, { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = new BuildOutput();
    const pages = new PageCounter();
    child.stdout.on('data', (chunk: Buffer) => {
      output.add(chunk.toString());
      pages.read(chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => output.add(chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        resolve(pages.counts());
        return;
      }
      const exit = `astro build exited with code ${code}`;
      const cause = buildOutputCause(output.text(), exit);
      reject(new SiteBuildFailure(cause, `${exit}: ${output.lastLines(8)}`, output.text()));
    });
  });
}
