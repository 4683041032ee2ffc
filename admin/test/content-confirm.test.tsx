import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { programmeDetails, programmeSummary, readVersion, saveResponse } from './support/content-fixtures.ts';
import { signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const soudure = programmeSummary({ gaps: ['fees'] });
const plomberie = programmeSummary({ slug: 'plomberie', title: 'Plomberie', gaps: [] });
const menuiserie = programmeSummary({ slug: 'menuiserie', title: 'Menuiserie', gaps: [] });
const anglais = programmeSummary({ slug: 'anglais', title: 'Anglais', confirmed: true, gaps: [] });

describe('confirming programmes from the list', () => {
  it('shows the progress, says why a programme cannot be ticked, and confirms two in one request', async () => {
    let confirmed = false;
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes': () =>
        json({
          programmes: confirmed
            ? [soudure, { ...plomberie, confirmed: true }, { ...menuiserie, confirmed: true }, anglais]
            : [soudure, plomberie, menuiserie, anglais],
          version: readVersion,
        }),
      'POST /api/content/programmes/confirm': () => {
        confirmed = true;
        return json(saveResponse({ message: 'Programmes confirmed: Plomberie and Menuiserie', path: '/formations' }));
      },
    });
    const user = userEvent.setup();
    renderApp('/content/programmes');

    expect(await screen.findByText('1 of 4 confirmed')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '1 of 4 confirmed' }).getAttribute('value')).toBe('1');
    const soudureBox = screen.getByRole('checkbox', { name: 'Select Soudure to confirm' });
    expect((soudureBox as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(soudureBox.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Fill in fees first');
    expect(screen.queryByRole('checkbox', { name: 'Select Anglais to confirm' })).toBeNull();
    const confirm = screen.getByRole('button', { name: 'Confirm 0 selected' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select Plomberie to confirm' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Menuiserie to confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm 2 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 2 programmes?' });
    expect(dialog.textContent).toContain('Plomberie, Menuiserie');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/content/programmes/confirm')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/content/programmes/confirm')[0]?.body).toEqual({
      slugs: ['plomberie', 'menuiserie'],
      version: readVersion,
    });
    expect(await screen.findByText(/Programmes confirmed: Plomberie and Menuiserie/)).toBeTruthy();
    expect(await screen.findByText('3 of 4 confirmed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Confirm \d+ selected$/ })).toBeNull();
  });

  it('puts the confirmation first in the form, and saves then opens the next unconfirmed programme', async () => {
    const list = [anglais, soudure, plomberie, menuiserie];
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes': () => json({ programmes: list, version: readVersion }),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'GET /api/content/programmes/plomberie': () => json({ ...programmeDetails(), ...plomberie }),
      'PUT /api/content/programmes/soudure': () => json(saveResponse({ path: '/formation/soudure' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const form = await screen.findByRole('form', { name: 'Soudure' });
    const [firstGroup] = form.querySelectorAll('fieldset');
    expect(firstGroup?.querySelector('legend')?.textContent).toBe('Confirmation');
    await user.click(screen.getByLabelText('Facts confirmed by the centre'));
    await user.click(await screen.findByRole('button', { name: 'Save and open the next unconfirmed programme' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/content/programmes/soudure')[0]?.body).toMatchObject({ values: { confirmed: true } });
    expect(await screen.findByRole('form', { name: 'Plomberie' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Plomberie' })).toBeTruthy();
  });
});
