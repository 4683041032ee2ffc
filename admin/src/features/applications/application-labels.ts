import {
  type Application,
  type ApplicationStatus,
  type EntryLevel,
  formatCalendarDay,
  type HeardFrom,
  heardFromOptions,
  type Schedule,
} from '@cfp/shared';

/** The staff's words for what the student chose in French on the site. */
export const statusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  enrolled: 'Enrolled',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const levelLabels: Record<EntryLevel, string> = {
  aucun: 'No diploma required',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat',
};

export const scheduleLabels: Record<Schedule, string> = {
  jour: 'Day classes',
  soir: 'Evening classes',
  weekend: 'Weekend',
};

/** The answer as the student read it (French); a key the form no longer offers shows as sent. */
export function heardFromLabel(value: string): string {
  return value in heardFromOptions ? heardFromOptions[value as HeardFrom] : value;
}

/** An intake date (YYYY-MM-DD) as the admin shows dates: a calendar day, that no time zone moves. */
export function formatIntake(intake: string): string {
  return formatCalendarDay(intake);
}

export function fullName(application: Application): string {
  return `${application.firstName} ${application.lastName}`.trim();
}

/** The first WhatsApp message, in French as the student speaks to the centre, quoting what they were given. */
export function whatsAppGreeting(application: Application): string {
  return `Bonjour ${application.firstName}, le centre vous contacte au sujet de votre pré-inscription ${application.reference} (${application.programmeTitle}).`;
}
