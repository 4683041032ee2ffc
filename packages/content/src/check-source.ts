import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from '@cfp/shared';
import { z } from 'zod';
import { contentEntries, readContentFile, regularFileNames } from './files.ts';
import { duplicateSlugProblems, slugProblem } from './programmes.ts';
import { fieldPath, splitFrontMatter } from './read.ts';
import type { TwinKind } from './translations.ts';

/*
 * The content folder as `pnpm content:check` reads it (check.ts): its files, or the texts given
 * in their place, parsed, with the problems of reading them said to the editor.
 */

export interface ContentFile {
  file: string;
  data: unknown;
  body?: string;
  /** The file's line where the body starts, counted from 1. */
  bodyLine?: number;
}

/** An English text, with the fingerprint of the French texts it was translated from, as written (`translationOf`). */
export interface EnglishFile extends ContentFile {
  translationOf: unknown;
}

export type Texts<File> = Record<TwinKind, File[]>;

export const error = (file: string, field: string, message: string): ContentProblem => ({ kind: 'error', file, field, message });

/** Zod's own French messages ("Entrée invalide : …"), for this parse only: the API's messages stay English. */
export const french = z.locales.fr().localeError;

/** `unknownField`: what to say of each field the schema does not know (a fact copied into an English text), instead of Zod's words. */
export function schemaProblems(
  file: string,
  data: unknown,
  schema: z.ZodType,
  unknownField?: (field: string) => string,
): ContentProblem[] {
  const result = schema.safeParse(data, { error: french });
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && unknownField
      ? issue.keys.map((key) => fieldPath([...issue.path, key])).map((field) => error(file, field, unknownField(field)))
      : [error(file, fieldPath(issue.path), `valeur refusée : ${issue.message}.`)],
  );
}

/**
 * A YAML syntax error as an editor can act on it: the line, and what usually breaks it, without
 * the parser's words. `linesBefore`: the lines of the file above the YAML (a front matter's `---`).
 */
export function unreadableYaml(cause: unknown, linesBefore: number): string {
  const line = (cause as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line;
  const where = line === undefined ? '' : ` à la ligne ${line + linesBefore}`;
  return `le fichier ne se lit pas${where} : vérifiez que chaque texte entre guillemets droits " s’ouvre et se ferme sur la même ligne (un guillemet à l’intérieur s’écrit \\"), qu’un deux-points suit chaque nom de champ et que l’indentation est celle des lignes voisines.`;
}

/** The folder's files, some of them replaced by the texts given (by path from the folder: `formations/soudure.md`). */
export interface ContentSource {
  root: string;
  replaced: ReadonlyMap<string, string>;
  /** The folder's symbolic links: never read (each is reported once, by symbolicLinkProblems). */
  links: ReadonlySet<string>;
}

export function symbolicLinksIn(root: string): string[] {
  try {
    return contentEntries(root).links;
  } catch {
    return [];
  }
}

export const symbolicLinkProblem = (name: string) =>
  error(
    `content/${name}`,
    '',
    'lien symbolique\u00a0: le site ne le suit pas et ne le publie pas\u00a0; mettez ici le fichier lui-même, ou supprimez le lien.',
  );

export const readText = (source: ContentSource, name: string) =>
  source.replaced.get(name) ?? readContentFile(path.join(source.root, name));

/** The names of the texts given for a directory that it does not hold yet: a file checked before it is created. */
export const newFilesIn = (source: ContentSource, directory: string) =>
  [...source.replaced.keys()]
    .filter((name) => path.posix.dirname(name) === directory && !existsSync(path.join(source.root, name)))
    .map((name) => path.posix.basename(name));

/** Whether the folder holds the file, or a text given for it. */
export const hasFile = (source: ContentSource, name: string) =>
  source.replaced.has(name) || existsSync(path.join(source.root, name));

/** `required`: a missing folder is an error (content/en/'s are not: each missing text is named). */
export function readMarkdownDirectory(
  source: ContentSource,
  directory: string,
  problems: ContentProblem[],
  required = true,
): ContentFile[] {
  const dir = path.join(source.root, directory);
  if (source.links.has(directory)) return [];
  const added = newFilesIn(source, directory);
  if (!existsSync(dir) && added.length === 0) {
    if (required) problems.push(error(`content/${directory}`, '', 'dossier introuvable.'));
    return [];
  }
  const names = [...new Set([...regularFileNames(dir), ...added])].filter((name) => name.toLowerCase().endsWith('.md'));
  problems.push(...names.flatMap((name) => slugProblem(directory, name) ?? []), ...duplicateSlugProblems(directory, names));
  return names.toSorted().flatMap((name) => {
    const file = `content/${directory}/${name}`;
    try {
      const text = readText(source, `${directory}/${name}`);
      const parsed = splitFrontMatter(text);
      if (parsed) return [{ file, ...parsed, bodyLine: lineCount(text.slice(0, text.length - parsed.body.length)) + 1 }];
      problems.push(error(file, '', 'pas d’en-tête entre deux lignes « --- » en haut du fichier.'));
    } catch (cause) {
      problems.push(error(file, '', unreadableYaml(cause, 1)));
    }
    return [];
  });
}

export function readYaml(source: ContentSource, name: string, problems: ContentProblem[]): unknown {
  const file = `content/${name}`;
  if (source.links.has(name)) return undefined;
  try {
    const parsed = splitFrontMatter(`---\n${readText(source, name)}\n---\n`);
    return parsed?.data;
  } catch (cause) {
    const message = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'fichier introuvable.' : unreadableYaml(cause, 0);
    problems.push(error(file, '', message));
    return undefined;
  }
}

export const lineCount = (text: string) => text.split('\n').length - 1;

export const idOf = (file: string) => path.basename(file, '.md').toLowerCase();
