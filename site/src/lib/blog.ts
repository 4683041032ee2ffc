import { type CollectionEntry, getCollection } from 'astro:content';
import type { Locale } from '../i18n/locale.ts';
import { postPath } from '../i18n/routes.ts';
import { coverOf } from './blog-covers.ts';
import { htmlToText, truncate } from './markdown.ts';
import { postsOfAPublish } from './posts-of-a-publish.ts';

type PostData = CollectionEntry<'blog'>['data'];

let loaded: { source: readonly PostData[] | undefined; posts: ReturnType<typeof loadPosts> } | undefined;

/** Published posts, newest first, with what the pages print already worked out (read once per build, and per publish). */
export function getPosts() {
  const source = (globalThis as { [postsOfAPublish]?: readonly PostData[] })[postsOfAPublish];
  if (!loaded || loaded.source !== source) loaded = { source, posts: loadPosts(source) };
  return loaded.posts;
}

async function loadPosts(published: readonly PostData[] | undefined) {
  const entries = published ?? (await getCollection('blog')).map(({ data }) => data);
  const posts = entries.map((data) => ({
    ...data,
    date: new Date(data.publishedAt ?? data.createdAt),
    cover: coverOf(data.cover),
    excerpt: excerptOf(data.description),
    // Both or neither, as the API saves them (docs/decisions/0024).
    english:
      data.titleEn && data.descriptionEn
        ? { title: data.titleEn, description: data.descriptionEn, excerpt: excerptOf(data.descriptionEn) }
        : undefined,
  }));
  return posts.sort((a, b) => b.date.getTime() - a.date.getTime());
}

const excerptOf = (html: string) => truncate(htmlToText(html), 180);

export type Post = Awaited<ReturnType<typeof loadPosts>>[number];

/**
 * What a page in `locale` shows of a post, and in which language: an English page shows its
 * English version when it has one, and the French post, marked as French, when it has none.
 */
export function postIn(post: Post, locale: Locale) {
  if (locale === 'en' && post.english) return { ...post.english, language: 'en', path: postPath(post.slug, 'en') } as const;
  return {
    title: post.title,
    description: post.description,
    excerpt: post.excerpt,
    language: 'fr',
    path: postPath(post.slug),
  } as const;
}
