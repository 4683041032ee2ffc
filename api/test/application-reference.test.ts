import { randomInt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { applications } from '../src/db/schema.ts';
import { buildTestApp } from './helper.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

const apply = (app: Awaited<ReturnType<typeof buildTestApp>>, phone: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/applications',
    remoteAddress,
    payload: {
      programme: 'soudure',
      firstName: 'Jean',
      lastName: 'Essomba',
      phone,
      town: 'Nkoabang',
      level: 'bepc',
      consent: true,
    },
  });

describe('application references', () => {
  it('draws again when a new application’s random reference is already taken, instead of failing it', async () => {
    const app = await buildTestApp();
    // Every draw of both applications (the answer's and the row's) gives PI-AAAAAA at first; the
    // second application's row then draws again, at random.
    for (let draw = 0; draw < 24; draw += 1) vi.mocked(randomInt).mockReturnValueOnce(0 as never);
    const first = await apply(app, '699000001', '203.0.113.1');
    const second = await apply(app, '699000002', '203.0.113.2');
    expect(first.statusCode).toBe(201);
    expect(first.json().reference).toBe('PI-AAAAAA');
    expect(second.statusCode).toBe(201);
    expect(second.json().reference).toMatch(/^PI-[A-Z2-9]{6}$/);
    expect(second.json().reference).not.toBe('PI-AAAAAA');
    expect(app.db.select().from(applications).all()).toHaveLength(2);
  });
});
