import { appliedShare, type InterestCounts } from '@cfp/shared';

/** A row of an Interest table: a programme or a department, with its counts over the period. */
export interface InterestRow {
  key: string;
  title: string;
  /** Under the title: a programme's department. */
  detail?: string | undefined;
  totals: InterestCounts;
}

export type InterestColumn = 'title' | 'views' | 'viewsFr' | 'viewsEn' | 'preEnrolments' | 'callbacks' | 'messages' | 'applied';

const allViews = (counts: InterestCounts) => counts.viewsFr + counts.viewsEn;

/** The tables' columns, in their order, with what each sorts by. */
export const interestColumns: ReadonlyArray<{
  column: InterestColumn;
  label: string;
  value: (row: InterestRow) => number | string | null;
}> = [
  { column: 'title', label: 'Name', value: (row) => row.title },
  { column: 'views', label: 'Pages shown', value: (row) => allViews(row.totals) },
  { column: 'viewsFr', label: 'In French', value: (row) => row.totals.viewsFr },
  { column: 'viewsEn', label: 'In English', value: (row) => row.totals.viewsEn },
  { column: 'preEnrolments', label: 'Pre-enrolments', value: (row) => row.totals.preEnrolments },
  { column: 'callbacks', label: 'Callback requests', value: (row) => row.totals.callbacks },
  { column: 'messages', label: 'Contact messages', value: (row) => row.totals.messages },
  { column: 'applied', label: 'Applied per 100 pages shown', value: (row) => appliedShare(row.totals) },
];

export interface InterestSort {
  column: InterestColumn;
  direction: 'ascending' | 'descending';
}

/** The most read first, until the staff choose another order. */
export const defaultSort: InterestSort = { column: 'views', direction: 'descending' };

/** A click on the column sorted reverses it; on another, sorts by it, names A to Z and figures the highest first. */
export function nextSort(current: InterestSort, column: InterestColumn): InterestSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: column === 'title' ? 'ascending' : 'descending' };
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The rows in `sort`'s order; rows without a figure (no page shown) last either way, then by name. */
export function sortRows<T extends InterestRow>(rows: readonly T[], sort: InterestSort): T[] {
  const value = interestColumns.find((entry) => entry.column === sort.column)?.value ?? ((row: InterestRow) => row.title);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [first, second] = [value(a), value(b)];
    if (first === null || second === null) {
      if (first !== second) return first === null ? 1 : -1;
    } else {
      const order = typeof first === 'string' ? collator.compare(first, String(second)) : first - Number(second);
      if (order !== 0) return sign * order;
    }
    return collator.compare(a.title, b.title);
  });
}

const wholeNumbers = new Intl.NumberFormat('en-US');
const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A column's figure as the tables print it: "1,204", "2.5", "—" where none can be given. */
export function formatCell(column: InterestColumn, row: InterestRow): string {
  const value = interestColumns.find((entry) => entry.column === column)?.value(row);
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return column === 'applied' ? shares.format(value) : wholeNumbers.format(value);
}

export const formatCount = (value: number) => wholeNumbers.format(value);
