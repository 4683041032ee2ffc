import { provideSharedBrowser } from '@cfp/test-support/shared-browser';
import type { TestProject } from 'vitest/node';

/** The run's one Chromium, for every browser project: its files connect with `connectBrowser()`. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideSharedBrowser(project);
}
