import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingCopiesName } from '@cfp/precompress';
import { scaled } from '@cfp/test-support/time-scale';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SiteBuilder } from '../../src/site/site-builder.ts';
import { temporaryDirectory } from '../helper.ts';
import { contentFixture } from '../support/content-repository.ts';
import { testSiteBuilder } from '../support/site-builder.ts';
import { waitUntil } from '../support/waiting.ts';

const siteSourceDir = fileURLToPath(new URL('../../../site', import.meta.url));
/**
 * A builder of the real site on `contentDir`, its copies at the strongest as in production;
 * `warmMs` 0 runs `astro build` afresh each time. Its log lines are kept in `logged`.
 */
function realSiteBuilder(contentDir: string, warmMs: number) {
  const logged: string[] = [];
  const stream = { write: (line: string) => logged.push(JSON.parse(line).msg) };
  const builder = testSiteBuilder({
    siteSourceDir,
    outputRoot: temporaryDirectory(),
    contentDir,
    brotliQuality: 11,
    // No API to read posts from: the blog is built empty.
    systemEnv: { PATH: process.env.PATH ?? '/usr/bin', HOME: process.env.HOME ?? '/tmp', SITE_BLOG: 'off' },
    warmMs,
    log: Fastify({ logger: { level: 'info', stream } }).log,
  });
  return Object.assign(builder, { logged });
}

/** Every file of a build, by its path in it. */
function filesOf(root: string): Map<string, Buffer> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    entries.map((entry) => [
      path.relative(root, path.join(entry.parentPath, entry.name)),
      readFileSync(path.join(entry.parentPath, entry.name)),
    ]),
  );
}

async function built(builder: SiteBuilder) {
  builder.changed('content', 'a test', 0);
  await builder.whenIdle();
  const status = await builder.getStatus();
  expect(status.lastError).toBeNull();
  return status.lastPages;
}

describe('a build process kept warm', () => {
  it(
    'builds a change into the same files as `astro build` run afresh, rendering only the pages it touches, its quick brotli copies made final once live',
    async () => {
      const contentDir = temporaryDirectory();
      cpSync(contentFixture(), contentDir, { recursive: true });
      const warm = realSiteBuilder(contentDir, 60_000);
      const cold = realSiteBuilder(contentDir, 0);
      try {
        const first = await built(warm);
        const soudure = path.join(contentDir, 'formations', 'soudure.md');
        writeFileSync(soudure, readFileSync(soudure, 'utf8').replace(/^practicalShare: \d+$/m, 'practicalShare: 65'));
        const second = await built(warm);
        // The programme's two pages, and the pages without a cache key (lists, notices), which every build renders.
        expect(second?.rendered).toBeLessThan((first?.rendered ?? 0) / 2);
        expect(second?.reused).toBeGreaterThan(0);
        await built(cold);
        await waitUntil(
          () => warm.logged.some((line) => /^[1-9]\d* brotli copies strengthened$/.test(line)),
          'the publish’s quick copies strengthened',
          { timeoutMs: 60_000 },
        );
        expect(existsSync(path.join(warm.currentDir, pendingCopiesName))).toBe(false);

        const warmFiles = filesOf(warm.currentDir);
        const coldFiles = filesOf(cold.currentDir);
        expect([...warmFiles.keys()].sort()).toEqual([...coldFiles.keys()].sort());
        const differing = [...warmFiles].filter(([file, bytes]) => !bytes.equals(coldFiles.get(file) ?? Buffer.alloc(0)));
        expect(differing.map(([file]) => file)).toEqual([]);
        expect(readFileSync(path.join(warm.currentDir, 'formation', 'soudure.html'), 'utf8')).toContain('65\u00a0% de pratique');
      } finally {
        await Promise.all([warm.close(), cold.close()]);
      }
    },
    scaled(240_000),
  );
});
