import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take longest, longest first (two at a time on the 2-core CI machine,
 * 2026-11-28: 160-265 s each, against 60 s or less for every other browser file).
 */
export const longestBrowserFiles = [
  'e2e/shared-site/site-pages.test.ts',
  'e2e/publishing.test.ts',
  'e2e/split-deployment.test.ts',
  'e2e/site-content.test.ts',
];

/**
 * Vitest's order, with the longest browser files started first. Without the durations of an
 * earlier run (a fresh clone in CI has none), vitest takes one project's files after another's,
 * the largest first, so one of the long files could start last and run alone while a core idled.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longestBrowserFiles.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? longestBrowserFiles.length : index;
    };
    const groupOrder = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return sorted.sort((a, b) => groupOrder(a) - groupOrder(b) || rank(a) - rank(b));
  }
}
