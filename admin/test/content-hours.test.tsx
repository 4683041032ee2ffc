import type { CentreDetailsForm, ProgrammeForm } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { centreDetails, programmeDetails, saveResponse } from './support/content-fixtures.ts';
import { describedBy } from './support/described-by.ts';
import { signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const sentValues = <Values,>(call: ApiCall | undefined) => (call?.body as { values: Values } | undefined)?.values;
/** The site's wording as the read-out shows it, its non-breaking spaces as plain ones. */
const readOut = (scope: HTMLElement) => scope.querySelector('.weekly-hours__site')?.textContent?.replace(/\u00a0/g, ' ');

describe('the centre’s opening hours', () => {
  it('starts from none given, and sends the days ticked and the times typed as one line', async () => {
    const details = centreDetails();
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () =>
        json({
          ...details,
          values: { ...details.values, openingHours: [] },
          missing: [...details.missing, { field: 'openingHours', hint: 'jours et heures d’ouverture', optional: false }],
        }),
      'PUT /api/content/centre': () => json(saveResponse()),
    });
    const user = userEvent.setup();
    renderApp('/content/centre?field=openingHours');

    const add = await screen.findByRole('button', { name: 'Add a line of opening hours' });
    await waitFor(() => expect(document.activeElement).toBe(add));
    const list = screen.getByRole('group', { name: /^Opening hours/ });
    expect(list.querySelector('legend')?.textContent).toContain('Not given yet');
    expect(describedBy(list)).not.toMatch(/Still to give|jours et heures/);
    expect(screen.queryByRole('group', { name: 'Opening hours, line 1' })).toBeNull();

    await user.click(add);
    const line = within(screen.getByRole('group', { name: 'Opening hours, line 1' }));
    const days = within(line.getByRole('group', { name: 'Days' }));
    expect(document.activeElement).toBe(days.getByRole('checkbox', { name: 'Monday' }));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(days.getByRole('checkbox', { name: day }));
    }
    expect(days.getByRole('checkbox', { name: 'Saturday' })).toHaveProperty('checked', false);
    await user.type(line.getByLabelText('From'), '08:00');
    await user.type(line.getByLabelText('To'), '18:00');
    expect(readOut(screen.getByRole('group', { name: 'Opening hours, line 1' }))).toBe(
      'Site: du lundi au vendredi, de 8 h à 18 h · Monday to Friday, 8 am to 6 pm',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(1));
    const sent = sentValues<CentreDetailsForm>(api.callsTo('PUT', '/api/content/centre')[0]);
    expect(sent?.openingHours).toEqual([
      { days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'], from: '08:00', to: '18:00' },
    ]);
    expect(api.callsTo('PUT', '/api/content/centre')[0]?.body).not.toHaveProperty('english.openingHours');
  });

  it('keeps each line’s days and times when a line above it is removed', async () => {
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () => json(centreDetails()),
      'PUT /api/content/centre': () => json(saveResponse()),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByRole('button', { name: 'Add a line of opening hours' }));
    const saturday = within(screen.getByRole('group', { name: 'Opening hours, line 2' }));
    await user.click(saturday.getByRole('checkbox', { name: 'Saturday' }));
    await user.type(saturday.getByLabelText('From'), '08:30');
    await user.type(saturday.getByLabelText('To'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Remove Opening hours, line 1' }));

    const line = within(screen.getByRole('group', { name: 'Opening hours, line 1' }));
    expect(line.getByRole('checkbox', { name: 'Saturday' })).toHaveProperty('checked', true);
    expect(line.getByRole('checkbox', { name: 'Monday' })).toHaveProperty('checked', false);
    expect(readOut(screen.getByRole('group', { name: 'Opening hours, line 1' }))).toBe(
      'Site: le samedi, de 8 h 30 à 12 h · Saturday, 8:30 am to noon',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(1));
    expect(sentValues<CentreDetailsForm>(api.callsTo('PUT', '/api/content/centre')[0])?.openingHours).toEqual([
      { days: ['samedi'], from: '08:30', to: '12:00' },
    ]);
  });

  it('refuses a line without its days or its closing time beside those controls', async () => {
    const api = mockApi({ ...signedIn('superAdmin'), 'GET /api/content/centre': () => json(centreDetails()) });
    const user = userEvent.setup();
    renderApp('/content/centre');

    await user.click(await screen.findByRole('button', { name: 'Add a line of opening hours' }));
    const line = within(screen.getByRole('group', { name: 'Opening hours, line 2' }));
    await user.type(line.getByLabelText('From'), '08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const monday = line.getByRole('checkbox', { name: 'Monday' });
    await waitFor(() => expect(monday.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(monday)).toContain('Tick at least one day');
    expect(describedBy(line.getByLabelText('To'))).toContain('Give the closing time, e.g. 12:00');
    expect(document.activeElement).toBe(monday);
    expect(readOut(screen.getByRole('group', { name: 'Opening hours, line 2' }))).toBeUndefined();
    expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(0);
  });

  it('takes the approval’s end as a day, and a checklist link to it focuses that field', async () => {
    mockApi({ ...signedIn('superAdmin'), 'GET /api/content/centre': () => json(centreDetails()) });
    renderApp('/content/centre?field=approvalValidUntil');

    const validUntil = await screen.findByLabelText('Valid until');
    expect(validUntil.getAttribute('type')).toBe('date');
    await waitFor(() => expect(document.activeElement).toBe(validUntil));
  });
});

describe('a programme’s days and hours and instalments', () => {
  it('says each schedule’s hours as the site will, in French and in English', async () => {
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/content/programmes/soudure': () => json(programmeDetails()) });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure?field=scheduleHours.jour');

    const dayClasses = await screen.findByRole('group', { name: 'Day classes: Days and hours' });
    const monday = within(dayClasses).getByRole('checkbox', { name: 'Monday' });
    await waitFor(() => expect(document.activeElement).toBe(monday));
    expect(readOut(dayClasses)).toBe('Site: du lundi au vendredi, de 8 h à 12 h · Monday to Friday, 8 am to noon');
    expect(dayClasses.querySelector('.weekly-hours__site [lang="fr"]')?.textContent).toContain('du lundi au vendredi');
    expect(dayClasses.querySelector('.weekly-hours__site [lang="en"]')?.textContent).toContain('Monday to Friday');
    // A schedule not taught shows no hours until it is ticked.
    expect(screen.queryByRole('group', { name: 'Evening classes: Days and hours' })).toBeNull();

    await user.click(within(dayClasses).getByRole('checkbox', { name: 'Saturday' }));
    expect(readOut(dayClasses)).toBe('Site: du lundi au samedi, de 8 h à 12 h · Monday to Saturday, 8 am to noon');
    await user.click(screen.getByRole('checkbox', { name: 'Evening classes' }));
    expect(screen.getByRole('group', { name: 'Evening classes: Days and hours' })).toBeTruthy();
  });

  it('clears a schedule’s hours, and sends the number of instalments as typed', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure': () => json(saveResponse({ path: '/formation/soudure' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const instalments = await screen.findByRole('textbox', { name: 'Number of instalments (2 to 12)' });
    expect(instalments.getAttribute('inputmode')).toBe('numeric');
    await user.type(instalments, '3');
    await user.click(screen.getByRole('checkbox', { name: 'Day classes' }));
    // Not ticked any more, its hours stay in view with a word of why, until cleared.
    const dayClasses = screen.getByRole('group', { name: 'Day classes: Days and hours' });
    expect(dayClasses.textContent).toContain('Not shown on the site while “Day classes” is not ticked');
    await user.click(within(dayClasses).getByRole('button', { name: 'Clear days and hours' }));
    expect(screen.queryByRole('group', { name: 'Day classes: Days and hours' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Day classes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Weekend' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(1));
    const sent = api.callsTo('PUT', '/api/content/programmes/soudure')[0]?.body as {
      values: ProgrammeForm;
      english: Record<string, unknown>;
    };
    expect(sent.values.instalments).toBe('3');
    expect(sent.values.schedules).toEqual(['weekend']);
    expect(sent.values.scheduleHours.jour).toEqual({ days: [], from: '', to: '' });
    expect(sent.english).not.toHaveProperty('instalments');
    expect(sent.english).not.toHaveProperty('scheduleHours');
  });

  it('shows a refused closing time beside that schedule’s “To” and focuses it', async () => {
    const message = 'The closing time comes after the starting time';
    mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure': () =>
        json({ message: 'Some facts were refused', fields: { 'scheduleHours.jour.to': message } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const dayClasses = within(await screen.findByRole('group', { name: 'Day classes: Days and hours' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const closing = dayClasses.getByLabelText('To');
    await waitFor(() => expect(closing.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(closing)).toContain(message);
    expect(dayClasses.getByLabelText('From').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(closing);
    // Placed beside its field, the message is not repeated in the refusal at the top.
    expect((await screen.findByRole('alert')).textContent).not.toContain(message);
  });
});
