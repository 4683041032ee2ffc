import './weekly-hours.css';
import { formatWeeklyHours, type WeekDay, type WeeklyHoursForm, weekDays, weeklyHoursForm } from '@cfp/shared';
import { useId } from 'react';
import { type FieldValues, type Path, useWatch } from 'react-hook-form';
import { BoundTextField, type ContentFormApi, errorAt, GroupError } from './content-fields.tsx';

const dayNames: Record<WeekDay, { short: string; full: string }> = {
  lundi: { short: 'Mon', full: 'Monday' },
  mardi: { short: 'Tue', full: 'Tuesday' },
  mercredi: { short: 'Wed', full: 'Wednesday' },
  jeudi: { short: 'Thu', full: 'Thursday' },
  vendredi: { short: 'Fri', full: 'Friday' },
  samedi: { short: 'Sat', full: 'Saturday' },
  dimanche: { short: 'Sun', full: 'Sunday' },
};

const completeHours = weeklyHoursForm({ required: true });

/** How the site says these hours in French and in English; none until they are complete and valid. */
function siteWording(hours: WeeklyHoursForm | undefined): { fr: string; en: string } | undefined {
  const parsed = completeHours.safeParse(hours);
  if (!parsed.success) return undefined;
  return { fr: formatWeeklyHours(parsed.data, 'fr'), en: formatWeeklyHours(parsed.data, 'en') };
}

export const isBlankHours = (hours: WeeklyHoursForm | undefined) =>
  !hours || (hours.days.length === 0 && hours.from === '' && hours.to === '');

interface WeeklyHoursFieldProps<Values extends FieldValues> {
  form: ContentFormApi<Values>;
  /** The path of the value, `openingHours.0` or `scheduleHours.jour`: its controls are `….days`, `….from`, `….to`. */
  name: string;
}

/** The days ticked as chips (Mon…Sun, read out in full), the two times, and what the site will say. */
export function WeeklyHoursField<Values extends FieldValues>({ form, name }: WeeklyHoursFieldProps<Values>) {
  const id = useId();
  const at = (part: string) => `${name}.${part}` as Path<Values>;
  return (
    <div className="weekly-hours" data-field={name}>
      <div className="weekly-hours__controls">
        <DayChips form={form} name={at('days')} />
        <div className="weekly-hours__times">
          <BoundTextField form={form} name={at('from')} label="From" type="time" />
          <BoundTextField form={form} name={at('to')} label="To" type="time" />
        </div>
      </div>
      {/* A message for the value as a whole: the API may name `scheduleHours.jour` itself. */}
      <GroupError id={`${id}-error`} error={errorAt(form.formState.errors, name)} />
      <SiteWording form={form} name={name} />
    </div>
  );
}

function DayChips<Values extends FieldValues>({ form, name }: { form: ContentFormApi<Values>; name: Path<Values> }) {
  const id = useId();
  const error = errorAt(form.formState.errors, name);
  const errorId = error?.message ? `${id}-error` : undefined;
  return (
    <fieldset className="day-chips">
      <legend className="day-chips__legend">Days</legend>
      <div className="day-chips__days">
        {weekDays.map((day) => (
          <label key={day} className="day-chip">
            <input
              type="checkbox"
              className="day-chip__box"
              value={day}
              aria-invalid={Boolean(error)}
              aria-describedby={errorId}
              {...form.register(name)}
            />
            <span aria-hidden="true">{dayNames[day].short}</span>
            <span className="visually-hidden">{dayNames[day].full}</span>
          </label>
        ))}
      </div>
      {error?.message && (
        <p className="field__error" id={errorId}>
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

/** "Site: du lundi au vendredi, de 8 h à 12 h · Monday to Friday, 8 am to noon", as the value is typed. */
function SiteWording<Values extends FieldValues>({ form, name }: { form: ContentFormApi<Values>; name: string }) {
  const hours = useWatch({ control: form.control, name: name as Path<Values> }) as WeeklyHoursForm | undefined;
  const wording = siteWording(hours);
  if (!wording) return null;
  return (
    <p className="weekly-hours__site">
      <span className="weekly-hours__site-label">Site:</span> <span lang="fr">{wording.fr}</span>
      <span aria-hidden="true"> · </span>
      <span lang="en">{wording.en}</span>
    </p>
  );
}
