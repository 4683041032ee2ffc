import { blogPostLimits } from '@cfp/shared';
import { scaled } from '@cfp/test-support/time-scale';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { blogSummary, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

describe('blogs', () => {
  it("saving a post without content shows the schema's 'Title and description are required' beside the content, and sends nothing", async () => {
    const api = mockApi({ ...signedIn(), 'POST /api/blog': () => json({ message: 'created' }, 201) });
    const user = userEvent.setup();
    renderApp('/create-blog');

    await user.type(await screen.findByLabelText('Blog Title *'), 'Journée portes ouvertes');
    await user.click(screen.getByRole('button', { name: 'Create Blog Post' }));

    const content = screen.getByRole('textbox', { name: 'Blog Content *' });
    await waitFor(() => expect(content.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(content)).toContain('Title and description are required');
    expect(screen.getByLabelText('Blog Title *').getAttribute('aria-invalid')).toBe('false');
    expect(api.callsTo('POST', '/api/blog')).toHaveLength(0);
  });

  it("a web address that is not lower-case words is refused beside its field in the schema's words", async () => {
    const api = mockApi({ ...signedIn(), 'POST /api/blog': () => json({ message: 'created' }, 201) });
    const user = userEvent.setup();
    renderApp('/create-blog');

    const slug = await screen.findByLabelText('Web address');
    await user.type(slug, 'Rentrée 2026');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(slug)).toContain('The web address must be lower-case words separated by hyphens');
    expect(api.callsTo('POST', '/api/blog')).toHaveLength(0);
  });

  it("the title, slug and author fields take no more characters than the shared schema's limits", async () => {
    mockApi(signedIn());
    renderApp('/create-blog');

    expect((await screen.findByLabelText('Blog Title *')).getAttribute('maxlength')).toBe(String(blogPostLimits.title));
    expect(screen.getByLabelText('Web address').getAttribute('maxlength')).toBe(String(blogPostLimits.slug));
    expect(screen.getByLabelText('Author Name').getAttribute('maxlength')).toBe(String(blogPostLimits.author));
  });

  it('the slug follows the title until it is edited', async () => {
    mockApi(signedIn());
    const user = userEvent.setup();
    renderApp('/create-blog');

    await user.type(await screen.findByLabelText('Blog Title *'), 'Rentrée 2026 : inscriptions !');
    const slug = screen.getByLabelText('Web address') as HTMLInputElement;
    expect(slug.value).toBe('rentree-2026-inscriptions');

    await user.clear(slug);
    await user.type(slug, 'rentree');
    await user.type(screen.getByLabelText('Blog Title *'), ' ouvertes');
    expect(slug.value).toBe('rentree');
  });

  it('deleting a blog asks for confirmation, then shows a message that clears after 2 s', async () => {
    let blogs = [blogSummary({ _id: 7, title: 'Premier article' })];
    const api = mockApi({
      ...signedIn(),
      'GET /api/blog': () => json(blogs),
      'DELETE /api/blog/7': () => {
        blogs = [];
        return json({ message: 'Blog deleted successfully!' });
      },
    });
    const user = userEvent.setup();
    renderApp('/blogs');

    await user.click(await screen.findByRole('button', { name: 'Delete Premier article' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete blog' });
    expect(within(dialog).getByText('Are you sure you want to delete this blog?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/api/blog/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Premier article' }));
    dialog = screen.getByRole('dialog', { name: 'Delete blog' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const message = await screen.findByText('Blog deleted successfully!');
    const shownAt = Date.now();
    expect(api.callsTo('DELETE', '/api/blog/7')).toHaveLength(1);
    expect(await screen.findByText('No blogs found. Start by adding your first post!')).toBeTruthy();
    await waitForElementToBeRemoved(message, { timeout: scaled(3000) });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it("a failed delete shows the server's message", async () => {
    mockApi({
      ...signedIn(),
      'GET /api/blog': () => json([blogSummary({ _id: 7, title: 'Premier article' })]),
      'DELETE /api/blog/7': () => json({ message: 'Blog not found' }, 404),
    });
    const user = userEvent.setup();
    renderApp('/blogs');

    await user.click(await screen.findByRole('button', { name: 'Delete Premier article' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Blog not found');
  });

  it('the title search filters the list, ignoring accents', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/blog': () =>
        json([
          blogSummary({ _id: 1, title: 'Rentrée 2026' }),
          blogSummary({ _id: 2, title: 'Journée portes ouvertes', status: 'draft' }),
        ]),
    });
    const user = userEvent.setup();
    renderApp('/blogs');

    await screen.findByRole('button', { name: 'Delete Rentrée 2026' });
    await user.type(screen.getByRole('searchbox', { name: 'Search blogs by title' }), 'rentree');

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Journée portes ouvertes' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Rentrée 2026' })).toBeTruthy();
  });

  it("editing a post that cannot be loaded shows 'Failed to fetch blog'", async () => {
    mockApi({ ...signedIn(), 'GET /api/blog/99': () => json({ message: 'Blog not found' }, 404) });
    renderApp('/edit-blog/99');

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch blog');
  });
});
