import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helper.ts';

/** The routes that anyone may call; every other /api route must refuse a request without a token. */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/docs/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/link',
  'POST /api/auth/password/link/strength',
  'POST /api/auth/password/set',
  'GET /api/site/moved',
  // A preview's address is its capability: an unguessable id that expires (api/src/site/site-previews.ts).
  'GET /api/site-preview/:id/*',
  'GET /api/blog',
  'GET /api/blog/published',
  'GET /api/blog/slug/:slug',
  'GET /api/blog/:id',
  'POST /api/blog/:id/view',
  'POST /api/views',
  'POST /api/contact',
  'POST /api/contact/callback',
  'POST /api/applications',
  'POST /api/subscriber',
  'GET /api/subscriber/confirm',
  'POST /api/subscriber/confirm',
  'GET /api/subscriber/unsubscribe',
  'POST /api/subscriber/unsubscribe',
]);

describe('route protection', () => {
  it('answers 401 without a token on every /api route that is not public, read from the route table itself', async () => {
    const app = await buildApp({ config: testConfig() });
    await app.ready();
    const routes = app.routeTable;
    try {
      const protectedRoutes = routes.filter(
        (route) => route.url.startsWith('/api') && !publicRoutes.has(`${route.method} ${route.url}`),
      );
      expect(protectedRoutes.length).toBeGreaterThanOrEqual(15);
      for (const route of protectedRoutes) {
        const url = route.url.replace(':id', '1').replace(':slug', 'x');
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json(), `${route.method} ${route.url}`).toEqual({ message: expect.any(String) });
        expect(route.public, `${route.method} ${route.url} is marked public`).toBe(false);
      }
      const declaredPublic = routes.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
      expect(new Set(declaredPublic)).toEqual(publicRoutes);
    } finally {
      await app.close();
    }
  });
});

describe('route documentation', () => {
  it('lists every /api route in docs/api.md and in the OpenAPI document, read from the route table itself', async () => {
    const app = await buildApp({ config: testConfig() });
    await app.ready();
    try {
      const rows = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .map((line) => line.split('|')[1]?.trim() ?? '');
      const openapi = app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const routes = app.routeTable.filter((route) => route.url.startsWith('/api') && route.url !== '/api/docs/openapi.json');
      const undocumented = routes.filter(({ method, url }) => {
        const path = url.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
        return !rows.some(
          (row) => row.includes(method) && new RegExp(`${path.replace(/[{}?*]/g, '\\$&')}(?=$|[\\s?(])`).test(row),
        );
      });
      expect(undocumented.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
      const missingFromOpenapi = routes.filter(({ method, url }) => {
        // The OpenAPI document names a wildcard `{*}`.
        const path = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
        return !openapi.paths[path]?.[method.toLowerCase()] && !openapi.paths[path.replace(/\/$/, '')]?.[method.toLowerCase()];
      });
      expect(missingFromOpenapi.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('route roles', () => {
  it('gives each /api route the role docs/api.md names for it: public, admin or superAdmin', async () => {
    const app = await buildApp({ config: testConfig() });
    await app.ready();
    try {
      const rows = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('| ') && line.includes('/api/'))
        .map((line) => line.split('|').map((cell) => cell.trim()));
      const documentedRole = (method: string, url: string) => {
        const path = url.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
        const pattern = new RegExp(`${path.replace(/[{}?*]/g, '\\$&')}(?=$|[\\s?(])`);
        const auth = rows.find(([, route = '']) => route.includes(method) && pattern.test(route))?.[2] ?? '';
        return auth.startsWith('public') ? 'public' : auth;
      };
      const routes = app.routeTable.filter((route) => route.url.startsWith('/api') && route.url !== '/api/docs/openapi.json');
      const disagreeing = routes
        .map((route) => ({
          route: `${route.method} ${route.url}`,
          code: route.public ? 'public' : route.superAdminOnly ? 'superAdmin' : 'admin',
          docs: documentedRole(route.method, route.url),
        }))
        .filter(({ code, docs }) => code !== docs);
      expect(disagreeing).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('unknown API routes', () => {
  it('answers an unknown /api URL with a JSON 404 for every method, even where the API also serves the site', async () => {
    const app = await buildApp({ config: testConfig({ SITE_SERVE: 'true' }) });
    await app.ready();
    try {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE'] as const) {
        const response = await app.inject({ method, url: '/api/nope', headers: { accept: 'application/json' } });
        expect(response.statusCode, method).toBe(404);
        expect(response.headers['content-type'], method).toMatch(/^application\/json/);
        if (method !== 'HEAD') expect(response.json(), method).toEqual({ message: `Route not found: ${method} /api/nope` });
      }
    } finally {
      await app.close();
    }
  });
});
