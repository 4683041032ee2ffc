import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import rootConfig from '../vitest.config.ts';

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

  it('runs the browser files one at a time, after the others: each keeps the cores busy, two at once ran out of time', () => {
    for (const project of browserProjects) {
      expect(projects).toContain(project);
      expect(configOf(project), `${project}/vitest.config.ts`).toMatch(/maxWorkers: 1,\s[\s\S]*groupOrder: 1 }/);
    }
  });
});
