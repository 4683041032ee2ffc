import {
  type ChecklistPoint,
  type ContentFieldLink,
  type ContentFieldNames,
  type ContentProblem,
  checklistPoints,
} from '@cfp/shared';

/** One point of the checklist as staff read it: a field to fill in (its problems merged), or a sentence (@cfp/shared). */
export type ChecklistItem = ChecklistPoint;

/** The problems as points to fix, counted as the terminal's `pnpm content:check` counts them. */
export const checklistItems = (problems: ContentProblem[], names: ContentFieldNames): ChecklistItem[] =>
  checklistPoints(problems, names);

/** Which names the links need: a phone's label, a programme's title. */
export function namesNeeded(problems: ContentProblem[]): { phones: boolean; programmes: boolean } {
  return {
    phones: problems.some(
      (problem) => /^content\/(en\/)?centre\.yaml$/.test(problem.file) && problem.field.startsWith('phones['),
    ),
    programmes: problems.some((problem) => /^content\/(en\/)?formations\//.test(problem.file)),
  };
}

/** The form's address with the field to focus: /content/centre?field=phones.0.number. */
export function checklistHref(link: ContentFieldLink): string {
  return link.field ? `${link.path}?field=${encodeURIComponent(link.field)}` : link.path;
}
