import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from '@cfp/shared';
import { checkContent } from './check.ts';
import { englishFilePaths, frenchTextPaths, outdatedSectionsOfTexts, withRenewedStamp } from './english.ts';
import { readContentFile } from './files.ts';
import { englishPathOf, frenchTwinOf, twinKindOf } from './translations.ts';

/**
 * `pnpm content:translated`: once an English text says what its French twin says now, its
 * `translationOf` records the fingerprints of the sections translated, and the checklist no
 * longer lists it. An English section left untouched since its French changed is not stamped:
 * only a translator who has read it says it is right as it is (`--as-is`).
 */

export interface Stamp {
  /** From the repository's root: content/en/formations/soudure.md. */
  file: string;
  /** `partly`: some sections stamped, others left outdated because their English has not changed since their French did. */
  outcome: 'stamped' | 'partly' | 'already' | 'unchanged' | 'refused';
  /** The sections still outdated after the stamp: their English is as it was when their French changed. */
  untranslated: string[];
  /** Why it was refused: what to correct first. */
  problems: ContentProblem[];
}

const refused = (file: string, message: string): Stamp => ({
  file,
  outcome: 'refused',
  untranslated: [],
  problems: [{ kind: 'error', file, field: '', message }],
});

/** The English texts whose French twin exists, by their path from the content folder: what `--all` stamps. */
export function englishTwinPaths(contentDir: string): string[] {
  const english = new Set(englishFilePaths(contentDir));
  return frenchTextPaths(contentDir)
    .map(englishPathOf)
    .filter((englishPath) => english.has(englishPath));
}

const readOrUndefined = (file: string) => {
  try {
    return readContentFile(file);
  } catch {
    return undefined;
  }
};

/** An English text with its stamp renewed, not written yet; or why it cannot be. */
function stamped(contentDir: string, englishPath: string, which: 'all' | 'edited'): { stamp: Stamp; text?: string } {
  const file = `content/${englishPath}`;
  const frenchPath = frenchTwinOf(englishPath) ?? '';
  if (!twinKindOf(frenchPath)) {
    return { stamp: refused(file, 'pas un texte anglais (content/en/formations, departements, pages ou faq.yaml).') };
  }
  const frenchText = readOrUndefined(path.join(contentDir, frenchPath));
  if (frenchText === undefined) return { stamp: refused(file, `le texte français content/${frenchPath} ne se lit pas.`) };
  const before = readOrUndefined(path.join(contentDir, englishPath));
  if (before === undefined) return { stamp: refused(file, 'fichier introuvable.') };
  const text = withRenewedStamp(frenchPath, frenchText, before, which);
  const untranslated = outdatedSectionsOfTexts(frenchPath, frenchText, text);
  const outcome =
    text === before ? (untranslated.length > 0 ? 'unchanged' : 'already') : untranslated.length > 0 ? 'partly' : 'stamped';
  return { stamp: { file, outcome, untranslated, problems: [] }, text };
}

/**
 * Stamps the English texts given, by their path from the content folder (`en/formations/soudure.md`),
 * changing only their translationOf line: each section whose English changed since it was last
 * stamped, or every section with `asIs` (the translator says the English already says what the
 * French says now). A text the check refuses once stamped (a list that does not follow the
 * French, a French link, a promise) is left as it is.
 */
export function stampTranslations(contentDir: string, englishPaths: string[], { asIs = false } = {}): Stamp[] {
  const texts = englishPaths.map((englishPath) => ({
    englishPath,
    ...stamped(contentDir, englishPath, asIs ? 'all' : 'edited'),
  }));
  const replaced = new Map(texts.flatMap(({ englishPath, text }) => (text === undefined ? [] : [[englishPath, text] as const])));
  const errors = checkContent(contentDir, { replaced }).problems.filter((problem) => problem.kind === 'error');
  return texts.map(({ englishPath, stamp, text }) => {
    if (stamp.outcome === 'refused') return stamp;
    const problems = errors.filter((problem) => problem.file === stamp.file);
    if (problems.length > 0) return { ...stamp, outcome: 'refused', problems };
    if ((stamp.outcome === 'stamped' || stamp.outcome === 'partly') && text !== undefined) {
      writeFileSync(path.join(contentDir, englishPath), text);
    }
    return stamp;
  });
}
