import type { CentreDetails } from '@cfp/shared';
import type { ReactNode } from 'react';

type MissingDetail = CentreDetails['missing'][number];
/** The details the centre has not given yet, by form path. */
export type MissingDetails = ReadonlyMap<string, MissingDetail>;

export const missingByField = (missing: CentreDetails['missing']): MissingDetails =>
  new Map(missing.map((detail) => [detail.field, detail]));

/** The label (marked by `mark`: an English field's EN), marked "Not given yet" (and "(optional)") while the centre has not given it. */
export function fieldLabel(text: string, missing: MissingDetail | undefined, mark?: (label: string) => ReactNode): ReactNode {
  const label = mark ? mark(text) : text;
  if (!missing) return label;
  return (
    <>
      {label} <span className="badge badge--pending">Not given yet</span>
      {missing.optional && <span className="field__optional"> (optional)</span>}
    </>
  );
}
