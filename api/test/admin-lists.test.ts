import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, contactMessages, subscribers } from '../src/db/schema.ts';
import { buildTestApp, loginAs } from './helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const minutesAgo = (minutes: number) => new Date(Date.parse('2026-11-20T10:00:00Z') - minutes * 60_000);

/** `count` applications, the newest first in id order reversed: number i is i minutes old. */
function seedApplications(
  app: App,
  count: number,
  overrides: (index: number) => Partial<typeof applications.$inferInsert> = () => ({}),
) {
  const rows = Array.from({ length: count }, (_, index) => ({
    reference: `PI-A${String(index).padStart(5, '0')}`,
    programme: index % 2 ? 'soudure' : 'froid-climatisation',
    firstName: `Prénom${index}`,
    lastName: 'Essomba',
    phone: `+2376990${String(index).padStart(5, '0')}`,
    town: 'Yaoundé',
    level: 'bepc' as const,
    message: `Message ${index}`,
    note: null,
    forwarding: 'not_configured' as const,
    createdAt: minutesAgo(index),
    updatedAt: minutesAgo(index),
    ...overrides(index),
  }));
  app.db.insert(applications).values(rows).run();
}

async function adminGet(app: App, url: string) {
  const headers = { authorization: `Bearer ${await loginAs(app)}` };
  return app.inject({ method: 'GET', url, headers });
}

describe('the applications list, a page at a time', () => {
  it('answers 20 summaries a page, newest first, with the total, and an empty page past the end', async () => {
    const app = await buildTestApp();
    seedApplications(app, 45);
    const first = (await adminGet(app, '/api/applications')).json();
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ reference: 'PI-A00000', programmeTitle: 'Froid et climatisation' });
    expect(first.items[0]).not.toHaveProperty('message');
    expect(first.items[0]).not.toHaveProperty('note');
    const third = (await adminGet(app, '/api/applications?page=3')).json();
    expect(third.items.map((item: { reference: string }) => item.reference)).toEqual([
      'PI-A00040',
      'PI-A00041',
      'PI-A00042',
      'PI-A00043',
      'PI-A00044',
    ]);
    expect((await adminGet(app, '/api/applications?page=4')).json()).toMatchObject({ items: [], total: 45, page: 4 });
    expect((await adminGet(app, '/api/applications?page=0')).statusCode).toBe(400);
  });

  it('counts the total of the filtered rows only', async () => {
    const app = await buildTestApp();
    seedApplications(app, 30, (index) => ({ status: index < 4 ? 'contacted' : 'new', intake: index < 10 ? '2027-01-11' : null }));
    const page = (await adminGet(app, '/api/applications?programme=soudure&status=contacted')).json();
    expect(page.total).toBe(2);
    expect(page.items.map((item: { reference: string }) => item.reference)).toEqual(['PI-A00001', 'PI-A00003']);
    expect((await adminGet(app, '/api/applications?intake=2027-01-11')).json().total).toBe(10);
    const everyone = (await adminGet(app, '/api/applications?q=essomba')).json();
    expect(everyone).toMatchObject({
      total: 30,
      items: expect.arrayContaining([expect.objectContaining({ reference: 'PI-A00000' })]),
    });
    expect(everyone.items).toHaveLength(20);
    expect((await adminGet(app, '/api/applications?q=essomba&status=contacted&page=1')).json().total).toBe(4);
  });

  it.each([
    ['PI-A00007', ['PI-A00007']],
    ['pi-a00007', ['PI-A00007']],
    ['a00007', ['PI-A00007']],
    ['prénom12', ['PI-A00012']],
    ['Prénom12 Essomba', ['PI-A00012']],
    ['6 99 00 00 13', ['PI-A00013']],
    ['699000013', ['PI-A00013']],
    ['+237 699 00 00 13', ['PI-A00013']],
    ['00013', ['PI-A00013']],
    ['00 12', ['PI-A00012']],
    ['100%', []],
    ['"', []],
  ])('finds %s by reference, name or phone', async (q, references) => {
    const app = await buildTestApp();
    seedApplications(app, 25);
    const page = (await adminGet(app, `/api/applications?q=${encodeURIComponent(q)}`)).json();
    expect(page.items.map((item: { reference: string }) => item.reference)).toEqual(references);
    expect(page.total).toBe(references.length);
  });

  it('finds a renamed application under its new name only, and a deleted one no more', async () => {
    const app = await buildTestApp();
    seedApplications(app, 3);
    app.db.update(applications).set({ lastName: 'Ngono' }).where(eq(applications.reference, 'PI-A00001')).run();
    app.db.delete(applications).where(eq(applications.reference, 'PI-A00002')).run();
    const found = async (q: string) =>
      (await adminGet(app, `/api/applications?q=${q}`)).json().items.map((item: { reference: string }) => item.reference);
    expect(await found('ngono')).toEqual(['PI-A00001']);
    expect(await found('essomba')).toEqual(['PI-A00000']);
  });

  it('searches nothing for an empty q', async () => {
    const app = await buildTestApp();
    seedApplications(app, 3);
    expect((await adminGet(app, '/api/applications?q=')).json().total).toBe(3);
  });

  it('refuses a search with a control character (a NUL, a line break) with a 400, in the lists and the exports', async () => {
    const app = await buildTestApp();
    seedApplications(app, 3);
    for (const url of [
      '/api/applications?q=%00abc',
      '/api/applications/export.csv?q=%00abc',
      '/api/applications?q=ess%0Aomba',
      '/api/subscribers?q=%00a',
      '/api/subscriber/export.csv?q=a%00',
    ]) {
      const response = await adminGet(app, url);
      expect([url, response.statusCode, response.json().message]).toEqual([
        url,
        400,
        'Invalid request: querystring.q: q cannot contain control characters',
      ]);
    }
  });

  it('gives one application whole by its id, and 404 for an unknown one', async () => {
    const app = await buildTestApp();
    seedApplications(app, 2);
    const [row] = app.db.select().from(applications).all();
    const whole = await adminGet(app, `/api/applications/${row?.id}`);
    expect(whole.json()).toMatchObject({ reference: row?.reference, message: row?.message, note: null });
    const unknown = await adminGet(app, '/api/applications/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Application not found' });
  });

  it('counts the applications for the badge, by status or all', async () => {
    const app = await buildTestApp();
    seedApplications(app, 7, (index) => ({ status: index < 3 ? 'new' : 'enrolled' }));
    expect((await adminGet(app, '/api/applications/count?status=new')).json()).toEqual({ count: 3 });
    expect((await adminGet(app, '/api/applications/count')).json()).toEqual({ count: 7 });
  });

  it('counts what the filters offer: statuses, programmes with their titles, intakes', async () => {
    const app = await buildTestApp();
    seedApplications(app, 5, (index) => ({
      status: index === 0 ? 'declined' : 'new',
      intake: index < 2 ? '2027-10-04' : index < 3 ? '2027-01-11' : null,
    }));
    expect((await adminGet(app, '/api/applications/facets')).json()).toEqual({
      total: 5,
      statuses: { new: 4, contacted: 0, enrolled: 0, declined: 1, withdrawn: 0 },
      programmes: [
        { programme: 'froid-climatisation', programmeTitle: 'Froid et climatisation', count: 3 },
        { programme: 'soudure', programmeTitle: 'Soudure', count: 2 },
      ],
      intakes: [
        { intake: '2027-01-11', count: 1 },
        { intake: '2027-10-04', count: 2 },
      ],
    });
  });
});

describe('the applications export', () => {
  it('streams every filtered row, past the first batch, as a semicolon CSV file', async () => {
    const app = await buildTestApp();
    seedApplications(app, 1600, (index) => ({ status: index % 3 ? 'new' : 'contacted' }));
    const response = await adminGet(app, '/api/applications/export.csv?status=contacted');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="preinscriptions.csv"');
    expect(response.body.startsWith('\uFEFF"Reference";"Programme";')).toBe(true);
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(534);
    expect(lines[0]).toMatch(
      /^"PI-A00000";"Froid et climatisation";"Prénom0";"Essomba";"6 99 00 00 00";"";"French";"Yaoundé";"BEPC";/,
    );
    expect(lines.at(-1)).toMatch(/^"PI-A01599";/);
    expect(new Set(lines).size).toBe(534);
  });

  it('loses no row between batches when many share the same moment', async () => {
    const app = await buildTestApp();
    seedApplications(app, 1234, (index) => ({ createdAt: minutesAgo(Math.floor(index / 600)) }));
    const lines = (await adminGet(app, '/api/applications/export.csv')).body.split('\r\n').slice(1, -1);
    expect(new Set(lines.map((line) => line.slice(0, 12))).size).toBe(1234);
  });

  it('exports only what q finds', async () => {
    const app = await buildTestApp();
    seedApplications(app, 10);
    const response = await adminGet(app, '/api/applications/export.csv?q=6%2099%2000%2000%2004');
    expect(response.body.split('\r\n').slice(1, -1)).toEqual([expect.stringMatching(/^"PI-A00004";/)]);
  });
});

describe('the inbox, a page at a time', () => {
  const seedMessages = (app: App, count: number) =>
    app.db
      .insert(contactMessages)
      .values(
        Array.from({ length: count }, (_, index) => ({
          firstName: 'Aïcha',
          lastName: `Mbarga${index}`,
          email: 'aicha@example.cm',
          phone: '699000000',
          message: `Bonjour,\n\n  ${'je voudrais des informations '.repeat(10)}${index}`,
          status: index < 5 ? ('new' as const) : ('read' as const),
          forwarding: 'not_configured' as const,
          createdAt: minutesAgo(index),
        })),
      )
      .run();

  it('answers 20 messages a page with an excerpt on one line instead of the message', async () => {
    const app = await buildTestApp();
    seedMessages(app, 23);
    const first = (await adminGet(app, '/api/messages')).json();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.items[0]).not.toHaveProperty('message');
    expect(first.items[0].excerpt).toMatch(/^Bonjour, je voudrais des informations je voudrais/);
    expect(first.items[0].excerpt).not.toContain('\n');
    expect(first.items[0].excerpt.length).toBeLessThanOrEqual(161);
    expect(first.items[0].excerpt.endsWith('…')).toBe(true);
    const second = (await adminGet(app, '/api/messages?page=2')).json();
    expect(second.items.map((item: { lastName: string }) => item.lastName)).toEqual(['Mbarga20', 'Mbarga21', 'Mbarga22']);
    expect((await adminGet(app, '/api/messages?status=new')).json().total).toBe(5);
  });

  it('gives one message whole, counts the unread, and 404 for an unknown id', async () => {
    const app = await buildTestApp();
    seedMessages(app, 8);
    const [row] = app.db.select().from(contactMessages).all();
    expect((await adminGet(app, `/api/messages/${row?.id}`)).json()).toMatchObject({ message: row?.message });
    expect((await adminGet(app, '/api/messages/count?status=new')).json()).toEqual({ count: 5 });
    expect((await adminGet(app, '/api/messages/999')).statusCode).toBe(404);
  });
});

describe('the subscribers, a page at a time', () => {
  it('answers 20 a page, filtered by status or part of the address, and exports every one', async () => {
    const app = await buildTestApp();
    app.db
      .insert(subscribers)
      .values(
        Array.from({ length: 530 }, (_, index) => ({
          email: `reader${index}@${index % 2 ? 'example.cm' : 'mail.test'}`,
          status: index < 10 ? ('pending' as const) : ('confirmed' as const),
          unsubscribeToken: `token-${index}`,
          createdAt: minutesAgo(index),
        })),
      )
      .run();
    const first = (await adminGet(app, '/api/subscribers')).json();
    expect(first).toMatchObject({ total: 530, pageSize: 20 });
    expect(first.items[0]).toMatchObject({ email: 'reader0@mail.test', status: 'pending' });
    expect((await adminGet(app, '/api/subscribers?status=pending')).json().total).toBe(10);
    expect((await adminGet(app, '/api/subscribers?q=READER12@')).json().items).toEqual([
      expect.objectContaining({ email: 'reader12@mail.test' }),
    ]);
    const csv = (await adminGet(app, '/api/subscriber/export.csv')).body.split('\r\n').slice(1, -1);
    expect(csv).toHaveLength(530);
    expect(csv[0]).toMatch(/^"reader529@example\.cm";"Confirmed";/);
    expect((await adminGet(app, '/api/subscriber/export.csv?status=pending&q=example')).body.split('\r\n')).toHaveLength(7);
  });
});
