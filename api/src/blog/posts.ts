import { type BlogPost, type BlogPostListItem, type BlogPostSummary, type CoverImage, slugify } from '@cfp/shared';
import { and, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blogPosts } from '../db/schema.ts';

export type PostRow = typeof blogPosts.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A post's row without its texts: what the lists read. */
type SummaryRow = Omit<PostRow, 'description' | 'coverAlt' | 'titleEn' | 'descriptionEn'>;

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    author: row.author,
    views: row.views,
    coverPhoto: row.coverPhoto,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
  };
}

/** A post with its content and its cover's description (see coverDescriber in post-images.ts). */
export function toPost(row: PostRow, cover: CoverImage | null): BlogPost {
  return { ...toSummary(row), description: row.description, cover, titleEn: row.titleEn, descriptionEn: row.descriptionEn };
}

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  author: blogPosts.author,
  views: blogPosts.views,
  coverPhoto: blogPosts.coverPhoto,
  status: blogPosts.status,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  publishedAt: blogPosts.publishedAt,
};

type ListRow = SummaryRow & { hasEnglish: boolean };

export const toListItem = (row: ListRow): BlogPostListItem => ({ ...toSummary(row), hasEnglish: row.hasEnglish });

/** Newest first; published only unless drafts are asked for. */
export function listPosts(db: Db, { includeDrafts }: { includeDrafts: boolean }): Array<ListRow> {
  return db
    .select({ ...summaryColumns, hasEnglish: sql<boolean>`${blogPosts.titleEn} <> ''`.mapWith(Boolean) })
    .from(blogPosts)
    .where(includeDrafts ? undefined : eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .all();
}

export function listPublishedPostsWithContent(db: Db): PostRow[] {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .all();
}

export function findPost(db: Pick<Db, 'select'>, where: { id: number } | { slug: string }): PostRow | undefined {
  const condition = 'id' in where ? eq(blogPosts.id, where.id) : eq(blogPosts.slug, where.slug);
  return db.select().from(blogPosts).where(condition).get();
}

/** The first free slug among `base`, `base-2`, `base-3`... (ignoring the post being edited). */
export function uniqueSlug(db: Pick<Db, 'select'>, title: string, exceptId?: number): string {
  const base = slugify(title) || 'article';
  const taken = new Set(
    db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(
        and(
          or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)),
          exceptId === undefined ? undefined : ne(blogPosts.id, exceptId),
        ),
      )
      .all()
      .map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function slugTaken(db: Pick<Db, 'select'>, slug: string, exceptId?: number): boolean {
  const condition = exceptId === undefined ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId));
  return db.select({ id: blogPosts.id }).from(blogPosts).where(condition).get() !== undefined;
}
