import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

describe('the login form', () => {
  it("checks the fields with the API's login schema and says what is wrong beside each one, sending nothing", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'aline-at-example.cm');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(email)).toBe('Email is not a valid email address');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toBe('Password is required');
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });
});
