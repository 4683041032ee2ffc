import { getCollection } from 'astro:content';
import { API } from './api.ts';
import { htmlToText, truncate } from './markdown.ts';

/** A cover given as a path lives on the API's host (the spec's rule): the same origin unless the API is elsewhere. */
function coverUrl(coverPhoto: string): string | undefined {
  if (/^https?:\/\//.test(coverPhoto)) return coverPhoto;
  if (!coverPhoto.startsWith('/')) return undefined;
  return /^https?:\/\//.test(API) ? new URL(coverPhoto, API).href : coverPhoto;
}

let posts: ReturnType<typeof loadPosts> | undefined;

/** Published posts, newest first, with what the pages print already worked out (read once per build). */
export function getPosts() {
  posts ??= loadPosts();
  return posts;
}

async function loadPosts() {
  const entries = await getCollection('blog');
  return entries
    .map(({ data }) => {
      const date = new Date(data.publishedAt ?? data.createdAt);
      return {
        ...data,
        date,
        cover: coverUrl(data.coverPhoto),
        excerpt: truncate(htmlToText(data.description), 180),
      };
    })
    .sort((a, b) => b.date.getTime() - a.date.getTime());
}

export type Post = Awaited<ReturnType<typeof loadPosts>>[number];
