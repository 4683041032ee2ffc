import type { ContentReport } from '@cfp/shared';
import { IdleChildProcess } from '../workers/idle-child-process.ts';
import type { ContentCheckQuestion } from './content-check-process.ts';

/** How long the process stays after a check: a staff member saving one form after another keeps it. */
const keepLoadedMs = 60_000;

/**
 * The content check (`pnpm content:check`), run in a process of its own: it reads and parses
 * every content file, about half a second to a second on the whole content, and a save checks
 * the folder before and after the change. On the API's thread that held every visitor's request
 * meanwhile (ten saves in a row took /api/health to 1.9 s).
 */
export class ContentChecker extends IdleChildProcess<ContentCheckQuestion, ContentReport> {
  constructor() {
    super(new URL('./content-check-process.ts', import.meta.url), 'the content check');
  }

  check(
    contentDir: string,
    { replaced = new Map(), strict = false }: { replaced?: ReadonlyMap<string, string>; strict?: boolean } = {},
  ) {
    return this.ask({ contentDir, replaced: [...replaced], strict }, keepLoadedMs);
  }
}
