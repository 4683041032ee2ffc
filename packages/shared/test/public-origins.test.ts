import { describe, expect, it } from 'vitest';
import { crossOrigins } from '../src/public-origins.ts';

const none = { siteOrigin: undefined, adminOrigin: undefined, apiOrigin: undefined, mediaOrigin: undefined };

describe('the origins a page names to reach the other parts', () => {
  it('names none when everything is on one origin, the API at /api and the images beside it', () => {
    const oneOrigin = {
      site: 'https://www.centre.cm',
      admin: 'https://www.centre.cm/admin',
      api: 'https://www.centre.cm/api',
      media: 'https://www.centre.cm/media',
    };
    expect(crossOrigins(oneOrigin, 'site')).toEqual(none);
    expect(crossOrigins(oneOrigin, 'admin')).toEqual(none);
    expect(crossOrigins(oneOrigin, 'api')).toEqual(none);
    // The site's and the admin's builds, given the API as a path.
    expect(crossOrigins({ site: 'https://www.centre.cm', api: '/api' }, 'site')).toEqual(none);
    expect(crossOrigins({ api: '/api' }, 'admin')).toEqual(none);
  });

  it('names the API (and its images) from the site and the admin, and both of them from the API, on three origins', () => {
    const split = {
      site: 'https://www.centre.cm/',
      admin: 'https://admin.centre.cm',
      api: 'https://api.centre.cm/api',
    };
    expect(crossOrigins(split, 'site')).toEqual({
      siteOrigin: undefined,
      adminOrigin: 'https://admin.centre.cm',
      apiOrigin: 'https://api.centre.cm',
      mediaOrigin: 'https://api.centre.cm',
    });
    expect(crossOrigins(split, 'admin')).toMatchObject({ adminOrigin: undefined, apiOrigin: 'https://api.centre.cm' });
    expect(crossOrigins(split, 'api')).toEqual({
      siteOrigin: 'https://www.centre.cm',
      adminOrigin: 'https://admin.centre.cm',
      apiOrigin: undefined,
      mediaOrigin: undefined,
    });
    // The admin's build knows only the API's address: absolute, it is another origin.
    expect(crossOrigins({ api: 'https://api.centre.cm/api' }, 'admin')).toMatchObject({
      apiOrigin: 'https://api.centre.cm',
      mediaOrigin: 'https://api.centre.cm',
    });
  });

  it('names the bucket or CDN the images are read from, wherever the rest is', () => {
    const cdn = 'https://cdn.centre.cm/centre-formation/';
    expect(crossOrigins({ site: 'https://www.centre.cm', api: '/api', media: cdn }, 'site')).toEqual({
      ...none,
      mediaOrigin: 'https://cdn.centre.cm',
    });
    expect(crossOrigins({ api: 'https://www.centre.cm/api', media: cdn }, 'api').mediaOrigin).toBe('https://cdn.centre.cm');
    // A port is part of the origin.
    expect(crossOrigins({ site: 'http://127.0.0.1:8080', media: 'http://127.0.0.1:9000/bucket' }, 'site').mediaOrigin).toBe(
      'http://127.0.0.1:9000',
    );
  });
});
