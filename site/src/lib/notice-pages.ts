import { pagePath } from '@cfp/shared';
import { siteConfig } from '../config.ts';
import type { Locale } from '../i18n/locale.ts';

export type Notice = 'privacy' | 'legalNotice';
const notices: Notice[] = ['privacy', 'legalNotice'];

/**
 * The privacy and legal notices of one language (src/pages/[notice].astro,
 * src/pages/en/[notice].astro): routes rather than pages, so that they carry a cache key and a
 * publish which does not touch the centre's details reuses them.
 */
export function noticeRoutes(locale: Locale) {
  const folder = locale === 'fr' ? '/' : '/en/';
  return notices.map((notice) => ({ params: { notice: pagePath(locale, notice).slice(folder.length) }, props: { notice } }));
}

/** What a notice shows beyond the site's common parts (the centre's details): the pre-enrolments' retention period. */
export const noticePageData = (locale: Locale, notice: Notice) => [locale, notice, siteConfig.applicationRetentionDays];
