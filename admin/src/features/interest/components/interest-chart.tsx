import { formatCalendarDay, type InterestCounts, type ProgrammeInterest } from '@cfp/shared';
import { useId } from 'react';
import { formatCount } from '../interest-columns.ts';

const width = 720;
const left = 44;
const right = 8;
const viewsTop = 14;
const viewsHeight = 150;
const enrolmentsTop = viewsTop + viewsHeight + 26;
const enrolmentsHeight = 46;
const axisTop = enrolmentsTop + enrolmentsHeight + 16;
const height = axisTop + 8;

const months = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const longDays = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = (isoDay: string) => longDays.format(new Date(`${isoDay}T00:00:00Z`));

/** A round top for an axis: 1, 2, 5, 10, 20, 50… at least `value`. */
function roundUp(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power) as number;
}

/**
 * Each month's first week, labelled with the month, and with the year at January and at the
 * first label; a first month with less than five weeks in the period is left unlabelled, for
 * its label would run into the next.
 */
function monthMarks(weeks: readonly string[]): Array<{ index: number; label: string }> {
  const marks = weeks.flatMap((week, index) => {
    const date = new Date(`${week}T00:00:00Z`);
    const previous = index > 0 ? new Date(`${weeks[index - 1]}T00:00:00Z`) : undefined;
    return previous && previous.getUTCMonth() === date.getUTCMonth() ? [] : [{ index, date }];
  });
  const [first, second] = marks;
  const shown = first && second && second.index - first.index < 5 ? marks.slice(1) : marks;
  return shown.map(({ index, date }, position) => ({
    index,
    label: position === 0 || date.getUTCMonth() === 0 ? `${months.format(date)} ${date.getUTCFullYear()}` : months.format(date),
  }));
}

/** The sentence a screen reader hears for the chart: the period, the totals and the busiest week. */
function summary(programme: ProgrammeInterest, weeks: readonly string[]): string {
  const views = programme.weeks.map((week) => week.viewsFr + week.viewsEn);
  const total = views.reduce((sum, value) => sum + value, 0);
  const busiest = views.indexOf(Math.max(...views));
  const period = `From the week of ${longDay(weeks[0] ?? '')} to this week`;
  const enrolments = `${formatCount(programme.totals.preEnrolments)} pre-enrolments`;
  if (total === 0) return `${period}: no page shown, ${enrolments}.`;
  return `${period}: ${formatCount(total)} pages shown (${formatCount(programme.totals.viewsFr)} in French, ${formatCount(programme.totals.viewsEn)} in English), the most in the week of ${longDay(weeks[busiest] ?? '')} (${formatCount(views[busiest] ?? 0)}); ${enrolments}.`;
}

interface InterestChartProps {
  programme: ProgrammeInterest;
  /** The report's weeks, each a Monday, oldest first. */
  weeks: readonly string[];
}

/**
 * A programme's weeks as two bar charts on one time line, drawn in SVG (no chart library): pages
 * shown, French and English stacked, and pre-enrolments below; the same figures in a table beside
 * it, which is what a screen reader reads, with a summary on the picture itself.
 */
export function InterestChart({ programme, weeks }: InterestChartProps) {
  const titleId = useId();
  const descId = useId();
  const step = (width - left - right) / Math.max(weeks.length, 1);
  const bar = Math.max(step * 0.72, 1);
  const viewsTopValue = roundUp(Math.max(...programme.weeks.map((week) => week.viewsFr + week.viewsEn), 0));
  const enrolmentsTopValue = roundUp(Math.max(...programme.weeks.map((week) => week.preEnrolments), 0));
  const x = (index: number) => left + index * step + (step - bar) / 2;
  const scale = (value: number, top: number, size: number) => (value / top) * size;

  return (
    <figure className="interest-chart">
      <div className="interest-chart__picture">
        <ul className="interest-chart__legend">
          <li className="interest-chart__key interest-chart__key--fr">Pages shown in French</li>
          <li className="interest-chart__key interest-chart__key--en">in English</li>
          <li className="interest-chart__key interest-chart__key--enrolments">Pre-enrolments</li>
        </ul>
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
          <title id={titleId}>{programme.title}: pages shown and pre-enrolments each week</title>
          <desc id={descId}>{summary(programme, weeks)}</desc>
          <Axis top={viewsTop} size={viewsHeight} value={viewsTopValue} />
          <Axis top={enrolmentsTop} size={enrolmentsHeight} value={enrolmentsTopValue} />
          {programme.weeks.map((week, index) => {
            const french = scale(week.viewsFr, viewsTopValue, viewsHeight);
            const english = scale(week.viewsEn, viewsTopValue, viewsHeight);
            const enrolments = scale(week.preEnrolments, enrolmentsTopValue, enrolmentsHeight);
            const base = viewsTop + viewsHeight;
            return (
              <g key={weeks[index]}>
                <rect className="interest-chart__fr" x={x(index)} y={base - french} width={bar} height={french} />
                <rect className="interest-chart__en" x={x(index)} y={base - french - english} width={bar} height={english} />
                <rect
                  className="interest-chart__enrolments"
                  x={x(index)}
                  y={enrolmentsTop + enrolmentsHeight - enrolments}
                  width={bar}
                  height={enrolments}
                />
              </g>
            );
          })}
          {monthMarks(weeks).map(({ index, label }) => (
            <text key={index} className="interest-chart__month" x={x(index)} y={axisTop}>
              {label}
            </text>
          ))}
        </svg>
      </div>
      <figcaption className="visually-hidden">{programme.title}, week by week</figcaption>
      <WeeksTable programme={programme} weeks={weeks} />
    </figure>
  );
}

function Axis({ top, size, value }: { top: number; size: number; value: number }) {
  return (
    <g className="interest-chart__axis">
      <line x1={left} x2={width - right} y1={top + size} y2={top + size} />
      <line x1={left} x2={width - right} y1={top} y2={top} className="interest-chart__grid" />
      <text x={left - 6} y={top + 4}>
        {formatCount(value)}
      </text>
      <text x={left - 6} y={top + size}>
        0
      </text>
    </g>
  );
}

/** What the chart draws (callbacks and messages by week are in the CSV export). */
const weekColumns: Array<[keyof InterestCounts, string]> = [
  ['viewsFr', 'In French'],
  ['viewsEn', 'In English'],
  ['preEnrolments', 'Pre-enrolments'],
];

/** The chart's figures, the latest week first. */
function WeeksTable({ programme, weeks }: InterestChartProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolled table must be reachable by keyboard to scroll it.
    <section className="interest-chart__table" tabIndex={0} aria-label={`${programme.title}, the figures by week`}>
      <table className="data-table">
        <caption className="visually-hidden">{programme.title}: the figures of each week, the latest first</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {weekColumns.map(([key, label]) => (
              <th key={key} scope="col" className="numeric">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {programme.weeks
            .map((counts, index) => ({ counts, week: weeks[index] ?? '' }))
            .reverse()
            .map(({ counts, week }) => (
              <tr key={week}>
                <th scope="row" data-label="Week of">
                  {formatCalendarDay(week)}
                </th>
                {weekColumns.map(([key, label]) => (
                  <td key={key} className="numeric" data-label={label}>
                    {formatCount(counts[key])}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}
