import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { application, contactMessage, inbox, paged, signedIn, subscriber } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * A visitor who wrote from the English site is shown as such to the staff, and the replies the
 * admin prepares (WhatsApp, e-mail) greet them in English; French ones stay as they were.
 */

const fru = contactMessage({
  _id: 9,
  firstName: 'Fru',
  lastName: 'Ndang',
  email: 'fru@example.cm',
  phone: '+237677001122',
  message: 'Good morning, when does the next welding intake start?',
  programme: 'soudure',
  programmeTitle: 'Soudure',
  programmePath: '/en/programmes/welding',
  language: 'en',
  status: 'read',
});
const jean = contactMessage({ _id: 3, status: 'read' });

const actionsOf = (container: HTMLElement, name: string) => within(container).getByRole('list', { name: `Contact ${name}` });
const hrefOf = (actions: HTMLElement, name: RegExp) => within(actions).getByRole('link', { name }).getAttribute('href') ?? '';

describe('the language a visitor wrote in, in Messages', () => {
  it('marks each message EN or FR, read out as the language’s name', async () => {
    mockApi({ ...signedIn(), ...inbox(() => [fru, jean]) });
    renderApp('/messages');

    const [english, french] = within(await screen.findByRole('list', { name: 'Messages, newest first' })).getAllByRole('button');
    const marker = (item: HTMLElement | undefined) => item?.querySelector('.badge--language');
    expect(marker(english)?.textContent).toBe('ENEnglish');
    expect(
      within(marker(english) as HTMLElement)
        .getByText('EN')
        .getAttribute('aria-hidden'),
    ).toBe('true');
    expect(within(english as HTMLElement).getByText('English').className).toBe('visually-hidden');
    expect(marker(french)?.textContent).toBe('FRFrench');
  });

  it('says the language in the message, links the English programme page and prepares the replies in English, signed by the admin', async () => {
    mockApi({ ...signedIn('admin', 'Aline'), ...inbox(() => [fru]) });
    renderApp('/messages?open=9');

    const reader = await screen.findByRole('article', { name: 'Fru Ndang' });
    expect(within(reader).getByText('Language').nextElementSibling?.textContent).toBe('English');
    const programme = await within(reader).findByRole('link', { name: 'Soudure' });
    expect(programme.getAttribute('href')).toBe('https://centre.example.cm/en/programmes/welding');
    const actions = actionsOf(reader, 'Fru');
    expect(new URL(hrefOf(actions, /^WhatsApp/)).searchParams.get('text')).toBe(
      'Hello Fru, this is Aline from the training centre, about your message.',
    );
    expect(hrefOf(actions, /^Reply by email/)).toBe('mailto:fru@example.cm?subject=Re%3A%20%E2%80%9Cyour%20message%E2%80%9D');
  });

  it('answers an English callback request about the callback request', async () => {
    const callback = {
      ...fru,
      _id: 10,
      kind: 'callback' as const,
      email: null,
      message: '',
      firstName: 'Fru Ndang',
      lastName: '',
    };
    mockApi({ ...signedIn('admin', 'Aline'), ...inbox(() => [callback]) });
    renderApp('/messages?open=10');

    const reader = await screen.findByRole('article', { name: 'Fru Ndang' });
    expect(new URL(hrefOf(actionsOf(reader, 'Fru Ndang'), /^WhatsApp/)).searchParams.get('text')).toBe(
      'Hello Fru Ndang, this is Aline from the training centre, about your callback request.',
    );
  });

  it('keeps the French greeting for a French message', async () => {
    mockApi({ ...signedIn(), ...inbox(() => [jean]) });
    renderApp('/messages?open=3');

    const reader = await screen.findByRole('article', { name: 'Jean Mballa' });
    expect(within(reader).getByText('Language').nextElementSibling?.textContent).toBe('French');
    expect(new URL(hrefOf(actionsOf(reader, 'Jean'), /^WhatsApp/)).searchParams.get('text')).toBe(
      'Bonjour Jean, le centre de formation vous répond au sujet de votre message.',
    );
  });
});

const english = application({
  _id: 21,
  reference: 'PI-4EN7RW',
  firstName: 'Fru',
  lastName: 'Ndang',
  phone: '+237677001122',
  email: 'fru@example.cm',
  language: 'en',
  studentProgrammeTitle: 'Welding',
  studentProgrammePath: '/en/programmes/welding',
  createdAt: '2026-03-03T09:15:00.000Z',
});
const french = application({ _id: 11 });

function applicationsApi() {
  const stored = [english, french];
  return mockApi({
    ...signedIn('admin', 'Aline'),
    'GET /api/applications': (call) =>
      paged(() => stored.filter((item) => !call.search.get('language') || item.language === call.search.get('language')))(call),
    'GET /api/applications/21': () => json(english),
    'GET /api/applications/11': () => json(french),
  });
}

describe('the language a student pre-enrolled in, in Applications', () => {
  it('marks each application, and filters by language through the URL', async () => {
    const api = applicationsApi();
    const user = userEvent.setup();
    const { router } = renderApp('/applications');

    const list = await screen.findByRole('list', { name: 'Applications, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.querySelector('.badge--language')?.textContent)).toEqual(['ENEnglish', 'FRFrench']);

    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    expect(router.state.location.search).toBe('?language=en');
    expect(api.callsTo('GET', '/api/applications').at(-1)?.search.get('language')).toBe('en');
    expect(await within(list).findAllByRole('button')).toHaveLength(1);
  });

  it('greets an English student in English, naming the programme as they read it and the admin who writes', async () => {
    applicationsApi();
    renderApp('/applications?open=21');

    const details = await screen.findByRole('article', { name: 'Fru Ndang' });
    expect(within(details).getByText('Language').nextElementSibling?.textContent).toBe('English');
    const actions = actionsOf(details, 'Fru');
    expect(new URL(hrefOf(actions, /^WhatsApp/)).searchParams.get('text')).toBe(
      'Hello Fru, this is Aline from the training centre, about your pre-enrolment for Welding (reference PI-4EN7RW).',
    );
    expect(hrefOf(actions, /^Email/)).toBe('mailto:fru@example.cm?subject=Your%20pre-enrolment%20PI-4EN7RW');
  });

  it('links the programme to its English page, the one the English student pre-enrolled from', async () => {
    applicationsApi();
    renderApp('/applications?open=21');

    const details = await screen.findByRole('article', { name: 'Fru Ndang' });
    expect((await within(details).findByRole('link', { name: 'Soudure' })).getAttribute('href')).toBe(
      'https://centre.example.cm/en/programmes/welding',
    );
  });
});

describe('the language of each subscriber', () => {
  it('is a column of the list', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/subscribers': paged(() => [
        subscriber({ _id: 6, email: 'fru@example.cm', language: 'en' }),
        subscriber({ _id: 5, email: 'marie@example.cm' }),
      ]),
    });
    renderApp('/subscribers');

    const table = await screen.findByRole('table', { name: 'Newsletter subscribers' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Status', 'Language', 'Subscribed On', 'Actions']);
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['English', 'French']);
  });
});
