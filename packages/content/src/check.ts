import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type ContentProblem,
  type ContentReport,
  departementPath,
  type Locale,
  type PageName,
  pagePath,
  programmePath,
} from '@cfp/shared';
import { z } from 'zod';
import { centreFile, contactDetails, englishCentreFile, missingDetails } from './centre-details.ts';
import { directiveNames, directivesIn, directivesInLinkTargets, isDirectiveName } from './directives.ts';
import { englishFilePaths, frenchTextPaths } from './english.ts';
import { contentEntries, readContentFile, regularFileNames } from './files.ts';
import { outdatedSections, translationOfIn } from './fingerprint.ts';
import { rawHtmlIn } from './markdown.ts';
import { duplicateEnglishSlugProblems, duplicateSlugProblems, programmeProblems, slugProblem } from './programmes.ts';
import {
  englishPromisePatterns,
  findPromises,
  type PromisedDetail,
  type PromisePattern,
  promisedDetails,
  promisePatterns,
} from './promises.ts';
import { fieldPath, splitFrontMatter, stringsOf } from './read.ts';
import {
  type Centre,
  centreSchema,
  departementSchema,
  type EnglishCentre,
  englishCentreSchema,
  faqItemSchema,
  pageSchema,
  programmeSchema,
  translationOfSchema,
} from './schemas.ts';
import { statedFactProblems } from './stated-facts.ts';
import {
  englishPathOf,
  factMessage,
  fieldsOf,
  frenchTwinOf,
  type TwinDifference,
  type TwinKind,
  twinDifferences,
  twinFolders,
  twinKindOf,
  twinKinds,
  twinSchemas,
  untranslatedOptionalTexts,
} from './translations.ts';

/**
 * `pnpm content:check`: reads content/ as the site build does and lists, file by file and field
 * by field, what keeps the site from launch: the centre's missing details, the programmes whose
 * facts the centre has not confirmed, the English texts to translate again, and errors. Run by
 * the site build, the API (at start and before each build) and the tests.
 */

/** The site's pages a content link may lead to, besides a programme's, a department's and a post's. */
const linkedPages = [
  'home',
  'programmes',
  'contact',
  'faq',
  'about',
  'blog',
  'preEnrolment',
  'privacy',
  'legalNotice',
  'diplomas',
] satisfies PageName[];
export const sitePaths = linkedPages.map((page) => pagePath('fr', page));

/** The English site's pages, by the French page each translates; besides /en/programmes/{slug} and /en/departments/{slug}. Posts are French, at /blog/{slug}, in both. */
export const englishSitePaths: Record<string, string> = Object.fromEntries(
  linkedPages.map((page) => [pagePath('fr', page), pagePath('en', page)]),
);

/** Fields whose text the pages render with directives expanded (besides the markdown body). */
const directiveFields = /^(body|job|answer|assistance\.text|closing\.text|(why|steps|values|approach)\.items\[\d+\]\.text)$/;

interface ContentFile {
  file: string;
  data: unknown;
  body?: string;
  /** The file's line where the body starts, counted from 1. */
  bodyLine?: number;
}

/** An English text, with the fingerprint of the French texts it was translated from, as written (`translationOf`). */
interface EnglishFile extends ContentFile {
  translationOf: unknown;
}

type Texts<File> = Record<TwinKind, File[]>;

const error = (file: string, field: string, message: string): ContentProblem => ({ kind: 'error', file, field, message });

/** Zod's own French messages ("Entrée invalide : …"), for this parse only: the API's messages stay English. */
const french = z.locales.fr().localeError;

/** `unknownField`: what to say of each field the schema does not know (a fact copied into an English text), instead of Zod's words. */
function schemaProblems(
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

/** The names of the texts given for a directory that it does not hold yet: a file checked before it is created. */
const newFilesIn = (source: ContentSource, directory: string) =>
  [...source.replaced.keys()]
    .filter((name) => path.posix.dirname(name) === directory && !existsSync(path.join(source.root, name)))
    .map((name) => path.posix.basename(name));

/** Whether the folder holds the file, or a text given for it. */
const hasFile = (source: ContentSource, name: string) => source.replaced.has(name) || existsSync(path.join(source.root, name));

/** `required`: a missing folder is an error (content/en/'s are not: each missing text is named). */
function readMarkdownDirectory(
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

/** What the texts of one language may link to, and the words that promise a detail. */
interface TextRules {
  /** The pages a link may lead to, and any post under `blog` (the French post, from an English text too: posts have no English page yet). */
  paths: Set<string>;
  blog: string;
  /** In an English text, the English page of each French one, to name in place of a link to it. */
  instead?: ReadonlyMap<string, string>;
  promises: PromisePattern[];
  /** The centre's details not given yet: no text may promise them. */
  missing: Set<PromisedDetail>;
}

/** A directive that writes an imperative (« appelez-nous… ») after a verb that wants an infinitive: « Vous pouvez aussi :nous-joindre ». */
const directiveAfterAVerb =
  /\b(?:pouvez|pourrez|devez|voulez|souhaitez|n’hésitez pas à|n'hésitez pas à)(?:\s+(?:aussi|également|toujours|donc))?\s+:(appeler|nous-joindre|preinscrire)\b/giu;

/** Directives, links and promises in the texts of one file. */
function textProblems(entry: ContentFile, rules: TextRules): ContentProblem[] {
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
    for (const [phrase, name] of text.matchAll(directiveAfterAVerb)) {
      problems.push(
        error(
          entry.file,
          field,
          `« ${phrase} » : la directive « :${name} » s’écrit à l’impératif (« appelez-nous… », « écrivez-nous… ») et ne suit pas un verbe ; commencez la phrase par elle, par exemple « Une question ? :${name}. »`,
        ),
      );
    }
    for (const name of directivesInLinkTargets(text)) {
      problems.push(
        error(
          entry.file,
          field,
          `la directive « :${name} » est écrite dans l’adresse d’un lien, où elle n’est pas remplacée : écrivez-la dans le texte, hors des crochets et des parenthèses du lien.`,
        ),
      );
    }
    for (const [, target] of text.matchAll(/\]\((\/[^)\s]*)\)/g)) {
      const page = (target ?? '').replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
      if (rules.paths.has(page) || page.startsWith(rules.blog)) continue;
      const english = rules.instead?.get(page);
      const why = english
        ? `une page française : un texte anglais mène aux pages anglaises, ici ${english}`
        : 'une page qui n’existe pas sur le site';
      problems.push(error(entry.file, field, `lien vers « ${target} », ${why}.`));
    }
    for (const { detail, phrase } of findPromises(text, rules.promises)) {
      if (rules.missing.has(detail)) {
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

/**
 * en/centre.yaml: the centre's words in English, its phones' labels item for item as centre.yaml
 * lists the phones; what is still to give is listed like the French details.
 */
const englishCentrePath = 'en/centre.yaml';

function checkEnglishCentre(source: ContentSource, centre: Centre | undefined, problems: ContentProblem[]): void {
  const data = readYaml(source, englishCentrePath, problems);
  if (data === undefined) return;
  const invalid = schemaProblems(englishCentreFile, data, englishCentreSchema);
  problems.push(...invalid);
  if (invalid.length > 0) return;
  const english = data as EnglishCentre;
  if (centre && english.phones.length !== centre.phones.length)
    problems.push(
      error(
        englishCentreFile,
        'phones',
        `${english.phones.length} élément(s) ici, ${centre.phones.length} dans ${centreFile} : donnez-en un par élément de ${centreFile}, dans le même ordre.`,
      ),
    );
  problems.push(...missingDetails(english, englishCentreFile));
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
  source: ContentSource,
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
    if (programme.picture && !hasFile(source, `formations/${programme.picture.slice(2)}`)) {
      problems.push(
        error(
          file,
          'picture',
          `photo introuvable : ajoutez ${programme.picture.slice(2)} à côté du fichier, ou retirez ce champ.`,
        ),
      );
    }
    if (programme.intakes?.every((date) => date < today)) {
      const message = 'toutes les rentrées indiquées sont passées : ajoutez les prochaines ou retirez le champ.';
      problems.push({ kind: 'missing', file, field: 'intakes', message, optional: true });
    }
  }
}

/**
 * A retired programme is off the site: what it still lacks (its confirmation, its intakes, its
 * English) is no point of the launch checklist while it is; its errors still are.
 */
function leaveOutRetired(problems: ContentProblem[], programmes: ContentFile[]): void {
  const retired = new Set(
    programmes.filter(({ data }) => fieldsOf(data).retired === true).flatMap(({ file }) => [file, twinFileOf(file)]),
  );
  const kept = problems.filter((problem) => problem.kind === 'error' || !retired.has(problem.file));
  problems.splice(0, problems.length, ...kept);
}

/** content/en/'s texts, read as the French ones, each with the fingerprint it was stamped with. */
function readEnglish(source: ContentSource, problems: ContentProblem[]): Texts<EnglishFile> {
  const markdown = (kind: keyof typeof twinFolders) =>
    readMarkdownDirectory(source, englishPathOf(twinFolders[kind]), problems, false).map((entry) => ({
      ...entry,
      translationOf: fieldsOf(entry.data).translationOf,
    }));
  return {
    programme: markdown('programme'),
    departement: markdown('departement'),
    page: markdown('page'),
    faq: readEnglishFaq(source, problems),
  };
}

function readEnglishFaq(source: ContentSource, problems: ContentProblem[]): EnglishFile[] {
  const name = englishPathOf('faq.yaml');
  const file = `content/${name}`;
  if (!hasFile(source, name)) return [];
  const data = readYaml(source, name, problems);
  if (data === undefined) return [];
  const translationOf = translationOfIn('faq', readText(source, name), data);
  if (translationOf !== undefined && !translationOfSchema.safeParse(translationOf).success) {
    problems.push(
      error(
        file,
        'translationOf',
        'la ligne « # translationOf: » s’écrit avec pnpm content:translated ; supprimez-la puis lancez la commande.',
      ),
    );
    return [{ file, data, translationOf: undefined }];
  }
  return [{ file, data, translationOf }];
}

/** The English twin of a French file of the report: content/en/formations/soudure.md for content/formations/soudure.md. */
const twinFileOf = (file: string) => `content/${englishPathOf(file.slice('content/'.length))}`;

/** Each French text without its English twin, and each file of content/en/ that is no French text's twin. */
function missingTwinProblems(source: ContentSource): ContentProblem[] {
  const given = [...source.replaced.keys()];
  const createdFrench = given.filter((name) => !name.startsWith('en/') && twinKindOf(name) !== undefined);
  const french = [...new Set([...frenchTextPaths(source.root), ...createdFrench])];
  const created = given.filter((name) => frenchTwinOf(name) !== undefined);
  const english = new Set([...englishFilePaths(source.root), ...created]);
  const missing = french
    .filter((frenchPath) => !english.has(englishPathOf(frenchPath)))
    .map((frenchPath) =>
      error(
        `content/${englishPathOf(frenchPath)}`,
        '',
        `texte anglais manquant : traduisez content/${frenchPath} dans ce fichier (docs/content-format.md, « English texts »).`,
      ),
    );
  const twins = new Set(french.map(englishPathOf));
  const strays = [...english]
    .filter((englishPath) => !twins.has(englishPath) && englishPath !== englishCentrePath)
    .map((englishPath) => {
      const frenchPath = frenchTwinOf(englishPath) ?? englishPath;
      const why = twinKindOf(frenchPath)
        ? `aucun texte français content/${frenchPath} : un texte anglais porte le nom de son texte français`
        : 'seuls les formations, les départements, les pages, la FAQ et centre.yaml ont un texte anglais';
      return error(`content/${englishPath}`, '', `${why} ; renommez ou supprimez ce fichier.`);
    });
  return [...missing, ...strays];
}

/** « texte anglais à mettre à jour »: a launch-checklist item, which strict mode blocks on like an unconfirmed programme. */
function translationToUpdate(english: EnglishFile, french: ContentFile, why: string): ContentProblem {
  return {
    kind: 'untranslated',
    file: english.file,
    field: 'translationOf',
    message: `texte anglais à mettre à jour : ${why} ; relisez-le au regard de ${french.file} puis lancez pnpm content:translated sur ce fichier.`,
  };
}

const inWords = (differences: TwinDifference[]) =>
  differences.map(({ field, message }) => `${field || 'la liste'} : ${message}`).join(' ; ');

/** What an English page shows of a text its twin lacks, for the checklist's optional point. */
const untranslatedHints: Record<string, string> = {
  enrolmentDocuments:
    'la liste des pièces du dossier en anglais (facultatif : sans elle, la page anglaise la donne en français, en le disant).',
};

function untranslatedProblems(kind: TwinKind, french: ContentFile, english: EnglishFile): ContentProblem[] {
  return untranslatedOptionalTexts(kind, french.data, english.data).map((field) => ({
    kind: 'missing' as const,
    file: english.file,
    field,
    message: untranslatedHints[field] ?? `${field} en anglais (facultatif).`,
    optional: true,
  }));
}

/**
 * An English text against its French twin: its schema (no fact copied), then whether it was
 * translated from the French texts as they are now. A list that does not follow the French is
 * an error, unless the French has changed since: the translation is then to update, and the
 * French site keeps publishing meanwhile.
 */
function twinProblems(kind: TwinKind, french: ContentFile, english: EnglishFile): ContentProblem[] {
  const unknownField = (field: string) =>
    factMessage(kind, field, french.file) ??
    `champ inconnu : un texte anglais n’a que les champs de texte de ${french.file} ; supprimez-le ou corrigez son nom.`;
  const invalid = schemaProblems(english.file, english.data, twinSchemas[kind].english, unknownField);
  if (invalid.length > 0) return invalid;
  const frenchValid = twinSchemas[kind].french.safeParse(french.data).success;
  const differences = frenchValid ? twinDifferences(kind, french.data, english.data) : [];
  const outdated = outdatedSections(kind, english.translationOf, french);
  if (english.translationOf !== undefined && outdated.length > 0) {
    const changed = `le texte français a changé depuis sa traduction\u00a0: ${outdated.join(', ')}`;
    return [translationToUpdate(english, french, differences.length > 0 ? `${changed} (${inWords(differences)})` : changed)];
  }
  const problems = differences.map(({ field, message }) =>
    error(english.file, field, `${message} : un texte anglais suit son texte français (${french.file}), élément par élément.`),
  );
  if (english.translationOf === undefined) problems.push(translationToUpdate(english, french, 'translationOf manquant'));
  problems.push(...untranslatedProblems(kind, french, english));
  return problems;
}

/** content/en/: a twin for each French text, of its schema and up to date, English addresses that do not collide. */
function checkEnglish(source: ContentSource, french: Texts<ContentFile>, problems: ContentProblem[]): Texts<EnglishFile> {
  problems.push(...missingTwinProblems(source));
  const english = readEnglish(source, problems);
  for (const kind of twinKinds) {
    for (const entry of english[kind]) {
      const twin = french[kind].find(({ file }) => twinFileOf(file) === entry.file);
      if (twin) problems.push(...twinProblems(kind, twin, entry));
    }
  }
  problems.push(...duplicateEnglishSlugProblems(english.programme), ...duplicateEnglishSlugProblems(english.departement));
  return english;
}

/** Each French page's English page: the fixed ones, and each programme's and department's by its English slug. */
function englishPages(english: Texts<EnglishFile>): Map<string, string> {
  const bySlug = (entries: EnglishFile[], pathOf: (slug: string, locale: Locale) => string) =>
    entries.flatMap(({ file, data }) => {
      const slug = fieldsOf(data).slug;
      return typeof slug === 'string' ? [[pathOf(idOf(file), 'fr'), pathOf(slug, 'en')] as const] : [];
    });
  return new Map([
    ...Object.entries(englishSitePaths),
    ...bySlug(english.programme, programmePath),
    ...bySlug(english.departement, departementPath),
  ]);
}

export function checkContent(
  contentDir: string,
  { strict = false, now = new Date(), replaced = new Map() }: CheckOptions = {},
): ContentReport {
  const links = symbolicLinksIn(contentDir);
  const problems: ContentProblem[] = links.map(symbolicLinkProblem);
  const source = { root: contentDir, replaced, links: new Set(links) };
  const centre = checkCentre(source, problems);
  checkEnglishCentre(source, centre, problems);
  const departements = readMarkdownDirectory(source, 'departements', problems);
  const programmes = readMarkdownDirectory(source, 'formations', problems);
  const pages = readMarkdownDirectory(source, 'pages', problems);
  const faq = checkFaq(source, problems);
  for (const entry of departements) problems.push(...schemaProblems(entry.file, entry.data, departementSchema));
  for (const entry of pages) problems.push(...schemaProblems(entry.file, entry.data, pageSchema));
  checkProgrammes(source, programmes, departements, problems, now.toISOString().slice(0, 10));
  const english = checkEnglish(source, { programme: programmes, departement: departements, page: pages, faq }, problems);

  const paths = new Set([
    ...sitePaths,
    ...departements.map(({ file }) => departementPath(idOf(file))),
    ...programmes.map(({ file }) => programmePath(idOf(file))),
  ]);
  const rules: TextRules = { paths, blog: '/blog/', promises: promisePatterns, missing: missingPromisedDetails(centre) };
  for (const entry of [...departements, ...programmes, ...pages, ...faq]) problems.push(...textProblems(entry, rules));
  const instead = englishPages(english);
  const englishRules = {
    ...rules,
    paths: new Set(instead.values()),
    instead,
    promises: englishPromisePatterns,
  };
  for (const entry of twinKinds.flatMap((kind) => english[kind])) problems.push(...textProblems(entry, englishRules));
  for (const programme of programmes) {
    const twin = english.programme.find(({ file }) => file === twinFileOf(programme.file));
    problems.push(...statedFactProblems(programme, twin));
  }
  const markdown = [departements, programmes, pages, english.departement, english.programme, english.page].flat();
  for (const entry of markdown) problems.push(...rawHtmlProblems(entry));

  leaveOutRetired(problems, programmes);
  const blocking = problems.some(
    (problem) =>
      problem.kind === 'error' ||
      (strict &&
        (problem.kind === 'unconfirmed' || problem.kind === 'untranslated' || (problem.kind === 'missing' && !problem.optional))),
  );
  return { checkedAt: now.toISOString(), problems, blocking, strict };
}
