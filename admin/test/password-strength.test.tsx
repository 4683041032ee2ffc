import { scaled } from '@cfp/test-support/time-scale';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminAccount, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { passwordStrengthRoutes } from './support/password-strength.ts';
import { renderApp } from './support/render-app.tsx';

const paul = adminAccount({ _id: 2, username: 'Paul', email: 'paul@example.cm', role: 'admin' });
const aline = adminAccount({ _id: 1, username: 'Aline', email: 'aline@example.cm', role: 'superAdmin' });

/** The text the password field points at with aria-describedby, as a screen reader would read it. */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('new-password strength feedback', () => {
  it(
    'tells in words, as the admin types, that a password is too easy to guess and why',
    async () => {
      mockApi({ ...signedIn('superAdmin', 'Aline'), ...passwordStrengthRoutes(), 'GET /api/auth': () => json([aline]) });
      const user = userEvent.setup();
      renderApp('/admins');

      await user.click(await screen.findByRole('button', { name: 'Add Admin' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Admin' });
      const password = within(dialog).getByLabelText('Password');

      await user.type(password, 'azertyuiop1234');
      await waitFor(() => expect(description(password)).toMatch(/Strength: Weak, too easy to guess\. .*keyboard/), {
        timeout: scaled(10_000),
      });
      expect(description(password)).toMatch(/At least 12 characters/);

      await user.clear(password);
      await user.type(password, 'Mango river quietly sings 47');
      await waitFor(() => expect(description(password)).toMatch(/Strength: Very strong\.$/));
    },
    scaled(20_000),
  );

  it(
    'counts the admin’s own e-mail against the new password in Edit Admin',
    async () => {
      const api = mockApi({
        ...signedIn('superAdmin', 'Aline'),
        ...passwordStrengthRoutes(),
        'GET /api/auth': () => json([aline, paul]),
      });
      const user = userEvent.setup();
      renderApp('/admins');

      await user.click(await screen.findByRole('button', { name: 'Edit Paul' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
      const password = within(dialog).getByLabelText('New password');
      await user.type(password, 'paul@example.cm2026');
      await waitFor(() => expect(description(password)).toMatch(/too easy to guess\. .*personal/), { timeout: scaled(10_000) });
      // Asked once the typing paused, not once a key, with the account's e-mail and name.
      const asked = api.callsTo('POST', '/api/auth/password/strength');
      expect(asked.length).toBeLessThanOrEqual(5);
      expect(asked.at(-1)?.body).toEqual({ password: 'paul@example.cm2026', personalWords: ['paul@example.cm', 'Paul'] });
    },
    scaled(20_000),
  );
});
