import { pagePath } from '@cfp/shared';
import { siteConfig } from '../config.ts';
import type { Locale } from '../i18n/locale.ts';

export type Notice = 'privacy' | 'legalNotice' | 'diplomas';
const notices: Notice[] = ['privacy', 'legalNotice', 'diplomas'];

/**
 * The privacy and legal notices, and the page explaining the diplomas and levels, of one language
 * (src/pages/[notice].astro, src/pages/en/[notice].astro): routes rather than pages, so that they
 * carry a cache key and a publish which does not touch what they show reuses them.
 */
export function noticeRoutes(locale: Locale) {
  const folder = locale === 'fr' ? '/' : '/en/';
  return notices.map((notice) => ({ params: { notice: pagePath(locale, notice).slice(folder.length) }, props: { notice } }));
}

/**
 * The text of content/pages/diplomes-et-niveaux.md, or of its English twin (astro:content imported
 * when asked for, so that the site's unit tests can read the routes above).
 */
export async function diplomasPage(locale: Locale) {
  const { getEntry } = await import('astro:content');
  return locale === 'fr' ? getEntry('pages', 'diplomes-et-niveaux') : getEntry('pagesEn', 'diplomes-et-niveaux');
}

/**
 * What a notice shows beyond the site's common parts (the centre's details): the pre-enrolments'
 * retention period; the diplomas page's text.
 */
export async function noticePageData(locale: Locale, notice: Notice): Promise<unknown[]> {
  if (notice === 'diplomas') {
    const page = await diplomasPage(locale);
    return [locale, notice, page?.data, page?.body];
  }
  return [locale, notice, siteConfig.applicationRetentionDays];
}
