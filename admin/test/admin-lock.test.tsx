import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminAccount, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const aline = adminAccount({ _id: 1, username: 'Aline', email: 'aline@example.cm', role: 'superAdmin' });
const paul = adminAccount({ _id: 2, username: 'Paul', email: 'paul@example.cm', role: 'admin' });
const lockedPaul = { ...paul, lockedForSeconds: 1800 };

describe('admin sign-in locks', () => {
  it('shows which admins are locked and lets a superAdmin clear a lock after confirming', async () => {
    let locked = true;
    const api = mockApi({
      ...signedIn('superAdmin', 'Aline'),
      'GET /api/auth': () => json([aline, locked ? lockedPaul : paul]),
      'DELETE /api/auth/2/lock': () => {
        locked = false;
        return json({ message: 'Sign-in lock cleared' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admins');

    const paulRow = (await screen.findByText('paul@example.cm')).closest('tr') as HTMLElement;
    expect(within(paulRow).getByText('Sign-in locked (30 min)')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Clear sign-in lock/ })).toHaveLength(1);

    await user.click(within(paulRow).getByRole('button', { name: 'Clear sign-in lock of Paul' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear sign-in lock' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/auth/2/lock')).toHaveLength(0);

    await user.click(within(paulRow).getByRole('button', { name: 'Clear sign-in lock of Paul' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear lock' }));

    expect(await screen.findByText('Sign-in lock cleared')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Sign-in locked/)).toBeNull());
    expect(screen.queryByRole('button', { name: /^Clear sign-in lock/ })).toBeNull();
    expect(api.callsTo('DELETE', '/api/auth/2/lock')).toHaveLength(1);
  });

  it('shows an admin (not superAdmin) the lock but no button to clear it', async () => {
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/auth': () => json([aline, lockedPaul]) });
    renderApp('/admins');

    expect(await screen.findByText('Sign-in locked (30 min)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Clear sign-in lock/ })).toBeNull();
  });

  it("a refused clear shows the server's message", async () => {
    mockApi({
      ...signedIn('superAdmin', 'Aline'),
      'GET /api/auth': () => json([aline, lockedPaul]),
      'DELETE /api/auth/2/lock': () => json({ message: 'Admin not found' }, 404),
    });
    const user = userEvent.setup();
    renderApp('/admins');

    await user.click(await screen.findByRole('button', { name: 'Clear sign-in lock of Paul' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear lock' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Admin not found');
  });
});
