import { appliedShare, formatCalendarDay, type InterestCounts, type InterestReport } from '@cfp/shared';
import type { CsvColumn } from '../http/csv-export.ts';

/** One line of the export: a programme in one week of the report. */
export interface InterestCsvRow {
  programme: string;
  department: string;
  week: string;
  counts: InterestCounts;
}

/** Pre-enrolments per 100 pages shown with one decimal, written `2,5` as French spreadsheets read a number; empty without views. */
function sharePer100(counts: InterestCounts): string {
  const share = appliedShare(counts);
  return share === null ? '' : share.toFixed(1).replace('.', ',');
}

/** The export's columns, in the staff's words, the week by its Monday as a day-first date. */
export const interestCsvColumns: CsvColumn<InterestCsvRow>[] = [
  { header: 'Programme', cell: (row) => row.programme },
  { header: 'Department', cell: (row) => row.department },
  { header: 'Week starting', cell: (row) => formatCalendarDay(row.week) },
  { header: 'Views in French', cell: (row) => String(row.counts.viewsFr) },
  { header: 'Views in English', cell: (row) => String(row.counts.viewsEn) },
  { header: 'Pre-enrolments', cell: (row) => String(row.counts.preEnrolments) },
  { header: 'Callback requests', cell: (row) => String(row.counts.callbacks) },
  { header: 'Contact messages', cell: (row) => String(row.counts.messages) },
  { header: 'Applied per 100 views', cell: (row) => sharePer100(row.counts) },
];

/** The report as the export's lines: each programme in its order, its weeks oldest first. */
export function interestCsvRows(report: InterestReport): InterestCsvRow[] {
  const departments = new Map(report.departments.map(({ slug, title }) => [slug, title]));
  return report.programmes.flatMap(({ title, department, weeks }) =>
    weeks.map((counts, index) => ({
      programme: title,
      department: department === null ? '' : (departments.get(department) ?? department),
      week: report.weeks[index] ?? '',
      counts,
    })),
  );
}
