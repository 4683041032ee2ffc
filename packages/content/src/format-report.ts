import { type ContentProblem, type ContentReport, fieldLabel } from '@cfp/shared';

const headings: Record<ContentProblem['kind'], string> = {
  error: 'Erreurs à corriger (le site ne se construit pas avec elles)',
  missing: 'Coordonnées du centre à renseigner',
  unconfirmed: 'Formations dont les faits ne sont pas confirmés par le centre',
};

const line = ({ file, field, message }: ContentProblem) =>
  `  - ${file}${field ? ` › ${fieldLabel(file, field)}` : ''} : ${message}`;

const ready = 'Contenu prêt pour la mise en ligne : aucune coordonnée manquante, aucune erreur.';

/** The report as the editor reads it in a terminal: grouped by kind, one line per problem, in French. */
export function formatReport(report: ContentReport): string {
  if (report.problems.length === 0) return ready;
  const sections = (['error', 'missing', 'unconfirmed'] as const).flatMap((kind) => section(report, kind));
  return [...sections, verdict(report)].join('\n');
}

const problemsOf = (report: ContentReport, kind: ContentProblem['kind']) =>
  report.problems.filter((problem) => problem.kind === kind);

/** A kind's heading with its count, then one line per problem; nothing when there is none. */
function section(report: ContentReport, kind: ContentProblem['kind']): string[] {
  const problems = problemsOf(report, kind);
  return problems.length === 0 ? [] : [`${headings[kind]} (${problems.length}) :`, ...problems.map(line)];
}

/**
 * The report in a few lines, for the server's start: the errors in full (they stop the build),
 * the rest counted, with where to read it whole.
 */
export function summarizeReport(report: ContentReport): string {
  if (report.problems.length === 0) return ready;
  return [
    ...section(report, 'error'),
    ...(['missing', 'unconfirmed'] as const)
      .filter((kind) => problemsOf(report, kind).length > 0)
      .map((kind) => `${headings[kind]} : ${problemsOf(report, kind).length}`),
    verdict(report),
    'Le détail : pnpm content:check, ou l’écran « Site content » de l’admin.',
  ].join('\n');
}

function verdict(report: ContentReport): string {
  return report.blocking
    ? report.strict && !report.problems.some((problem) => problem.kind === 'error')
      ? 'Mise en ligne refusée (mode strict) : renseignez les coordonnées obligatoires et faites confirmer les formations.'
      : 'Mise en ligne impossible : corrigez les erreurs ci-dessus.'
    : 'Le site peut être construit ; complétez ces points avant le lancement.';
}
