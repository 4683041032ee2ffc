import type { PostStatus } from '@cfp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blogPosts } from '../db/schema.ts';
import { findPost, type PostRow, slugTaken, uniqueSlug } from './posts.ts';

/** A post as staff write it, its text already sanitised; what is left out keeps its value (or its default). */
export interface PostInput {
  title: string;
  slug?: string;
  description: string;
  author?: string;
  views?: number;
  coverPhoto?: string;
  coverAlt?: string;
  status?: PostStatus;
  /** The English version, both or neither ('' for none; docs/decisions/0024); left out, it keeps what it was. */
  titleEn?: string;
  descriptionEn?: string;
}

/** Why a post was not saved: no such post, or its slug is another post's. */
export type PostRefusal = 'not-found' | 'slug-taken';

/** Counts a reader's view of a published post. */
export function countPostView(db: Db, id: number): void {
  db.update(blogPosts)
    .set({ views: sql`${blogPosts.views} + 1` })
    .where(sql`${blogPosts.id} = ${id} and ${blogPosts.status} = 'published'`)
    .run();
}

/** A new post by `author` unless it names one, published unless it is a draft; its slug made from its title unless given. */
export function createPost(db: Db, input: PostInput & { coverPhoto: string }, author: string): PostRow | PostRefusal {
  const status = input.status ?? 'published';
  const now = new Date();
  return db.transaction((tx) => {
    if (input.slug && slugTaken(tx, input.slug)) return 'slug-taken';
    return tx
      .insert(blogPosts)
      .values({
        title: input.title,
        slug: input.slug ?? uniqueSlug(tx, input.title),
        description: input.description,
        author: input.author ?? author,
        views: input.views ?? 0,
        coverPhoto: input.coverPhoto,
        coverAlt: input.coverPhoto ? (input.coverAlt ?? '') : '',
        status,
        titleEn: input.titleEn ?? '',
        descriptionEn: input.descriptionEn ?? '',
        createdAt: now,
        updatedAt: now,
        publishedAt: status === 'published' ? now : null,
      })
      .returning()
      .get();
  });
}

/**
 * Saves an edit of a post; `coverUrl` checks a new cover (and throws to refuse it). The post
 * before and after, or why not.
 */
export function updatePost(
  db: Db,
  id: number,
  input: PostInput,
  coverUrl: (cover: string) => string,
): { before: PostRow; after: PostRow } | PostRefusal {
  return db.transaction((tx) => {
    const current = findPost(tx, { id });
    if (!current) return 'not-found';
    if (input.slug && slugTaken(tx, input.slug, id)) return 'slug-taken';
    const status = input.status ?? current.status;
    const now = new Date();
    // A cover saved before covers were checked stays while the post is edited around it.
    const coverPhoto =
      input.coverPhoto === undefined || input.coverPhoto === current.coverPhoto ? current.coverPhoto : coverUrl(input.coverPhoto);
    const updated = tx
      .update(blogPosts)
      .set({
        title: input.title,
        slug: input.slug ?? current.slug,
        description: input.description,
        author: input.author ?? current.author,
        views: input.views ?? current.views,
        coverPhoto,
        coverAlt: coverPhoto ? (input.coverAlt ?? current.coverAlt) : '',
        status,
        titleEn: input.titleEn ?? current.titleEn,
        descriptionEn: input.descriptionEn ?? current.descriptionEn,
        updatedAt: now,
        publishedAt: status === 'published' ? (current.publishedAt ?? now) : null,
      })
      .where(eq(blogPosts.id, id))
      .returning()
      .get();
    return { before: current, after: updated };
  });
}

/** Deletes a post; the row it was, or undefined when there was none. */
export function deletePost(db: Db, id: number): PostRow | undefined {
  return db.delete(blogPosts).where(eq(blogPosts.id, id)).returning().get();
}
