import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const probe = '__probe_dead_code__';
// A module with an export its one user takes and one nobody takes, reached from a test file.
const probeFiles: Record<string, string> = {
  [`packages/shared/src/${probe}.ts`]: 'export const taken = 1;\nexport const nobodyTakesThis = 2;\n',
  [`packages/shared/test/${probe}.test.ts`]: `import { taken } from '../src/${probe}.ts';\nexport const probe = taken;\n`,
};

interface KnipReport {
  issues: Array<{ file: string; exports: Array<{ name: string }>; files?: unknown }>;
}

describe('the dead-code check (knip, in pnpm lint)', () => {
  afterAll(() => {
    for (const file of Object.keys(probeFiles)) rmSync(path.join(root, file), { force: true });
  });

  it(
    'reports an export nothing imports',
    () => {
      for (const [file, source] of Object.entries(probeFiles)) writeFileSync(path.join(root, file), source);
      const run = spawnSync(
        path.join(root, 'node_modules/.bin/knip'),
        ['--no-progress', '--workspace', 'packages/shared', '--reporter', 'json'],
        { cwd: root, encoding: 'utf8', timeout: scaled(120_000) },
      );
      expect(run.status, run.stderr).toBe(1);
      const report: KnipReport = JSON.parse(run.stdout);
      const unused = report.issues.flatMap((issue) => issue.exports.map((item) => `${issue.file}: ${item.name}`));
      expect(unused).toEqual([`packages/shared/src/${probe}.ts: nobodyTakesThis`]);
    },
    scaled(150_000),
  );
});
