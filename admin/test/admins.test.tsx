import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { adminAccount, signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { passwordStrengthRoutes } from './support/password-strength.ts';
import { renderApp } from './support/render-app.tsx';

const paul = adminAccount({ _id: 2, username: 'Paul', email: 'paul@example.cm', role: 'admin' });
const aline = adminAccount({ _id: 1, username: 'Aline', email: 'aline@example.cm', role: 'superAdmin' });

describe('admins', () => {
  it('edit admin sends the password only when it is not blank', async () => {
    const api = mockApi({
      ...signedIn('superAdmin', 'Aline'),
      ...passwordStrengthRoutes(),
      'GET /api/auth': () => json([aline, paul]),
      'PATCH /api/auth/2': (call: ApiCall) =>
        json({ message: 'Admin updated successfully', admin: { ...paul, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/admins');

    await user.click(await screen.findByRole('button', { name: 'Edit Paul' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    await user.type(within(dialog).getByLabelText('New password'), '   ');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'superAdmin');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Admin updated successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PATCH', '/api/auth/2')[0]?.body).toEqual({ email: 'paul@example.cm', role: 'superAdmin' });

    await user.click(screen.getByRole('button', { name: 'Edit Paul' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    await user.type(within(dialog).getByLabelText('New password'), 'a much longer passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/auth/2')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/auth/2')[1]?.body).toEqual({
      email: 'paul@example.cm',
      role: 'admin',
      password: 'a much longer passphrase',
    });
  });

  it('an admin (not superAdmin) sees names and roles, no Email column, and is not offered Add Admin, Edit or Delete', async () => {
    const withoutAddress = ({ email: _email, ...account }: typeof aline) => account;
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/auth': () => json([aline, paul].map(withoutAddress)) });
    renderApp('/admins');

    expect(await screen.findByText('Aline')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it("add admin checks the fields, then shows 'Account created successfully!'", async () => {
    const api = mockApi({
      ...signedIn('superAdmin', 'Aline'),
      ...passwordStrengthRoutes(),
      'GET /api/auth': () => json([aline]),
      'POST /api/auth/signup': () => json({ message: 'Account created successfully!', admin: paul }, 201),
    });
    const user = userEvent.setup();
    renderApp('/admins');

    const opener = await screen.findByRole('button', { name: 'Add Admin' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Username'));

    await user.type(within(dialog).getByLabelText('Username'), 'Paul');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(within(dialog).getByText('Email is not a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/signup')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'paul@example.cm');
    await user.type(within(dialog).getByLabelText('Password'), 'a much longer passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));

    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      username: 'Paul',
      email: 'paul@example.cm',
      password: 'a much longer passphrase',
      role: 'admin',
    });
    expect(document.activeElement).toBe(opener);
  });

  it('Escape closes a dialog and returns focus to its opener', async () => {
    mockApi({ ...signedIn('superAdmin', 'Aline'), 'GET /api/auth': () => json([aline, paul]) });
    const user = userEvent.setup();
    renderApp('/admins');

    const opener = await screen.findByRole('button', { name: 'Delete Paul' });
    await user.click(opener);
    expect(screen.getByText('Are you sure you want to delete admin Paul?')).toBeTruthy();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("a refused action shows the server's message", async () => {
    mockApi({
      ...signedIn('superAdmin', 'Aline'),
      'GET /api/auth': () => json([aline, paul]),
      'DELETE /api/auth/2': () => json({ message: 'The last superAdmin cannot be deleted' }, 409),
    });
    const user = userEvent.setup();
    renderApp('/admins');

    await user.click(await screen.findByRole('button', { name: 'Delete Paul' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The last superAdmin cannot be deleted');
  });

  it('without e-mail, the Add Admin dialog says that the superAdmin chooses the password, and explains the roles', async () => {
    mockApi({ ...signedIn('superAdmin', 'Aline'), 'GET /api/auth': () => json([aline]) });
    const user = userEvent.setup();
    renderApp('/admins');

    await user.click(await screen.findByRole('button', { name: 'Add Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    expect(dialog.textContent).toContain('This server does not send email');
    expect(describedBy(within(dialog).getByLabelText('Role'))).toMatch(
      /^Admin: writes and publishes blog posts.*Super admin: all of that, and also adds, edits and deletes admin accounts/,
    );
  });

  it('with e-mail, Add Admin invites: no password field, the invitation sent, and an expired one sent again', async () => {
    const expiredInvitee = adminAccount({ _id: 3, username: 'Awa', email: 'awa@example.cm', invitation: 'expired' });
    const api = mockApi({
      ...signedIn('superAdmin', 'Aline'),
      'GET /api/settings': () => json({ timeZone: 'Africa/Douala', mail: true }),
      'GET /api/auth': () => json([aline, expiredInvitee]),
      'POST /api/auth/signup': () =>
        json(
          {
            message: 'Account created successfully! An invitation to choose a password was emailed to paul@example.cm.',
            admin: { ...paul, invitation: 'pending' },
          },
          201,
        ),
      'POST /api/auth/3/invitation': () =>
        json({ message: 'Invitation sent to awa@example.cm', admin: { ...expiredInvitee, invitation: 'pending' } }),
    });
    const user = userEvent.setup();
    renderApp('/admins');

    expect(await screen.findByText('Invitation expired')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Awa a new invitation' }));
    expect(await screen.findByText('Invitation sent to awa@example.cm')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/3/invitation')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
    expect(dialog.textContent).toContain('We email the new admin a link to choose their own password');
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await user.type(within(dialog).getByLabelText('Username'), 'Paul');
    await user.type(within(dialog).getByLabelText('Email'), 'paul@example.cm');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText(/An invitation to choose a password was emailed to paul@example.cm/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      username: 'Paul',
      email: 'paul@example.cm',
      role: 'admin',
    });
  });
});
