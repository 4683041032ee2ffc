import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filledContent } from '@cfp/test-support/filled-content';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it, vi } from 'vitest';
import { applications, contactMessages, subscribers } from '../src/db/schema.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';

/**
 * The public forms sent from the English site (/en): each says `language: 'en'`, and the API
 * answers, writes to the visitor and stores in that language; the staff see it.
 */

const site = 'https://www.centre.test';
/** The content as the centre will have filled it in: Soudure's documents and fees, the WhatsApp number, the callback delay. */
const filled = () => filledContent(temporaryDirectory());

type App = Awaited<ReturnType<typeof buildTestApp>>;
const postJson = (app: App, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const postForm = (app: App, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const adminGet = async (app: App, url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await loginAs(app)}` } });

const contact = {
  firstName: 'Fru',
  lastName: 'Ndang',
  email: 'fru.ndang@example.cm',
  phone: '6 77 00 11 22',
  message: 'Good morning, when does the next welding intake start?',
  programme: 'soudure',
  language: 'en',
};

describe('a contact message from the English site', () => {
  it('is refused field by field in English, and nothing is stored', async () => {
    const app = await buildTestApp();
    const response = await postJson(app, '/api/contact', { ...contact, firstName: ' ', email: 'fru@', phone: '99 12 34' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The “First name” field is required.',
      fields: {
        firstName: 'The “First name” field is required.',
        email: 'This email address is not valid.',
        phone: 'Enter a valid phone number, for example 6 99 00 00 00 or +237 6 99 00 00 00.',
      },
    });
    const twoLines = await postJson(app, '/api/contact', { ...contact, lastName: 'Ndang\r\nBcc: x' });
    expect(twoLines.json().fields).toEqual({
      lastName: 'The “Last name” field must fit on one line, with no tabs or invisible characters.',
    });
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('is thanked in English and kept with its language, which the inbox shows with the English programme page', async () => {
    const app = await buildTestApp();
    const response = await postJson(app, '/api/contact', contact);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you! Your message has been sent to the centre. We will reply soon.' });
    const inbox = (await adminGet(app, '/api/messages')).json();
    expect(inbox.items).toEqual([expect.objectContaining({ firstName: 'Fru', kind: 'message', language: 'en' })]);
    const whole = await adminGet(app, `/api/messages/${inbox.items[0]._id}`);
    expect(whole.json()).toMatchObject({
      language: 'en',
      message: contact.message,
      programmeTitle: 'Soudure',
      programmePath: '/en/programmes/welding',
    });
  });

  it('posted without JavaScript, lands on the English thank-you page, or gets its form back in English', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const sent = await postForm(app, '/api/contact', contact);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${site}/en/contact/thank-you`);

    const refused = await postForm(app, '/api/contact', { ...contact, email: 'fru@' });
    expect(refused.statusCode).toBe(400);
    const page = refused.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Your message has not been sent yet</h1>');
    expect(page).toContain('<a href="#champ-email">Email</a>: This email address is not valid.');
    expect(page).toContain('<label for="champ-firstName">First name</label>');
    expect(page).toContain('For example firstname.lastname@gmail.com.');
    expect(page).toContain('<button class="button primary" type="submit">Send the message</button>');
    // Sent again from this page, it is still English.
    expect(page).toContain('<input type="hidden" name="language" value="en">');
    expect(page).toContain(`href="${site}/en/contact">Back to the contact page</a>`);
    expect(page).not.toMatch(/Prénom|Votre message|\u00a0:/);
    expect(app.db.select({ language: contactMessages.language }).from(contactMessages).all()).toEqual([{ language: 'en' }]);
  });

  it('is answered in English when too many come from one address', async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await postJson(app, '/api/contact', contact, '198.51.100.9');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          message: 'Too many attempts from your connection. Please try again in a few minutes.',
        });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('reaches the staff inbox in French, saying to reply in English', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await postJson(app, '/api/contact', contact);
    await postJson(app, '/api/contact/callback', { name: 'Fru Ndang', phone: '677001122', language: 'en' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: scaled(5000) });
    const [message, callback] = [
      mailText(smtp.received.find((mail) => mail.text.includes('Prénom : Fru'))),
      mailText(smtp.received.find((mail) => mail.text.includes('demande à être rappelé'))),
    ];
    expect(message).toContain('Langue : anglais (répondre en anglais)');
    expect(message).toContain('Formation : Soudure');
    expect(callback).toContain('Langue : anglais (répondre en anglais)');
  });
});

describe('a callback request from the English site', () => {
  const request = { name: 'Fru Ndang', phone: '6 77 00 11 22', programme: 'soudure', language: 'en' };

  it('is refused in English beside its field', async () => {
    const app = await buildTestApp();
    const missing = await postJson(app, '/api/contact/callback', { name: 'Fru Ndang', language: 'en' });
    expect(missing.json()).toEqual({
      message: 'The “Phone” field is required.',
      fields: { phone: 'The “Phone” field is required.' },
    });
    const time = await postJson(app, '/api/contact/callback', { ...request, bestTime: 'midnight' });
    expect(time.json().fields).toEqual({ bestTime: 'Choose a time from the list.' });
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('is answered in English with the centre’s English callback delay, and kept as English', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: filled() } });
    const response = await postJson(app, '/api/contact/callback', { ...request, bestTime: 'soir' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Thank you! The centre will call you back within two working days on 6 77 00 11 22.',
    });
    expect(app.db.select().from(contactMessages).get()).toMatchObject({ kind: 'callback', bestTime: 'soir', language: 'en' });
  });

  it('posted without JavaScript, is answered with an English page leading back to the English programme page', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const sent = await postForm(app, '/api/contact/callback', { ...request, bestTime: '', website: '' });
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toContain('<html lang="en">');
    expect(sent.body).toContain('<h1>Callback request sent</h1>');
    expect(sent.body).toContain('Thank you! The centre will call you back on 6 77 00 11 22.');
    expect(sent.body).toContain(`href="${site}/en/programmes/welding">Back to the programme</a>`);
    expect(sent.body).toContain(`href="${site}/en/programmes">See all programmes</a>`);

    const refused = await postForm(app, '/api/contact/callback', { ...request, phone: '99 12 34', bestTime: 'matin' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<h1>Your callback request has not been sent yet</h1>');
    expect(refused.body).toContain('<a href="#champ-phone">Phone</a>: Enter a valid phone number');
    expect(refused.body).toContain('<option value="">Any time</option><option value="matin" selected>Morning</option>');
    expect(refused.body).toContain('<input type="hidden" name="language" value="en">');
    expect(refused.body).toContain('type="submit">Call me back</button>');
  });
});

const application = {
  programme: 'soudure',
  firstName: 'Fru',
  lastName: 'Ndang',
  phone: '6 77 00 11 22',
  town: 'Bamenda, Nkwen',
  level: 'bepc',
  schedule: 'jour',
  heardFrom: 'facebook',
  message: 'I already work in a metal workshop.',
  consent: true,
  language: 'en',
};

describe('a pre-enrolment from the English site', () => {
  it('is refused field by field in English, the programme’s own choices included, and nothing is stored', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: filled() } });
    const invalid = await postJson(app, '/api/applications', { ...application, phone: '12', town: '', consent: false });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: 'Enter a valid phone number, for example 6 99 00 00 00 or +237 6 99 00 00 00.',
      fields: {
        phone: 'Enter a valid phone number, for example 6 99 00 00 00 or +237 6 99 00 00 00.',
        town: 'The “Town or neighbourhood” field is required.',
        consent: 'Tick the box to agree that the centre may contact you.',
      },
    });
    const intake = await postJson(
      app,
      '/api/applications',
      { ...application, schedule: 'soir', intake: '2027-02-01' },
      '10.0.0.2',
    );
    expect(intake.json().fields).toEqual({
      schedule: 'Choose a schedule this programme offers.',
      intake: 'Choose an intake this programme offers.',
    });
    const unknown = await postJson(app, '/api/applications', { ...application, programme: 'astronautics' }, '10.0.0.3');
    expect(unknown.json().fields).toEqual({ programme: 'Choose a programme from the list.' });
    expect(app.db.select().from(applications).all()).toHaveLength(0);
  });

  it('answers in English with what happens next, from the English content', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: filled(), PUBLIC_SITE_URL: site } });
    const response = await postJson(app, '/api/applications', application);
    expect(response.statusCode).toBe(201);
    const { message, reference, nextSteps } = response.json();
    expect(message).toBe('Thank you! Your pre-enrolment is saved: the centre will call you back on the number you gave.');
    expect(nextSteps).toEqual({
      programmeTitle: 'Welding',
      callback: 'The centre will call you within two working days on 6 77 00 11 22 to confirm your enrolment.',
      documents: ['A copy of your birth certificate', 'A copy of your latest diploma', 'Two passport photos'],
      documentsLanguage: 'en',
      fees: ['Registration: 25,000 FCFA', 'Whole programme: 350,000 FCFA', 'Payment: in 3\u00a0instalments'],
      whatsappUrl: expect.stringMatching(/^https:\/\/wa\.me\/237699000001\?text=/),
      programmeUrl: `${site}/en/programmes/welding`,
    });
    expect(new URL(nextSteps.whatsappUrl).searchParams.get('text')).toBe(
      `Hello, I have just pre-enrolled for “Welding” (reference ${reference}). My name is Fru Ndang.`,
    );
  });

  it('posted without JavaScript, is confirmed on an English page, or given back in English to correct', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: filled(), PUBLIC_SITE_URL: site } });
    const fields = { ...application, consent: 'on' } as Record<string, string>;
    const confirmed = await postForm(app, '/api/applications', fields);
    expect(confirmed.statusCode).toBe(201);
    const reference = app.db.select().from(applications).get()?.reference ?? '';
    const page = confirmed.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Pre-enrolment saved</h1>');
    expect(page).toContain(`Your reference: <span class="reference">${reference}</span>`);
    expect(page).toContain('<p>Programme: <strong>Welding</strong></p>');
    expect(page).toContain('The centre will call you within two working days on 6 77 00 11 22');
    expect(page).toContain(
      '<li>A copy of your birth certificate</li><li>A copy of your latest diploma</li><li>Two passport photos</li>',
    );
    expect(page).toContain('>Message the centre on WhatsApp</a>');
    expect(page).toContain(`href="${site}/en/programmes/welding">Back to the programme</a>`);
    expect(page).toContain(`href="${site}/en/programmes">See all programmes</a>`);

    const refused = await postForm(app, '/api/applications', { ...fields, phone: '99 12 34', town: '', consent: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="en">');
    expect(refused.body).toContain('<h1>Your pre-enrolment has not been sent yet</h1>');
    expect(refused.body).toContain('<a href="#champ-phone">Phone</a>: Enter a valid phone number');
    expect(refused.body).toContain(
      '<li><a href="#champ-town">Town or neighbourhood</a>: The “Town or neighbourhood” field is required.</li>',
    );
    expect(refused.body).toContain('<a href="#champ-consent">Agreement to be contacted</a>: Tick the box');
    expect(refused.body).toContain('<option value="soudure" selected>Welding</option>');
    expect(refused.body).toContain('<input type="hidden" name="language" value="en">');
    expect(refused.body).toContain(`href="${site}/en/programmes/welding">Back to the programme</a>`);
  });

  it('e-mails the student in English, and the staff in French saying to call back in English', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, CONTENT_DIR: filled(), PUBLIC_SITE_URL: site } });
    const { reference } = (await postJson(app, '/api/applications', { ...application, email: 'fru.ndang@example.cm' })).json();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: scaled(5000) });
    const student = mailText(smtp.received.find((mail) => mail.to.includes('fru.ndang@example.cm')));
    expect(student).toContain(`Subject: Pre-enrolment saved: Welding (${reference})`);
    expect(student).toMatch(/^Hello,$/m);
    expect(student).toContain('Thank you! Your pre-enrolment is saved: the centre will call you back on the number you gave.');
    expect(student).toContain(`Programme: Welding (${site}/en/programmes/welding)`);
    expect(student).toContain(`Your reference: ${reference}`);
    expect(student).toContain('What happens next?\nThe centre will call you within two working days on 6 77 00 11 22');
    expect(student).toContain(
      'Documents for your enrolment file:\n- A copy of your birth certificate\n- A copy of your latest diploma\n- Two passport photos',
    );
    expect(student).toContain('Fees:\n- Registration: 25,000 FCFA');
    expect(student).toMatch(/\nCentre de formation professionnelle de Nkoabang\n*$/);
    expect(student).toContain('Message the centre on WhatsApp: https://wa.me/237699000001?text=');
    expect(student).not.toMatch(/Bonjour|Votre référence|Formation|Fru,/);
    const staff = mailText(smtp.received.find((mail) => mail.to.includes('accueil@centre.test')));
    expect(staff).toContain(`Référence : ${reference}`);
    expect(staff).toContain('Formation : Soudure');
    expect(staff).toContain('Langue : anglais (répondre en anglais)');
    await vi.waitFor(() => expect(app.db.select().from(applications).get()?.confirmation).toBe('sent'));
  });

  it('with documents the centre gave in French only: the page and the e-mail say so and mark the list French, facts in English', async () => {
    const content = filled();
    const twin = path.join(content, 'en/formations/soudure.md');
    writeFileSync(twin, readFileSync(twin, 'utf8').replace(/^enrolmentDocuments: .*\n/m, ''));
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, CONTENT_DIR: content, PUBLIC_SITE_URL: site } });
    const answer = await postJson(app, '/api/applications', { ...application, email: 'fru.ndang@example.cm' });
    expect(answer.json().nextSteps).toMatchObject({
      documents: ['Copie de l’acte de naissance', 'Copie du dernier diplôme', 'Deux photos d’identité'],
      documentsLanguage: 'fr',
      fees: ['Registration: 25,000 FCFA', 'Whole programme: 350,000 FCFA', 'Payment: in 3\u00a0instalments'],
    });
    const page = (
      await postForm(app, '/api/applications', { ...application, phone: '6 77 00 11 23', consent: 'on' } as Record<
        string,
        string
      >)
    ).body;
    expect(page).toContain(
      '<p>The centre has this list in French only for now:</p><ul lang="fr"><li>Copie de l’acte de naissance</li>',
    );
    expect(page).toContain('<li>Payment: in 3\u00a0instalments</li>');
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(2), { timeout: scaled(5000) });
    const student = mailText(smtp.received.find((mail) => mail.to.includes('fru.ndang@example.cm')));
    expect(student).toContain(
      'Documents for your enrolment file:\nThe centre has this list in French only for now:\n- Copie de l’acte de naissance',
    );
    expect(student).toContain('- Payment: in 3\u00a0instalments');
  });

  it('is kept with its language: the list filters by it, the details name the programme in English, the export says English', async () => {
    const app = await buildTestApp();
    await postJson(app, '/api/applications', application);
    await postJson(app, '/api/applications', { ...application, phone: '6 99 12 34 56', firstName: 'Awa', language: undefined });
    const english = (await adminGet(app, '/api/applications?language=en')).json();
    expect(english).toMatchObject({ total: 1, items: [{ firstName: 'Fru', language: 'en', programmeTitle: 'Soudure' }] });
    expect((await adminGet(app, '/api/applications?language=fr')).json()).toMatchObject({
      total: 1,
      items: [{ firstName: 'Awa', language: 'fr' }],
    });
    const details = (await adminGet(app, `/api/applications/${english.items[0]._id}`)).json();
    expect(details).toMatchObject({
      language: 'en',
      programmeTitle: 'Soudure',
      studentProgrammeTitle: 'Welding',
      studentProgrammePath: '/en/programmes/welding',
    });

    const csv = (await adminGet(app, '/api/applications/export.csv')).body.replace(/^\uFEFF/, '').split('\r\n');
    const cells = (line = '') => line.match(/"[^"]*"/g)?.map((cell) => cell.slice(1, -1)) ?? [];
    const languages = csv.slice(1, 3).map((line) => cells(line)[cells(csv[0]).indexOf('Language')]);
    expect(languages).toEqual(['French', 'English']);
    const filtered = (await adminGet(app, '/api/applications/export.csv?language=en')).body.trim().split('\r\n');
    expect(filtered).toHaveLength(2);
    expect(filtered[1]).toContain('"Fru";"Ndang"');
  });
});

describe('a newsletter subscription from the English site', () => {
  const subscribe = (app: App, email: string, remoteAddress = '203.0.113.1') =>
    postJson(app, '/api/subscriber', { email, language: 'en' }, remoteAddress);

  it('refuses an invalid address in English, thanks in English and keeps the subscriber’s language', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const invalid = await subscribe(app, 'fru@');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'This email address is not valid.' });
    const empty = await subscribe(app, '');
    expect(empty.json()).toEqual({ message: 'Please enter your email address.' });

    const done = await subscribe(app, 'Fru.Ndang@example.cm');
    expect(done.json()).toEqual({ message: 'Thank you! You are now subscribed to our newsletter.', pending: false });
    const form = await postForm(app, '/api/subscriber', { email: 'form@example.cm', language: 'en', website: '' });
    expect(form.headers.location).toBe(`${site}/en/newsletter/thank-you`);
    const wrong = await postForm(app, '/api/subscriber', { email: 'form@', language: 'en' });
    expect(wrong.headers.location).toBe(`${site}/en/newsletter/error`);

    const list = (await adminGet(app, '/api/subscribers')).json().items;
    expect(list.map(({ email, language }: { email: string; language: string }) => ({ email, language }))).toEqual([
      { email: 'form@example.cm', language: 'en' },
      { email: 'fru.ndang@example.cm', language: 'en' },
    ]);
    const csv = (await adminGet(app, '/api/subscriber/export.csv')).body.trim().split('\r\n');
    expect(csv[1]).toMatch(/^"fru\.ndang@example\.cm";"Confirmed";"[^"]+";"[^"]+";"English";"No"$/);
  });

  it('sends the confirmation in English, and its links lead to the English pages', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, PUBLIC_SITE_URL: site } });
    const response = await subscribe(app, 'fru.ndang@example.cm');
    expect(response.json()).toEqual({
      message: 'Almost done: confirm your subscription with the link we have sent you by email.',
      pending: true,
    });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const text = mailText(smtp.received[0]);
    expect(text).toContain('Subject: Confirm your subscription to our newsletter');
    expect(text).toMatch(/^Hello,$/m);
    expect(text).toContain('confirm your subscription by opening this link within 24 hours:');
    expect(text).toMatch(/^Unsubscribe: https:\/\/www\.centre\.test\/api\/subscriber\/unsubscribe\?token=[\w-]+&language=en$/m);
    expect(text).not.toMatch(/Bonjour|désinscrire/);
    const confirm = text.match(/https:\/\/www\.centre\.test(\/api\/subscriber\/confirm\?token=[\w-]+&language=en)/)?.[1];
    const unsubscribe = text.match(/https:\/\/www\.centre\.test(\/api\/subscriber\/unsubscribe\?token=[\w-]+&language=en)/)?.[1];

    const confirmPage = await app.inject({ method: 'GET', url: confirm ?? '' });
    expect(confirmPage.body).toMatch(
      /<html lang="en">[\s\S]*<h1>Confirm your subscription<\/h1>[\s\S]*>Confirm my subscription<\/button>/,
    );
    const confirmed = await app.inject({ method: 'POST', url: confirm ?? '' });
    expect(confirmed.headers.location).toBe(`${site}/en/newsletter/confirmed`);
    const twice = await app.inject({ method: 'POST', url: confirm ?? '' });
    expect(twice.headers.location).toBe(`${site}/en/newsletter/invalid-link`);
    const leavePage = await app.inject({ method: 'GET', url: unsubscribe ?? '' });
    expect(leavePage.body).toMatch(/<h1>Unsubscribe from the newsletter<\/h1>[\s\S]*>Unsubscribe<\/button>/);
    const left = await app.inject({ method: 'POST', url: unsubscribe ?? '' });
    expect(left.headers.location).toBe(`${site}/en/newsletter/unsubscribed`);
    expect(app.db.select().from(subscribers).all()).toHaveLength(0);
    const again = await app.inject({ method: 'GET', url: unsubscribe ?? '' });
    expect(again.headers.location).toBe(`${site}/en/newsletter/invalid-link`);
  });
});

describe('a form that names no language, or one the site does not have', () => {
  it('is answered in French, as before the English site', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const german = await postJson(app, '/api/contact', { ...contact, language: 'de', email: 'fru@' });
    expect(german.json().fields).toEqual({ email: 'Cette adresse e-mail n’est pas valide.' });
    const sent = await postForm(app, '/api/contact', { ...contact, language: 'de' });
    expect(sent.headers.location).toBe(`${site}/contact/merci`);
    const { language: _language, ...french } = contact;
    await postJson(app, '/api/contact', french);
    expect(app.db.select({ language: contactMessages.language }).from(contactMessages).all()).toEqual([
      { language: 'fr' },
      { language: 'fr' },
    ]);
  });
});
