import { getCollection } from 'astro:content';
import { coverOf } from './blog-covers.ts';
import { htmlToText, truncate } from './markdown.ts';

let posts: ReturnType<typeof loadPosts> | undefined;

/** Published posts, newest first, with what the pages print already worked out (read once per build). */
export function getPosts() {
  posts ??= loadPosts();
  return posts;
}

async function loadPosts() {
  const entries = await getCollection('blog');
  const posts = entries.map(({ data }) => ({
    ...data,
    date: new Date(data.publishedAt ?? data.createdAt),
    cover: coverOf(data.cover),
    excerpt: truncate(htmlToText(data.description), 180),
  }));
  return posts.sort((a, b) => b.date.getTime() - a.date.getTime());
}

export type Post = Awaited<ReturnType<typeof loadPosts>>[number];
