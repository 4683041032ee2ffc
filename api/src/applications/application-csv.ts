import {
  applicationStatusLabels,
  formatCalendarDay,
  heardFromLabel,
  staffLanguageLabels,
  staffScheduleLabels,
  studentLevelLabels,
} from '@cfp/shared';
import { type CsvColumn, csvDateTime, csvPhone } from '../http/csv-export.ts';
import type { ApplicationRow } from './application-list.ts';

/** The export's columns, in the staff's words: labels instead of codes, dates day first. */
export function applicationCsvColumns(programmeTitle: (slug: string) => string, timeZone: string): CsvColumn<ApplicationRow>[] {
  return [
    { header: 'Reference', cell: (row) => row.reference },
    { header: 'Programme', cell: (row) => programmeTitle(row.programme) },
    { header: 'First name', cell: (row) => row.firstName },
    { header: 'Last name', cell: (row) => row.lastName },
    { header: 'Phone', cell: (row) => csvPhone(row.phone) },
    { header: 'Email', cell: (row) => row.email ?? '' },
    { header: 'Language', cell: (row) => staffLanguageLabels[row.language] },
    { header: 'Town', cell: (row) => row.town },
    { header: 'Level', cell: (row) => studentLevelLabels[row.level] },
    { header: 'Schedule', cell: (row) => (row.schedule ? staffScheduleLabels[row.schedule] : '') },
    { header: 'Intake', cell: (row) => (row.intake ? formatCalendarDay(row.intake) : '') },
    { header: 'Heard about us from', cell: (row) => (row.heardFrom ? heardFromLabel(row.heardFrom) : '') },
    { header: 'Status', cell: (row) => applicationStatusLabels[row.status] },
    { header: 'Note', cell: (row) => row.note ?? '' },
    { header: 'Applied on', cell: (row) => csvDateTime(row.createdAt, timeZone) },
    { header: 'Repeat of', cell: (row) => row.repeatOfReference ?? '' },
  ];
}
