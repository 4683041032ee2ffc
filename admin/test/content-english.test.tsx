import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { centreDetails, faqDetails, programmeDetails, saveResponse } from './support/content-fixtures.ts';
import { describedBy } from './support/described-by.ts';
import { signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const body = (call: ApiCall | undefined) => call?.body as Record<string, unknown> & { values: Record<string, unknown> };
/** The pair a field belongs to: its French twin and itself, side by side on a wide screen. */
const pairOf = (control: HTMLElement) => control.closest('.bilingual');

describe('a programme’s English beside its French', () => {
  it('names each English field apart from its French twin, in its own language, and sends the English apart', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure': () => json(saveResponse({ path: '/formation/soudure' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const english = await screen.findByRole('textbox', { name: 'Summary (English)' });
    const french = screen.getByRole('textbox', { name: 'Summary' });
    expect(english.getAttribute('lang')).toBe('en');
    expect(french.getAttribute('lang')).toBe('fr');
    expect(pairOf(english)).toBe(pairOf(french));
    expect(pairOf(english)?.firstElementChild?.contains(french)).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Name of the diploma (English)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Skills (English)' })).toBeTruthy();
    // The facts are single fields, said by the site in each language: no English twin.
    expect(screen.queryByRole('textbox', { name: 'Registration fee (English)' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /instalments.*\(English\)/i })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /days and hours.*\(English\)/i })).toBeNull();
    expect(screen.getByText('Up to date').closest('p')?.textContent).toContain('The English says what the French says now.');
    expect(screen.queryByLabelText('The English says the same as the French')).toBeNull();

    await user.clear(english);
    await user.type(english, 'Learn to weld steel.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(1));
    const sent = body(api.callsTo('PUT', '/api/content/programmes/soudure')[0]);
    expect(sent.english).toMatchObject({ summary: 'Learn to weld steel.', skills: programmeDetails().english.values.skills });
    expect(sent.englishUpToDate).toBe(false);
    expect(sent.values).not.toHaveProperty('english');
    expect(sent.values.summary).toBe('Apprenez à souder.');
  });

  it('offers “The English says the same as the French” only when the English is older than the French, and sends it ticked', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails({ status: 'outdated' })),
      'PUT /api/content/programmes/soudure': () => json(saveResponse({ path: '/en/programmes/welding' })),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const status = (await screen.findByText('Older than the French')).closest('p');
    expect(status?.textContent).toContain('A French text changed after the English was last marked up to date');
    await user.click(screen.getByRole('checkbox', { name: 'The English says the same as the French' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/programmes/soudure')).toHaveLength(1));
    expect(body(api.callsTo('PUT', '/api/content/programmes/soudure')[0]).englishUpToDate).toBe(true);
  });

  it('puts a refused English text’s message beside the English field, not the French one, and focuses it', async () => {
    const message =
      '“Call us” promises a detail the centre has not given yet (phones in the centre’s details): write :appeler instead, which says it only once it is given.';
    mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () => json(programmeDetails()),
      'PUT /api/content/programmes/soudure': () => json({ message, fields: { 'english.job': message } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const englishJob = await screen.findByRole('textbox', { name: 'The job (English)' });
    await user.type(englishJob, ' Call us.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(englishJob.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(englishJob)).toContain(message);
    expect(screen.getByRole('textbox', { name: 'The job' }).getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(englishJob);
  });

  it('with no English text yet, offers its address and texts blank, beside the French to translate', async () => {
    const details = programmeDetails();
    mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/programmes/soudure': () =>
        json({
          ...details,
          english: {
            file: 'content/en/formations/soudure.md',
            status: 'missing',
            values: { ...details.english.values, summary: '', job: '', slug: '', title: '', heroTitle: '', heroSubtitle: '' },
            toTranslate: {
              title: 'Soudure',
              heroTitle: 'Apprenez à souder',
              heroSubtitle: 'Un métier demandé.',
              admission: ['Avoir le CEP', 'Être en bonne santé'],
              highlights: [1, 2, 3, 4].map((index) => ({ title: `Atout ${index}`, text: `Texte ${index}` })),
              trades: ['soudeur'],
            },
          },
        }),
    });
    const user = userEvent.setup();
    renderApp('/content/programmes/soudure');

    const address = await screen.findByRole('textbox', { name: 'Address of the English page (English)' });
    expect(screen.getByText('No English text')).toBeTruthy();
    expect(screen.getByText('Apprenez à souder').getAttribute('lang')).toBe('fr');
    await user.type(address, 'Welding Course');
    await user.type(screen.getByRole('textbox', { name: 'Title (English)' }), 'Welding');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(address)).toContain('lower-case words of plain letters and digits joined by hyphens');
  });
});

describe('the FAQ’s English beside each question', () => {
  it('keeps each English question beside its French one when a question is moved or added', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/faq': () => json(faqDetails()),
      'PUT /api/content/faq': () => json(saveResponse({ path: '/faq' })),
    });
    const user = userEvent.setup();
    renderApp('/content/faq');

    const third = within(await screen.findByRole('group', { name: /^Question 3/ }));
    expect((third.getByRole('textbox', { name: 'Question (English)' }) as HTMLInputElement).value).toBe(
      'Are your diplomas recognised?',
    );
    expect(screen.getByText('Older than the French')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move up: question 3' }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const fourth = within(screen.getByRole('group', { name: /^Question 4/ }));
    expect(document.activeElement).toBe(fourth.getByRole('textbox', { name: 'Question' }));
    await user.type(fourth.getByRole('textbox', { name: 'Question' }), 'Y a-t-il un internat ?');
    await user.type(fourth.getByRole('textbox', { name: 'Answer' }), 'Non.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/faq')).toHaveLength(1));
    const sent = body(api.callsTo('PUT', '/api/content/faq')[0]);
    expect((sent.english as { items: Array<{ question: string }> }).items.map((item) => item.question)).toEqual([
      'Where is the centre?',
      'Are your diplomas recognised?',
      'How do I enrol?',
      '',
    ]);
  });
});

describe('the centre’s English words', () => {
  it('gives each its English field, marked while still to give, and a phone added gets its English label', async () => {
    const details = centreDetails();
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/content/centre': () =>
        json({
          ...details,
          english: { ...details.english, values: { ...details.english.values, callbackDelay: '' } },
          missing: [...details.missing, { field: 'english.callbackDelay', hint: 'délai de rappel en anglais', optional: false }],
        }),
      'PUT /api/content/centre': () => json(saveResponse()),
    });
    const user = userEvent.setup();
    renderApp('/content/centre');

    const tagline = await screen.findByRole('textbox', { name: 'Tagline (English)' });
    expect((tagline as HTMLInputElement).value).toBe('Practical trades, recognised diplomas');
    expect(pairOf(tagline)).toBe(pairOf(screen.getByRole('textbox', { name: 'Tagline' })));
    const delay = screen.getByRole('textbox', { name: /^When the centre calls back \(English\)/ });
    expect(delay.closest('.field')?.textContent).toContain('Not given yet');
    expect(describedBy(delay)).not.toMatch(/Still to give|délai de rappel/);

    await user.click(screen.getByRole('button', { name: 'Add a phone' }));
    const added = within(screen.getByRole('group', { name: 'Phone 3' }));
    await user.type(added.getByRole('textbox', { name: 'What it is for' }), 'Secrétariat');
    await user.type(added.getByRole('textbox', { name: 'What it is for (English)' }), 'Office');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/content/centre')).toHaveLength(1));
    expect(body(api.callsTo('PUT', '/api/content/centre')[0]).english).toMatchObject({
      phones: [{ label: 'Reception' }, { label: 'Enrolment' }, { label: 'Office' }],
    });
  });
});
