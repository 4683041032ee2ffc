import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { json, mockApi } from './support/mock-api.ts';
import { passwordStrengthRoutes } from './support/password-strength.ts';
import { renderApp } from './support/render-app.tsx';

const token = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';
const chosen = 'mangrove lantern quietly eleven';

describe('a forgotten password', () => {
  it('is reached from the login page and shows the server’s answer, the same for any address', async () => {
    const answer = 'If an admin account uses this address, we have sent it a link to choose a new password.';
    const api = mockApi({ 'POST /api/auth/password/forgot': () => json({ message: answer }, 202) });
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), ' Aline@Example.CM ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByText(answer)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/password/forgot')[0]?.body).toEqual({ email: 'aline@example.cm' });
    expect(api.callsTo('POST', '/api/auth/password/forgot')[0]?.headers.get('authorization')).toBeNull();
  });

  it('says to ask a superAdmin when the server sends no e-mail', async () => {
    const refusal =
      'This server does not send email, so it cannot send you a link. Ask a superAdmin to set a new password for you from the Admins screen.';
    mockApi({ 'POST /api/auth/password/forgot': () => json({ message: refusal }, 503) });
    const user = userEvent.setup();
    renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'aline@example.cm');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });
});

describe('choosing a password from a link', () => {
  it('greets an invited admin, checks the two passwords, then sends them to login with their address filled in', async () => {
    const api = mockApi({
      'POST /api/auth/password/link': () =>
        json({ purpose: 'invitation', username: 'Awa', email: 'awa@example.cm', expiresAt: '2026-11-27T15:00:00.000Z' }),
      'POST /api/auth/password/set': () => json({ message: 'Your password is set. Sign in with it now.' }),
      ...passwordStrengthRoutes({ email: 'awa@example.cm', username: 'Awa' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/set-password#token=${token}`);

    expect(await screen.findByRole('heading', { name: 'Welcome: choose your password' })).toBeTruthy();
    expect(
      screen.getByText(/Hello Awa\. Choose your password: you will sign in with it and your address awa@example\.cm\./),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/password/link')[0]?.body).toEqual({ token });
    // The token leaves the address bar once read.
    await waitFor(() => expect(router.state.location.hash).toBe(''));

    await user.type(screen.getByLabelText('New password'), chosen);
    // The meter asks the API with the link's token: no session, and the API knows whose link it is.
    await screen.findByText(/^Strength: /);
    expect(api.callsTo('POST', '/api/auth/password/link/strength').at(-1)?.body).toEqual({ token, password: chosen });
    await user.type(screen.getByLabelText('Type it again'), `${chosen}!`);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    const again = screen.getByLabelText('Type it again');
    await waitFor(() => expect(again.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(again)).toBe('The two passwords are not the same');
    expect(api.callsTo('POST', '/api/auth/password/set')).toHaveLength(0);

    await user.clear(again);
    await user.type(again, chosen);
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Your password is set. Sign in with it now.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('awa@example.cm');
    expect(api.callsTo('POST', '/api/auth/password/set')[0]?.body).toEqual({ token, password: chosen });
  });

  it('says when a link has expired or was used, and offers a new one', async () => {
    mockApi({
      'POST /api/auth/password/link': () =>
        json({ message: 'This link has expired or has already been used. Ask for a new one.' }, 410),
    });
    renderApp(`/set-password#token=${token}`);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
