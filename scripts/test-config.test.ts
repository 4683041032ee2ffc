import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import rootConfig from '../vitest.config.ts';

const root = new URL('../', import.meta.url);
const projects = (rootConfig.test?.projects ?? []) as string[];
const configOf = (project: string) => readFileSync(new URL(`${project}/vitest.config.ts`, root), 'utf8');
const browserProjects = ['e2e', 'e2e/shared-site'];
const timedProject = 'e2e/timed';

describe('how the test suite shares the cores', () => {
  it('runs the files of every other project a core each (vitest would give a project one worker on 2 cores)', () => {
    expect(projects.length).toBeGreaterThan(5);
    for (const project of projects.filter((name) => ![...browserProjects, timedProject].includes(name))) {
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

  it('runs the browser test that checks a production timing alone, after the other browser files', () => {
    expect(projects).toContain(timedProject);
    expect(configOf(timedProject)).toMatch(/maxWorkers: 1,\s[\s\S]*groupOrder: 2 }/);
  });
});
