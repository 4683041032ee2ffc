import type { ProgrammeForm } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { programmeDetails, programmeSummary, readVersion, saveResponse } from './support/content-fixtures.ts';
import { describedBy } from './support/described-by.ts';
import { signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const programmes = [
  programmeSummary(),
  programmeSummary({
    slug: 'anglais',
    title: 'Anglais',
    department: 'langues',
    departmentTitle: 'Langues',
    confirmed: true,
    gaps: [],
    path: '/formation/anglais',
  }),
  programmeSummary({ slug: 'chaudronnerie', title: 'Chaudronnerie', confirmed: true, gaps: ['scheduleHours'] }),
];

describe('the programmes', () => {
  it('lists them by department with their confirmation and what is missing, and filters those to complete', async () => {
    mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes': () => json({ programmes, version: readVersion }),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes');

    const soudure = await screen.findByRole('link', { name: /^Soudure/ });
    expect(soudure.getAttribute('href')).toBe('/admin/content/programmes/soudure');
    expect(soudure.textContent).toBe('SoudureNo fees, intakes or documentsNot confirmed');
    expect(screen.getByRole('link', { name: /^Chaudronnerie/ }).textContent).toContain('No days and hours');
    expect(screen.getByRole('heading', { name: 'Industriel et technique' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Anglais/ }).textContent).toBe('AnglaisNothing missingConfirmed');

    await user.click(screen.getByLabelText('Only those with something missing or not confirmed'));
    expect(screen.queryByRole('link', { name: /^Anglais/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Langues' })).toBeNull();
    expect(screen.getByText('2 of 3 programmes on the site')).toBeTruthy();
  });

  it('lists a programme off the site apart, outside the count of confirmed ones', async () => {
    const retired = programmeSummary({ slug: 'italien', title: 'Italien', departmentTitle: 'Langues', retired: true });
    mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes': () => json({ programmes: [...programmes, retired], version: readVersion }),
    });
    renderApp('/content/programmes');

    const offSite = (await screen.findByRole('heading', { name: 'Off the site' })).parentElement as HTMLElement;
    expect(within(offSite).getByRole('link', { name: /^Italien/ }).textContent).toBe('ItalienLanguesOff the site');
    expect(screen.getByText('2 of 3 confirmed')).toBeTruthy();
    expect(screen.getByText('3 of 3 programmes on the site')).toBeTruthy();
    expect(screen.queryByLabelText('Select Italien to confirm')).toBeNull();
  });

  it('takes a programme off the site for a superAdmin, once asked, with its version', async () => {
    const api = mockApi({
      ...signedIn('superAdmin', 'Direction'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure/retired': () => json(saveResponse({ message: 'Soudure: taken off the site' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    await user.click(await screen.findByRole('button', { name: 'Take off the site' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('lead to the Industriel et technique page');
    await user.click(within(dialog).getByRole('button', { name: 'Take off the site' }));
    await screen.findByText('Soudure: taken off the site.');
    expect(api.callsTo('PUT', '/api/content/programmes/soudure/retired')[0]?.body).toEqual({
      retired: true,
      version: programmeDetails().revision.version,
    });
  });

  it('offers a superAdmin, and only a superAdmin, to add a programme', async () => {
    mockApi({
      ...signedIn('superAdmin', 'Direction'),
      'GET /api/content/programmes': () => json({ programmes, version: readVersion, departments: [] }),
    });
    renderApp('/content/programmes');
    expect((await screen.findByRole('link', { name: 'Add a programme' })).getAttribute('href')).toBe(
      '/admin/content/new-programme',
    );
  });

  it('offers no way off the site to an admin who is not a superAdmin', async () => {
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/content/programmes/soudure': () => json(programmeDetails()) });
    renderApp('/content/programmes/soudure');
    await screen.findByLabelText('Registration fee');
    expect(screen.queryByRole('button', { name: 'Take off the site' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a programme' })).toBeNull();
  });

  it('refuses “cheap” and a past intake beside their fields, then saves the facts as typed', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure': () => json(saveResponse({ path: '/formation/soudure' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const fee = await screen.findByLabelText('Registration fee');
    expect((await screen.findByRole('link', { name: 'View the page' })).getAttribute('href')).toBe(
      'https://centre.example.cm/formation/soudure',
    );
    await user.type(fee, 'cheap');
    await user.click(screen.getByRole('button', { name: 'Add an intake' }));
    const intake = screen.getByLabelText('Intake 1');
    expect(document.activeElement).toBe(intake);
    await user.type(intake, '2020-01-06');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fee.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(fee)).toContain('The registration fee must be an amount in FCFA written with digits, e.g. 25 000');
    expect(intake.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(intake)).toContain('This date is in the past');
    expect(document.activeElement).toBe(fee);
    expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(0);

    await user.clear(fee);
    await user.type(fee, '25 000');
    await user.clear(intake);
    await user.type(intake, `${new Date().getFullYear() + 1}-01-11`);
    await user.click(screen.getByLabelText('Facts confirmed by the centre'));
    await user.click(within(screen.getByRole('group', { name: 'Schedules' })).getByLabelText('Evening classes'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(1));
    const sent = (api.callsTo('PUT', '/api/content/programmes/soudure')[0]?.body as { values: ProgrammeForm } | undefined)
      ?.values;
    expect(sent).toMatchObject({
      registrationFee: '25 000',
      intakes: [`${new Date().getFullYear() + 1}-01-11`],
      confirmed: true,
      schedules: ['jour', 'soir'],
      durationMonths: '9',
    });
    expect(await screen.findByText('Saved. Publishing…')).toBeTruthy();
  });
});
