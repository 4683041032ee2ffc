import type { ContentReport } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { centreDetails, programmeSummary, readVersion } from './support/content-fixtures.ts';
import { idleSite, signedIn } from './support/fixtures.ts';
import { type ApiRoutes, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const report: ContentReport = {
  checkedAt: '2026-11-24T08:00:00.000Z',
  strict: false,
  blocking: false,
  problems: [
    {
      kind: 'missing',
      file: 'content/centre.yaml',
      field: 'phones[0].number',
      message: 'Numéro de l’accueil au format international, ex. +237699000000.',
    },
    {
      kind: 'missing',
      file: 'content/centre.yaml',
      field: 'phones[0].display',
      message: 'Numéro de l’accueil tel qu’il s’affiche, ex. 6 99 00 00 00.',
    },
    {
      kind: 'missing',
      file: 'content/centre.yaml',
      field: 'social.tiktok',
      message: 'URL du compte TikTok (facultatif : supprimez la ligne si le centre n’a pas ce compte).',
      optional: true,
    },
    {
      kind: 'unconfirmed',
      file: 'content/formations/soudure.md',
      field: 'confirmed',
      message: 'faits non confirmés par le centre.',
    },
  ],
};

/** The names the links are made of: the phones' labels and the programmes' titles. */
const contentNames: ApiRoutes = {
  'GET /api/content/centre': () => json(centreDetails()),
  'GET /api/content/programmes': () =>
    json({ programmes: [programmeSummary({ title: 'Soudure et chaudronnerie' })], version: readVersion }),
};

function dashboard(status: object, routes: ApiRoutes = contentNames) {
  const api = mockApi({
    ...signedIn('superAdmin'),
    'GET /api/blog': () => json([]),
    'GET /api/auth': () => json([]),
    'GET /api/site/status': () => json({ ...idleSite, ...status }),
    ...routes,
  });
  renderApp('/dashboard');
  return api;
}

afterEach(() => {
  vi.useRealTimers();
});

const checklist = async () => within(await screen.findByRole('region', { name: 'Launch checklist' }));

describe('launch checklist on the dashboard', () => {
  it('links each point to the field that fixes it, a phone’s number and display as one point', async () => {
    dashboard({ content: report });
    const list = await checklist();

    const reception = await list.findByRole('link', { name: 'Reception phone' });
    expect(reception.getAttribute('href')).toBe('/admin/content/centre?field=phones.0.number');
    expect(list.getAllByRole('link', { name: /phone/ })).toHaveLength(1);
    expect(list.getByRole('link', { name: 'TikTok account' }).getAttribute('href')).toBe(
      '/admin/content/centre?field=social.tiktok',
    );
    expect(list.getByRole('link', { name: 'TikTok account' }).parentElement?.textContent).toBe('TikTok account (optional)');
    const soudure = await list.findByRole('link', { name: 'Soudure et chaudronnerie: facts confirmed by the centre' });
    expect(soudure.getAttribute('href')).toBe('/admin/content/programmes/soudure?field=confirmed');

    // The points counted as `pnpm content:check` counts them: required and optional apart.
    expect(list.getByText('Points before the site is launched: 2 required, 1 optional.', { exact: false })).toBeTruthy();
    expect(list.getByText('Centre details to fill in (1 required, 1 optional)')).toBeTruthy();
    expect(list.getByText('Programmes the centre has not confirmed (1 required)')).toBeTruthy();
  });

  it('keeps file paths and French messages in the technical details, and follows a link to the focused field', async () => {
    // The shell's interval that moves focus to a new page's heading runs on a clock the test can move on;
    // until then it follows the wall clock, as Testing Library's own polling does.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    dashboard({ content: report });
    const list = await checklist();
    const group = (await list.findByText('Centre details to fill in (1 required, 1 optional)')).closest('details') as HTMLElement;

    const technical = within(group).getByText('Technical details (for developers)').closest('details') as HTMLDetailsElement;
    expect(technical.open).toBe(false);
    expect(within(technical).getByText('content/centre.yaml › phones n° 1 › display')).toBeTruthy();
    expect(
      within(technical)
        .getByText(/^Numéro de l’accueil tel qu’il s’affiche/)
        .getAttribute('lang'),
    ).toBe('fr');
    const shown = [...group.querySelectorAll('.checklist__items li')].map((item) => item.textContent);
    expect(shown).toEqual(['Reception phone', 'TikTok account (optional)']);

    await userEvent.setup().click(await list.findByRole('link', { name: 'Reception phone' }));
    await screen.findByRole('heading', { name: 'Centre details' });
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('phones.0.number'));
    // The shell's focus on the new page's heading does not take it back, however long it keeps trying (20 × 50 ms at most).
    vi.advanceTimersByTime(1_000);
    expect(document.activeElement?.getAttribute('name')).toBe('phones.0.number');
  });

  it('links an English text to update to its form’s “The English says the same as the French”, and an English detail to its field', async () => {
    const english = [
      {
        kind: 'untranslated',
        file: 'content/en/formations/soudure.md',
        field: 'translationOf',
        message: 'texte anglais à mettre à jour : le texte français a changé depuis sa traduction.',
      },
      { kind: 'untranslated', file: 'content/en/faq.yaml', field: 'translationOf', message: 'texte anglais à mettre à jour.' },
      {
        kind: 'missing',
        file: 'content/en/centre.yaml',
        field: 'callbackDelay',
        message: 'Délai de rappel en anglais, ex. within two working days.',
      },
    ] as const;
    dashboard({ content: { ...report, problems: [...report.problems, ...english] } });
    const list = await checklist();

    const soudure = await list.findByRole('link', { name: 'Soudure et chaudronnerie in English' });
    expect(soudure.getAttribute('href')).toBe('/admin/content/programmes/soudure?field=englishUpToDate');
    expect(list.getByRole('link', { name: 'FAQ in English' }).getAttribute('href')).toBe(
      '/admin/content/faq?field=englishUpToDate',
    );
    expect(list.getByRole('link', { name: 'Callback delay in English' }).getAttribute('href')).toBe(
      '/admin/content/centre?field=english.callbackDelay',
    );
    expect(list.getByText('English texts to translate or update (2 required)')).toBeTruthy();
  });

  it('names phones and programmes by their place and slug until their names are read', async () => {
    const unanswered = () => new Promise<Response>(() => {});
    dashboard({ content: report }, { 'GET /api/content/centre': unanswered, 'GET /api/content/programmes': unanswered });
    const list = await checklist();
    expect(await list.findByRole('link', { name: 'Phone 1' })).toBeTruthy();
    expect(list.getByRole('link', { name: 'soudure: facts confirmed by the centre' })).toBeTruthy();
  });

  it('says the site is ready when nothing is left, without reading the names', async () => {
    const api = dashboard({}, {});
    expect(await screen.findByText(/Ready to launch/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/content/centre')).toHaveLength(0);
  });

  it('shows, in the site panel, the points that keep new content off the site', async () => {
    const broken = {
      kind: 'error',
      file: 'content/formations/soudure.md',
      field: 'durationMonths',
      message: 'valeur refusée : trop grand.',
    };
    dashboard({ contentHeldBack: true, content: { ...report, blocking: true, problems: [broken, ...report.problems] } });
    const panel = await screen.findByRole('region', { name: 'Public site' });
    expect(await within(panel).findByText(/published with the last content that worked/)).toBeTruthy();
    const link = await within(panel).findByRole('link', { name: 'Soudure et chaudronnerie: duration' });
    expect(link.getAttribute('href')).toBe('/admin/content/programmes/soudure?field=durationMonths');
    expect(within(panel).getByText('content/formations/soudure.md › durationMonths')).toBeTruthy();
  });
});
