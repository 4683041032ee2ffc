import { checkContent } from '@cfp/content/check';
import { answerQuestions } from '../workers/idle-child-process.ts';

/** A content check asked of the checking process (api/src/content/content-checker.ts says why it is one). */
export interface ContentCheckQuestion {
  contentDir: string;
  /** Texts checked in place of the folder's files, by path from the folder. */
  replaced: Array<[file: string, text: string]>;
  strict: boolean;
}

answerQuestions(({ contentDir, replaced, strict }: ContentCheckQuestion) =>
  checkContent(contentDir, { strict, replaced: new Map(replaced) }),
);
