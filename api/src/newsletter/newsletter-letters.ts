import type { Locale, NewsletterSource } from '@cfp/shared';
import { coverDescriber } from '../blog/post-images.ts';
import { findPost } from '../blog/posts.ts';
import { hasVisibleText } from '../blog/sanitize.ts';
import type { ContentCatalogue } from '../content/content-catalogue.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import type { Storage } from '../storage/index.ts';
import { composeNewsletterMail, type NewsletterLetter, type NewsletterMail } from './newsletter-mail.ts';

/** What a send is made of, composed in both languages: stored with the send, shown by the preview. */
export interface ComposedNewsletter {
  kind: NewsletterSource['kind'];
  postId: number | null;
  mails: Record<Locale, NewsletterMail>;
}

interface Sources {
  db: Db;
  storage: Storage;
  catalogue: ContentCatalogue;
  siteUrl: string;
}

/** The post's letters: its English version for English readers when it has one, else the French one said to be French. */
function postLetters({ db, storage, siteUrl }: Sources, postId: number): Record<Locale, NewsletterLetter> {
  const post = findPost(db, { id: postId });
  if (!post) throw new HttpError(404, 'Post not found');
  if (post.status !== 'published') throw new HttpError(400, 'Only a published post can be sent: publish it first');
  const cover = coverDescriber(db, storage, [post])(post);
  const coverIn = (alt: string) => (cover ? { url: cover.url, alt } : undefined);
  const french: NewsletterLetter = {
    title: post.title,
    html: post.description,
    link: `${siteUrl}/blog/${post.slug}`,
    cover: coverIn(post.coverAlt),
    onlyInFrench: false,
  };
  const hasEnglish = post.titleEn.trim() !== '' && post.descriptionEn.trim() !== '';
  const english: NewsletterLetter = hasEnglish
    ? { ...french, title: post.titleEn, html: post.descriptionEn, link: `${siteUrl}/en/blog/${post.slug}` }
    : { ...french, onlyInFrench: true };
  return { fr: french, en: english };
}

function announcementLetters(source: Extract<NewsletterSource, { kind: 'announcement' }>): Record<Locale, NewsletterLetter> {
  const subjectEn = source.subjectEn ?? '';
  const htmlEn = source.htmlEn ?? '';
  if (!hasVisibleText(source.html)) throw new HttpError(400, 'The text is required');
  if ((subjectEn === '') !== (htmlEn === ''))
    throw new HttpError(400, 'Give the English subject and text together, or neither (English readers then get the French)');
  const french: NewsletterLetter = { title: source.subject, html: source.html, onlyInFrench: false };
  return {
    fr: french,
    en: subjectEn ? { title: subjectEn, html: htmlEn, onlyInFrench: false } : { ...french, onlyInFrench: true },
  };
}

/**
 * The e-mails of a source in both languages, as they will be sent. A post must exist and be
 * published (404, 400); an announcement's English comes whole or not at all (400).
 */
export function composeNewsletter(sources: Sources, source: NewsletterSource): ComposedNewsletter {
  const letters = source.kind === 'post' ? postLetters(sources, source.postId) : announcementLetters(source);
  const imageBase = sources.storage.publicUrl('');
  const compose = (locale: Locale) =>
    composeNewsletterMail({ locale, letter: letters[locale], catalogue: sources.catalogue, imageBase });
  return {
    kind: source.kind,
    postId: source.kind === 'post' ? source.postId : null,
    mails: { fr: compose('fr'), en: compose('en') },
  };
}
