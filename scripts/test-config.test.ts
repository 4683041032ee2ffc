import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rootConfig from '../vitest.config.ts';
import { LongestFirstSequencer, longestBrowserFiles } from './test-sequencer.ts';

const root = new URL('../', import.meta.url);
const projects = (rootConfig.test?.projects ?? []) as string[];
const configOf = (project: string) => readFileSync(new URL(`${project}/vitest.config.ts`, root), 'utf8');
const browserProjects = ['e2e', 'e2e/shared-site'];

describe('how the test suite shares the cores', () => {
  it('runs the files of every other project a core each (vitest would give a project one worker on 2 cores)', () => {
    expect(projects.length).toBeGreaterThan(5);
    for (const project of projects.filter((name) => !browserProjects.includes(name))) {
      expect(configOf(project), `${project}/vitest.config.ts`).toMatch(/maxWorkers: '100%'/);
      expect(configOf(project), `${project}/vitest.config.ts`).not.toMatch(/fileParallelism: false|groupOrder/);
    }
  });

  it('runs the browser files two at a time, after the others: the browser projects share one pool of two workers', () => {
    for (const project of browserProjects) {
      expect(projects).toContain(project);
      expect(configOf(project), `${project}/vitest.config.ts`).toMatch(/maxWorkers: 2,\s[\s\S]*groupOrder: 1 }/);
    }
  });

  it('starts the longest browser files first, after the other projects, with no durations from an earlier run', async () => {
    expect(rootConfig.test?.sequence?.sequencer).toBe(LongestFirstSequencer);
    for (const file of longestBrowserFiles) expect(existsSync(new URL(file, root)), file).toBe(true);
    const file = (name: string, project: string, groupOrder: number) =>
      ({
        moduleId: fileURLToPath(new URL(name, root)),
        project: { name: project, config: { isolate: true, sequence: { groupOrder } } },
      }) as never;
    const noEarlierRun = { cache: { getTestSpecificationResult: () => undefined } } as never;
    const files = [
      file('e2e/deployment.test.ts', 'e2e', 1),
      file('e2e/shared-site/site-pages.test.ts', 'e2e-shared-site', 1),
      file('e2e/post-journey.test.ts', 'e2e', 1),
      file('api/test/config.test.ts', 'api', 0),
      file('e2e/publishing.test.ts', 'e2e', 1),
    ];
    const sorted = (await new LongestFirstSequencer(noEarlierRun).sort(files)) as unknown as { moduleId: string }[];
    expect(sorted.map(({ moduleId }) => path.relative(fileURLToPath(root), moduleId))).toEqual([
      'api/test/config.test.ts',
      'e2e/shared-site/site-pages.test.ts',
      'e2e/publishing.test.ts',
      'e2e/post-journey.test.ts',
      'e2e/deployment.test.ts',
    ]);
  });
});
