import { describe, expect, it } from 'vitest';
import { screenClassOf, viewSourceOf, viewToken } from '../src/page-views.ts';

describe('where a reader came from, and on what screen', () => {
  it('groups a referrer’s host as the staff ask about it', () => {
    const site = 'cfp-nkoabang.cm';
    expect(
      [
        '',
        'cfp-nkoabang.cm',
        'l.wa.me',
        'web.whatsapp.com',
        'm.facebook.com',
        'l.facebook.com',
        'www.google.cm',
        'google.com',
        'bing.com',
        'notgoogle.com.evil.cm',
      ].map((host) => viewSourceOf(host, site)),
    ).toEqual(['none', 'internal', 'whatsapp', 'whatsapp', 'facebook', 'facebook', 'google', 'google', 'other', 'other']);
  });

  it('classes a screen by its width', () => {
    expect([360, 599, 600, 1023, 1024, 1920].map(screenClassOf)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });

  it('gives each page its own token', () => {
    expect(viewToken('/faq')).toBe(viewToken('/faq'));
    expect(viewToken('/faq')).not.toBe(viewToken('/contact'));
  });
});
