import { blankWeeklyHours, type Schedule, schedules } from '@cfp/shared';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { announce } from '../../../lib/announcer.ts';
import { type ContentFormApi, errorAt, GroupError } from './content-fields.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { Group } from './programme-facts-fields.tsx';
import { isBlankHours, WeeklyHoursField } from './weekly-hours-field.tsx';

interface ScheduleFieldsProps {
  form: ContentFormApi<ProgrammeValues>;
}

const scheduleLabels: Record<Schedule, string> = { jour: 'Day classes', soir: 'Evening classes', weekend: 'Weekend' };

/** Each way the programme is taught, ticked, with its days and hours. */
export function ScheduleFields({ form }: ScheduleFieldsProps) {
  const error = errorAt(form.formState.errors, 'schedules');
  return (
    <Group legend="Schedules" hint="Tick each way the programme is taught, and give its days and hours." field="schedules">
      {schedules.map((schedule) => (
        <ScheduleChoice key={schedule} form={form} schedule={schedule} />
      ))}
      <GroupError id="schedules-error" error={error} />
    </Group>
  );
}

function ScheduleChoice({ form, schedule }: ScheduleFieldsProps & { schedule: Schedule }) {
  const name = `scheduleHours.${schedule}` as const;
  const label = scheduleLabels[schedule];
  const ticked = useWatch({ control: form.control, name: 'schedules' })?.includes(schedule) ?? false;
  const blank = isBlankHours(useWatch({ control: form.control, name }));
  const choiceRef = useRef<HTMLDivElement>(null);
  const [clearings, setClearings] = useState(0);
  // Clear and the hours may be gone once cleared: focus goes back to the schedule's box.
  useEffect(() => {
    if (clearings > 0) choiceRef.current?.querySelector<HTMLInputElement>('input[name="schedules"]')?.focus();
  }, [clearings]);

  const clear = () => {
    form.setValue(name, blankWeeklyHours(), { shouldDirty: true });
    form.clearErrors(name);
    announce(`${label}: days and hours cleared.`);
    setClearings((count) => count + 1);
  };

  return (
    <div ref={choiceRef} className="schedule-choice">
      <CheckboxField label={label} registration={form.register('schedules')} value={schedule} />
      {/* Hours kept for a schedule not ticked stay in view: nothing is saved that cannot be seen. */}
      {(ticked || !blank) && (
        <fieldset className="schedule-hours">
          <legend>
            <span className="visually-hidden">{label}:</span> Days and hours
          </legend>
          {!ticked && (
            <p className="schedule-hours__note">
              Not shown on the site while “{label}” is not ticked: tick it, or clear these hours.
            </p>
          )}
          <WeeklyHoursField form={form} name={name} />
          {!blank && (
            <button type="button" className="button button--small button--secondary schedule-hours__clear" onClick={clear}>
              Clear days and hours
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
