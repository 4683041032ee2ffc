import type { Application } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mailtoHref, telHref, whatsAppHref } from '../src/lib/contact-links.ts';
import { application, counted, idleSite, paged, signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const awa = application({ _id: 11, firstName: 'Awa', lastName: 'Ngono', createdAt: '2026-03-02T09:15:00.000Z' });
const serge = application({
  _id: 10,
  reference: 'PI-4D8F2R',
  programme: 'maintenance-informatique',
  programmeTitle: 'Maintenance informatique',
  firstName: 'Serge',
  lastName: 'Essomba',
  phone: '+237677112233',
  email: null,
  town: 'Mvog-Mbi',
  level: 'bac',
  schedule: null,
  intake: '2026-11-02',
  heardFrom: null,
  message: null,
  status: 'contacted',
  statusChangedBy: 'Paul',
  statusChangedAt: '2026-03-01T10:00:00.000Z',
  forwarding: 'not_configured',
  createdAt: '2026-02-20T16:40:00.000Z',
});

const filterKeys = ['programme', 'status', 'intake'] as const;

/** What the API's `q` finds, as far as these tests search: a reference, a name, or phone digits. */
const matches = (item: Application, q: string | null) => {
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return (
    item.reference.toLowerCase().includes(q.toLowerCase()) ||
    `${item.firstName} ${item.lastName}`.toLowerCase().includes(q.toLowerCase()) ||
    (digits.length > 0 && item.phone.includes(digits))
  );
};

function facetsOf(stored: Application[]) {
  const count = (keys: string[]) => {
    const counts: Record<string, number> = {};
    for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  };
  const statuses = count(stored.map((item) => item.status));
  return {
    total: stored.length,
    statuses: { new: 0, contacted: 0, enrolled: 0, declined: 0, withdrawn: 0, ...statuses },
    programmes: Object.entries(count(stored.map((item) => item.programme))).map(([programme, total]) => ({
      programme,
      programmeTitle: stored.find((item) => item.programme === programme)?.programmeTitle ?? programme,
      count: total,
    })),
    intakes: Object.entries(count(stored.flatMap((item) => (item.intake ? [item.intake] : [])))).map(([intake, total]) => ({
      intake,
      count: total,
    })),
  };
}

/** The API as far as the screen uses it: the list filtered as the server does, PATCH and DELETE changing it. */
function applicationsApi(role: 'admin' | 'superAdmin' = 'superAdmin', initial: Application[] = [awa, serge]) {
  let stored = initial;
  const patch = (id: number, call: ApiCall) => {
    const input = call.body as { status?: Application['status']; note?: string };
    stored = stored.map((item) =>
      item._id !== id
        ? item
        : {
            ...item,
            ...(input.note !== undefined && { note: input.note || null }),
            ...(input.status && { status: input.status, statusChangedBy: 'Aline', statusChangedAt: '2026-03-03T08:30:00.000Z' }),
          },
    );
    return { message: 'Application updated', data: stored.find((item) => item._id === id) };
  };
  const api = mockApi({
    ...signedIn(role, 'Aline'),
    'GET /api/applications': (call) =>
      paged(() =>
        stored.filter(
          (item) =>
            filterKeys.every((key) => !call.search.get(key) || item[key] === call.search.get(key)) &&
            matches(item, call.search.get('q')),
        ),
      )(call),
    'GET /api/applications/facets': () => json(facetsOf(stored)),
    'GET /api/applications/count': counted(() => stored),
    ...Object.fromEntries(
      initial.map(({ _id }) => [
        `GET /api/applications/${_id}`,
        () => {
          const found = stored.find((item) => item._id === _id);
          return found ? json(found) : json({ message: 'Application not found' }, 404);
        },
      ]),
    ),
    ...Object.fromEntries(
      initial.map(({ _id }) => [`PATCH /api/applications/${_id}`, (call: ApiCall) => json(patch(_id, call))]),
    ),
    'DELETE /api/applications/11': () => {
      stored = stored.filter((item) => item._id !== 11);
      return json({ message: 'Application deleted' });
    },
    'GET /api/applications/export.csv': () =>
      new Response('\uFEFFreference,status\r\nPI-7K3M9Q,new\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
  });
  return api;
}

const navLink = () => within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: /Applications/ });
const listItems = async () =>
  within(await screen.findByRole('list', { name: 'Applications, newest first' })).getAllByRole('button');

describe('contact links', () => {
  it('calls the number as stored, digits and + only', () => {
    expect(telHref('+237699001122')).toBe('tel:+237699001122');
    expect(telHref('+237 6 99 00 11 22')).toBe('tel:+237699001122');
  });

  it('opens WhatsApp on the digits only, with the greeting encoded', () => {
    expect(whatsAppHref('+237 6 99 00 11 22')).toBe('https://wa.me/237699001122');
    const href = whatsAppHref('+237699001122', 'Bonjour Awa, votre pré-inscription PI-7K3M9Q (Soudure) & suite ?');
    expect(href).toMatch(/^https:\/\/wa\.me\/237699001122\?text=/);
    expect(new URL(href).searchParams.get('text')).toBe('Bonjour Awa, votre pré-inscription PI-7K3M9Q (Soudure) & suite ?');
  });

  it('writes an e-mail with its subject and body encoded, spaces as %20', () => {
    expect(mailtoHref('awa@example.cm')).toBe('mailto:awa@example.cm');
    expect(mailtoHref('awa@example.cm', { subject: 'Votre pré-inscription PI-7K3M9Q' })).toBe(
      'mailto:awa@example.cm?subject=Votre%20pr%C3%A9-inscription%20PI-7K3M9Q',
    );
    expect(mailtoHref('awa@example.cm', { subject: 'A & B', body: 'Ligne 1\nLigne 2' })).toBe(
      'mailto:awa@example.cm?subject=A%20%26%20B&body=Ligne%201%0ALigne%202',
    );
  });
});

describe('applications', () => {
  it('lists the applications newest first, counts the new ones in the navigation, and filters through the URL', async () => {
    const api = applicationsApi();
    const user = userEvent.setup();
    const { router } = renderApp('/applications');

    const items = await listItems();
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Awa Ngono.*02\/03\/2026.*Soudure.*New.*Nkoabang/),
      expect.stringMatching(/Serge Essomba.*20\/02\/2026.*Maintenance informatique.*Contacted.*Mvog-Mbi/),
    ]);
    expect(screen.getByRole('heading', { name: '2 applications' })).toBeTruthy();
    await waitFor(() => expect(navLink().textContent).toContain('1, 1 new'));

    const programme = screen.getByRole('combobox', { name: 'Programme' });
    expect(
      within(programme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All programmes', 'Maintenance informatique', 'Soudure']);
    const intake = screen.getByRole('combobox', { name: 'Intake' });
    expect(
      within(intake)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All intakes', '05/10/2026', '02/11/2026']);

    await user.selectOptions(programme, 'maintenance-informatique');
    await waitFor(() => expect(router.state.location.search).toBe('?programme=maintenance-informatique'));
    await waitFor(async () => expect(await listItems()).toHaveLength(1));
    expect((await listItems())[0]?.textContent).toContain('Serge Essomba');
    expect(api.calls.some((call) => call.search.get('programme') === 'maintenance-informatique')).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'new');
    expect(await screen.findByText('No applications match this search.')).toBeTruthy();
    expect(router.state.location.search).toBe('?programme=maintenance-informatique&status=new');
    // Every programme stays on offer while a filter hides some of them.
    expect(within(programme).getAllByRole('option')).toHaveLength(3);
  });

  it('opens with the filters of the URL, as the dashboard links to the new ones', async () => {
    const api = applicationsApi();
    renderApp('/applications?status=new');

    await waitFor(async () => expect(await listItems()).toHaveLength(1));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('new');
    expect(api.calls.some((call) => call.path === '/api/applications' && call.search.get('status') === 'new')).toBe(true);
  });

  it('shows every detail in plain words, with links to call, WhatsApp and e-mail the student', async () => {
    applicationsApi();
    const user = userEvent.setup();
    renderApp('/applications');

    await user.click((await listItems())[0] as HTMLElement);
    const details = await screen.findByRole('article', { name: 'Awa Ngono' });
    const facts = Object.fromEntries(
      within(details)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Reference: 'PI-7K3M9Q',
      Programme: 'Soudure',
      Phone: '6 99 00 11 22',
      Email: 'awa.ngono@example.cm',
      Language: 'French',
      Town: 'Nkoabang',
      Level: 'BEPC',
      Schedule: 'Day classes',
      Intake: '05/10/2026',
      'Heard of us': 'Facebook',
      // 09:15 UTC is 10:15 in Yaoundé (Africa/Douala, UTC+1).
      Received: '02/03/2026 10:15',
    });
    expect(within(details).getByText('Je voudrais commencer en octobre.')).toBeTruthy();
    expect(within(details).getByText("Also emailed to the centre's inbox.")).toBeTruthy();
    expect((await within(details).findByRole('link', { name: 'Soudure' })).getAttribute('href')).toBe(
      'https://centre.example.cm/formation/soudure',
    );

    expect(within(details).getByRole('link', { name: 'Call 6 99 00 11 22' }).getAttribute('href')).toBe('tel:+237699001122');
    const whatsApp =
      within(details)
        .getByRole('link', { name: /^WhatsApp/ })
        .getAttribute('href') ?? '';
    expect(whatsApp.startsWith('https://wa.me/237699001122?text=')).toBe(true);
    expect(new URL(whatsApp).searchParams.get('text')).toBe(
      'Bonjour Awa, le centre vous contacte au sujet de votre pré-inscription PI-7K3M9Q (Soudure).',
    );
    expect(within(details).getByRole('link', { name: 'Email awa.ngono@example.cm' }).getAttribute('href')).toBe(
      'mailto:awa.ngono@example.cm?subject=Votre%20pr%C3%A9-inscription%20PI-7K3M9Q',
    );

    await user.click(screen.getByRole('button', { name: /Serge Essomba/ }));
    const other = screen.getByRole('article', { name: 'Serge Essomba' });
    expect(within(other).queryByRole('link', { name: /^Email/ })).toBeNull();
    expect(within(other).getByText('Not emailed: this server does not send email. Everything is here.')).toBeTruthy();
    expect(within(other).getByText('Changed by Paul on', { exact: false })).toBeTruthy();
  });

  it('marks a repeat in the list and links a repeat and the application it repeats to each other, keeping the filters', async () => {
    const repeat = application({
      _id: 12,
      reference: 'PI-9X2B5C',
      firstName: 'Inconnu',
      createdAt: '2026-03-02T11:00:00.000Z',
      repeatOf: { _id: 11, reference: 'PI-7K3M9Q' },
    });
    applicationsApi('superAdmin', [repeat, { ...awa, repeats: [{ _id: 12, reference: 'PI-9X2B5C' }] }, serge]);
    const user = userEvent.setup();
    const { router } = renderApp('/applications?programme=soudure&open=12');

    await waitFor(async () => expect(await listItems()).toHaveLength(2));
    const [repeatItem, awaItem] = await listItems();
    expect(within(repeatItem as HTMLElement).getByText('Repeat of PI-7K3M9Q')).toBeTruthy();
    expect(within(awaItem as HTMLElement).queryByText(/Repeat of/)).toBeNull();

    const details = await screen.findByRole('article', { name: 'Inconnu Ngono' });
    const earlier = within(details).getByRole('link', { name: 'PI-7K3M9Q' });
    expect(earlier.closest('dd')?.previousElementSibling?.textContent).toBe('Repeat of');
    expect(earlier.getAttribute('href')).toBe('?programme=soudure&open=11');
    await user.click(earlier);
    await waitFor(() => expect(router.state.location.search).toBe('?programme=soudure&open=11'));
    const first = await screen.findByRole('article', { name: 'Awa Ngono' });
    const later = within(first).getByRole('link', { name: 'PI-9X2B5C' });
    expect(later.closest('dd')?.previousElementSibling?.textContent).toBe('Sent again as');
    expect(within(first).queryByText('Repeat of')).toBeNull();
  });

  it('says when the e-mail copy failed, with the error', async () => {
    applicationsApi('superAdmin', [application({ forwarding: 'failed', forwardingError: 'SMTP connection refused' })]);
    renderApp('/applications?open=11');

    expect((await screen.findByRole('alert')).textContent).toBe(
      "Not emailed: sending it to the centre's inbox failed. Everything is here.SMTP connection refused",
    );
  });

  it('saves the status and the note together, says so beside the button and keeps focus there; the navigation count follows', async () => {
    const api = applicationsApi();
    const user = userEvent.setup();
    renderApp('/applications?open=11');

    const details = await screen.findByRole('article', { name: 'Awa Ngono' });
    expect(within(details).queryByText(/Changed by/)).toBeNull();
    const save = within(details).getByRole('button', { name: 'Save follow-up' });
    expect(save.getAttribute('aria-disabled')).toBe('true');

    await user.selectOptions(within(details).getByRole('combobox', { name: 'Status' }), 'contacted');
    await user.type(within(details).getByRole('textbox', { name: 'Note' }), '  Rappeler lundi, elle hésite avec le soir.  ');
    expect(within(details).getByText('Not saved yet')).toBeTruthy();
    await user.click(save);

    const outcome = within(details).getByRole('status');
    await waitFor(() => expect(outcome.textContent).toBe('Saved: status Contacted and the note.'));
    expect(outcome.closest('.follow-up__actions')).toBe(save.closest('.follow-up__actions'));
    expect(document.activeElement).toBe(save);
    expect(api.callsTo('PATCH', '/api/applications/11').map((call) => call.body)).toEqual([
      { status: 'contacted', note: 'Rappeler lundi, elle hésite avec le soir.' },
    ]);
    expect(within(details).getByText(/Changed by Aline on/).textContent).toMatch(/Changed by Aline on 03\/03\/2026 09:30/);
    expect(within(details).getByText('Contacted', { selector: '.badge' })).toBeTruthy();
    expect(within(details).queryByText('Not saved yet')).toBeNull();
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    await waitFor(() => expect(navLink().textContent).not.toMatch(/new/));
  });

  it('asks before leaving an application with an unsaved status and note, and loses nothing whatever the answer', async () => {
    const api = applicationsApi();
    const user = userEvent.setup();
    const { router } = renderApp('/applications?open=11');

    const details = await screen.findByRole('article', { name: 'Awa Ngono' });
    await user.selectOptions(within(details).getByRole('combobox', { name: 'Status' }), 'enrolled');
    await user.type(within(details).getByRole('textbox', { name: 'Note' }), 'Inscrite, paie lundi.');
    await user.click(screen.getByRole('button', { name: /Serge Essomba/ }));

    let dialog = screen.getByRole('dialog', { name: 'Save the follow-up first?' });
    expect(dialog.textContent).toContain("You changed the status or the note of Awa Ngono's application");
    await user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(router.state.location.search).toBe('?open=11');
    expect((within(details).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('enrolled');
    expect((within(details).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Inscrite, paie lundi.');
    expect(api.callsTo('PATCH', '/api/applications/11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Serge Essomba/ }));
    dialog = screen.getByRole('dialog', { name: 'Save the follow-up first?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('article', { name: 'Serge Essomba' });
    expect(router.state.location.search).toBe('?open=10');
    expect(api.callsTo('PATCH', '/api/applications/11').map((call) => call.body)).toEqual([
      { status: 'enrolled', note: 'Inscrite, paie lundi.' },
    ]);
    expect((await listItems())[0]?.textContent).toContain('Enrolled');

    // Discarding is a choice the staff member makes, never a side effect of a click.
    const serge = screen.getByRole('article', { name: 'Serge Essomba' });
    await user.type(within(serge).getByRole('textbox', { name: 'Note' }), 'Rappeler');
    await user.click(screen.getByRole('button', { name: 'Back to applications' }));
    dialog = screen.getByRole('dialog', { name: 'Save the follow-up first?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('PATCH', '/api/applications/10')).toHaveLength(0);
  });

  it('finds an application by the reference the student quotes, kept in the URL', async () => {
    const api = applicationsApi();
    const user = userEvent.setup();
    const { router } = renderApp('/applications');

    await waitFor(async () => expect(await listItems()).toHaveLength(2));
    expect((await listItems()).map((item) => item.textContent)).toEqual([
      expect.stringContaining('PI-7K3M9Q'),
      expect.stringContaining('PI-4D8F2R'),
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pi-4d8f2r{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=pi-4d8f2r'));
    expect(await screen.findByRole('heading', { name: '1 application for “pi-4d8f2r”' })).toBeTruthy();
    expect((await listItems()).map((item) => item.textContent)).toEqual([expect.stringContaining('Serge Essomba')]);
    expect(api.calls.some((call) => call.path === '/api/applications' && call.search.get('q') === 'pi-4d8f2r')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '6 99 00{Enter}');
    expect(await screen.findByRole('heading', { name: '1 application for “6 99 00”' })).toBeTruthy();
    expect((await listItems()).map((item) => item.textContent)).toEqual([expect.stringContaining('Awa Ngono')]);
  });

  it('exports the applications the filters show as CSV, with the token', async () => {
    const api = applicationsApi();
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:preinscriptions';
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderApp('/applications?status=new&programme=soudure');

    await waitFor(async () => expect(await listItems()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = api.callsTo('GET', '/api/applications/export.csv');
    expect(Object.fromEntries(request?.search ?? [])).toEqual({ programme: 'soudure', status: 'new' });
    expect(request?.headers.get('authorization')).toBe('Bearer valid-token');
    expect(saved[0]).toEqual({
      name: expect.stringMatching(/^preinscriptions-\d{4}-\d{2}-\d{2}\.csv$/),
      href: 'blob:preinscriptions',
    });
  });

  it('lets a superAdmin delete after confirming; focus returns to the list, which no longer has it', async () => {
    const api = applicationsApi('superAdmin');
    const user = userEvent.setup();
    renderApp('/applications?open=11');

    await user.click(await screen.findByRole('button', { name: 'Delete application' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete application' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete the application PI-7K3M9Q from Awa Ngono? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/applications/11')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete application' }));
    dialog = screen.getByRole('dialog', { name: 'Delete application' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Application deleted')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/applications/11')).toHaveLength(1);
    const heading = await screen.findByRole('heading', { name: '1 application' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((await listItems()).map((item) => item.textContent)).toEqual([expect.stringContaining('Serge Essomba')]);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offers no deletion to an admin who is not a superAdmin', async () => {
    applicationsApi('admin');
    renderApp('/applications?open=11');

    await screen.findByRole('article', { name: 'Awa Ngono' });
    expect(screen.getByRole('button', { name: 'Save follow-up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('the dashboard counts the new applications and links to them', async () => {
    mockApi({
      ...signedIn('admin'),
      'GET /api/applications/facets': () =>
        json({
          total: 3,
          statuses: { new: 2, contacted: 1, enrolled: 0, declined: 0, withdrawn: 0 },
          programmes: [],
          intakes: [],
        }),
      'GET /api/blog': () => json([]),
      'GET /api/auth': () => json([]),
      'GET /api/site/status': () => json(idleSite),
    });
    renderApp('/dashboard');

    const counter = await screen.findByRole('link', { name: /New applications/ });
    await waitFor(() => expect(counter.textContent).toBe('New applications23 in all'));
    expect(counter.getAttribute('href')).toBe('/admin/applications?status=new');
  });
});
