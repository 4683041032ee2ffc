import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalisePhone } from '@cfp/shared';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { scaled } from '@cfp/test-support/time-scale';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { purgeExpiredApplications } from '../src/applications/retention.ts';
import { applicationsToRepeat } from '../src/applications/save-application.ts';
import { applications, auditLog } from '../src/db/schema.ts';
import { buildTestApp, loginAs, temporaryDirectory, testConfig } from './helper.ts';

const repositoryContent = path.resolve(import.meta.dirname, '../../content');

/**
 * A copy of the content where Soudure has published two intakes, its enrolment documents and
 * fees, and the centre its WhatsApp number and callback delay.
 */
function publishedContent(): string {
  const content = temporaryDirectory();
  cpSync(repositoryContent, content, { recursive: true });
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(path.join(content, file), change(readFileSync(path.join(content, file), 'utf8')));
  edit('formations/soudure.md', (text) =>
    text.replace(
      /^confirmed: (true|false)$/m,
      [
        '$&',
        'intakes: ["2027-01-11", "2027-10-04"]',
        'enrolmentDocuments: ["Copie de l’acte de naissance", "Deux photos d’identité"]',
        'fees: { registration: 25000, tuition: 350000 }',
      ].join('\n'),
    ),
  );
  edit('centre.yaml', (text) =>
    text
      .replace(/^(whatsapp:\n\s+number: ).*$/m, '$1"+237699000001"')
      .replace(/^callbackDelay: .*$/m, 'callbackDelay: "sous deux jours ouvrables"'),
  );
  return content;
}

const application = {
  programme: 'soudure',
  firstName: 'Jean-Paul',
  lastName: 'Essomba',
  phone: '6 99 12 34 56',
  town: 'Nkoabang, carrefour',
  level: 'cep',
  schedule: 'jour',
  heardFrom: 'facebook',
  message: 'Je travaille déjà dans un atelier.',
  consent: true,
};

const post = (app: Awaited<ReturnType<typeof buildTestApp>>, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/applications', payload, remoteAddress });

describe('phone numbers as students type them', () => {
  it.each([
    ['6 99 12 34 56', '+237699123456'],
    ['699123456', '+237699123456'],
    ['699 12 34 56', '+237699123456'],
    ['6.99.12.34.56', '+237699123456'],
    ['6-99-12-34-56', '+237699123456'],
    ['+237 6 99 12 34 56', '+237699123456'],
    ['+237699123456', '+237699123456'],
    ['00237 699 12 34 56', '+237699123456'],
    ['237699123456', '+237699123456'],
    ['(+237) 699-12-34-56', '+237699123456'],
    ['+237 (6) 99 12 34 56', '+237699123456'],
    ['677 00 11 22', '+237677001122'],
    ['655001122', '+237655001122'],
    ['2 22 23 45 67', '+237222234567'],
    ['+237 242 01 23 45', '+237242012345'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
  ])('%s is %s', (typed, e164) => {
    expect(normalisePhone(typed)).toBe(e164);
  });

  it.each(['99 12 34 56', '7 99 12 34 56', '69912345', '6991234567', '+237 99 12 34 56', 'six neuf neuf', ''])(
    '%s is refused',
    (typed) => {
      expect(normalisePhone(typed)).toBeUndefined();
    },
  );
});

describe('POST /api/applications', () => {
  it('stores the application with the phone in E.164 and answers with a reference to quote', async () => {
    const app = await buildTestApp();
    const response = await post(app, application);
    expect(response.statusCode).toBe(201);
    const { message, reference } = response.json();
    expect(message).toMatch(/^Merci/);
    expect(reference).toMatch(/^PI-[A-HJ-NP-Z2-9]{6}$/);
    const token = await loginAs(app);
    const list = await app.inject({ method: 'GET', url: '/api/applications', headers: { authorization: `Bearer ${token}` } });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        reference,
        programme: 'soudure',
        phone: '+237699123456',
        status: 'new',
        email: null,
        schedule: 'jour',
      }),
    ]);
  });

  it('explains each invalid field in French and stores nothing', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: publishedContent() } });
    const refusals: Array<[object, RegExp]> = [
      [{ firstName: ' ' }, /« Prénom » est obligatoire/],
      [{ lastName: undefined }, /« Nom » est obligatoire/],
      [{ phone: '12 34' }, /numéro de téléphone valide, par exemple 6 99 00 00 00/],
      [{ email: 'jean@' }, /adresse e-mail n’est pas valide/],
      [{ town: '' }, /« Ville ou quartier » est obligatoire/],
      [{ level: 'licence' }, /niveau d’études/],
      [{ programme: 'astronautique' }, /Choisissez une formation/],
      [{ programme: '../etc' }, /Choisissez une formation/],
      [{ schedule: 'soir' }, /horaire proposé pour cette formation/],
      [{ intake: '2027-02-01' }, /rentrée proposée pour cette formation/],
      [{ heardFrom: 'pigeon' }, /réponse de la liste/],
      [{ consent: false }, /accepter que le centre vous contacte/],
      [{ message: 'x'.repeat(2001) }, /« Message » ne doit pas dépasser 2000 caractères/],
    ];
    for (const [change, message] of refusals) {
      const response = await post(
        app,
        { ...application, ...change },
        `10.0.0.${refusals.findIndex(([other]) => other === change) + 1}`,
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toMatch(message);
    }
    expect(app.db.select().from(applications).all()).toHaveLength(0);
    expect((await post(app, { ...application, intake: '2027-10-04', email: '', heardFrom: '' })).statusCode).toBe(201);
  });

  it('names every invalid field at once, so that the form shows each message beside its field', async () => {
    const app = await buildTestApp();
    const response = await post(app, { ...application, phone: '12', town: '', consent: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      phone: expect.stringMatching(/numéro de téléphone valide/),
      town: expect.stringMatching(/« Ville ou quartier » est obligatoire/),
      consent: expect.stringMatching(/Cochez la case/),
    });
  });

  it('refuses a name or town with a line break, a tab or an invisible character, in French, and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await post(app, {
      ...application,
      firstName: 'Awa,\n\nIMPORTANT\u00a0: réglez 25 000 FCFA par Mobile Money au 6 99 00 00 00',
      lastName: 'Ngono\tNdzi',
      town: 'Bastos\u202e',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstName: 'Le champ « Prénom » doit tenir sur une ligne, sans tabulation ni caractère invisible.',
      lastName: 'Le champ « Nom » doit tenir sur une ligne, sans tabulation ni caractère invisible.',
      town: 'Le champ « Ville ou quartier » doit tenir sur une ligne, sans tabulation ni caractère invisible.',
    });
    expect(app.db.select().from(applications).all()).toHaveLength(0);
  });

  it('answers with the next steps from the content: documents, fees, callback and a WhatsApp message quoting the reference', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: publishedContent() } });
    const { reference, nextSteps } = (await post(app, application)).json();
    expect(nextSteps).toEqual({
      programmeTitle: 'Soudure',
      callback: 'Le centre vous appelle sous deux jours ouvrables au 6 99 12 34 56 pour confirmer votre inscription.',
      documents: ['Copie de l’acte de naissance', 'Deux photos d’identité'],
      documentsLanguage: 'fr',
      fees: ['Inscription\u00a0: 25\u00a0000 FCFA', 'Formation complète\u00a0: 350\u00a0000 FCFA'],
      whatsappUrl: expect.stringMatching(/^https:\/\/wa\.me\/237699000001\?text=/),
      programmeUrl: expect.stringMatching(/\/formation\/soudure$/),
    });
    expect(new URL(nextSteps.whatsappUrl).searchParams.get('text')).toBe(
      `Bonjour, je viens de me pré-inscrire en «\u00a0Soudure\u00a0» (référence ${reference}). Je suis Jean-Paul Essomba.`,
    );
  });

  it('the second post with the same phone and programme from another address leaves the first application unchanged and gets no reference of it', async () => {
    const app = await buildTestApp();
    const victim = (await post(app, { ...application, email: 'jp.essomba@example.cm' })).json().reference;
    const first = app.db.select().from(applications).get();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/applications/${first?.id}`,
      headers,
      payload: { status: 'contacted', note: 'Rappeler samedi' },
    });
    expect(patched.statusCode).toBe(200);
    const stored = app.db.select().from(applications).where(eq(applications.reference, victim)).get();

    const repeat = await post(
      app,
      {
        ...application,
        phone: '00237 699 12 34 56',
        firstName: 'Intrus',
        lastName: 'Inconnu',
        email: 'intrus@example.net',
        message: 'Changement de programme.',
      },
      '10.0.0.2',
    );
    expect(repeat.statusCode).toBe(201);
    const { reference } = repeat.json();
    expect(reference).toMatch(/^PI-/);
    expect(reference).not.toBe(victim);
    expect(repeat.body).not.toContain(victim);

    expect(app.db.select().from(applications).where(eq(applications.reference, victim)).get()).toEqual(stored);
    expect(stored).toMatchObject({
      firstName: 'Jean-Paul',
      email: 'jp.essomba@example.cm',
      message: 'Je travaille déjà dans un atelier.',
      status: 'contacted',
      note: 'Rappeler samedi',
    });
    expect(app.db.select().from(applications).where(eq(applications.reference, reference)).get()).toMatchObject({
      firstName: 'Intrus',
      email: 'intrus@example.net',
      phone: '+237699123456',
      status: 'new',
      repeatOf: first?.id,
    });
    expect(app.db.select().from(auditLog).where(eq(auditLog.action, 'application.repeat')).all()).toMatchObject([
      { actor: 'site', target: `${reference} repeats ${victim}`, address: null },
    ]);
  });

  it('answers an exact resend within the day with the same reference and stores nothing new', async () => {
    const app = await buildTestApp();
    const first = (await post(app, application)).json().reference;
    const stored = app.db.select().from(applications).get();
    const resend = await post(app, { ...application, phone: '+237 699-12-34-56' }, '10.0.0.2');
    expect(resend.json().reference).toBe(first);
    expect(app.db.select().from(applications).all()).toEqual([stored]);
    expect(app.db.select().from(auditLog).where(eq(auditLog.action, 'application.repeat')).all()).toHaveLength(0);

    const corrected = await post(app, { ...application, town: 'Mimboman' }, '10.0.0.3');
    expect(corrected.json().reference).not.toBe(first);
    expect(app.db.select().from(applications).all()).toHaveLength(2);
  });

  it('links no application for another programme, or a day later', async () => {
    const app = await buildTestApp();
    const first = (await post(app, application)).json().reference;
    await post(app, { ...application, programme: 'chaudronnerie', schedule: undefined }, '10.0.0.3');
    app.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(applications.reference, first))
      .run();
    expect((await post(app, application, '10.0.0.4')).json().reference).not.toBe(first);
    const rows = app.db.select().from(applications).all();
    expect(rows.map((row) => row.repeatOf)).toEqual([null, null, null]);
  });

  it('thanks a bot that fills the honeypot and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await post(app, { ...application, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json().reference).toMatch(/^PI-/);
    expect(app.db.select().from(applications).all()).toHaveLength(0);
  });

  it('limits each address to a few applications a minute, in French', async () => {
    const app = await buildTestApp();
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await post(app, { ...application, phone: `6 99 12 34 5${index}` }));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]?.statusCode).toBe(429);
    expect(answers[5]?.json().message).toMatch(/Trop de tentatives/);
    expect((await post(app, application, '10.9.9.9')).statusCode).toBe(201);
  });

  it('e-mails the application to the staff inbox and its confirmation to the student when SMTP is set', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, CONTENT_DIR: publishedContent() } });
    const { reference } = (await post(app, { ...application, email: 'jp.essomba@example.cm' })).json();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: scaled(5000) });
    const staff = mailText(smtp.received.find((mail) => mail.to.includes('accueil@centre.test')));
    expect(staff).toContain(`Référence : ${reference}`);
    expect(staff).toContain('Formation : Soudure');
    expect(staff).toContain('Téléphone : 6 99 12 34 56 (+237699123456)');
    expect(staff).toContain('Niveau : CEP');
    expect(staff).toContain('Horaire souhaité : Cours du jour');
    expect(staff).toContain('Connu par : Facebook');
    expect(staff).toMatch(/Reply-To: jp\.essomba@example\.cm/i);
    const student = mailText(smtp.received.find((mail) => mail.to.includes('jp.essomba@example.cm')));
    expect(student).toContain(`Votre référence\u00a0: ${reference}`);
    expect(student).toContain('Le centre vous appelle sous deux jours ouvrables au 6 99 12 34 56');
    expect(student).toContain('- Copie de l’acte de naissance');
    expect(student).toContain('Inscription\u00a0: 25\u00a0000 FCFA');
    expect(student).toContain('https://wa.me/237699000001?text=');
    // The address is not verified: the mail quotes no name, which a stranger could fill with their own text.
    expect(student).toMatch(/^Bonjour,$/m);
    expect(student).not.toMatch(/Bonjour Jean-Paul|Essomba,/);
    await vi.waitFor(() => {
      const row = app.db.select().from(applications).get();
      expect([row?.forwarding, row?.confirmation]).toEqual(['sent', 'sent']);
    });
  });

  it('sends no confirmation to a student who gave no e-mail address', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await post(app, application);
    await vi.waitFor(() => expect(app.db.select().from(applications).get()?.forwarding).toBe('sent'), { timeout: scaled(5000) });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['accueil@centre.test']]);
    expect(app.db.select().from(applications).get()?.confirmation).toBeNull();
  });
});

describe('the repeat check', () => {
  it('reads only the rows of the phone that applies, not the day’s applications to the programme', async () => {
    const app = await buildTestApp();
    const query = applicationsToRepeat(app.db).toSQL();
    const plan = app.db.$client
      .prepare(`explain query plan ${query.sql}`)
      .all('+237690000001', 'soudure', Date.now() - 86_400_000) as Array<{ detail: string }>;
    expect(plan.map(({ detail }) => detail)).toContainEqual(
      expect.stringMatching(/^SEARCH applications USING INDEX \S+ \(phone=\? AND programme=\? AND created_at>\?\)$/),
    );
  });
});

describe('the same form posted without JavaScript', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formFields = { ...application, consent: 'on' } as Record<string, string>;
  const postForm = (app: Awaited<ReturnType<typeof buildTestApp>>, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });

  it('answers with a French page: the reference, when the centre calls, the documents, the fees and WhatsApp', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: publishedContent() } });
    const response = await postForm(app, formFields);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const reference = app.db.select().from(applications).get()?.reference ?? '';
    expect(reference).toMatch(/^PI-[A-Z2-9]{6}$/);
    const page = response.body;
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain(reference);
    expect(page).toContain('Le centre vous appelle sous deux jours ouvrables au 6 99 12 34 56');
    expect(page).toContain('<li>Copie de l’acte de naissance</li><li>Deux photos d’identité</li>');
    expect(page).toContain('<li>Formation complète\u00a0: 350\u00a0000 FCFA</li>');
    const whatsapp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page)?.[1] ?? '';
    expect(decodeURIComponent(new URL(whatsapp.replaceAll('&amp;', '&')).searchParams.get('text') ?? '')).toContain(
      `(référence ${reference})`,
    );
    // The answer pages' own policy: their stylesheet by hash, no script, a form only to the API.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toMatch(/form-action 'self'$/);
    expect(page).not.toContain('<script');
  });

  it('says where the content has published nothing: the documents are given on the phone, no fees, no WhatsApp', async () => {
    const app = await buildTestApp();
    const page = (await postForm(app, formFields)).body;
    expect(page).toContain('Le centre vous dit au téléphone quelles pièces apporter.');
    expect(page).toContain('Le centre vous appelle au 6 99 12 34 56');
    expect(page).not.toContain('FCFA');
    expect(page).not.toContain('wa.me');
  });

  it('names each wrong field in French, linked to it, gives the form back as typed, and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await postForm(app, { ...formFields, phone: '99 12 34', town: '', consent: '' });
    expect(response.statusCode).toBe(400);
    const page = response.body;
    expect(page).toContain('<a href="#champ-phone">Téléphone</a>\u00a0: Entrez un numéro de téléphone valide');
    expect(page).toContain('<a href="#champ-town">Ville ou quartier</a>\u00a0: Le champ « Ville ou quartier » est obligatoire.');
    expect(page).toContain('<a href="#champ-consent">Accord pour que le centre vous contacte</a>\u00a0: Cochez la case');
    expect(page).toContain('<option value="soudure" selected>Soudure</option>');
    expect(page).toMatch(/<input id="champ-firstName" name="firstName" [^>]*value="Jean-Paul">/);
    expect(page).toContain('<option value="cep" selected>CEP</option>');
    expect(page).toContain('>Je travaille déjà dans un atelier.</textarea>');
    expect(page).toMatch(/<input id="champ-consent" name="consent" [^>]*aria-invalid="true" type="checkbox">/);
    expect(page).toContain('type="submit">Envoyer ma pré-inscription</button>');
    expect(page).toContain('/formation/soudure">Revenir à la formation</a>');
    expect(app.db.select().from(applications).all()).toHaveLength(0);
  });

  it('leads back to the pre-enrolment form, and says so, when no programme on the site was chosen', async () => {
    const app = await buildTestApp();
    const response = await postForm(app, { ...formFields, programme: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/\/preinscription">Revenir au formulaire de pré-inscription<\/a>/);
    expect(response.body).not.toContain('Revenir à la formation');
  });
});

describe('applications in the admin', () => {
  it('moves an application to contacted then enrolled, saying who and when, with a note and an audit entry', async () => {
    const app = await buildTestApp();
    await post(app, application);
    const id = app.db.select().from(applications).get()?.id;
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const contacted = await app.inject({
      method: 'PATCH',
      url: `/api/applications/${id}`,
      headers,
      payload: { status: 'contacted', note: 'Rappeler samedi' },
    });
    expect(contacted.json()).toMatchObject({
      message: 'Application updated',
      data: { status: 'contacted', note: 'Rappeler samedi', statusChangedBy: 'Owner' },
    });
    const enrolled = await app.inject({
      method: 'PATCH',
      url: `/api/applications/${id}`,
      headers,
      payload: { status: 'enrolled' },
    });
    expect(enrolled.json().data).toMatchObject({
      status: 'enrolled',
      note: 'Rappeler samedi',
      statusChangedAt: expect.any(String),
    });
    const audit = app.db.select().from(auditLog).where(eq(auditLog.action, 'application.status')).all();
    expect(audit.map((entry) => entry.target)).toEqual([
      expect.stringMatching(/new → contacted$/),
      expect.stringMatching(/contacted → enrolled$/),
    ]);
    const byStatus = await app.inject({ method: 'GET', url: '/api/applications?status=enrolled&programme=soudure', headers });
    expect(byStatus.json()).toMatchObject({ total: 1 });
    expect((await app.inject({ method: 'GET', url: '/api/applications?status=new', headers })).json()).toMatchObject({
      total: 0,
    });
  });

  it('exports the applications as CSV for a spreadsheet, formulas defused', async () => {
    const app = await buildTestApp();
    await post(app, { ...application, firstName: '=HYPERLINK("http://evil.example","Cliquez")' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/applications/export.csv',
      headers: { authorization: `Bearer ${await loginAs(app)}` },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Reference";"Programme";"First name";"Last name";"Phone";"Email";"Language";"Town";"Level";"Schedule";"Intake";"Heard about us from";"Status";"Note";"Applied on";"Repeat of"',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Cliquez"")"`);
    expect(row).toContain(`;"6 99 12 34 56";"";"French";`);
    expect(row).toContain(`;"CEP";"Day classes";"";"Facebook";"New";`);
  });

  it('writes the CSV dates day first, in the centre’s time zone', async () => {
    const app = await buildTestApp({ env: { TIME_ZONE: 'Asia/Tokyo' } });
    await post(app, application);
    app.db
      .update(applications)
      .set({ createdAt: new Date('2026-03-02T16:15:00Z'), intake: '2026-10-05' })
      .run();
    const response = await app.inject({
      method: 'GET',
      url: '/api/applications/export.csv',
      headers: { authorization: `Bearer ${await loginAs(app)}` },
    });
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    // Every cell is quoted (a town has commas); none here has a quote inside.
    const cells = (line = '') => line.match(/"[^"]*"/g)?.map((cell) => cell.slice(1, -1)) ?? [];
    const values = cells(row);
    const byColumn = Object.fromEntries(cells(header).map((column, index) => [column, values[index]]));
    expect(byColumn).toMatchObject({ 'Applied on': '03/03/2026 01:15', Intake: '05/10/2026', Programme: 'Soudure' });
  });

  it('lets only a superAdmin delete an application, and records it', async () => {
    const app = await buildTestApp();
    await post(app, application);
    const id = app.db.select().from(applications).get()?.id;
    const owner = { authorization: `Bearer ${await loginAs(app)}` };
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: owner,
      payload: { username: 'Accueil', email: 'accueil@centre.test', password: 'a long editor passphrase', role: 'admin' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const staff = { authorization: `Bearer ${await loginAs(app, 'accueil@centre.test', 'a long editor passphrase')}` };
    expect((await app.inject({ method: 'DELETE', url: `/api/applications/${id}`, headers: staff })).statusCode).toBe(403);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/applications/${id}`, headers: owner });
    expect(deleted.json()).toEqual({ message: 'Application deleted' });
    expect(app.db.select().from(applications).all()).toHaveLength(0);
    expect(app.db.select().from(auditLog).where(eq(auditLog.action, 'application.delete')).all()).toHaveLength(1);
  });

  it('deletes the applications untouched for longer than the retention when the API starts, and records it', async () => {
    const dataDir = temporaryDirectory();
    const env = { DATA_DIR: dataDir, APPLICATION_RETENTION_DAYS: '30' };
    const first = await buildTestApp({ env });
    for (const phone of ['699000001', '699000002', '699000003']) {
      expect((await post(first, { ...application, phone })).statusCode).toBe(201);
    }
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    const backdate = (phone: string, days: number) =>
      first.db
        .update(applications)
        .set({ updatedAt: daysAgo(days) })
        .where(eq(applications.phone, phone))
        .run();
    backdate('+237699000001', 31);
    backdate('+237699000002', 29);
    await first.close();

    const restarted = await buildTestApp({ env });
    await restarted.ready();
    expect(
      restarted.db
        .select({ phone: applications.phone })
        .from(applications)
        .all()
        .map((row) => row.phone),
    ).toEqual(['+237699000002', '+237699000003']);
    expect(restarted.db.select().from(auditLog).where(eq(auditLog.action, 'application.purge')).all()).toMatchObject([
      { actor: 'retention', target: '1 untouched for more than 30 days' },
    ]);
  });

  it('keeps through the purge an application whose status or note staff changed, a year after the student posted it', async () => {
    const app = await buildTestApp();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    for (const phone of ['699000001', '699000002']) expect((await post(app, { ...application, phone })).statusCode).toBe(201);
    const yearAndMonthAgo = new Date(Date.now() - 400 * 24 * 60 * 60_000);
    app.db.update(applications).set({ createdAt: yearAndMonthAgo, updatedAt: yearAndMonthAgo }).run();
    const [enrolled, noted] = app.db.select({ id: applications.id }).from(applications).orderBy(applications.id).all();
    const patch = (id: number | undefined, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/applications/${id}`, headers, payload });
    expect((await patch(enrolled?.id, { status: 'enrolled' })).statusCode).toBe(200);
    expect((await patch(noted?.id, { note: 'Rappeler après les examens' })).statusCode).toBe(200);

    expect(purgeExpiredApplications(app.db, 365)).toBe(0);
    expect(app.db.select().from(applications).all()).toHaveLength(2);
  });

  it('shows which application a repeat repeats: in the list, in both details and in the export', async () => {
    const app = await buildTestApp();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const first = (await post(app, application)).json().reference;
    const repeat = (await post(app, { ...application, town: 'Mimboman' }, '10.0.0.2')).json().reference;
    const [earlier, later] = app.db.select().from(applications).orderBy(applications.id).all();
    const list = (await app.inject({ method: 'GET', url: '/api/applications', headers })).json();
    expect(list.items).toMatchObject([
      { reference: repeat, repeatOf: { _id: earlier?.id, reference: first } },
      { reference: first, repeatOf: null },
    ]);
    const details = (id?: number) => app.inject({ method: 'GET', url: `/api/applications/${id}`, headers }).then((r) => r.json());
    expect(await details(earlier?.id)).toMatchObject({ repeatOf: null, repeats: [{ _id: later?.id, reference: repeat }] });
    expect(await details(later?.id)).toMatchObject({ repeatOf: { _id: earlier?.id, reference: first }, repeats: [] });

    const csv = await app.inject({ method: 'GET', url: '/api/applications/export.csv', headers });
    const [, repeatLine, firstLine] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(repeatLine).toMatch(new RegExp(`^"${repeat}";.*;"${first}"$`));
    expect(firstLine).toMatch(/;""$/);
  });

  it('tells the staff inbox that a repeat was sent again after the earlier application', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const first = (await post(app, application)).json().reference;
    const repeat = (await post(app, { ...application, firstName: 'Paul' }, '10.0.0.2')).json().reference;
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: scaled(5000) });
    const mails = smtp.received.map((mail) => mailText(mail));
    const repeatMail = mails.find((text) => text.includes(`Référence : ${repeat}`));
    expect(repeatMail).toContain(`Envoyée à nouveau : même téléphone et même formation que ${first}`);
    expect(mails.find((text) => text.includes(`Référence : ${first}`))).not.toContain('Envoyée à nouveau');
  });

  it('purges an expired application that a later one repeats, and keeps the later one, unlinked', async () => {
    const app = await buildTestApp();
    await post(app, application);
    const repeat = (await post(app, { ...application, town: 'Mimboman' }, '10.0.0.2')).json().reference;
    const yearAndMonthAgo = new Date(Date.now() - 400 * 24 * 60 * 60_000);
    app.db.update(applications).set({ updatedAt: yearAndMonthAgo }).where(sql`${applications.repeatOf} is null`).run();

    expect(purgeExpiredApplications(app.db, 365)).toBe(1);
    expect(app.db.select().from(applications).all()).toMatchObject([{ reference: repeat, repeatOf: null }]);
  });

  it('refuses a retention too short for the staff to call back', () => {
    expect(() => testConfig({ APPLICATION_RETENTION_DAYS: '7' })).toThrow(/APPLICATION_RETENTION_DAYS: must be at least 30 days/);
  });
});
