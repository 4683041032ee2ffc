import { describe, expect, it, vi } from 'vitest';
import { readAdminBuildConfig } from '../build-config.ts';
import { apiUrl, loadRuntimeConfig } from '../src/config.ts';
import { apiFetch } from '../src/lib/api-client.ts';

const answer = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('where the admin finds its API', () => {
  it('reads config.json beside index.html before anything else, and sends every request to the API named there', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(String(url));
        return String(url).endsWith('config.json') ? answer({ apiUrl: 'https://api.centre.test/api/' }) : answer([]);
      }),
    );
    await loadRuntimeConfig();
    expect(apiUrl()).toBe('https://api.centre.test/api');
    await apiFetch('/blog');
    expect(requested).toEqual(['/admin/config.json', 'https://api.centre.test/api/blog']);
  });

  it('uses the same origin’s /api when there is no config.json (the development server)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ message: 'Not found' }, 404)),
    );
    await loadRuntimeConfig();
    expect(apiUrl()).toBe('/api');
  });

  it('refuses to start with a config.json that names no usable API, and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ apiUrl: 'ftp://api.centre.test' })),
    );
    await expect(loadRuntimeConfig()).rejects.toThrow(
      'config.json is invalid: apiUrl must be a path such as /api or an http(s) URL',
    );
  });
});

describe('the admin build', () => {
  it('serves under /admin/ with the API at /api by default, allowing nothing but its own origin', () => {
    const config = readAdminBuildConfig({});
    expect(config).toMatchObject({
      basePath: '/admin/',
      apiUrl: '/api',
      origins: { apiOrigin: undefined, mediaOrigin: undefined },
    });
    expect(config.outDir).toBeUndefined();
  });

  it('can live at the root of its own host and allow an API and an image bucket elsewhere', () => {
    expect(readAdminBuildConfig({ ADMIN_BASE_PATH: '/', PUBLIC_API_URL: 'https://api.centre.test/api' })).toMatchObject({
      basePath: '/',
      apiUrl: 'https://api.centre.test/api',
      origins: { apiOrigin: 'https://api.centre.test', mediaOrigin: 'https://api.centre.test' },
    });
    const withBucket = readAdminBuildConfig({
      ADMIN_BASE_PATH: 'staff',
      PUBLIC_API_URL: 'https://api.centre.test/api',
      STORAGE_DRIVER: 's3',
      S3_PUBLIC_URL: 'https://media.centre.test/images',
    });
    expect(withBucket.basePath).toBe('/staff/');
    expect(withBucket.origins.mediaOrigin).toBe('https://media.centre.test');
  });
});
