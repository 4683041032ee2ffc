import { type Locale, localizedPublicFormMessages } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { applications, contactMessages } from '../src/db/schema.ts';
import { buildTestApp } from './helper.ts';

/**
 * The site's three forms posted without JavaScript and refused: one page for them all, in the
 * form's language, naming each wrong field with a link to it and giving the form back as typed,
 * ready to post to the API again.
 */

const site = 'https://www.centre.test';
type App = Awaited<ReturnType<typeof buildTestApp>>;
const postForm = (app: App, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** Each form with a wrong phone, and a field whose typed text the page must give back. */
const forms = {
  'pre-enrolment': {
    url: '/api/applications',
    fields: { programme: 'soudure', firstName: 'Awa', lastName: 'Ngono', town: 'Nkoabang', level: 'bepc', consent: 'on' },
    kept: /<input id="champ-town" name="town" [^>]*value="Nkoabang">/,
    title: { fr: 'Votre pré-inscription n’est pas encore envoyée', en: 'Your pre-enrolment has not been sent yet' },
  },
  contact: {
    url: '/api/contact',
    fields: { firstName: 'Awa', lastName: 'Ngono', email: 'awa@example.cm', message: 'Bonjour <b>le centre</b>' },
    kept: />Bonjour &lt;b&gt;le centre&lt;\/b&gt;<\/textarea>/,
    title: { fr: 'Votre message n’est pas encore envoyé', en: 'Your message has not been sent yet' },
  },
  callback: {
    url: '/api/contact/callback',
    fields: { name: 'Awa Ngono', programme: 'soudure' },
    kept: /<input id="champ-name" name="name" [^>]*value="Awa Ngono">/,
    title: { fr: 'Votre demande de rappel n’est pas encore envoyée', en: 'Your callback request has not been sent yet' },
  },
};

const wrongPhone = {
  fr: '<li><a href="#champ-phone">Téléphone</a>\u00a0: Entrez un numéro de téléphone valide',
  en: '<li><a href="#champ-phone">Phone</a>: Enter a valid phone number',
} satisfies Record<Locale, string>;

/** A page's markup without its words and values, and without the form's fields: what every refusal page shares. */
const skeleton = (page: string) =>
  page
    .replace(/<form method="post">[\s\S]*<\/form>/, '<form>')
    .replace(/<(\/?\w+)[^>]*>/g, '<$1>')
    .replace(/>[^<]+</g, '><');

describe.each(['fr', 'en'] as const)('the three forms refused without JavaScript, in %s', (locale) => {
  it('answer with one page: the title of the form, the wrong field named and linked, the form given back as typed', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const answers = [];
    for (const form of Object.values(forms)) {
      const response = await postForm(app, form.url, { ...form.fields, phone: '99 12 34', language: locale });
      expect(response.statusCode, form.url).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const page = response.body;
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<h1>${form.title[locale]}</h1><div class="box error"><ul>${wrongPhone[locale]}`);
      expect(page).toMatch(/<input id="champ-phone" name="phone" [^>]*aria-invalid="true" type="tel" value="99 12 34">/);
      expect(page, form.url).toMatch(form.kept);
      expect(page).toContain(`<input type="hidden" name="language" value="${locale}">`);
      expect(page).not.toContain('<script');
      answers.push({ skeleton: skeleton(page), policy: response.headers['content-security-policy'] });
    }
    expect(new Set(answers.map((answer) => answer.skeleton)).size).toBe(1);
    expect(answers.map((answer) => answer.policy)).toEqual(Array(3).fill(answers[0]?.policy));
    expect(answers[0]?.policy).toMatch(/^default-src 'none'; style-src 'sha256-[^']+';.* form-action 'self'$/);
    expect(app.db.select().from(applications).all()).toHaveLength(0);
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('give the form back with the message at the top when too many come from one address', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site } });
    const { url, fields } = forms['pre-enrolment'];
    const statuses: number[] = [];
    let page = '';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await postForm(app, url, { ...fields, phone: '99 12 34', language: locale });
      statuses.push(response.statusCode);
      page = response.body;
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(page).toContain(
      `<div class="box error"><ul><li>${localizedPublicFormMessages[locale].tooManyRequests}</li></ul></div>`,
    );
    expect(page).toMatch(forms['pre-enrolment'].kept);
    expect(page).toContain('<form method="post">');
  });
});

describe('the refusal page’s policy', () => {
  it('lets the form given back post to the API on its own origin, and be redirected to the site on another', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: site, PUBLIC_API_URL: 'https://api.centre.test' } });
    const { url, fields } = forms.contact;
    const response = await postForm(app, url, { ...fields, phone: '99 12 34' });
    expect(response.headers['content-security-policy']).toMatch(/form-action 'self' https:\/\/www\.centre\.test$/);
  });
});
