import type { CoverImage } from '@cfp/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { blogPosts, images } from '../db/schema.ts';
import { variantWidths } from '../images/process-image.ts';
import type { Storage } from '../storage/index.ts';

/** The shape of the keys POST /api/images gives (and of older uploads): one folder, safe characters. */
const uploadedKey = /^blogImages\/[A-Za-z0-9_-]+\.(?:jpg|png|webp|avif|gif)$/;
const uploadedKeyInText = /blogImages\/[A-Za-z0-9_-]+\.(?:jpg|png|webp|avif|gif)/g;

export const foreignCoverMessage =
  'coverPhoto must be an image uploaded here (POST /api/images): its key "blogImages/…" or the URL the upload answered';

/**
 * The storage key of a cover given as a key or as the public URL of one of our uploads;
 * undefined for anything else (another host, another folder, a path that could leave it).
 */
export function ownImageKey(storage: Storage, cover: string): string | undefined {
  const base = storage.publicUrl('');
  let key = cover;
  if (cover.startsWith(base)) {
    try {
      key = decodeURIComponent(cover.slice(base.length));
    } catch {
      return undefined;
    }
  }
  return uploadedKey.test(key) ? key : undefined;
}

/**
 * Describes posts' covers from the records POST /api/images keeps (one query for all the posts
 * given): the cover's URL, size and WebP copies, or null when a post has no cover of ours.
 * A cover uploaded before uploads were recorded has no record: it is described by its URL
 * alone, without size or copies.
 */
export function coverDescriber(db: Db, storage: Storage, posts: Array<{ coverPhoto: string; coverAlt: string }>) {
  const keys = [...new Set(posts.map((post) => ownImageKey(storage, post.coverPhoto)))].filter((key) => key !== undefined);
  const records = new Map(
    keys.length === 0
      ? []
      : db
          .select()
          .from(images)
          .where(inArray(images.key, keys))
          .all()
          .map((image) => [image.key, image]),
  );
  return ({ coverPhoto, coverAlt }: { coverPhoto: string; coverAlt: string }): CoverImage | null => {
    const key = ownImageKey(storage, coverPhoto);
    if (!key) return null;
    const record = records.get(key);
    return {
      url: storage.publicUrl(key),
      alt: coverAlt,
      width: record?.width ?? null,
      height: record?.height ?? null,
      variants: (record?.variants ?? []).map((variant) => ({ width: variant.width, url: storage.publicUrl(variant.key) })),
    };
  };
}

/** An uploaded image and the WebP copies made from it. */
function withVariants(key: string): string[] {
  const stem = key.replace(/\.[a-z]+$/, '');
  return [key, ...variantWidths.map((width) => `${stem}-${width}w.webp`)];
}

/** Every upload a post shows, its cover and those its texts (French and English) link to, each with its WebP copies. */
export function imagesOfPost(
  storage: Storage,
  post: { coverPhoto: string; description: string; descriptionEn: string },
): string[][] {
  const base = storage.publicUrl('');
  const linked = [post.description, post.descriptionEn].flatMap((text) =>
    [...text.matchAll(uploadedKeyInText)].filter((match) => text.slice(0, match.index).endsWith(base)).map((match) => match[0]),
  );
  const cover = ownImageKey(storage, post.coverPhoto);
  return [...new Set([...(cover ? [cover] : []), ...linked])].map(withVariants);
}

/**
 * Removes the images of a deleted post that no remaining post shows (an upload is kept whole
 * while any post shows it or one of its copies), so that they are no longer public nor in
 * later backups, and their record. A failure is logged: the post is gone either way.
 */
export async function removeUnusedImages(db: Db, storage: Storage, uploads: string[][], log: FastifyBaseLogger): Promise<void> {
  const shown = (key: string) =>
    db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(
        sql`instr(${blogPosts.coverPhoto}, ${key}) > 0 or instr(${blogPosts.description}, ${key}) > 0 or instr(${blogPosts.descriptionEn}, ${key}) > 0`,
      )
      .get() !== undefined;
  for (const keys of uploads) {
    if (keys.some(shown)) continue;
    for (const key of keys) {
      try {
        await storage.remove(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not remove an image of a deleted post');
      }
    }
    const [original] = keys;
    if (original) db.delete(images).where(eq(images.key, original)).run();
  }
}
