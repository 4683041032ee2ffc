import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogSummary, centreSettings, idleSite, inbox, interestReport, paged } from './support/fixtures.ts';
import { json, mockApi, networkFailure } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const dashboardRoutes = {
  'GET /api/blog': () => json([blogSummary()]),
  'GET /api/auth': () => json([]),
  'GET /api/subscribers': paged(() => []),
  'GET /api/interest': () => json(interestReport({ weeks: 1 })),
  'GET /api/site/status': () => json(idleSite),
  ...inbox(() => []),
  'GET /api/applications/count': () => json({ count: 0 }),
  'GET /api/applications/facets': () =>
    json({ total: 0, statuses: { new: 0, contacted: 0, enrolled: 0, declined: 0, withdrawn: 0 }, programmes: [], intakes: [] }),
  'GET /api/settings': () => json(centreSettings),
};

describe('session', () => {
  it('login success stores the token and goes to the dashboard', async () => {
    const api = mockApi({
      'POST /api/auth/login': () =>
        json({ Token: 'new-token', username: 'Aline', role: 'superAdmin', message: 'Login successful' }),
      ...dashboardRoutes,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'aline@example.cm');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('username')).toBe('Aline');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'aline@example.cm',
      password: 'correct horse battery',
    });
    // The dashboard's calls carry the new token.
    await waitFor(() => expect(api.callsTo('GET', '/api/blog')[0]?.headers.get('authorization')).toBe('Bearer new-token'));
  });

  it("login failure shows the server's message and stores nothing", async () => {
    mockApi({ 'POST /api/auth/login': () => json({ message: 'Invalid email or password' }, 401) });
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'aline@example.cm');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('an expired stored token is removed and the user goes back to login, told why', async () => {
    localStorage.setItem('token', 'expired-token');
    localStorage.setItem('username', 'Aline');
    mockApi({ 'GET /api/auth/validateToken': () => json({ message: 'Session expired: please sign in again' }, 401) });
    const { router } = renderApp('/blogs');

    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByText('Session expired: please sign in again')).toBeTruthy();
    // Said through the admin's one polite live region.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Session expired: please sign in again'));
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
  });

  it("a token revoked mid-session returns to login with the server's reason", async () => {
    localStorage.setItem('token', 'valid-token');
    mockApi({
      ...dashboardRoutes,
      'GET /api/auth/validateToken': () => json({ username: 'Aline', role: 'superAdmin' }),
      'GET /api/blog': () => json({ message: 'Session revoked: please sign in again' }, 401),
    });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByText('Session revoked: please sign in again')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a refused token without a reason says the session has expired', async () => {
    localStorage.setItem('token', 'valid-token');
    mockApi({
      ...dashboardRoutes,
      'GET /api/auth/validateToken': () => json({ username: 'Aline', role: 'superAdmin' }),
      'GET /api/subscribers': () => new Response('', { status: 401 }),
    });
    renderApp('/dashboard');

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("login without a server message says 'Login failed'; a network error shows its own message", async () => {
    let reply = () => new Response('', { status: 500 });
    mockApi({ 'POST /api/auth/login': () => reply() });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'aline@example.cm');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');

    reply = networkFailure;
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to fetch'));
  });

  it('logout revokes the token on the server, clears the session and goes to login', async () => {
    localStorage.setItem('token', 'valid-token');
    localStorage.setItem('username', 'Aline');
    const api = mockApi({
      ...dashboardRoutes,
      'GET /api/auth/validateToken': () => json({ username: 'Aline', role: 'admin' }),
      'POST /api/auth/logout': () => json({ message: 'Signed out' }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: /Aline/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/logout').map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer valid-token',
    ]);
  });

  it('logout signs out locally even when the server cannot be reached', async () => {
    localStorage.setItem('token', 'valid-token');
    localStorage.setItem('username', 'Aline');
    const api = mockApi({
      ...dashboardRoutes,
      'GET /api/auth/validateToken': () => json({ username: 'Aline', role: 'admin' }),
      'POST /api/auth/logout': networkFailure,
    });
    const user = userEvent.setup();
    renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: /Aline/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
