import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formAnswerPaths, formPagePaths, locales, programmePathIn } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { answerPagePath, pagePath, programmePath } from '../src/i18n/routes.ts';

/**
 * The API sends a visitor who posted a form without JavaScript, or followed a newsletter link,
 * to the site's pages in their language, from addresses written in @cfp/shared: each must be a
 * page of the site, at the address the site's own routes give it.
 */

const pages = fileURLToPath(new URL('../src/pages', import.meta.url));

describe('the addresses the API sends visitors to', () => {
  it('are pages of the site, in French and in English', () => {
    const missing = Object.values(formAnswerPaths)
      .flatMap((paths) => Object.values(paths))
      .filter((path) => !existsSync(`${pages}${path}.astro`));
    expect(missing).toEqual([]);
    for (const locale of locales) {
      expect(answerPagePath(locale, 'contactSent')).toBe(formAnswerPaths.contactSent[locale]);
    }
  });

  it('lead back to the pages the site’s routes name, a programme’s by its slug in each language', () => {
    for (const locale of locales) {
      for (const page of ['home', 'contact', 'preEnrolment', 'programmes'] as const) {
        expect(formPagePaths[page][locale]).toBe(pagePath(locale, page));
      }
      expect(programmePathIn(locale, locale === 'fr' ? 'soudure' : 'welding')).toBe(
        programmePath(locale, { slugs: { fr: 'soudure', en: 'welding' } }),
      );
    }
  });
});
