import {
  type AnswerPageName,
  answerPagePaths,
  departementPath,
  type PageName,
  pagePaths,
  postPath,
  programmePath,
} from '@cfp/shared';
import type { Locale } from './locale.ts';

/**
 * The site's addresses are written once, in @cfp/shared (public-pages.ts), which the API and the
 * admin read too. What is the site's own: a programme's or a department's address from its
 * content entry, and each page's address in both languages for the language switch.
 */
export {
  type AnswerPageName,
  type PageName,
  pagePath,
  postPath,
} from '@cfp/shared';

/** Something with an address in each language: a programme, a department (its slug in each). */
export interface Slugs {
  slugs: Record<Locale, string>;
}

export const programmePathOf = (locale: Locale, { slugs }: Slugs) => programmePath(slugs[locale], locale);
export const departementPathOf = (locale: Locale, { slugs }: Slugs) => departementPath(slugs[locale], locale);

/** A page's address in each language, for the language switch and the hreflang links. */
export type Alternates = Record<Locale, string>;

export const pageAlternates = (page: PageName): Alternates => pagePaths[page];
export const answerPageAlternates = (page: AnswerPageName): Alternates => answerPagePaths[page];
export const programmeAlternates = (programme: Slugs): Alternates => ({
  fr: programmePathOf('fr', programme),
  en: programmePathOf('en', programme),
});
/** A post's pages, when it has an English version; a French-only post has no twin. */
export const postAlternates = (post: { slug: string; english?: object | undefined }): Alternates | undefined =>
  post.english ? { fr: postPath(post.slug), en: postPath(post.slug, 'en') } : undefined;
export const departementAlternates = (departement: Slugs): Alternates => ({
  fr: departementPathOf('fr', departement),
  en: departementPathOf('en', departement),
});
