import { type ContentProblem, type ContentReport, departementPath, programmePath } from '@cfp/shared';
import { checkEnglish, checkEnglishCentre, englishPages, twinFileOf } from './check-english.ts';
import {
  type ContentFile,
  type ContentSource,
  error,
  hasFile,
  idOf,
  readMarkdownDirectory,
  readYaml,
  schemaProblems,
  symbolicLinkProblem,
  symbolicLinksIn,
} from './check-source.ts';
import { missingPromisedDetails, rawHtmlProblems, sitePaths, type TextRules, textProblems } from './check-texts.ts';

export { englishSitePaths } from './check-texts.ts';

import { centreFile, missingDetails } from './centre-details.ts';
import { programmeProblems } from './programmes.ts';
import { englishPromisePatterns, promisePatterns } from './promises.ts';
import { type Centre, centreSchema, departementSchema, faqItemSchema, pageSchema, programmeSchema } from './schemas.ts';
import { statedFactProblems } from './stated-facts.ts';
import { fieldsOf, twinKinds } from './translations.ts';

/**
 * `pnpm content:check`: reads content/ as the site build does and lists, file by file and field
 * by field, what keeps the site from launch: the centre's missing details, the programmes whose
 * facts the centre has not confirmed, the English texts to translate again, and errors. Run by
 * the site build, the API (at start and before each build) and the tests.
 */

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
