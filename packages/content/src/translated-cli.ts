#!/usr/bin/env node
import path from 'node:path';
import { problemLine } from './format-report.ts';
import { englishTwinPaths, type Stamp, stampTranslations } from './stamp.ts';

/**
 * `pnpm content:translated [files…] [--all] [--as-is] [--content=dir]`: after an English text
 * has been brought up to date with its French twin, records in it (translationOf) which French
 * sections it translates: those whose English changed since they were last stamped, or all of
 * them with --as-is. Prints what it stamped; exits with 1 when a text could not be stamped.
 */
const args = process.argv.slice(2);
const contentDir = path.resolve(args.find((arg) => arg.startsWith('--content='))?.slice('--content='.length) ?? 'content');
const files = args.filter((arg) => !arg.startsWith('--'));
/** `content/en/faq.yaml` as typed, from the content folder: `en/faq.yaml`. */
const fromContent = (file: string) => path.relative(contentDir, path.resolve(file)).split(path.sep).join('/');

const said: Record<Stamp['outcome'], string> = {
  stamped: 'marqué à jour',
  partly: 'marqué à jour en partie',
  already: 'déjà à jour',
  unchanged: 'non marqué, texte anglais inchangé',
  refused: 'non marqué, à corriger d’abord',
};

const report = ({ file, outcome, untranslated, problems }: Stamp) => [
  `${said[outcome]}\u00a0: ${file}`,
  ...(untranslated.length > 0
    ? [
        `  à traduire\u00a0: ${untranslated.join(', ')} (le français a changé, l’anglais non\u00a0; s’il dit déjà la même chose, relancez avec --as-is)`,
      ]
    : []),
  ...problems.map(problemLine),
];

if (files.length === 0 && !args.includes('--all')) {
  console.error(
    'Usage\u00a0: pnpm content:translated content/en/formations/soudure.md […] (ou --all pour tous les textes anglais ; --as-is pour dire que l’anglais dit déjà ce que dit le français)',
  );
  process.exitCode = 1;
} else {
  const paths = files.length > 0 ? files.map(fromContent) : englishTwinPaths(contentDir);
  const stamps = stampTranslations(contentDir, paths, { asIs: args.includes('--as-is') });
  console.log(stamps.flatMap(report).join('\n'));
  process.exitCode = stamps.some((stamp) => stamp.outcome === 'refused') ? 1 : 0;
}
