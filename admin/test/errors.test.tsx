import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { blogSummary, idleSite, signedIn } from './support/fixtures.ts';
import { json, mockApi, networkFailure } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';
import { expectConsoleErrors } from './support/setup.ts';

/** A list row the server sent without the fields the page needs: rendering it throws. */
const brokenBlogList = () => json([{ _id: 1, title: 'Sans vues' }]);

describe('unknown pages and crashes', () => {
  it('an unknown admin path shows a not-found screen at that address, inside the shell', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/admin/no-such-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/no-such-page');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it("a page that breaks while rendering shows 'Unexpected Application Error!' and the message, without the stack in production", async () => {
    vi.stubEnv('DEV', false);
    expectConsoleErrors(/Cannot read properties of undefined|toLocaleString|The above error occurred/);
    mockApi({ ...signedIn(), 'GET /api/blog': brokenBlogList });
    renderApp('/blogs');

    const page = await screen.findByRole('alert');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(within(page).getByRole('heading', { level: 2 }).textContent).toMatch(/toLocaleString/);
    expect(page.querySelector('pre')).toBeNull();
    // The shell around it still works.
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
  });

  it('in development the error page also shows the stack', async () => {
    vi.stubEnv('DEV', true);
    expectConsoleErrors(/Cannot read properties of undefined|toLocaleString|The above error occurred/);
    mockApi({ ...signedIn(), 'GET /api/blog': brokenBlogList });
    renderApp('/blogs');

    const page = await screen.findByRole('alert');
    expect(page.querySelector('pre')?.textContent).toMatch(/TypeError/);
  });
});

describe('the messages staff know', () => {
  it('an HTML answer where JSON was expected says so', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/blog': () =>
        new Response('<!doctype html><h1>Cannot GET /api/blog</h1>', { status: 404, headers: { 'content-type': 'text/html' } }),
    });
    renderApp('/blogs');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Server returned HTML instead of JSON. Check your backend route.',
    );
  });

  it('a successful answer that is not JSON says so', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/subscribers': () => new Response('ok', { status: 200, headers: { 'content-type': 'text/plain' } }),
    });
    renderApp('/subscribers');

    expect((await screen.findByRole('alert')).textContent).toBe('Server did not return JSON. Check your backend route.');
  });

  it("the dashboard says 'Error while fetching admins' and 'Error while fetching subscribers' when the server gives no reason", async () => {
    mockApi({
      ...signedIn(),
      'GET /api/blog': () => json([]),
      'GET /api/auth': () => new Response('', { status: 403 }),
      'GET /api/subscribers': () => new Response('', { status: 403 }),
      'GET /api/site/status': () => json(idleSite),
    });
    renderApp('/dashboard');

    expect(await screen.findByText('Error while fetching admins')).toBeTruthy();
    expect(await screen.findByText('Error while fetching subscribers')).toBeTruthy();
    expect(screen.getByText('No blogs found. Start by adding your first post!')).toBeTruthy();
  });

  it("a blog delete that gets no answer says 'Error deleting blog'; a refusal without reason 'Failed to delete blog'", async () => {
    let reply: () => Response = networkFailure;
    mockApi({
      ...signedIn(),
      'GET /api/blog': () => json([blogSummary({ _id: 7, title: 'Premier article' })]),
      'DELETE /api/blog/7': () => reply(),
    });
    const user = userEvent.setup();
    renderApp('/blogs');

    await user.click(await screen.findByRole('button', { name: 'Delete Premier article' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error deleting blog');

    reply = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Delete Premier article' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to delete blog'));
  });
});
