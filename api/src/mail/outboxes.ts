import { applicationNextSteps } from '@cfp/content/next-steps';
import {
  bestTimeOptions,
  formatCalendarDay,
  formatDayAndTime,
  formatPhone,
  heardFromOptions,
  type Locale,
  localizedPreEnrolmentConfirmation,
  localizedPublicFormMessages,
  scheduleLabels,
  studentLevelLabels,
} from '@cfp/shared';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { type ApplicationRow, findApplication } from '../applications/application-list.ts';
import type { ContentCatalogue } from '../content/content-catalogue.ts';
import type { Db } from '../db/database.ts';
import { applications, contactMessages } from '../db/schema.ts';
import type { Outbox } from './outbox-sender.ts';

const heardFromLabel = (value: string | null) =>
  value && value in heardFromOptions ? heardFromOptions[value as keyof typeof heardFromOptions] : 'non précisé';

/**
 * The staff's e-mails are French; one about a visitor who wrote from the English site says so,
 * so that the reply is in English (a French one says nothing: it is the usual case).
 */
const languageLine = (language: Locale) => (language === 'en' ? ['Langue : anglais (répondre en anglais)'] : []);

/** Contact messages, e-mailed to the inbox with the visitor as Reply-To, the programme and date as staff read them. */
export function contactOutbox(
  db: Db,
  catalogue: ContentCatalogue,
  timeZone: string,
): Outbox<typeof contactMessages.$inferSelect> {
  return {
    name: 'contact message',
    load: (id) => db.select().from(contactMessages).where(eq(contactMessages.id, id)).get(),
    delivery: (message) => ({ status: message.forwarding, attempts: message.forwardingAttempts }),
    unsent: (maxAttempts, limit) =>
      db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(inArray(contactMessages.forwarding, ['pending', 'failed']), lt(contactMessages.forwardingAttempts, maxAttempts)),
        )
        .limit(limit)
        .all()
        .map((row) => row.id),
    mark: (id, forwarding, error, attempts) =>
      db
        .update(contactMessages)
        .set({ forwarding, forwardingError: error, forwardingAttempts: attempts })
        .where(eq(contactMessages.id, id))
        .run(),
    compose: (message) =>
      message.kind === 'callback'
        ? callbackMail(message, catalogue, timeZone)
        : {
            replyTo: message.email ?? undefined,
            subject: `Nouveau message de ${message.firstName} ${message.lastName}${message.programme ? ` (${catalogue.title(message.programme)})` : ''}`,
            text: [
              `Prénom : ${message.firstName}`,
              `Nom : ${message.lastName}`,
              `E-mail : ${message.email}`,
              `Téléphone : ${message.phone}`,
              ...languageLine(message.language),
              `Formation : ${message.programme ? catalogue.title(message.programme) : 'non précisée'}`,
              `Reçu le : ${formatDayAndTime(message.createdAt, timeZone)}`,
              '',
              message.message,
            ].join('\n'),
          },
  };
}

/** A callback request: no e-mail to reply to, the phone to call, and when the visitor would rather be called. */
function callbackMail(message: typeof contactMessages.$inferSelect, catalogue: ContentCatalogue, timeZone: string) {
  const programme = message.programme ? catalogue.title(message.programme) : undefined;
  const name = `${message.firstName} ${message.lastName}`.trim();
  return {
    subject: `Demande de rappel : ${name}, ${formatPhone(message.phone)}${programme ? ` (${programme})` : ''}`,
    text: [
      'Un visiteur du site demande à être rappelé.',
      '',
      `Nom et prénom : ${name}`,
      `Téléphone : ${formatPhone(message.phone)} (${message.phone})`,
      ...languageLine(message.language),
      `Formation : ${programme ?? 'non précisée'}`,
      `Quand l’appeler : ${message.bestTime ? bestTimeOptions[message.bestTime] : 'peu importe'}`,
      `Reçue le : ${formatDayAndTime(message.createdAt, timeZone)}`,
    ].join('\n'),
  };
}

/** Pre-enrolments, e-mailed to the same inbox, with the programme named as the site does. */
export function applicationOutbox(db: Db, catalogue: ContentCatalogue, timeZone: string): Outbox<ApplicationRow> {
  return {
    name: 'application',
    load: (id) => findApplication(db, id),
    delivery: (application) => ({ status: application.forwarding, attempts: application.forwardingAttempts }),
    unsent: (maxAttempts, limit) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(inArray(applications.forwarding, ['pending', 'failed']), lt(applications.forwardingAttempts, maxAttempts)))
        .limit(limit)
        .all()
        .map((row) => row.id),
    mark: (id, forwarding, error, attempts) =>
      db
        .update(applications)
        .set({ forwarding, forwardingError: error, forwardingAttempts: attempts })
        .where(eq(applications.id, id))
        .run(),
    compose: (application) => ({
      ...(application.email && { replyTo: application.email }),
      subject: `Pré-inscription ${application.reference} : ${application.firstName} ${application.lastName} (${catalogue.title(application.programme)})`,
      text: [
        `Référence : ${application.reference}`,
        // The earlier one is left as it was: staff compare the two and call the number back.
        ...(application.repeatOfReference
          ? [`Envoyée à nouveau : même téléphone et même formation que ${application.repeatOfReference} (moins de 24 h avant)`]
          : []),
        `Formation : ${catalogue.title(application.programme)}`,
        `Prénom : ${application.firstName}`,
        `Nom : ${application.lastName}`,
        `Téléphone : ${formatPhone(application.phone)} (${application.phone})`,
        `E-mail : ${application.email ?? 'non renseigné'}`,
        ...languageLine(application.language),
        `Ville ou quartier : ${application.town}`,
        `Niveau : ${studentLevelLabels[application.level]}`,
        `Horaire souhaité : ${application.schedule ? scheduleLabels[application.schedule] : 'non précisé'}`,
        `Rentrée souhaitée : ${application.intake ? formatCalendarDay(application.intake) : 'non précisée'}`,
        `Connu par : ${heardFromLabel(application.heardFrom)}`,
        `Reçue le : ${formatDayAndTime(application.updatedAt, timeZone)}`,
        '',
        application.message ?? '',
      ].join('\n'),
    }),
  };
}

/** The student's e-mail's own words, besides the confirmation's (localizedPreEnrolmentConfirmation). */
const studentMailWords = {
  fr: { hello: 'Bonjour,', labelEnd: '\u00a0:' },
  en: { hello: 'Hello,', labelEnd: ':' },
} satisfies Record<Locale, Record<string, string>>;

/**
 * The student's copy: the reference and what happens next, the same facts as the confirmation
 * page, in the language they pre-enrolled in. Sent only when they gave an address; the centre's
 * address as Reply-To when it has one.
 */
export function applicantOutbox(db: Db, catalogue: ContentCatalogue, siteUrl: string): Outbox<typeof applications.$inferSelect> {
  return {
    name: 'applicant confirmation',
    load: (id) => db.select().from(applications).where(eq(applications.id, id)).get(),
    delivery: (application) => ({ status: application.confirmation, attempts: application.confirmationAttempts }),
    unsent: (maxAttempts, limit) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(inArray(applications.confirmation, ['pending', 'failed']), lt(applications.confirmationAttempts, maxAttempts)))
        .limit(limit)
        .all()
        .map((row) => row.id),
    mark: (id, confirmation, error, attempts) =>
      db
        .update(applications)
        .set({ confirmation, confirmationError: error, confirmationAttempts: attempts })
        .where(eq(applications.id, id))
        .run(),
    compose: (application) => {
      const { language } = application;
      const centre = catalogue.centreIn(language);
      const programme = catalogue.programmeIn(language, application.programme);
      const steps = programme && applicationNextSteps(language, programme, centre, application, siteUrl);
      const programmeTitle = catalogue.titleIn(language, application.programme);
      const words = localizedPreEnrolmentConfirmation[language];
      const { hello, labelEnd } = studentMailWords[language];
      const bullet = (lines: string[]) => lines.map((line) => `- ${line}`);
      return {
        to: application.email ?? '',
        ...(centre?.email && { replyTo: centre.email.display }),
        subject: `${words.title}${labelEnd} ${programmeTitle} (${application.reference})`,
        text: [
          // Nothing the sender typed freely: the address is not verified (decision 0016).
          hello,
          '',
          localizedPublicFormMessages[language].applicationReceived,
          '',
          `${words.programme} ${programmeTitle}${steps ? ` (${steps.programmeUrl})` : ''}`,
          `${words.reference} ${application.reference}`,
          words.keepTheReference,
          ...(steps
            ? [
                '',
                words.whatNext,
                steps.callback,
                '',
                `${words.documents}${labelEnd}`,
                ...(steps.documents.length === 0 ? [words.noDocuments] : []),
                ...(steps.documents.length > 0 && steps.documentsLanguage !== language ? [words.documentsInFrench] : []),
                ...bullet(steps.documents),
                ...(steps.fees.length > 0 ? ['', `${words.fees}${labelEnd}`, ...bullet(steps.fees)] : []),
                ...(steps.whatsappUrl ? ['', `${words.whatsapp}${labelEnd} ${steps.whatsappUrl}`] : []),
              ]
            : []),
          '',
          centre?.name ?? '',
        ].join('\n'),
      };
    },
  };
}
