import { buildFixtureSite } from '@cfp/test-support/fixture-site';
import type { TestProject } from 'vitest/node';

/**
 * Builds the fixture's site once for the run: the files whose product only serves it start from
 * a copy, `startProduct(env, { prebuiltSite: inject('fixtureSite') })`, and build nothing.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const { site, remove } = await buildFixtureSite();
  project.provide('fixtureSite', site);
  return remove;
}
