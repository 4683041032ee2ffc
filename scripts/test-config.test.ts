import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import rootConfig from '../vitest.config.ts';

const root = new URL('../', import.meta.url);
const projects = (rootConfig.test?.projects ?? []) as string[];

describe('the test suite runs its files in parallel', () => {
  it('lists every project, and each asks for a worker per core (vitest would give it one worker on 2 cores)', () => {
    expect(projects.length).toBeGreaterThan(5);
    for (const project of projects) {
      const config = readFileSync(new URL(`${project}/vitest.config.ts`, root), 'utf8');
      expect(config, `${project}/vitest.config.ts`).toMatch(/maxWorkers: '100%'/);
      expect(config, `${project}/vitest.config.ts`).not.toMatch(/fileParallelism: false/);
    }
  });
});
