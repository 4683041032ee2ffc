import type { BlogPost, BlogPostInput, SiteStatus } from '@cfp/shared';
import { scaled } from '@cfp/test-support/time-scale';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogSummary, idleSite, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const savedAt = '2026-03-02T09:00:00.000Z';
const before = '2026-03-02T08:59:00.000Z';
const after = '2026-03-02T09:00:20.000Z';

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    ...blogSummary({ _id: 7, title: 'Portes ouvertes', slug: 'portes-ouvertes', updatedAt: before }),
    description: '<p>Venez visiter les ateliers.</p>',
    cover: null,
    titleEn: '',
    descriptionEn: '',
    ...overrides,
  };
}

/** The site's status as the poll sees it, changed by the test as the build goes on. */
function siteBuild(initial: Partial<SiteStatus>) {
  let status: SiteStatus = { ...idleSite, ...initial };
  return {
    route: () => json(status),
    set: (next: Partial<SiteStatus>) => {
      status = { ...status, ...next };
    },
  };
}

/** PUT /api/blog/7 answers with the post as saved: its new status and updatedAt. */
function savingRoutes(saved: BlogPost, site: ReturnType<typeof siteBuild>) {
  return {
    ...signedIn(),
    'GET /api/site/status': site.route,
    'GET /api/blog/7': () => json(saved),
    'GET /api/blog': () => json([saved]),
    'PUT /api/blog/7': (call: { body: unknown }) =>
      json({
        message: 'Blog post updated successfully!',
        blog: { ...saved, status: (call.body as BlogPostInput).status, updatedAt: savedAt },
      }),
  };
}

const notice = () => document.querySelector<HTMLElement>('.publication-notice__text');
const announcer = () => document.getElementById('status-announcer');

describe('publishing a post', () => {
  it('says under each button of a new post what it does, and a draft saved says it is not on the site', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/blog': (call) =>
        json(
          {
            message: 'Blog post created successfully!',
            blog: post({ status: 'draft', publishedAt: null, ...(call.body as object) }),
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderApp('/create-blog');

    const draft = await screen.findByRole('button', { name: 'Save as draft' });
    expect(
      draft.getAttribute('aria-describedby') &&
        document.getElementById(draft.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Keeps it here only: the public site does not show it.');
    const create = screen.getByRole('button', { name: 'Create Blog Post' });
    expect(document.getElementById(create.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Publishes it on the public site.',
    );

    await user.type(screen.getByLabelText(/Blog Title/), 'Portes ouvertes');
    const editor = screen.getByRole('textbox', { name: 'Blog Content *' });
    await user.click(editor);
    await user.type(editor, 'Venez visiter les ateliers.');
    await user.click(draft);
    expect(await screen.findByText('Draft saved. It is not on the public site.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/blog')[0]?.body).toMatchObject({ status: 'draft' });
    expect(notice()?.textContent).toBe('');
  });

  it('publishes a draft with Publish and follows the build until the post is live, with its link', async () => {
    const site = siteBuild({ lastSuccessAt: before });
    const api = mockApi(savingRoutes(post({ status: 'draft', publishedAt: null }), site));
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    expect(await screen.findByText('Draft')).toBeTruthy();
    const update = await screen.findByRole('button', { name: 'Update Blog Post' });
    expect(document.getElementById(update.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Saves your changes. It stays a draft, off the site.',
    );
    site.set({ state: 'building' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(api.callsTo('PUT', '/api/blog/7')[0]?.body).toMatchObject({ status: 'published' });
    await waitFor(() => expect(notice()?.textContent).toBe('Publishing “Portes ouvertes”… live in about 8 s.'));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();

    site.set({ state: 'idle', lastSuccessAt: after });
    await waitFor(() => expect(notice()?.textContent).toBe('Live: view the post “Portes ouvertes” on the site.'), {
      timeout: scaled(4000),
    });
    const link = within(notice() as HTMLElement).getByRole('link', { name: 'view the post' });
    await waitFor(() => expect(announcer()?.textContent).toBe('Live: view the post “Portes ouvertes” on the site.'));
    expect(announcer()?.getAttribute('role')).toBe('status');
    expect(link.getAttribute('href')).toBe('https://centre.example.cm/blog/portes-ouvertes');
  });

  it('takes a live post off the site with Unpublish, and says when a build fails', async () => {
    const site = siteBuild({ lastSuccessAt: before });
    const api = mockApi(savingRoutes(post(), site));
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    expect(await screen.findByText('Live')).toBeTruthy();
    const unpublish = await screen.findByRole('button', { name: 'Unpublish' });
    expect(document.getElementById(unpublish.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Takes it off the public site. It stays here as a draft.',
    );
    site.set({ state: 'scheduled' });
    await user.click(unpublish);
    expect(api.callsTo('PUT', '/api/blog/7')[0]?.body).toMatchObject({ status: 'draft' });
    await waitFor(() => expect(notice()?.textContent).toBe('Taking “Portes ouvertes” off the site… gone in about 8 s.'));

    site.set({ state: 'idle', lastFailureAt: after, lastError: 'astro build exited with code 1' });
    await waitFor(
      () =>
        expect(notice()?.textContent).toContain(
          'failed: the site still shows its previous version (astro build exited with code 1)',
        ),
      {
        timeout: scaled(4000),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()?.textContent).toBe('');
  });

  it('lists each post as Draft, Live or Publishing…, with View on site for the live ones', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/site/status': () => json({ ...idleSite, lastSuccessAt: savedAt }),
      'GET /api/blog': () =>
        json([
          blogSummary({ _id: 1, title: 'En ligne', slug: 'en-ligne', updatedAt: before }),
          blogSummary({ _id: 2, title: 'Brouillon', slug: 'brouillon', status: 'draft', publishedAt: null }),
          blogSummary({ _id: 3, title: 'Tout juste publié', slug: 'tout-juste', updatedAt: after }),
        ]),
    });
    renderApp('/blogs');

    const rows = await screen.findAllByRole('row');
    const row = (title: string) => rows.find((element) => element.textContent?.includes(title)) as HTMLElement;
    await waitFor(() => expect(within(row('En ligne')).getByText('Live')).toBeTruthy());
    expect(within(row('Brouillon')).getByText('Draft')).toBeTruthy();
    expect(within(row('Tout juste publié')).getByText('Publishing…')).toBeTruthy();
    expect(within(row('En ligne')).getByRole('link', { name: 'View on site: En ligne' }).getAttribute('href')).toBe(
      'https://centre.example.cm/blog/en-ligne',
    );
    expect(within(row('Brouillon')).queryByRole('link', { name: /View on site/ })).toBeNull();
    expect(within(row('Tout juste publié')).queryByRole('link', { name: /View on site/ })).toBeNull();
  });
});
