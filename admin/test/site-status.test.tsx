import type { ContentProblem, ContentReport, SiteStatus } from '@cfp/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idleSite, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

/** 14:05 in Yaoundé (Africa/Douala, UTC+1), the server's time zone in these tests. */
const fivePastTwo = '2026-03-01T13:05:00.000Z';

const refused: ContentProblem = {
  kind: 'error',
  file: 'content/formations/soudure.md',
  field: 'durationMonths',
  message: 'valeur refusée : trop grand.',
};

/** The check's report while the content is held back. */
const refusing = (problems: ContentProblem[]): ContentReport => ({
  checkedAt: fivePastTwo,
  strict: false,
  blocking: true,
  problems,
});

async function sitePanel(status: Partial<SiteStatus>) {
  mockApi({
    ...signedIn('superAdmin'),
    'GET /api/blog': () => json([]),
    'GET /api/auth': () => json([]),
    'GET /api/subscriber/getall': () => json([]),
    'GET /api/site/status': () => json({ ...idleSite, ...status }),
    'GET /api/content/programmes': () => json({ programmes: [], version: 'a'.repeat(40) }),
  });
  renderApp('/dashboard');
  const panel = await screen.findByRole('region', { name: 'Public site' });
  return within(await within(panel).findByRole('status'));
}

describe('the dashboard’s site panel says what is on the site and what is not', () => {
  it('says up to date when the posts and the content are both live', async () => {
    const panel = await sitePanel({});
    expect(panel.getByText(/^Up to date\. Last published/)).toBeTruthy();
    expect(panel.queryByText(/not on the site/)).toBeNull();
  });

  it('names content the check refused, without saying up to date', async () => {
    const panel = await sitePanel({
      contentHeldBack: true,
      notLive: { posts: null, content: fivePastTwo },
      content: refusing([refused]),
    });
    expect(
      panel.getByText(
        'The content changed at 01/03/2026 14:05 is not on the site: the content check refused it (1 problem, listed below).',
      ),
    ).toBeTruthy();
    expect(panel.getByText(/^Not up to date\. Last published/)).toBeTruthy();
    expect(panel.queryByText(/Up to date/)).toBeNull();
  });

  it('names content held back since the server started, whose change time it does not know', async () => {
    const panel = await sitePanel({
      contentHeldBack: true,
      content: refusing([refused, { ...refused, field: 'title' }]),
    });
    expect(
      panel.getByText(
        'The latest change to the content is not on the site: the content check refused it (2 problems, listed below).',
      ),
    ).toBeTruthy();
    expect(panel.queryByText(/Up to date/)).toBeNull();
  });

  it('names content that is not built yet while the site rebuilds', async () => {
    const panel = await sitePanel({ state: 'building', notLive: { posts: null, content: fivePastTwo } });
    expect(
      panel.getByText('The content changed at 01/03/2026 14:05 is not on the site yet: the site is being rebuilt.'),
    ).toBeTruthy();
    expect(panel.queryByText(/Up to date/)).toBeNull();
  });

  it('names a post change waiting for the rebuild', async () => {
    const waiting = await sitePanel({ state: 'scheduled', notLive: { posts: fivePastTwo, content: null } });
    expect(
      waiting.getByText('A post change saved at 01/03/2026 14:05 is not on the site yet: the site rebuilds in a moment.'),
    ).toBeTruthy();
    expect(waiting.queryByText(/Up to date/)).toBeNull();
  });

  it('names a post change a failed build left out', async () => {
    const panel = await sitePanel({
      lastFailureAt: '2026-03-01T13:06:00.000Z',
      lastError: 'astro build exited with code 1',
      notLive: { posts: fivePastTwo, content: null },
    });
    expect(
      panel.getByText(
        'A post change saved at 01/03/2026 14:05 is not on the site yet: the last publication failed (01/03/2026 14:06).',
      ),
    ).toBeTruthy();
    expect(panel.queryByText(/Up to date/)).toBeNull();
  });

  it('names why the last publication failed, in plain words, and when it is retried', async () => {
    const panel = await sitePanel({
      lastFailureAt: '2026-03-01T13:06:00.000Z',
      lastError: 'the build stopped: Could not resolve "../components/Hero.astro" from "src/pages/index.astro"',
      nextRetryAt: '2026-03-01T13:07:00.000Z',
      notLive: { posts: fivePastTwo, content: null },
    });
    expect(panel.getByText('The last publication failed (01/03/2026 14:06). Retrying at 14:07.')).toBeTruthy();
    expect(
      panel.getByText('Cause: the build stopped: Could not resolve "../components/Hero.astro" from "src/pages/index.astro"'),
    ).toBeTruthy();
    expect(
      panel.getByText(
        'A post change saved at 01/03/2026 14:05 is not on the site yet: the last publication failed (01/03/2026 14:06); retrying at 14:07.',
      ),
    ).toBeTruthy();
  });

  it('says a failed publication is not retried any more once the retries are used up', async () => {
    const panel = await sitePanel({
      lastFailureAt: '2026-03-01T13:06:00.000Z',
      lastError: 'the content check refused content/formations/soudure.md › durationMonths: valeur refusée.',
    });
    expect(
      panel.getByText(
        'The last publication failed (01/03/2026 14:06). It is not retried again by itself: fix the cause, then “Republish site”.',
      ),
    ).toBeTruthy();
    expect(panel.getByText(/^Cause: the content check refused content\/formations\/soudure\.md › durationMonths/)).toBeTruthy();
  });
});
