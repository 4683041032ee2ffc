import { scaled } from '@cfp/test-support/time-scale';
import { getTableName } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog, blogPosts, contactMessages, subscribers } from '../src/db/schema.ts';
import { buildTestApp, loginAs } from './helper.ts';

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/png',
  '',
];

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(
      fc.constantFrom(
        'title',
        'description',
        'email',
        'password',
        'role',
        'status',
        'views',
        'id',
        'slug',
        '__proto__',
        'constructor',
      ),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
);

const pathValue = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000_000_000 }).map(String),
  fc.constantFrom('0', '1', '1.5', '1e3', 'NaN', '%00', '..%2F..%2Fetc', 'null', '9'.repeat(40)),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);

const query = fc.dictionary(fc.constantFrom('token', 'action', 'limit', 'status', 'x'), fc.string({ maxLength: 40 }), {
  maxKeys: 3,
});

/**
 * How many rows the tables a refused request must leave alone hold, by one statement prepared
 * once: asked around each of the 2,000 and more requests, a query built by drizzle and reading
 * every row was half the test's time.
 */
function rowCounts(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const tables = { posts: blogPosts, subscribers, messages: contactMessages, audit: auditLog };
  const columns = Object.entries(tables).map(([name, table]) => `(SELECT count(*) FROM "${getTableName(table)}") AS ${name}`);
  const statement = app.db.$client.prepare(`SELECT ${columns.join(', ')}`);
  return () => statement.get() as Record<keyof typeof tables, number>;
}

describe('generated requests to every API route', () => {
  it(
    'never get a 5xx, always get a JSON message when refused, and a refused request changes nothing',
    async () => {
      const app = await buildTestApp();
      const token = await loginAs(app);
      const routes = app.routeTable.filter((route) => route.url.startsWith('/api') && route.url !== '/api/docs/openapi.json');
      const counts = rowCounts(app);
      let cases = 0;

      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(
            jsonBody,
            pathValue,
            query,
            fc.constantFrom(...contentTypes),
            fc.boolean(),
            async (body, value, search, contentType, signedIn) => {
              cases += 1;
              const url = `${route.url.replace(':id', value).replace(':slug', value)}?${new URLSearchParams(search)}`;
              const { audit: auditBefore, ...before } = counts();
              const response = await app.inject({
                method: route.method as 'POST',
                url,
                headers: {
                  ...(contentType ? { 'content-type': contentType } : {}),
                  ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
                },
                payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
                remoteAddress: `10.${cases % 250}.${Math.floor(cases / 250) % 250}.1`,
              });
              expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBeLessThan(500);
              if (response.statusCode >= 400) {
                // The public forms posted without JavaScript are answered with a French page.
                const pageAnswer =
                  route.method === 'POST' &&
                  ['/api/applications', '/api/contact', '/api/contact/callback'].includes(route.url) &&
                  contentType?.startsWith('application/x-www-form-urlencoded');
                if (pageAnswer) {
                  expect(response.headers['content-type']).toMatch(/text\/html/);
                } else {
                  expect(response.headers['content-type']).toMatch(/application\/json/);
                  const { message, fields, ...rest } = response.json();
                  expect([typeof message, rest]).toEqual(['string', {}]);
                  if (fields !== undefined) expect(Object.values(fields).every((text) => typeof text === 'string')).toBe(true);
                }
                expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
                const { audit: auditAfter, ...after } = counts();
                expect(after).toEqual(before);
                expect(auditAfter - auditBefore).toBeLessThanOrEqual(route.url === '/api/auth/login' ? 1 : 0);
              }
            },
          ),
          { numRuns: 80, seed: 20261122 },
        );
      }
      expect(cases).toBeGreaterThanOrEqual(2000);
    },
    scaled(180_000),
  );

  it('refuses huge bodies and deeply nested JSON early with 413 / 400', async () => {
    const app = await buildTestApp();
    const huge = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const nested = '['.repeat(20_000) + ']'.repeat(20_000);
    const deep = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: nested,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
  });
});
