import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingCopiesName } from '@cfp/precompress';
import type { FastifyBaseLogger } from 'fastify';
import { atLowPriority } from './astro-process.ts';

export interface CopyStrengthenerOptions {
  /** The live build (the `current` link): its quick brotli copies are the ones made final. */
  liveDir: string;
  /** SITE_BROTLI_QUALITY: the final copies' quality. */
  brotliQuality: number;
  /** Below the API's CPU priority, as the builds (docs/decisions/0029). */
  lowPriority: boolean;
  log: FastifyBaseLogger;
}

const precompressScript = fileURLToPath(import.meta.resolve('@cfp/precompress'));

/**
 * Makes the live build's quick brotli copies final, between builds (docs/decisions/0038): a
 * publish goes live with quick copies, then a process at idle priority writes each at the
 * strongest quality in place. A build pauses it (it stops between two files, what it did not
 * reach stays listed), and it resumes on the build that is then live.
 */
export class CopyStrengthener {
  private child: ChildProcess | undefined;
  private ended: Promise<void> = Promise.resolve();
  private pausing = false;
  private readonly options: CopyStrengthenerOptions;

  constructor(options: CopyStrengthenerOptions) {
    this.options = options;
  }

  /** Starts on the live build's quick copies, when it lists some and no strengthening is under way. */
  async resume(): Promise<void> {
    const { liveDir, brotliQuality, lowPriority, log } = this.options;
    if (this.child || !existsSync(path.join(liveDir, pendingCopiesName))) return;
    const build = await realpath(liveDir).catch(() => undefined);
    if (!build) return;
    const command: [string, string[]] = [process.execPath, [precompressScript, '--strengthen', build, String(brotliQuality)]];
    const child = spawn(...(lowPriority ? atLowPriority(...command) : command), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    this.ended = new Promise((resolve) => {
      child.once('error', (error) => (output += `${error.message}\n`));
      child.once('close', (code, signal) => {
        this.child = undefined;
        if (code === 0) log.info(output.trim());
        // Paused before it could listen for SIGTERM (it was starting): nothing was written.
        else if (signal === 'SIGTERM' && this.pausing) log.debug('the brotli copies’ strengthening paused as it started');
        else log.warn({ code, signal, output }, 'the brotli copies could not be strengthened; the quick ones stay');
        resolve();
      });
    });
  }

  /** Stops a strengthening under way after the file it is at; resolves once it has ended. */
  async pause(): Promise<void> {
    if (!this.child) return;
    this.pausing = true;
    this.child.kill('SIGTERM');
    await this.ended;
    this.pausing = false;
  }
}
