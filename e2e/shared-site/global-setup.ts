import { startSharedSite } from '@cfp/test-support/shared-site';
import type { TestProject } from 'vitest/node';

/** Starts the product these tests share, once for the run; its address and token reach them through `inject('sharedSite')`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { site, stop } = await startSharedSite();
  project.provide('sharedSite', site);
  return stop;
}
