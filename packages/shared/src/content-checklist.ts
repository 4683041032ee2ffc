import { type ContentFieldLink, type ContentFieldNames, contentFieldLink } from './content-field-link.ts';
import type { ContentProblem } from './content-report.ts';

/**
 * The launch checklist's points: the problems of `pnpm content:check` as staff fix them, those
 * fixed in the same field (a phone's number and its display) one point. The terminal, the
 * server's start and the admin's dashboard all count these, so they say the same numbers.
 */
export interface ChecklistPoint {
  key: string;
  /** Where the field is filled in; none for what only the developers change in git. */
  link: ContentFieldLink | undefined;
  problems: ContentProblem[];
  /** Every problem of the point is optional. */
  optional: boolean;
}

/** An unconfirmed programme is fixed by ticking its form's confirmation, whatever field the report names. */
function linkOf(problem: ContentProblem, names: ContentFieldNames): ContentFieldLink | undefined {
  const field = problem.kind === 'unconfirmed' ? 'confirmed' : problem.field;
  return contentFieldLink(problem.file, field, names);
}

/** The problems as points to fix, in the order of their first problem. */
export function checklistPoints(problems: readonly ContentProblem[], names: ContentFieldNames = {}): ChecklistPoint[] {
  const points = new Map<string, ChecklistPoint>();
  for (const problem of problems) {
    const link = linkOf(problem, names);
    const key = link ? `${link.path}#${link.field}` : `${problem.file}:${problem.field}:${problem.message}`;
    const point = points.get(key);
    if (point) {
      point.problems.push(problem);
      point.optional = point.optional && Boolean(problem.optional);
    } else {
      points.set(key, { key, link, problems: [problem], optional: Boolean(problem.optional) });
    }
  }
  return [...points.values()];
}

export interface PointCount {
  required: number;
  optional: number;
}

export function countPoints(points: readonly ChecklistPoint[]): PointCount {
  const optional = points.filter((point) => point.optional).length;
  return { required: points.length - optional, optional };
}

/** "11 required, 3 optional" / « 11 obligatoires, 3 facultatifs », leaving out a zero. */
export function pointCountInWords({ required, optional }: PointCount, language: 'en' | 'fr' = 'en'): string {
  const words =
    language === 'en'
      ? [`${required} required`, `${optional} optional`]
      : [
          `${required} ${required > 1 ? 'obligatoires' : 'obligatoire'}`,
          `${optional} ${optional > 1 ? 'facultatifs' : 'facultatif'}`,
        ];
  const parts = [required > 0 && words[0], optional > 0 && words[1]].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : language === 'en' ? 'none' : 'aucun';
}
