#!/usr/bin/env node
import path from 'node:path';
import { problemLine } from './format-report.ts';
import { englishTwinPaths, type Stamp, stampTranslations } from './stamp.ts';

/**
 * `pnpm content:translated [files…] [--all] [--content=dir]`: after an English text has been
 * brought up to date with its French twin, writes the French texts' fingerprint into it
 * (translationOf) and prints what it stamped. Exits with 1 when a text could not be stamped.
 */
const args = process.argv.slice(2);
const contentDir = path.resolve(args.find((arg) => arg.startsWith('--content='))?.slice('--content='.length) ?? 'content');
const files = args.filter((arg) => !arg.startsWith('--'));
/** `content/en/faq.yaml` as typed, from the content folder: `en/faq.yaml`. */
const fromContent = (file: string) => path.relative(contentDir, path.resolve(file)).split(path.sep).join('/');

const said: Record<Stamp['outcome'], string> = {
  stamped: 'marqué à jour',
  already: 'déjà à jour',
  refused: 'non marqué, à corriger d’abord',
};

const report = ({ file, outcome, fingerprint, problems }: Stamp) => [
  `${said[outcome]}\u00a0: ${file}${outcome === 'stamped' ? ` (translationOf: ${fingerprint})` : ''}`,
  ...problems.map(problemLine),
];

if (files.length === 0 && !args.includes('--all')) {
  console.error(
    'Usage\u00a0: pnpm content:translated content/en/formations/soudure.md […] (ou --all pour tous les textes anglais)',
  );
  process.exitCode = 1;
} else {
  const stamps = stampTranslations(contentDir, files.length > 0 ? files.map(fromContent) : englishTwinPaths(contentDir));
  console.log(stamps.flatMap(report).join('\n'));
  process.exitCode = stamps.some((stamp) => stamp.outcome === 'refused') ? 1 : 0;
}
