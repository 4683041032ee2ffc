import './interest.css';
import {
  type InterestReport,
  type ProgrammeInterest,
  screenClasses,
  screenClassLabels,
  viewSourceLabels,
  viewSources,
} from '@cfp/shared';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportInterest } from '../api/export-interest.ts';
import { useInterest } from '../api/get-interest.ts';
import { defaultSort, formatCount, type InterestRow, type InterestSort } from '../interest-columns.ts';
import { InterestChart } from './interest-chart.tsx';
import { InterestTable } from './interest-table.tsx';
import { ShareBars } from './share-bars.tsx';

const periods = [
  { weeks: 4, label: 'The last 4 weeks' },
  { weeks: 13, label: 'The last 3 months' },
  { weeks: 26, label: 'The last 6 months' },
  { weeks: 52, label: 'The last 12 months' },
];

type ProgrammeRow = InterestRow & { programme: ProgrammeInterest };

function programmeRows(report: InterestReport): ProgrammeRow[] {
  const departments = new Map(report.departments.map((department) => [department.slug, department.title]));
  return report.programmes.map((programme) => ({
    key: programme.slug,
    title: programme.title,
    detail: programme.department ? departments.get(programme.department) : 'No longer on the site',
    totals: programme.totals,
    programme,
  }));
}

/** The sources of the pages shown, in the staff's words, the most first. */
const sourceParts = (sources: InterestReport['sources']) =>
  viewSources
    .map((source) => ({ key: source, name: viewSourceLabels[source], value: sources[source] }))
    .sort((a, b) => b.value - a.value);

/**
 * Which programmes draw students: per programme over the period chosen, the pages shown in each
 * language, what readers then asked, and where they came from; one programme's weeks as a chart.
 * Counted without cookies or anything personal (docs/decisions/0039).
 */
export function InterestPage() {
  const [weeks, setWeeks] = useState(52);
  const [sort, setSort] = useState<InterestSort>(defaultSort);
  const [departmentSort, setDepartmentSort] = useState<InterestSort>(defaultSort);
  const [chosen, setChosen] = useState<string | undefined>();
  const chart = useRef<HTMLElement>(null);
  const periodId = useId();
  const interest = useInterest(weeks);
  const exportCsv = useExportInterest();
  const report = interest.data;
  const rows = report ? programmeRows(report) : [];
  const mostRead = [...rows].sort((a, b) => b.totals.viewsFr + b.totals.viewsEn - (a.totals.viewsFr + a.totals.viewsEn))[0];
  const shown = rows.find((row) => row.key === chosen) ?? mostRead;

  const showChart = (slug: string) => {
    setChosen(slug);
    requestAnimationFrame(() => chart.current?.focus());
  };

  return (
    <section className="interest">
      <PageHeader
        title="Interest"
        description="Which programmes students read about and apply to, week by week. Counted without cookies: no one is followed."
        actions={
          <>
            <label className="interest__period" htmlFor={periodId}>
              <span>Period</span>
              <select id={periodId} value={weeks} onChange={(event) => setWeeks(Number(event.target.value))}>
                {periods.map((period) => (
                  <option key={period.weeks} value={period.weeks}>
                    {period.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => exportCsv.mutate(weeks)}
              disabled={exportCsv.isPending || !report}
            >
              {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
            </button>
          </>
        }
      />
      {exportCsv.isError && <Alert kind="error">{errorMessage(exportCsv.error, 'Failed to export the figures')}</Alert>}
      {interest.isPending && <Spinner label="Counting..." />}
      {interest.isError && <Alert kind="error">{errorMessage(interest.error, 'Error fetching the figures')}</Alert>}
      {report && (
        <>
          <Overview report={report} />
          <section className="panel" aria-labelledby="interest-programmes">
            <div className="panel__head">
              <h2 id="interest-programmes">Programmes</h2>
            </div>
            <InterestTable
              caption="Programmes"
              nameLabel="Programme"
              rows={rows}
              sort={sort}
              onSort={setSort}
              renderName={(row) => (
                <button
                  type="button"
                  className="link-button"
                  aria-pressed={row.key === shown?.key}
                  onClick={() => showChart(row.key)}
                >
                  {row.title}
                </button>
              )}
            />
          </section>
          {shown && (
            <section className="panel interest__chart" aria-labelledby="interest-chart" ref={chart} tabIndex={-1}>
              <div className="panel__head">
                <h2 id="interest-chart">{shown.title}, week by week</h2>
              </div>
              <InterestChart programme={shown.programme} weeks={report.weeks} />
              <h3 className="interest__subhead">Where its readers came from</h3>
              <ShareBars label={`Where the readers of ${shown.title} came from`} parts={sourceParts(shown.programme.sources)} />
            </section>
          )}
          <section className="panel" aria-labelledby="interest-departments">
            <div className="panel__head">
              <h2 id="interest-departments">Departments</h2>
            </div>
            <InterestTable
              caption="Departments, their programmes summed"
              nameLabel="Department"
              rows={report.departments.map((department) => ({
                key: department.slug,
                title: department.title,
                totals: department.totals,
              }))}
              sort={departmentSort}
              onSort={setDepartmentSort}
            />
          </section>
        </>
      )}
    </section>
  );
}

/** The whole site over the period: readers, pages shown, where they came from and on what screens. */
function Overview({ report }: { report: InterestReport }) {
  const views = viewSources.reduce((sum, source) => sum + report.sources[source], 0);
  return (
    <section className="panel interest__overview" aria-labelledby="interest-overview">
      <div className="panel__head">
        <h2 id="interest-overview">The whole site</h2>
      </div>
      <p className="interest__totals">
        <strong>{formatCount(views)}</strong> pages shown to about <strong>{formatCount(report.readers)}</strong> readers a day
        summed (a reader on two days counts twice).
      </p>
      <div className="interest__shares">
        <div>
          <h3 className="interest__subhead">Where readers came from</h3>
          <ShareBars label="Where readers came from" parts={sourceParts(report.sources)} />
        </div>
        <div>
          <h3 className="interest__subhead">Their screens</h3>
          <ShareBars
            label="The readers' screens"
            parts={screenClasses.map((screen) => ({
              key: screen,
              name: screenClassLabels[screen],
              value: report.screens[screen],
            }))}
          />
        </div>
      </div>
    </section>
  );
}
