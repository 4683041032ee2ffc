import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalisePhone } from '@cfp/shared';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { applications, auditLog } from '../src/db/schema.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';

const repositoryContent = path.resolve(import.meta.dirname, '../../content');

/** A copy of the content where Soudure offers two intakes. */
function contentWithIntakes(): string {
  const content = temporaryDirectory();
  cpSync(repositoryContent, content, { recursive: true });
  const soudure = path.join(content, 'formations', 'soudure.md');
  writeFileSync(
    soudure,
    readFileSync(soudure, 'utf8').replace(/^confirmed: (true|false)$/m, '$&\nintakes: ["2027-01-11", "2027-10-04"]'),
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
    expect(list.json()).toEqual([
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
    const app = await buildTestApp({ env: { CONTENT_DIR: contentWithIntakes() } });
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

  it('keeps one application when the same phone applies again for the same programme within a day', async () => {
    const app = await buildTestApp();
    const first = (await post(app, application)).json().reference;
    const again = await post(
      app,
      { ...application, phone: '+237 699-12-34-56', town: 'Mimboman', message: 'Je préfère le week-end.' },
      '10.0.0.2',
    );
    expect(again.json().reference).toBe(first);
    const rows = app.db.select().from(applications).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ town: 'Mimboman', message: 'Je préfère le week-end.' });

    expect(
      (await post(app, { ...application, programme: 'chaudronnerie', schedule: undefined }, '10.0.0.3')).json().reference,
    ).not.toBe(first);
    app.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(applications.reference, first))
      .run();
    expect((await post(app, application, '10.0.0.4')).json().reference).not.toBe(first);
    expect(app.db.select().from(applications).all()).toHaveLength(3);
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

  it('e-mails the application to the staff inbox when SMTP is set', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const { reference } = (await post(app, { ...application, email: 'jp.essomba@example.cm' })).json();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    const text = mailText(smtp.received[0]);
    expect(text).toContain(`Référence : ${reference}`);
    expect(text).toContain('Formation : Soudure');
    expect(text).toContain('Téléphone : 6 99 12 34 56 (+237699123456)');
    expect(text).toMatch(/Reply-To: jp\.essomba@example\.cm/i);
    await vi.waitFor(() => expect(app.db.select().from(applications).get()?.forwarding).toBe('sent'));
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
    expect(byStatus.json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/applications?status=new', headers })).json()).toHaveLength(0);
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
      'reference,programme,firstName,lastName,phone,email,town,level,schedule,intake,heardFrom,status,note,createdAt',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Cliquez"")"`);
    expect(row).toContain(`"'+237699123456"`);
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
});
