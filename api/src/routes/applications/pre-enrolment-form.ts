import type { LocalizedProgramme } from '@cfp/content/catalogue';
import {
  applicationLimits,
  formatLongCalendarDay,
  isoDayIn,
  type Locale,
  localizedApplicationFieldLabels,
  localizedConsentStatement,
  localizedFieldHints,
  localizedHeardFromOptions,
  localizedScheduleLabels,
  localizedStudentLevelLabels,
  pagePath,
  programmePath,
} from '@cfp/shared';
import type { ContentCatalogue } from '../../content/content-catalogue.ts';
import type { CorrectableForm, OfferedField } from '../../forms/public-form.ts';

const words = {
  fr: {
    title: 'Votre pré-inscription n’est pas encore envoyée',
    submit: 'Envoyer ma pré-inscription',
    chooseProgramme: 'Choisissez une formation',
    choose: 'Choisissez',
    chooseOptional: 'Choisissez (facultatif)',
    noPreference: 'Pas de préférence',
    backToProgramme: 'Revenir à la formation',
    backToForm: 'Revenir au formulaire de pré-inscription',
  },
  en: {
    title: 'Your pre-enrolment has not been sent yet',
    submit: 'Send my pre-enrolment',
    chooseProgramme: 'Choose a programme',
    choose: 'Choose',
    chooseOptional: 'Choose (optional)',
    noPreference: 'No preference',
    backToProgramme: 'Back to the programme',
    backToForm: 'Back to the pre-enrolment form',
  },
} satisfies Record<Locale, Record<string, string>>;

/** A select's choices: the first, blank, meaning none. */
const choices = (blank: string, entries: Array<[value: string, label: string]>) => [
  { value: '', label: blank },
  ...entries.map(([value, label]) => ({ value, label })),
];

const unique = <T>(items: T[]) => [...new Set(items)];

/** The schedule and intake to prefer, as the site offers them: a schedule when there are two or more, an intake when one is coming. */
function preferenceFields(among: LocalizedProgramme[], locale: Locale, today: string): OfferedField[] {
  const labels = localizedApplicationFieldLabels[locale];
  const { noPreference } = words[locale];
  const schedules = unique(among.flatMap((programme) => programme.schedules));
  const intakes = unique(among.flatMap((programme) => programme.intakes.filter((day) => day >= today))).toSorted();
  const schedule: OfferedField = {
    name: 'schedule',
    label: labels.schedule,
    type: 'select',
    options: choices(
      noPreference,
      schedules.map((one) => [one, localizedScheduleLabels[locale][one]]),
    ),
  };
  const intake: OfferedField = {
    name: 'intake',
    label: labels.intake,
    type: 'select',
    options: choices(
      noPreference,
      intakes.map((day) => [day, formatLongCalendarDay(day, locale)]),
    ),
  };
  return [...(schedules.length > 1 ? [schedule] : []), ...(intakes.length > 0 ? [intake] : [])];
}

/**
 * The pre-enrolment form as the API gives it back to correct when it was posted without
 * JavaScript, in the form's language. Like the site's, it offers the schedules and upcoming
 * intakes of the programme chosen, or of them all when none on offer was; the way back leads to
 * that programme's page, or to the pre-enrolment page.
 */
export const preEnrolmentForm =
  (catalogue: ContentCatalogue, siteUrl: string, timeZone: string) =>
  (locale: Locale, typed: Record<string, string>): CorrectableForm => {
    const labels = localizedApplicationFieldLabels[locale];
    const hints = localizedFieldHints[locale];
    const text = words[locale];
    const offered = catalogue.offeredIn(locale);
    const chosen = offered.find((programme) => programme.slug === typed.programme);
    return {
      title: text.title,
      submitLabel: text.submit,
      back: chosen
        ? { url: `${siteUrl}${programmePath(chosen.pageSlug, locale)}`, label: text.backToProgramme }
        : { url: `${siteUrl}${pagePath(locale, 'preEnrolment')}`, label: text.backToForm },
      fields: [
        {
          name: 'programme',
          label: labels.programme,
          type: 'select',
          options: choices(
            text.chooseProgramme,
            offered.map((programme) => [programme.slug, programme.title]),
          ),
        },
        { name: 'firstName', label: labels.firstName, autocomplete: 'given-name', maxlength: applicationLimits.firstName },
        { name: 'lastName', label: labels.lastName, autocomplete: 'family-name', maxlength: applicationLimits.lastName },
        {
          name: 'phone',
          label: labels.phone,
          type: 'tel',
          hint: hints.phone,
          autocomplete: 'tel',
          maxlength: applicationLimits.phone,
        },
        {
          name: 'email',
          label: labels.email,
          type: 'email',
          hint: hints.email,
          autocomplete: 'email',
          maxlength: applicationLimits.email,
        },
        { name: 'town', label: labels.town, autocomplete: 'address-level2', maxlength: applicationLimits.town },
        {
          name: 'level',
          label: labels.level,
          type: 'select',
          options: choices(text.choose, Object.entries(localizedStudentLevelLabels[locale])),
        },
        ...preferenceFields(chosen ? [chosen] : offered, locale, isoDayIn(new Date(), timeZone)),
        {
          name: 'heardFrom',
          label: labels.heardFrom,
          type: 'select',
          options: choices(text.chooseOptional, Object.entries(localizedHeardFromOptions[locale])),
        },
        { name: 'message', label: labels.message, type: 'textarea', maxlength: applicationLimits.message },
        { name: 'consent', label: labels.consent, type: 'checkbox', hint: localizedConsentStatement[locale] },
      ],
    };
  };
