import type { ContentFormApi } from './content-fields.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { DiplomaFields, DurationAndLevelFields, EnrolmentFields, FeeFields } from './programme-facts-fields.tsx';
import { ProgrammeTextFields } from './programme-text-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

/** Today in this browser, as the schema compares intake dates: 2026-11-23. */
export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A programme's facts and texts, in the order both its form and a new programme's show them. */
export function ProgrammeFactsAndTexts({ form }: { form: ContentFormApi<ProgrammeValues> }) {
  return (
    <>
      <DurationAndLevelFields form={form} />
      <DiplomaFields form={form} />
      <ScheduleFields form={form} />
      <FeeFields form={form} />
      <EnrolmentFields form={form} />
      <ProgrammeTextFields form={form} />
    </>
  );
}
