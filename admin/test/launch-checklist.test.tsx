import type { ContentReport } from '@cfp/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { idleSite, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
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

function dashboard(status: object) {
  mockApi({
    ...signedIn('superAdmin'),
    'GET /api/blog': () => json([]),
    'GET /api/auth': () => json([]),
    'GET /api/subscriber/getall': () => json([]),
    'GET /api/site/status': () => json({ ...idleSite, ...status }),
  });
  renderApp('/dashboard');
}

describe('launch checklist on the dashboard', () => {
  it('lists what is missing with the file and field to edit, optional points marked', async () => {
    dashboard({ content: report });
    const checklist = await screen.findByRole('region', { name: 'Launch checklist' });
    expect(within(checklist).getByText('2 points need attention before the site is launched.', { exact: false })).toBeTruthy();
    await userEvent.setup().click(within(checklist).getByText('Centre details to fill in (2)'));
    expect(within(checklist).getByText('content/centre.yaml › phones[0].number')).toBeTruthy();
    expect(within(checklist).getByText('(optional)', { exact: false })).toBeTruthy();
    expect(within(checklist).getByText('Programmes the centre has not confirmed (1)')).toBeTruthy();
  });

  it('says the site is ready when nothing is left', async () => {
    dashboard({});
    expect(await screen.findByText(/Ready to launch/)).toBeTruthy();
  });

  it('shows, in the site panel, the file and field that keep new content off the site', async () => {
    const broken = {
      kind: 'error',
      file: 'content/formations/soudure.md',
      field: 'durationMonths',
      message: 'valeur refusée : trop grand.',
    };
    dashboard({ contentHeldBack: true, content: { ...report, blocking: true, problems: [broken, ...report.problems] } });
    const panel = await screen.findByRole('region', { name: 'Public site' });
    expect(await within(panel).findByText(/published with the last content that worked/)).toBeTruthy();
    expect(within(panel).getByText('content/formations/soudure.md › durationMonths')).toBeTruthy();
  });
});
