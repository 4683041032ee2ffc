import { type ApplicationSummary, type EntryLevel, formatCalendarDay } from '@cfp/shared';

/** The staff's words, shared with the API's CSV export. */
export {
  applicationStatusLabels as statusLabels,
  heardFromLabel,
  staffScheduleLabels as scheduleLabels,
} from '@cfp/shared';

/** The staff's words for what the student chose in French on the site. */

export const levelLabels: Record<EntryLevel, string> = {
  aucun: 'No diploma required',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat',
};

/** An intake date (YYYY-MM-DD) as the admin shows dates: a calendar day, that no time zone moves. */
export function formatIntake(intake: string): string {
  return formatCalendarDay(intake);
}

export function fullName(application: Pick<ApplicationSummary, 'firstName' | 'lastName'>): string {
  return `${application.firstName} ${application.lastName}`.trim();
}

/** The first WhatsApp message, in French as the student speaks to the centre, quoting what they were given. */
export function whatsAppGreeting(application: ApplicationSummary): string {
  return `Bonjour ${application.firstName}, le centre vous contacte au sujet de votre pré-inscription ${application.reference} (${application.programmeTitle}).`;
}
