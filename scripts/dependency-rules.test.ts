import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Unique to this run, so that two runs (or two worktrees' runs) never share a probe. */
const probe = `__probe_dependency_rules_${randomUUID().slice(0, 8)}__`;

/** Folders written for the probes, each removed after the tests whatever happened. */
const probeFolders = [
  `admin/src/features/${probe}a`,
  `admin/src/features/${probe}b`,
  `admin/test/${probe}`,
  `api/test/${probe}`,
  `packages/content/test/${probe}`,
  `packages/precompress/test/${probe}`,
];

/** Probe modules by path from the repository's root, and what each imports. */
const modules: Record<string, string> = {
  [`admin/src/features/${probe}b/b.ts`]: 'export const b = 1;',
  [`admin/src/features/${probe}b/same-feature.ts`]: "export { b } from './b.ts';",
  [`admin/src/features/${probe}a/other-feature.ts`]: `export { b } from '../${probe}b/b.ts';`,
  [`admin/test/${probe}/support.ts`]: 'export const support = 1;',
  [`admin/test/${probe}/own-tests.ts`]: "export { support } from './support.ts';",
  [`api/test/${probe}/admin-tests.ts`]: `export { support } from '../../../admin/test/${probe}/support.ts';`,
  [`packages/content/test/${probe}/support.ts`]: 'export const support = 1;',
  [`packages/precompress/test/${probe}/content-tests.ts`]: `export { support } from '../../../content/test/${probe}/support.ts';`,
};

/** `pnpm deps:check` on the given probe modules only: its exit code and what it printed. */
function depcruise(...files: string[]): { status: number | null; output: string } {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    [...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the import rules of .dependency-cruiser.cjs, on probe modules', () => {
  beforeAll(() => {
    for (const [file, source] of Object.entries(modules)) {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), `${source}\n`);
    }
  });

  afterAll(() => {
    for (const folder of probeFolders) rmSync(path.join(root, folder), { recursive: true, force: true });
  });

  it('refuses an admin feature importing another feature (admin-features-stand-alone)', () => {
    const { status, output } = depcruise(`admin/src/features/${probe}a/other-feature.ts`);
    expect(status).not.toBe(0);
    expect(output).toContain('admin-features-stand-alone');
  }, 60_000);

  it("refuses a relative import of another package's tests, an app's or a package's (no-reaching-into-another-packages-tests)", () => {
    const fromApp = depcruise(`api/test/${probe}/admin-tests.ts`);
    expect(fromApp.status).not.toBe(0);
    expect(fromApp.output).toMatch(/no-reaching-into-another-packages-tests: api\/test\/.*→ admin\/test\//);

    const fromPackage = depcruise(`packages/precompress/test/${probe}/content-tests.ts`);
    expect(fromPackage.status).not.toBe(0);
    expect(fromPackage.output).toMatch(
      /no-reaching-into-another-packages-tests: packages\/precompress\/.*→ packages\/content\/test\//,
    );
  }, 60_000);

  it("lets a feature import its own modules and a package's tests import their own support", () => {
    const { status, output } = depcruise(`admin/src/features/${probe}b/same-feature.ts`, `admin/test/${probe}/own-tests.ts`);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  }, 60_000);
});
