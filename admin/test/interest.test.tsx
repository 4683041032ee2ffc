import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { interestReport, programmeInterest, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const soudure = programmeInterest(
  'soudure',
  'Soudure',
  'industriel-technique',
  [{ viewsFr: 30, viewsEn: 2, preEnrolments: 1 }, {}, { viewsFr: 50, viewsEn: 8, preEnrolments: 3, callbacks: 2 }],
  { whatsapp: 60, google: 30 },
);
const maintenance = programmeInterest('maintenance-informatique', 'Maintenance informatique', 'informatique-digital', [
  { viewsFr: 10 },
  { viewsFr: 20, viewsEn: 70, messages: 1 },
  { preEnrolments: 6 },
]);
const retired = programmeInterest('ebenisterie', 'ebenisterie', null, [{}, {}, {}]);

function interestApi() {
  return mockApi({
    ...signedIn(),
    // Three weeks, whatever the period asked: the programmes' own.
    'GET /api/interest': () =>
      json(
        interestReport({
          weeks: 3,
          programmes: [soudure, maintenance, retired],
          departments: [
            { slug: 'industriel-technique', title: 'Industriel et technique', totals: soudure.totals },
            { slug: 'informatique-digital', title: 'Informatique et numérique', totals: maintenance.totals },
          ],
          sources: { whatsapp: 400, google: 100 },
          readers: 210,
        }),
      ),
    'GET /api/interest/export.csv': () =>
      new Response('\uFEFFProgramme;Week\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
  });
}

const programmesTable = () => screen.getByRole('table', { name: /^Programmes, sorted by/ });
const rowNames = () =>
  within(programmesTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the Interest screen', () => {
  it('lists each programme with its pages shown in both languages and what its readers asked, the most read first', async () => {
    interestApi();
    renderApp('/interest');

    expect(await screen.findByRole('heading', { name: 'Interest', level: 1 })).toBeTruthy();
    await screen.findByRole('table', { name: /^Programmes, sorted by pages shown, highest first$/ });
    expect(rowNames()).toEqual([
      'Maintenance informatiqueInformatique et numérique',
      'SoudureIndustriel et technique',
      'ebenisterieNo longer on the site',
    ]);
    const soudureRow = within(programmesTable()).getByRole('button', { name: 'Soudure' }).closest('tr') as HTMLElement;
    expect(
      within(soudureRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['SoudureIndustriel et technique', '90', '80', '10', '4', '2', '0', '4.4']);
    // No page shown: no share to give.
    const retiredRow = within(programmesTable()).getByRole('button', { name: 'ebenisterie' }).closest('tr') as HTMLElement;
    expect(within(retiredRow).getAllByRole('cell').at(-1)?.textContent).toBe('—');
    expect(screen.getByText(/pages shown to about/).textContent).toContain('500 pages shown to about 210 readers');
  });

  it('sorts by any column, each heading reversing its order on a second click', async () => {
    interestApi();
    const user = userEvent.setup();
    renderApp('/interest');

    await screen.findByRole('table', { name: /^Programmes/ });
    await user.click(within(programmesTable()).getByRole('button', { name: /^Pre-enrolments/ }));
    expect(rowNames()[0]).toMatch(/^Maintenance informatique/);
    expect(
      within(programmesTable())
        .getByRole('columnheader', { name: /^Pre-enrolments/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    await user.click(within(programmesTable()).getByRole('button', { name: /^Pre-enrolments/ }));
    expect(rowNames()[0]).toMatch(/^ebenisterie/);
    await user.click(within(programmesTable()).getByRole('button', { name: /^Name|^Programme/ }));
    expect(rowNames().map((name) => name?.slice(0, 4))).toEqual(['eben', 'Main', 'Soud']);
    await user.click(within(programmesTable()).getByRole('button', { name: /^In English/ }));
    expect(rowNames()[0]).toMatch(/^Maintenance/);
  });

  it('charts the most read programme week by week, with the figures in a table, and another on a click', async () => {
    interestApi();
    const user = userEvent.setup();
    renderApp('/interest');

    const chart = await screen.findByRole('img', { name: /^Maintenance informatique: pages shown and pre-enrolments each week/ });
    expect(chart.querySelector('desc')?.textContent).toBe(
      'From the week of 16 November 2026 to this week: 100 pages shown (30 in French, 70 in English), the most in the week of 23 November 2026 (90); 6 pre-enrolments.',
    );
    await user.click(within(programmesTable()).getByRole('button', { name: 'Soudure' }));
    expect(screen.getByRole('heading', { name: 'Soudure, week by week' })).toBeTruthy();
    const weeks = screen.getByRole('table', { name: /^Soudure: the figures of each week/ });
    expect(
      within(weeks)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['30/11/20265083', '23/11/2026000', '16/11/20263021']);
    const sources = screen.getByRole('list', { name: 'Where the readers of Soudure came from' });
    expect(within(sources).getAllByRole('listitem')[0]?.textContent).toBe('WhatsApp60 (67%)');
  });

  it('asks for the period chosen, and exports it as CSV with the token', async () => {
    const api = interestApi();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:interest';
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/interest');

    await screen.findByRole('table', { name: /^Programmes/ });
    await user.selectOptions(screen.getByLabelText('Period'), 'The last 3 months');
    await waitFor(() => expect(api.callsTo('GET', '/api/interest').at(-1)?.search.get('weeks')).toBe('13'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = api.callsTo('GET', '/api/interest/export.csv');
    expect(request?.search.get('weeks')).toBe('13');
    expect(request?.headers.get('authorization')).toBe('Bearer valid-token');
    expect(saved[0]).toMatch(/^interest-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('shows the week’s five most read programmes on the dashboard', async () => {
    const many = ['A', 'B', 'C', 'D', 'E', 'F'].map((letter, index) =>
      programmeInterest(letter.toLowerCase(), `Programme ${letter}`, 'industriel-technique', [{ viewsFr: 10 * (index + 1) }]),
    );
    mockApi({
      ...signedIn(),
      'GET /api/blog': () => json([]),
      'GET /api/auth': () => json([]),
      'GET /api/interest': () => json(interestReport({ weeks: 1, programmes: many })),
    });
    renderApp('/dashboard');

    const panel = (await screen.findByRole('heading', { name: "This week's most read programmes" })).closest(
      'section',
    ) as HTMLElement;
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Programme F60 pages shown, 0 pre-enrolments',
      'Programme E50 pages shown, 0 pre-enrolments',
      'Programme D40 pages shown, 0 pre-enrolments',
      'Programme C30 pages shown, 0 pre-enrolments',
      'Programme B20 pages shown, 0 pre-enrolments',
    ]);
  });
});
