import {
  type ApplicationFacets,
  type ApplicationFilterQuery,
  applicationStatuses,
  locales,
  staffLanguageLabels,
} from '@cfp/shared';
import { useId } from 'react';
import { formatIntake, statusLabels } from '../application-labels.ts';

interface ApplicationFiltersProps {
  /** The programmes and intakes the applications name, counted (absent while loading). */
  facets: ApplicationFacets | undefined;
  value: ApplicationFilterQuery;
  onChange: (filters: ApplicationFilterQuery) => void;
}

/** The programmes present, by title; one the URL names that is no longer there still shows (by its slug). */
function programmeOptions(facets: ApplicationFacets | undefined, selected: string | undefined) {
  const titles = new Map((facets?.programmes ?? []).map((entry) => [entry.programme, entry.programmeTitle]));
  if (selected && !titles.has(selected)) titles.set(selected, selected);
  return [...titles].sort(([, a], [, b]) => a.localeCompare(b, 'fr'));
}

function intakeOptions(facets: ApplicationFacets | undefined, selected: string | undefined) {
  const intakes = new Set((facets?.intakes ?? []).map((entry) => entry.intake));
  if (selected) intakes.add(selected);
  return [...intakes].sort();
}

export function ApplicationFilters({ facets, value, onChange }: ApplicationFiltersProps) {
  const id = useId();
  const set = (key: keyof ApplicationFilterQuery, next: string) => onChange({ ...value, [key]: next || undefined });

  return (
    <fieldset className="application-filters">
      <legend className="visually-hidden">Filter applications</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-programme`}>
          Programme
        </label>
        <select id={`${id}-programme`} value={value.programme ?? ''} onChange={(event) => set('programme', event.target.value)}>
          <option value="">All programmes</option>
          {programmeOptions(facets, value.programme).map(([slug, title]) => (
            <option key={slug} value={slug}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select id={`${id}-status`} value={value.status ?? ''} onChange={(event) => set('status', event.target.value)}>
          <option value="">All statuses</option>
          {applicationStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-intake`}>
          Intake
        </label>
        <select id={`${id}-intake`} value={value.intake ?? ''} onChange={(event) => set('intake', event.target.value)}>
          <option value="">All intakes</option>
          {intakeOptions(facets, value.intake).map((intake) => (
            <option key={intake} value={intake}>
              {formatIntake(intake)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-language`}>
          Language
        </label>
        <select id={`${id}-language`} value={value.language ?? ''} onChange={(event) => set('language', event.target.value)}>
          <option value="">All languages</option>
          {locales.map((language) => (
            <option key={language} value={language}>
              {staffLanguageLabels[language]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
