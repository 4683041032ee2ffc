import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../src/config.ts';

describe('the site configuration', () => {
  it('builds the blog from SITE_API_URL unless SITE_BLOG=off, and ignores empty values', () => {
    const api = 'http://127.0.0.1:3000/api/';
    expect(readSiteConfig({ SITE_API_URL: api }).blogApiUrl).toBe('http://127.0.0.1:3000/api');
    expect(readSiteConfig({ SITE_API_URL: api, SITE_BLOG: 'off' }).blogApiUrl).toBeUndefined();
    expect(readSiteConfig({ SITE_API_URL: '', SITE_MEDIA_ORIGIN: '' })).toEqual({
      outDir: './dist',
      siteUrl: 'http://127.0.0.1:8080',
      publicApiUrl: '/api',
      blogApiUrl: undefined,
      mediaOrigin: undefined,
      apiOrigin: undefined,
      previousBuildDir: undefined,
      cacheDir: undefined,
      contentDir: '../content',
      contentStrict: false,
      brotliQuality: 11,
      applicationRetentionDays: 365,
    });
  });

  it('reads the content folder and the strict launch setting, refusing anything but true or false', () => {
    expect(readSiteConfig({ SITE_CONTENT_DIR: '/srv/content/', CONTENT_STRICT: 'true' })).toMatchObject({
      contentDir: '/srv/content',
      contentStrict: true,
    });
    expect(() => readSiteConfig({ CONTENT_STRICT: 'yes' })).toThrow(/CONTENT_STRICT/);
  });

  it('compresses at brotli’s quality 11 unless SITE_BROTLI_QUALITY gives another from 0 to 11', () => {
    expect(readSiteConfig({ SITE_BROTLI_QUALITY: '' }).brotliQuality).toBe(11);
    expect(readSiteConfig({ SITE_BROTLI_QUALITY: '5' }).brotliQuality).toBe(5);
    expect(() => readSiteConfig({ SITE_BROTLI_QUALITY: '12' })).toThrow(/SITE_BROTLI_QUALITY/);
  });

  it('says the API’s retention of pre-enrolments, 365 days unless SITE_APPLICATION_RETENTION_DAYS gives 30 to 3650', () => {
    expect(readSiteConfig({ SITE_APPLICATION_RETENTION_DAYS: '200' }).applicationRetentionDays).toBe(200);
    expect(() => readSiteConfig({ SITE_APPLICATION_RETENTION_DAYS: '7' })).toThrow(/SITE_APPLICATION_RETENTION_DAYS/);
  });

  it('names the API’s origin for the pages’ policy only when the site is on another origin (a CDN)', () => {
    const split = { PUBLIC_SITE_URL: 'https://www.centre.test', PUBLIC_API_URL: 'https://api.centre.test/api' };
    expect(readSiteConfig(split)).toMatchObject({
      publicApiUrl: 'https://api.centre.test/api',
      apiOrigin: 'https://api.centre.test',
    });
    expect(readSiteConfig({ ...split, PUBLIC_API_URL: 'https://www.centre.test/api' }).apiOrigin).toBeUndefined();
    expect(readSiteConfig({ ...split, PUBLIC_API_URL: '/api' }).apiOrigin).toBeUndefined();
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => readSiteConfig({ SITE_API_URL: 'localhost:3000' })).toThrow(/SITE_API_URL must be an http\(s\) URL/);
    expect(() => readSiteConfig({ SITE_BLOG: 'no' })).toThrow(/SITE_BLOG/);
  });
});
