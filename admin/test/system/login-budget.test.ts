import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `pnpm test` builds the admin before the tests: the report reads that build's manifest. */
describe('the login route', () => {
  it('loads under 150 KB of JavaScript (gzip), without Quill', () => {
    const report = spawnSync(process.execPath, [join(import.meta.dirname, '../../scripts/chunk-report.ts')], {
      encoding: 'utf8',
    });
    expect(report.stderr.trim(), report.stdout).toBe('');
    expect(report.status).toBe(0);
  });
});
