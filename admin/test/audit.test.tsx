import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const entries = [
  {
    _id: 2,
    actor: 'unknown@example.cm',
    action: 'login.failure',
    target: null,
    address: '41.202.219.70',
    createdAt: '2026-03-02T10:00:00.000Z',
  },
  {
    _id: 1,
    actor: 'Aline',
    action: 'post.create',
    target: 'post 7',
    address: '102.244.1.7',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
];

describe('audit log', () => {
  it('filters by action through the API', async () => {
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/audit': (call: ApiCall) => {
        const action = call.search.get('action');
        return json(action ? entries.filter((entry) => entry.action === action) : entries);
      },
    });
    const user = userEvent.setup();
    renderApp('/audit');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Post created')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Action'), 'login.failure');

    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit log' })).queryByText('Post created')).toBeNull());
    expect(within(screen.getByRole('table', { name: 'Audit log' })).getByText('41.202.219.70')).toBeTruthy();
    expect(api.callsTo('GET', '/api/audit').at(-1)?.search.get('action')).toBe('login.failure');
  });

  it('is not shown to an admin', async () => {
    mockApi({
      ...signedIn('admin'),
      'GET /api/blog': () => json([]),
      'GET /api/auth': () => json([]),
      'GET /api/site/status': () =>
        json({
          state: 'idle',
          mode: 'off',
          lastSuccessAt: null,
          lastFailureAt: null,
          lastError: null,
          nextRetryAt: null,
          lastDurationMs: null,
          lastPages: null,
        }),
    });
    const { router } = renderApp('/audit');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
