import {
  type ContentProblem,
  type ContentProblemKind,
  type ContentReport,
  checklistPoints,
  countPoints,
  fieldLabel,
  pointCountInWords,
} from '@cfp/shared';

const headings: Record<ContentProblemKind, string> = {
  error: 'Erreurs à corriger (le site ne se construit pas avec elles)',
  missing: 'Coordonnées du centre à renseigner',
  unconfirmed: 'Formations dont les faits ne sont pas confirmés par le centre',
  untranslated: 'Textes anglais à traduire ou mettre à jour',
};

/** What strict mode asks of each section before the site goes live. */
const strictTasks: Array<[ContentProblemKind, string]> = [
  ['missing', 'renseignez les coordonnées obligatoires'],
  ['unconfirmed', 'faites confirmer les formations'],
  ['untranslated', 'mettez à jour les textes anglais'],
];

/** One problem as a line of the report: its file, its field as people count, its message. */
export const problemLine = ({ file, field, message }: ContentProblem) =>
  `  - ${file}${field ? ` › ${fieldLabel(file, field)}` : ''} : ${message}`;

const ready = 'Contenu prêt pour la mise en ligne : aucune coordonnée manquante, aucune erreur.';

/** The report as the editor reads it in a terminal: grouped by section, one line per problem, in French. */
export function formatReport(report: ContentReport): string {
  if (report.problems.length === 0) return ready;
  const sections = (['error', 'missing', 'unconfirmed', 'untranslated'] as const).flatMap((kind) => section(report, kind));
  return [...sections, totalLine(report), verdict(report)].join('\n');
}

const problemsOf = (report: ContentReport, kind: ContentProblemKind) =>
  report.problems.filter((problem) => problem.kind === kind);

/** A section's points, as the admin's checklist counts them (a phone's number and display are one point). */
const pointsOf = (report: ContentReport, kind: ContentProblemKind) => checklistPoints(problemsOf(report, kind));

const countOf = (report: ContentReport, kind: ContentProblemKind) => pointCountInWords(countPoints(pointsOf(report, kind)), 'fr');

/** A section's heading with its count of points, then one line per problem; nothing when there is none. */
function section(report: ContentReport, kind: ContentProblemKind): string[] {
  const points = pointsOf(report, kind);
  if (points.length === 0) return [];
  const heading = kind === 'error' ? `${headings[kind]} (${points.length})` : `${headings[kind]} (${countOf(report, kind)})`;
  return [`${heading} :`, ...points.flatMap((point) => point.problems.map(problemLine))];
}

/** Every point of the checklist, counted once: « 49 obligatoires, 11 facultatifs ». */
function totalLine(report: ContentReport): string {
  const points = checklistPoints(report.problems.filter((problem) => problem.kind !== 'error'));
  return `Points à traiter avant le lancement : ${pointCountInWords(countPoints(points), 'fr')}.`;
}

/**
 * The report in a few lines, for the server's start: the errors in full (they stop the build),
 * the rest counted, with where to read it whole.
 */
export function summarizeReport(report: ContentReport): string {
  if (report.problems.length === 0) return ready;
  return [
    ...section(report, 'error'),
    ...(['missing', 'unconfirmed', 'untranslated'] as const)
      .filter((kind) => problemsOf(report, kind).length > 0)
      .map((kind) => `${headings[kind]} : ${countOf(report, kind)}`),
    totalLine(report),
    verdict(report),
    'Le détail : pnpm content:check, ou l’écran « Site content » de l’admin.',
  ].join('\n');
}

function verdict(report: ContentReport): string {
  if (!report.blocking) return 'Le site peut être construit ; complétez ces points avant le lancement.';
  if (!report.strict || report.problems.some((problem) => problem.kind === 'error')) {
    return 'Mise en ligne impossible : corrigez les erreurs ci-dessus.';
  }
  const tasks = strictTasks
    .filter(([kind]) => problemsOf(report, kind).some((problem) => !problem.optional))
    .map(([, task]) => task);
  return `Mise en ligne refusée (mode strict) : ${inWords(tasks)}.`;
}

const inWords = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
