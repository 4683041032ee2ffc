import { type ContentProblem, departementPath, type Locale, programmePath } from '@cfp/shared';
import { centreFile, englishCentreFile, missingDetails } from './centre-details.ts';
import {
  type ContentFile,
  type ContentSource,
  type EnglishFile,
  error,
  hasFile,
  idOf,
  readMarkdownDirectory,
  readText,
  readYaml,
  schemaProblems,
  type Texts,
} from './check-source.ts';
import { englishSitePaths } from './check-texts.ts';
import { englishFilePaths, frenchTextPaths } from './english.ts';
import { outdatedSections, translationOfIn } from './fingerprint.ts';
import { duplicateEnglishSlugProblems } from './programmes.ts';
import { type Centre, type EnglishCentre, englishCentreSchema, translationOfSchema } from './schemas.ts';
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

/*
 * The English texts beside the French ones (check.ts, docs/decisions/0023): a twin for each French
 * text, of its schema, following the French item by item and stamped current; the English
 * centre details; the English addresses.
 */

/**
 * en/centre.yaml: the centre's words in English, its phones' labels item for item as centre.yaml
 * lists the phones; what is still to give is listed like the French details.
 */
const englishCentrePath = 'en/centre.yaml';

export function checkEnglishCentre(source: ContentSource, centre: Centre | undefined, problems: ContentProblem[]): void {
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
export const twinFileOf = (file: string) => `content/${englishPathOf(file.slice('content/'.length))}`;

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
export function checkEnglish(source: ContentSource, french: Texts<ContentFile>, problems: ContentProblem[]): Texts<EnglishFile> {
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
export function englishPages(english: Texts<EnglishFile>): Map<string, string> {
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
