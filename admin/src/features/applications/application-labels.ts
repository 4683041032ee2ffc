import { type Application, type ApplicationSummary, type EntryLevel, formatCalendarDay } from '@cfp/shared';

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

type Greeted = Pick<Application, 'firstName' | 'reference' | 'programmeTitle' | 'language' | 'studentProgrammeTitle'>;

/**
 * The first WhatsApp message, in the language the student pre-enrolled in, quoting what they
 * were given: the reference and the programme as they read it. In English it says who writes
 * (`staffName`, the signed-in admin).
 */
export function whatsAppGreeting(application: Greeted, staffName?: string): string {
  if (application.language === 'en') {
    const from = staffName ? `${staffName} from the training centre` : 'the training centre';
    return `Hello ${application.firstName}, this is ${from}, about your pre-enrolment for ${application.studentProgrammeTitle} (reference ${application.reference}).`;
  }
  return `Bonjour ${application.firstName}, le centre vous contacte au sujet de votre pré-inscription ${application.reference} (${application.programmeTitle}).`;
}

/** The subject of an e-mail to the student, in their language. */
export function replySubject(application: Pick<Application, 'reference' | 'language'>): string {
  return application.language === 'en'
    ? `Your pre-enrolment ${application.reference}`
    : `Votre pré-inscription ${application.reference}`;
}
