import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaled } from '@cfp/test-support/time-scale';
import type { ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const probe = '__probe_dependency_rules__';

/** Probe modules by path from the root of the repository's copy, laid out as in the repository, and what each imports. */
const modules: Record<string, string> = {
  [`admin/src/features/${probe}b/b.ts`]: 'export const b = 1;',
  [`admin/src/features/${probe}b/same-feature.ts`]: "export { b } from './b.ts';",
  [`admin/src/features/${probe}a/other-feature.ts`]: `export { b } from '../${probe}b/b.ts';`,
  [`admin/test/${probe}/support.ts`]: 'export const support = 1;',
  [`admin/test/${probe}/own-tests.ts`]: "export { support } from './support.ts';",
  [`api/test/${probe}/admin-tests.ts`]: `export { support } from '../../../admin/test/${probe}/support.ts';`,
  [`packages/content/test/${probe}/support.ts`]: 'export const support = 1;',
  [`packages/precompress/test/${probe}/content-tests.ts`]: `export { support } from '../../../content/test/${probe}/support.ts';`,
  [`api/src/plugins/${probe}.ts`]: 'export const plugin = 1;',
  [`api/src/routes/${probe}/index.ts`]: `export { plugin } from '../../plugins/${probe}.ts';\nexport { domain } from '../../${probe}/domain.ts';`,
  [`api/src/${probe}/domain.ts`]: 'export const domain = 1;',
  [`api/src/${probe}/uses-plugin.ts`]: `export { plugin } from '../plugins/${probe}.ts';`,
  [`api/src/${probe}/uses-route.ts`]: `export * from '../routes/${probe}/index.ts';`,
  [`api/src/plugins/${probe}-uses-route.ts`]: `export * from '../routes/${probe}/index.ts';`,
  'api/src/app.ts': `export { plugin } from './plugins/${probe}.ts';\nexport * from './routes/${probe}/index.ts';`,
};

/** The config and the tsconfig it names, which depcruise reads: copied beside the probes. */
const configFiles: string[] = ['.dependency-cruiser.cjs'];
const { tsConfig } = createRequire(import.meta.url)('../.dependency-cruiser.cjs').options;
if (tsConfig?.fileName) configFiles.push(tsConfig.fileName);

/** Where the probes are cruised, so that the source tree (and a `pnpm deps:check` running meanwhile) never holds them. */
let repositoryCopy: string;
let cruise: ICruiseResult;

/** The violations found from one probe module: the rule, and the module it should not have imported. */
function violationsFrom(module: string): { rule: string; to: string }[] {
  return cruise.summary.violations
    .filter((violation) => violation.from === module)
    .map(({ rule, to }) => ({ rule: rule.name, to }));
}

describe('the import rules of .dependency-cruiser.cjs, on probe modules', () => {
  beforeAll(() => {
    repositoryCopy = mkdtempSync(path.join(tmpdir(), 'cfp-dependency-rules-'));
    for (const file of configFiles) copyFileSync(path.join(root, file), path.join(repositoryCopy, file));
    for (const [file, source] of Object.entries(modules)) {
      mkdirSync(path.join(repositoryCopy, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(repositoryCopy, file), `${source}\n`);
    }

    const result = spawnSync(
      path.join(root, 'node_modules/.bin/depcruise'),
      [...Object.keys(modules), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: repositoryCopy, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`depcruise failed (${result.status}):\n${result.stderr}`);
    cruise = JSON.parse(result.stdout);
  }, scaled(60_000));

  afterAll(() => {
    if (repositoryCopy) rmSync(repositoryCopy, { recursive: true, force: true });
  });

  it('refuses an admin feature importing another feature (admin-features-stand-alone)', () => {
    expect(violationsFrom(`admin/src/features/${probe}a/other-feature.ts`)).toContainEqual({
      rule: 'admin-features-stand-alone',
      to: `admin/src/features/${probe}b/b.ts`,
    });
  });

  it("refuses a relative import of another package's tests, an app's or a package's (no-reaching-into-another-packages-tests)", () => {
    expect(violationsFrom(`api/test/${probe}/admin-tests.ts`)).toContainEqual({
      rule: 'no-reaching-into-another-packages-tests',
      to: `admin/test/${probe}/support.ts`,
    });
    expect(violationsFrom(`packages/precompress/test/${probe}/content-tests.ts`)).toContainEqual({
      rule: 'no-reaching-into-another-packages-tests',
      to: `packages/content/test/${probe}/support.ts`,
    });
  });

  it('refuses an API domain module importing a plugin or a route (api-domain-below-plugins-and-routes)', () => {
    expect(violationsFrom(`api/src/${probe}/uses-plugin.ts`)).toContainEqual({
      rule: 'api-domain-below-plugins-and-routes',
      to: `api/src/plugins/${probe}.ts`,
    });
    expect(violationsFrom(`api/src/${probe}/uses-route.ts`)).toContainEqual({
      rule: 'api-domain-below-plugins-and-routes',
      to: `api/src/routes/${probe}/index.ts`,
    });
  });

  it('refuses an API plugin importing a route (api-plugins-below-routes)', () => {
    expect(violationsFrom(`api/src/plugins/${probe}-uses-route.ts`)).toContainEqual({
      rule: 'api-plugins-below-routes',
      to: `api/src/routes/${probe}/index.ts`,
    });
  });

  it("lets the API's routes import plugins and domain modules, and app.ts put plugins and routes together", () => {
    for (const module of [`api/src/routes/${probe}/index.ts`, 'api/src/app.ts']) {
      expect(cruise.modules.map(({ source }) => source)).toContain(module);
      expect(violationsFrom(module), module).toEqual([]);
    }
  });

  it("lets a feature import its own modules and a package's tests import their own support", () => {
    for (const module of [
      `admin/src/features/${probe}b/same-feature.ts`,
      `admin/src/features/${probe}b/b.ts`,
      `admin/test/${probe}/own-tests.ts`,
      `admin/test/${probe}/support.ts`,
    ]) {
      expect(cruise.modules.map(({ source }) => source)).toContain(module);
      expect(violationsFrom(module), module).toEqual([]);
    }
  });
});
