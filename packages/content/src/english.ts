import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { TranslationStatus } from '@cfp/shared';
import { parse as parseYaml } from 'yaml';
import { contentEntries, readContentFile, regularFileNames } from './files.ts';
import {
  outdatedSections,
  parseStamp,
  renewedStamp,
  translationFingerprint,
  translationOfIn,
  withTranslationOf,
} from './fingerprint.ts';
import { splitFrontMatter } from './read.ts';
import type { EnglishDepartement, EnglishFaqItem, EnglishPage, EnglishProgramme } from './schemas.ts';
import {
  englishFolder,
  englishPathOf,
  frenchPathOf,
  type TwinKind,
  twinFolders,
  twinKindOf,
  twinSchemas,
} from './translations.ts';

/** The English texts of a content folder (content/en/) as the site and `pnpm content:translated` read them. */

const isRegularFile = (file: string) => {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
};

const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');

/** The French texts that have an English twin, by their path from the content folder: `formations/soudure.md`, `faq.yaml`. */
export function frenchTextPaths(contentDir: string): string[] {
  const markdown = Object.values(twinFolders).flatMap((folder) =>
    regularFileNames(path.join(contentDir, folder))
      .filter(isMarkdown)
      .map((name) => `${folder}/${name}`),
  );
  return isRegularFile(path.join(contentDir, 'faq.yaml')) ? [...markdown, 'faq.yaml'] : markdown;
}

/** Every regular file of content/en/, by its path from the content folder (`en/formations/soudure.md`); none when it is missing or a link. */
export function englishFilePaths(contentDir: string): string[] {
  try {
    if (!lstatSync(path.join(contentDir, englishFolder)).isDirectory()) return [];
    return contentEntries(contentDir, englishFolder).files;
  } catch {
    return [];
  }
}

/** A text's front matter (a YAML file's whole value) and body; undefined when it does not parse. */
function parseText(filePath: string, text: string): { text: string; data: unknown; body: string } | undefined {
  try {
    if (!isMarkdown(filePath)) return { text, data: parseYaml(text), body: '' };
    const parsed = splitFrontMatter(text);
    return parsed && { text, ...parsed };
  } catch {
    return undefined;
  }
}

/** A text of the content folder, parsed; undefined when it cannot be read. */
function readText(contentDir: string, filePath: string): { text: string; data: unknown; body: string } | undefined {
  try {
    return parseText(filePath, readContentFile(path.join(contentDir, filePath)));
  } catch {
    return undefined;
  }
}

/** The fingerprint of a French text given as the file's text (`formations/soudure.md`, before it is written); undefined when it does not parse. */
export function fingerprintOfText(frenchPath: string, text: string): string | undefined {
  const kind = twinKindOf(frenchPath);
  const french = parseText(frenchPath, text);
  return kind && french && translationFingerprint(kind, french.data, french.body);
}

/**
 * Whether an English text says what its French twin's text says (both given as the files' texts,
 * `englishText` undefined when there is no English file): the admin's forms show it beside the
 * English fields, as the check lists it.
 */
export function translationStatusOf(frenchPath: string, frenchText: string, englishText: string | undefined): TranslationStatus {
  if (englishText === undefined) return 'missing';
  const twins = parsedTwins(frenchPath, frenchText, englishText);
  if (!twins || parseStamp(twins.stamp) === undefined) return 'unstamped';
  return outdatedSections(twins.kind, twins.stamp, twins.french).length === 0 ? 'current' : 'outdated';
}

/** A French text and its English twin, given as the files' texts, parsed, with the English's stamp; undefined when either does not parse. */
function parsedTwins(frenchPath: string, frenchText: string, englishText: string) {
  const kind = twinKindOf(frenchPath);
  const french = parseText(frenchPath, frenchText);
  const english = parseText(englishPathOf(frenchPath), englishText);
  if (!kind || !french || !english) return undefined;
  return { kind, french, english, stamp: translationOfIn(kind, english.text, english.data) };
}

/** The sections of an English text (the file's text) whose French (the file's text) changed since they were stamped. */
export function outdatedSectionsOfTexts(frenchPath: string, frenchText: string, englishText: string): string[] {
  const twins = parsedTwins(frenchPath, frenchText, englishText);
  return twins ? outdatedSections(twins.kind, twins.stamp, twins.french) : [];
}

/**
 * The English text (the file's text) with its stamp renewed against the French text (the file's
 * text): `all` its sections said to translate the French as it is, or only those `edited` since
 * they were last stamped (fingerprint.ts). Unchanged when either does not parse.
 */
export function withRenewedStamp(frenchPath: string, frenchText: string, englishText: string, which: 'all' | 'edited'): string {
  const twins = parsedTwins(frenchPath, frenchText, englishText);
  if (!twins) return englishText;
  const stamp = renewedStamp(twins.kind, twins.stamp, twins.french, twins.english, which);
  return withTranslationOf(twins.kind, englishText, stamp);
}

export interface EnglishText<T> {
  /** From the repository's root: content/en/formations/soudure.md. */
  file: string;
  data: T;
  body: string;
  /** Translated from the French texts as they are now: no section is outdated. */
  current: boolean;
  /** The sections whose French changed since their English was stamped (fingerprint.ts): `summary`, `body`… */
  outdated: string[];
}

interface EnglishData {
  programme: EnglishProgramme;
  departement: EnglishDepartement;
  page: EnglishPage;
  faq: EnglishFaqItem[];
}

/**
 * The English twin of a French text (`name`: the French file's name without .md; none for the
 * FAQ), or undefined when it is missing or breaks its schema: the content check reports it.
 */
export function readEnglishTwin<K extends TwinKind>(
  contentDir: string,
  kind: K,
  name?: string,
): EnglishText<EnglishData[K]> | undefined {
  const frenchPath = frenchPathOf(kind, name);
  const englishPath = englishPathOf(frenchPath);
  const english = readText(contentDir, englishPath);
  const result = english && twinSchemas[kind].english.safeParse(english.data);
  if (!english || !result?.success) return undefined;
  const french = readText(contentDir, frenchPath);
  const outdated = french ? outdatedSections(kind, translationOfIn(kind, english.text, english.data), french) : ['body'];
  return {
    file: `content/${englishPath}`,
    data: result.data as EnglishData[K],
    body: english.body,
    current: outdated.length === 0,
    outdated,
  };
}

/** The English programmes and departments by their French slug: what the English pages, and the links to them, are built from. */
export function readEnglishCatalogue(contentDir: string) {
  const twins = <K extends 'programme' | 'departement'>(kind: K) =>
    new Map(
      regularFileNames(path.join(contentDir, twinFolders[kind]))
        .filter(isMarkdown)
        .flatMap((fileName) => {
          const name = fileName.replace(/\.md$/i, '');
          const twin = readEnglishTwin(contentDir, kind, name);
          return twin ? [[name.toLowerCase(), twin] as const] : [];
        }),
    );
  return { programmes: twins('programme'), departements: twins('departement') };
}
