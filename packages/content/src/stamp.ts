import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from '@cfp/shared';
import { checkContent } from './check.ts';
import { englishFilePaths, frenchFingerprint, frenchTextPaths } from './english.ts';
import { readContentFile } from './files.ts';
import { withTranslationOf } from './fingerprint.ts';
import { englishPathOf, frenchTwinOf, twinKindOf } from './translations.ts';

/**
 * `pnpm content:translated`: once an English text says what its French twin says now, its
 * `translationOf` records the French texts' fingerprint, and the checklist no longer lists it.
 */

export interface Stamp {
  /** From the repository's root: content/en/formations/soudure.md. */
  file: string;
  outcome: 'stamped' | 'already' | 'refused';
  fingerprint?: string;
  /** Why it was refused: what to correct first. */
  problems: ContentProblem[];
}

const refused = (file: string, message: string): Stamp => ({
  file,
  outcome: 'refused',
  problems: [{ kind: 'error', file, field: '', message }],
});

/** The English texts whose French twin exists, by their path from the content folder: what `--all` stamps. */
export function englishTwinPaths(contentDir: string): string[] {
  const english = new Set(englishFilePaths(contentDir));
  return frenchTextPaths(contentDir)
    .map(englishPathOf)
    .filter((englishPath) => english.has(englishPath));
}

/** An English text stamped with its French twin's fingerprint, not written yet; or why it cannot be. */
function stamped(contentDir: string, englishPath: string): { stamp: Stamp; text?: string } {
  const file = `content/${englishPath}`;
  const frenchPath = frenchTwinOf(englishPath) ?? '';
  const kind = twinKindOf(frenchPath);
  if (!kind) return { stamp: refused(file, 'pas un texte anglais (content/en/formations, departements, pages ou faq.yaml).') };
  const fingerprint = frenchFingerprint(contentDir, frenchPath);
  if (!fingerprint) return { stamp: refused(file, `le texte français content/${frenchPath} ne se lit pas.`) };
  const before = (() => {
    try {
      return readContentFile(path.join(contentDir, englishPath));
    } catch {
      return undefined;
    }
  })();
  if (before === undefined) return { stamp: refused(file, 'fichier introuvable.') };
  const text = withTranslationOf(kind, before, fingerprint);
  return { stamp: { file, outcome: text === before ? 'already' : 'stamped', fingerprint, problems: [] }, text };
}

/**
 * Stamps the English texts given, by their path from the content folder (`en/formations/soudure.md`),
 * each with its French twin's fingerprint, changing only that line. A text the check refuses once
 * stamped (a list that does not follow the French, a French link, a promise) is left as it is.
 */
export function stampTranslations(contentDir: string, englishPaths: string[]): Stamp[] {
  const texts = englishPaths.map((englishPath) => ({ englishPath, ...stamped(contentDir, englishPath) }));
  const replaced = new Map(texts.flatMap(({ englishPath, text }) => (text === undefined ? [] : [[englishPath, text] as const])));
  const errors = checkContent(contentDir, { replaced }).problems.filter((problem) => problem.kind === 'error');
  return texts.map(({ englishPath, stamp, text }) => {
    if (stamp.outcome === 'refused') return stamp;
    const problems = errors.filter((problem) => problem.file === stamp.file);
    if (problems.length > 0) return { ...stamp, outcome: 'refused', problems };
    if (stamp.outcome === 'stamped' && text !== undefined) writeFileSync(path.join(contentDir, englishPath), text);
    return stamp;
  });
}
