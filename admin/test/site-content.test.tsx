import type { CentreDetailsForm, SiteStatus } from '@cfp/shared';
import { scaled } from '@cfp/test-support/time-scale';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { centreDetails, readVersion, saveResponse } from './support/content-fixtures.ts';
import { describedBy } from './support/described-by.ts';
import { idleSite, signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const sentValues = (call: ApiCall | undefined) => (call?.body as { values: CentreDetailsForm } | undefined)?.values;

describe('the centre details form', () => {
  it('maps a 409 onto its fields, keeps what was typed, and reloads only when asked', async () => {
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'PUT /api/content/centre': () =>
        json(
          {
            message: 'This was changed by Alice at 25/11/2026 14:05; reload to see it',
            fields: { 'phones.0.number': 'Alice changed this number since you opened the form' },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    const reception = within(await screen.findByRole('group', { name: 'Reception phone' }));
    const number = reception.getByLabelText(/^Number/);
    await user.type(number, '6 99 11 22 33');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This was changed by Alice at 25/11/2026 14:05; reload to see it');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toContain('Alice changed this number since you opened the form');
    expect((number as HTMLInputElement).value).toBe('6 99 11 22 33');
    expect(document.activeElement).toBe(number);
    const sent = api.callsTo('PUT', '/api/content/centre')[0];
    expect(sent?.body).toMatchObject({ version: readVersion });
    expect(sentValues(sent)?.phones[0]).toEqual({ label: 'Accueil', number: '6 99 11 22 33' });
    expect(api.callsTo('GET', '/api/content/centre')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const dialog = screen.getByRole('dialog', { name: 'Reload the saved version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my changes' }));
    expect((number as HTMLInputElement).value).toBe('6 99 11 22 33');
    expect(api.callsTo('GET', '/api/content/centre')).toHaveLength(1);
  });

  it('marks the fields a 400 names and focuses the first of them', async () => {
    mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'PUT /api/content/centre': () =>
        json(
          {
            message: 'Some details were refused',
            fields: {
              'openingHours.0.to': 'The closing time comes after the starting time',
              shortName: 'This short name is taken',
            },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Some details were refused');
    const shortName = screen.getByLabelText('Short name');
    const closing = within(screen.getByRole('group', { name: 'Opening hours, line 1' })).getByLabelText('To');
    await waitFor(() => expect(shortName.getAttribute('aria-invalid')).toBe('true'));
    expect(closing.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(closing)).toContain('The closing time comes after the starting time');
    expect(document.activeElement).toBe(shortName);
  });

  it('refuses a wrong phone beside it without asking the server', async () => {
    const api = mockApi({ ...signedIn('superAdmin'), 'GET /api/content/centre': () => json(centreDetails()) });
    const user = userEvent.setup();
    renderApp('/content/centre');

    const number = within(await screen.findByRole('group', { name: 'Reception phone' })).getByLabelText(/^Number/);
    await user.type(number, '69911');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toContain('The phone number is not a phone number');
    expect(document.activeElement).toBe(number);
    expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(0);
  });

  it('opened from the checklist, focuses the field its address names; marks what is not given yet', async () => {
    mockApi({ ...signedIn('superAdmin'), 'GET /api/content/centre': () => json(centreDetails()) });
    renderApp('/content/centre?field=phones.0.number');

    const number = within(await screen.findByRole('group', { name: 'Reception phone' })).getByLabelText(/^Number/);
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(number.getAttribute('name')).toBe('phones.0.number');
    expect(screen.getAllByText('Not given yet')).toHaveLength(2);
    // One hint per field, in English and for the form: the checklist's French words for YAML editors stay out.
    expect(describedBy(number)).not.toContain('Still to give');
    expect(describedBy(number)).not.toMatch(/numéro|format international/);
    expect(screen.getByText('Last changed by Alice on', { exact: false }).textContent).toBe(
      'Last changed by Alice on 25/11/2026 14:05',
    );
  });

  it('is read-only for an admin, who is told why', async () => {
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/content/centre': () => json(centreDetails()) });
    renderApp('/content/centre');

    expect(await screen.findByText('Only a superAdmin can change the centre’s details.')).toBeTruthy();
    expect(screen.getByLabelText('Short name').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('after a save, says it is publishing, then live with the page’s link; a new save sends the new version', async () => {
    let site: SiteStatus = { ...idleSite, lastSuccessAt: '2026-11-26T08:00:00.000Z' };
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/site/status': () => json(site),
      'GET /api/content/centre': () => json(centreDetails()),
      'PUT /api/content/centre': () => json(saveResponse({ unpushed: 1 })),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    const number = within(await screen.findByRole('group', { name: 'Reception phone' })).getByLabelText(/^Number/);
    await user.type(number, '6 99 11 22 33');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved. Publishing…')).toBeTruthy();
    expect(screen.getByText(/not yet in the shared git repository — it will be sent automatically/)).toBeTruthy();
    site = { ...site, lastSuccessAt: '2026-11-26T09:00:30.000Z' };
    const link = await screen.findByRole('link', { name: 'view the page' }, { timeout: scaled(4000) });
    expect(link.getAttribute('href')).toBe('https://centre.example.cm/contact');
    expect(link.closest('.alert')?.textContent).toContain('Live on the site');
    expect((number as HTMLInputElement).value).toBe('6 99 11 22 33');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/content/centre')[1]?.body).toMatchObject({ version: saveResponse().revision.version });
  });

  it('says when nothing changed', async () => {
    mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'PUT /api/content/centre': () => json(saveResponse({ unchanged: true })),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing to save: no value changed.')).toBeTruthy();
  });

  it('shows each change made from the admin field by field, folds the commits made in git, and offers Undo only where it works', async () => {
    mockApi({ ...signedIn('superAdmin'), 'GET /api/content/centre': () => json(centreDetails()) });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByText('History'));
    const rows = screen.getAllByRole('listitem').filter((item) => item.classList.contains('revision__change'));
    expect(rows.map((row) => row.querySelector('.revision__message')?.textContent)).toEqual([
      'Centre details: e-mail',
      'Centre details: phones',
      'Changed in git by Seed (2 changes)',
    ]);
    expect(rows[0]?.querySelector('.revision__fields')?.textContent).toBe('Email address: — → contact@cfp-nkoabang.cm');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /^Undo/ })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(within(rows[2] as HTMLElement).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('answers a refused undo beside its row, with what to do instead', async () => {
    mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'POST /api/content/revert': () =>
        json({ message: 'This change cannot be undone on its own: later changes built on it' }, 409),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByText('History'));
    await user.click(screen.getByRole('button', { name: /^Undo “Centre details: e-mail”/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Undo this change?' })).getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This change cannot be undone on its own: later changes built on it.');
    expect(alert.textContent).toContain('Change the value in the form above and save instead');
    expect(alert.closest('.revision__change')?.querySelector('.revision__message')?.textContent).toBe('Centre details: e-mail');
  });

  it('lets a superAdmin undo a change from the history, after confirming', async () => {
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'POST /api/content/revert': () => json(saveResponse({ message: 'Undo: Centre details: e-mail' })),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByText('History'));
    await user.click(screen.getByRole('button', { name: /^Undo “Centre details: e-mail”/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Undo this change?' })).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/content/revert')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/content/revert')[0]?.body).toEqual({ commit: 'c'.repeat(40) });
    expect(await screen.findByText('Saved. Publishing…')).toBeTruthy();
  });
});
