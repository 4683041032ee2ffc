import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem, ContentReport } from '@cfp/shared';
import { z } from 'zod';
import { centreFile, contactDetails, missingDetails } from './centre-details.ts';
import { directiveNames, directivesIn, isDirectiveName } from './directives.ts';
import { contentEntries, readContentFile, regularFileNames } from './files.ts';
import { rawHtmlIn } from './markdown.ts';
import { duplicateSlugProblems, programmeProblems, slugProblem } from './programmes.ts';
import { findPromises, type PromisedDetail, promisedDetails } from './promises.ts';
import { fieldPath, splitFrontMatter, stringsOf } from './read.ts';
import { type Centre, centreSchema, departementSchema, faqItemSchema, pageSchema, programmeSchema } from './schemas.ts';

/**
 * `pnpm content:check`: reads content/ as the site build does and lists, file by file and field
 * by field, what keeps the site from launch: the centre's missing details, the programmes whose
 * facts the centre has not confirmed, and errors. Run by the site build, the API (at start and
 * before each build) and the tests.
 */

/** The site's pages a content link may lead to, besides /formation/{slug}, /departement/{slug} and /blog/{slug}. */
export const sitePaths = ['/', '/formations', '/contact', '/faq', '/about', '/blog', '/preinscription'];

/** Fields whose text the pages render with directives expanded (besides the markdown body). */
const directiveFields = /^(body|job|answer|assistance\.text|closing\.text|(why|steps|values|approach)\.items\[\d+\]\.text)$/;

interface ContentFile {
  file: string;
  data: unknown;
  body?: string;
  /** The file's line where the body starts, counted from 1. */
  bodyLine?: number;
}

const error = (file: string, field: string, message: string): ContentProblem => ({ kind: 'error', file, field, message });

/** Zod's own French messages ("Entrée invalide : …"), for this parse only: the API's messages stay English. */
const french = z.locales.fr().localeError;

function schemaProblems(file: string, data: unknown, schema: z.ZodType): ContentProblem[] {
  const result = schema.safeParse(data, { error: french });
  if (result.success) return [];
  return result.error.issues.map((issue) => error(file, fieldPath(issue.path), `valeur refusée : ${issue.message}.`));
}

/**
 * A YAML syntax error as an editor can act on it: the line, and what usually breaks it, without
 * the parser's words. `linesBefore`: the lines of the file above the YAML (a front matter's `---`).
 */
function unreadableYaml(cause: unknown, linesBefore: number): string {
  const line = (cause as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line;
  const where = line === undefined ? '' : ` à la ligne ${line + linesBefore}`;
  return `le fichier ne se lit pas${where} : vérifiez que chaque texte entre guillemets droits " s’ouvre et se ferme sur la même ligne (un guillemet à l’intérieur s’écrit \\"), qu’un deux-points suit chaque nom de champ et que l’indentation est celle des lignes voisines.`;
}

/** The folder's files, some of them replaced by the texts given (by path from the folder: `formations/soudure.md`). */
interface ContentSource {
  root: string;
  replaced: ReadonlyMap<string, string>;
  /** The folder's symbolic links: never read (each is reported once, by symbolicLinkProblems). */
  links: ReadonlySet<string>;
}

function symbolicLinksIn(root: string): string[] {
  try {
    return contentEntries(root).links;
  } catch {
    return [];
  }
}

const symbolicLinkProblem = (name: string) =>
  error(
    `content/${name}`,
    '',
    'lien symbolique\u00a0: le site ne le suit pas et ne le publie pas\u00a0; mettez ici le fichier lui-même, ou supprimez le lien.',
  );

const readText = (source: ContentSource, name: string) =>
  source.replaced.get(name) ?? readContentFile(path.join(source.root, name));

function readMarkdownDirectory(source: ContentSource, directory: string, problems: ContentProblem[]): ContentFile[] {
  const dir = path.join(source.root, directory);
  if (source.links.has(directory)) return [];
  if (!existsSync(dir)) {
    problems.push(error(`content/${directory}`, '', 'dossier introuvable.'));
    return [];
  }
  const names = regularFileNames(dir).filter((name) => name.toLowerCase().endsWith('.md'));
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

function readYaml(source: ContentSource, name: string, problems: ContentProblem[]): unknown {
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

const lineCount = (text: string) => text.split('\n').length - 1;

/** Raw HTML in a markdown body, by the line of the file: the site drops it (markdown.ts). */
function rawHtmlProblems({ file, body, bodyLine = 1 }: ContentFile): ContentProblem[] {
  if (body === undefined) return [];
  return rawHtmlIn(body).map(({ line, html }) => {
    const shown = html.length > 60 ? `${html.slice(0, 60)}…` : html;
    return error(
      file,
      'body',
      `du HTML à la ligne ${bodyLine + line - 1} (« ${shown.trim()} »)\u00a0: le site ne publie pas de HTML\u00a0; écrivez ce texte en markdown (**gras**, *italique*, [lien](/contact), listes en « - »).`,
    );
  });
}

const idOf = (file: string) => path.basename(file, '.md').toLowerCase();

/** Directives, links and promises in the texts of one file. */
function textProblems(entry: ContentFile, known: { paths: Set<string>; missing: Set<PromisedDetail> }): ContentProblem[] {
  const texts = [...stringsOf(entry.data), ...(entry.body === undefined ? [] : [{ field: 'body', text: entry.body }])];
  return texts.flatMap(({ field, text }) => {
    const problems: ContentProblem[] = [];
    const shortField = field.replace(/^\[\d+\]\./, '');
    for (const name of directivesIn(text)) {
      if (!isDirectiveName(name)) {
        problems.push(
          error(
            entry.file,
            field,
            `« :${name} » n’est pas une directive connue (${directiveNames.map((known) => `:${known}`).join(', ')}).`,
          ),
        );
      } else if (!directiveFields.test(shortField)) {
        problems.push(
          error(
            entry.file,
            field,
            `la directive « :${name} » n’est pas remplacée dans ce champ ; écrivez-la dans le texte principal, une réponse de FAQ, le champ job, un texte de carte ou le texte de clôture d’une page.`,
          ),
        );
      }
    }
    for (const [, target] of text.matchAll(/\]\((\/[^)\s]*)\)/g)) {
      const page = (target ?? '').replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
      if (!known.paths.has(page) && !page.startsWith('/blog/')) {
        problems.push(error(entry.file, field, `lien vers « ${target} », une page qui n’existe pas sur le site.`));
      }
    }
    for (const { detail, phrase } of findPromises(text)) {
      if (known.missing.has(detail)) {
        const { name, field: detailField, directive } = promisedDetails[detail];
        problems.push(
          error(
            entry.file,
            field,
            `« ${phrase} » promet ${name}, absent de ${centreFile} (${detailField}) : écrivez plutôt ${directive}, qui s’adapte à ce qui est renseigné.`,
          ),
        );
      }
    }
    return problems;
  });
}

function missingPromisedDetails(centre: Centre | undefined): Set<PromisedDetail> {
  if (!centre) return new Set(['phone', 'whatsapp', 'email', 'map', 'approval']);
  const details = contactDetails(centre);
  const missing: Array<[PromisedDetail, boolean]> = [
    ['phone', details.phones.length === 0],
    ['whatsapp', !details.whatsapp],
    ['email', !details.email],
    ['map', !details.mapUrl],
    ['approval', !details.approval.number],
  ];
  return new Set(missing.filter(([, isMissing]) => isMissing).map(([detail]) => detail));
}

export interface CheckOptions {
  /** Required details missing and unconfirmed programmes block the launch, not only errors. */
  strict?: boolean;
  now?: Date;
  /** Texts to check in place of the folder's files, by path from the folder: a change checked before it is written. */
  replaced?: ReadonlyMap<string, string>;
}

/** centre.yaml: its schema, then the details still to be given. */
function checkCentre(source: ContentSource, problems: ContentProblem[]): Centre | undefined {
  const data = readYaml(source, 'centre.yaml', problems);
  if (data === undefined) return undefined;
  const invalid = schemaProblems(centreFile, data, centreSchema);
  problems.push(...invalid);
  if (invalid.length > 0) return undefined;
  problems.push(...missingDetails(data as Centre));
  return data as Centre;
}

/** faq.yaml: a list of questions, each with its schema. */
function checkFaq(source: ContentSource, problems: ContentProblem[]): ContentFile[] {
  const file = 'content/faq.yaml';
  const data = readYaml(source, 'faq.yaml', problems);
  if (data === undefined) return [];
  if (!Array.isArray(data)) {
    problems.push(error(file, '', 'le fichier doit être une liste de questions.'));
    return [];
  }
  data.forEach((item, index) => {
    for (const problem of schemaProblems(file, item, faqItemSchema)) {
      problems.push({ ...problem, field: `[${index}]${problem.field ? `.${problem.field}` : ''}` });
    }
  });
  return [{ file, data }];
}

/** A programme's data without `duration`, which the files once had beside `durationMonths`: said once, plainly. */
function withoutFormerDuration(entry: ContentFile, problems: ContentProblem[]): unknown {
  if (!entry.data || typeof entry.data !== 'object' || !('duration' in entry.data)) return entry.data;
  const { duration: _duration, ...data } = entry.data as Record<string, unknown>;
  const message =
    'la durée s’écrit une seule fois, en mois, dans durationMonths (les pages en tirent « 9 mois ») : supprimez cette ligne.';
  problems.push(error(entry.file, 'duration', message));
  return data;
}

/** Each programme's schema, the rules across files, and what the centre has not confirmed. */
function checkProgrammes(
  programmes: ContentFile[],
  departements: ContentFile[],
  problems: ContentProblem[],
  today: string,
): void {
  const valid = programmes.flatMap((entry) => {
    const data = withoutFormerDuration(entry, problems);
    const result = programmeSchema.safeParse(data);
    if (result.success) return [{ file: entry.file, programme: result.data }];
    problems.push(...schemaProblems(entry.file, data, programmeSchema));
    return [];
  });
  const files = valid.map(({ file, programme }) => ({
    file,
    id: idOf(file),
    department: programme.department,
    legacySlugs: programme.legacySlugs,
  }));
  problems.push(
    ...programmeProblems(
      files,
      departements.map(({ file }) => idOf(file)),
    ),
  );
  for (const { file, programme } of valid) {
    if (!programme.confirmed) {
      const message = 'à faire vérifier par le centre (durée, niveau, diplôme, pratique, horaires), puis écrire confirmed: true.';
      problems.push({ kind: 'unconfirmed', file, field: 'confirmed', message });
    }
    if (programme.intakes?.every((date) => date < today)) {
      const message = 'toutes les rentrées indiquées sont passées : ajoutez les prochaines ou retirez le champ.';
      problems.push({ kind: 'missing', file, field: 'intakes', message, optional: true });
    }
  }
}

export function checkContent(
  contentDir: string,
  { strict = false, now = new Date(), replaced = new Map() }: CheckOptions = {},
): ContentReport {
  const links = symbolicLinksIn(contentDir);
  const problems: ContentProblem[] = links.map(symbolicLinkProblem);
  const source = { root: contentDir, replaced, links: new Set(links) };
  const centre = checkCentre(source, problems);
  const departements = readMarkdownDirectory(source, 'departements', problems);
  const programmes = readMarkdownDirectory(source, 'formations', problems);
  const pages = readMarkdownDirectory(source, 'pages', problems);
  const faq = checkFaq(source, problems);
  for (const entry of departements) problems.push(...schemaProblems(entry.file, entry.data, departementSchema));
  for (const entry of pages) problems.push(...schemaProblems(entry.file, entry.data, pageSchema));
  checkProgrammes(programmes, departements, problems, now.toISOString().slice(0, 10));

  const paths = new Set([
    ...sitePaths,
    ...departements.map(({ file }) => `/departement/${idOf(file)}`),
    ...programmes.map(({ file }) => `/formation/${idOf(file)}`),
  ]);
  const known = { paths, missing: missingPromisedDetails(centre) };
  for (const entry of [...departements, ...programmes, ...pages, ...faq]) problems.push(...textProblems(entry, known));
  for (const entry of [...departements, ...programmes, ...pages]) problems.push(...rawHtmlProblems(entry));

  const blocking = problems.some(
    (problem) =>
      problem.kind === 'error' ||
      (strict && (problem.kind === 'unconfirmed' || (problem.kind === 'missing' && !problem.optional))),
  );
  return { checkedAt: now.toISOString(), problems, blocking, strict };
}
