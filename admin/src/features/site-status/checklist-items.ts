import { type ContentFieldLink, type ContentFieldNames, type ContentProblem, contentFieldLink } from '@cfp/shared';

/** One point of the checklist as staff read it: a field to fill in (its problems merged), or a sentence. */
export interface ChecklistItem {
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

/** The problems as points to fix: those fixed in the same field (a phone's number and display) are one. */
export function checklistItems(problems: ContentProblem[], names: ContentFieldNames): ChecklistItem[] {
  const items = new Map<string, ChecklistItem>();
  for (const problem of problems) {
    const link = linkOf(problem, names);
    const key = link ? `${link.path}#${link.field}` : `${problem.file}:${problem.field}:${problem.message}`;
    const item = items.get(key);
    if (item) {
      item.problems.push(problem);
      item.optional = item.optional && Boolean(problem.optional);
    } else {
      items.set(key, { key, link, problems: [problem], optional: Boolean(problem.optional) });
    }
  }
  return [...items.values()];
}

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
