import {
  applicationStatusLabels,
  formatCalendarDay,
  heardFromLabel,
  staffLanguageLabels,
  staffScheduleLabels,
  studentLevelLabels,
} from '@cfp/shared';
import { csvDateTime, csvPhone } from '../csv-export.ts';
import type { ApplicationRow } from './application-list.ts';

/** The export's columns, in the staff's words. */
export const applicationCsvHeader = [
  'Reference',
  'Programme',
  'First name',
  'Last name',
  'Phone',
  'Email',
  'Language',
  'Town',
  'Level',
  'Schedule',
  'Intake',
  'Heard about us from',
  'Status',
  'Note',
  'Applied on',
  'Repeat of',
];

/** One application as the export writes it: labels instead of codes, dates day first. */
export function applicationCsvCells(row: ApplicationRow, programmeTitle: string, timeZone: string): string[] {
  return [
    row.reference,
    programmeTitle,
    row.firstName,
    row.lastName,
    csvPhone(row.phone),
    row.email ?? '',
    staffLanguageLabels[row.language],
    row.town,
    studentLevelLabels[row.level],
    row.schedule ? staffScheduleLabels[row.schedule] : '',
    row.intake ? formatCalendarDay(row.intake) : '',
    row.heardFrom ? heardFromLabel(row.heardFrom) : '',
    applicationStatusLabels[row.status],
    row.note ?? '',
    csvDateTime(row.createdAt, timeZone),
    row.repeatOfReference ?? '',
  ];
}
