import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';

const split = {
  PUBLIC_SITE_URL: 'https://www.centre.test',
  PUBLIC_ADMIN_URL: 'https://admin.centre.test',
  PUBLIC_API_URL: 'https://api.centre.test/api',
};

describe('the API across origins', () => {
  it('lets the admin origin send every method with a Bearer token, and caches the preflight', async () => {
    const app = await buildTestApp({ env: split });
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/blog/1',
      headers: {
        origin: 'https://admin.centre.test',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://admin.centre.test');
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual([
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(preflight.headers['access-control-max-age']).toBe('7200');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const token = await loginAs(app);
    const list = await app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: { origin: 'https://admin.centre.test', authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe('https://admin.centre.test');
  });

  it('lets the site origin post its forms, and no other origin', async () => {
    const app = await buildTestApp({ env: split });
    const fromSite = await app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: {
        origin: 'https://www.centre.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(fromSite.headers['access-control-allow-origin']).toBe('https://www.centre.test');

    const elsewhere = await app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS header at all when the three parts share one origin', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://www.centre.test' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a form posted without JavaScript to the site’s French answer page, whatever the request says', async () => {
    const app = await buildTestApp({ env: split });
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.test',
        referer: 'https://evil.test/x',
        host: 'evil.test',
      },
      payload: 'firstName=Awa&lastName=Ndzi&email=awa%40example.cm&phone=%2B237690000000&message=Bonjour',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('https://www.centre.test/contact/merci');
  });
});
