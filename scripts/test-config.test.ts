import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rootPackage from '../package.json' with { type: 'json' };
import browserConfig, { browserProjects } from '../vitest.browser.config.ts';
import { innerProjects } from '../vitest.config.ts';
import { LongestFirstSequencer, longestBrowserFiles } from './test-sequencer.ts';

const root = new URL('../', import.meta.url);
const configFile = (project: string) => (project.endsWith('.ts') ? project : `${project}/vitest.config.ts`);
const configOf = (project: string) => readFileSync(new URL(configFile(project), root), 'utf8');

describe('the two suites', () => {
  it('runs the inner loop with no browser, no product process and no build, and the browser suite after it in one command', () => {
    const { scripts } = rootPackage;
    expect(scripts.test).not.toMatch(/build|browser/);
    expect(scripts['test:browser']).toMatch(/@cfp\/admin build .*vitest run --config vitest\.browser\.config\.ts/);
    // One after the other: side by side (2026-12-02) they took 1,305 s against 1,167 s, with 25 % more CPU-seconds in contention.
    expect(scripts['test:all']).toBe('pnpm test && pnpm test:browser');
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const ci = readFileSync(new URL('.ci/run', root), 'utf8');
    expect(readme).toContain('source scripts/toolchain.sh && pnpm test:all');
    expect(ci).toContain('source scripts/toolchain.sh && pnpm test:all');
  });

  it('puts every package that has tests in exactly one suite', () => {
    const inner = innerProjects.map(configFile);
    const browser = browserProjects.map(configFile);
    expect(inner.filter((file) => browser.includes(file))).toEqual([]);
    for (const file of [...inner, ...browser]) expect(existsSync(new URL(file, root)), file).toBe(true);
    // A package's system tests (test/system/) are left out of its inner project and make a project of the browser suite.
    for (const project of innerProjects.filter((name) => existsSync(new URL(`${name}/vitest.system.config.ts`, root)))) {
      expect(configOf(project), configFile(project)).toMatch(/exclude: \[\.\.\.configDefaults\.exclude, 'test\/system\/\*\*'\]/);
      expect(browser).toContain(`${project}/vitest.system.config.ts`);
    }
  });

  it('takes every timeout from the time scale', () => {
    for (const project of [...innerProjects, ...browserProjects]) {
      expect(configOf(project), configFile(project)).toMatch(/\.\.\.testTimeouts\(/);
    }
  });
});

describe('how the suites share the cores', () => {
  it('runs the files of every inner project a core each (vitest would give a project one worker on 2 cores)', () => {
    expect(innerProjects.length).toBeGreaterThan(5);
    for (const project of innerProjects) {
      expect(configOf(project), configFile(project)).toMatch(/maxWorkers: '100%'/);
      expect(configOf(project), configFile(project)).not.toMatch(/fileParallelism: false|groupOrder/);
    }
  });

  it('runs the browser suite two files at a time: its projects share one pool of two workers', () => {
    for (const project of browserProjects) {
      expect(configOf(project), configFile(project)).toMatch(/maxWorkers: 2,\s[\s\S]*groupOrder: 1 }/);
    }
  });

  it('starts the longest browser files first, with no durations from an earlier run', async () => {
    expect(browserConfig.test?.sequence?.sequencer).toBe(LongestFirstSequencer);
    for (const file of longestBrowserFiles) expect(existsSync(new URL(file, root)), file).toBe(true);
    const file = (name: string, project: string) =>
      ({
        moduleId: fileURLToPath(new URL(name, root)),
        project: { name: project, config: { isolate: true, sequence: { groupOrder: 1 } } },
      }) as never;
    const noEarlierRun = { cache: { getTestSpecificationResult: () => undefined } } as never;
    const files = [
      file('e2e/deployment.test.ts', 'e2e'),
      file('e2e/shared-site/site-pages.test.ts', 'e2e-shared-site'),
      file('e2e/site-content.test.ts', 'e2e'),
      file('api/test/system/durability.test.ts', 'api-system'),
      file('e2e/publishing.test.ts', 'e2e'),
    ];
    const sorted = (await new LongestFirstSequencer(noEarlierRun).sort(files)) as unknown as { moduleId: string }[];
    const order = sorted.map(({ moduleId }) => path.relative(fileURLToPath(root), moduleId));
    expect(order.slice(0, 3)).toEqual([
      'e2e/shared-site/site-pages.test.ts',
      'e2e/publishing.test.ts',
      'e2e/site-content.test.ts',
    ]);
  });
});
