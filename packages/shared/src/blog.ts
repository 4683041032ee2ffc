import { z } from 'zod';

export const postStatuses = ['draft', 'published'] as const;
export const postStatus = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatus>;

/** The longest each field of a post may be: the API refuses more, the admin form types no more. */
export const blogPostLimits = {
  title: 200,
  slug: 120,
  description: 200_000,
  author: 100,
  coverPhoto: 2048,
  /** A cover's or an image's description (alt text): a sentence, not a caption. */
  imageAlt: 250,
} as const;

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const postSlug = z
  .string()
  .trim()
  .min(1)
  .max(blogPostLimits.slug)
  .regex(slugPattern, { error: 'the web address must be lower-case words separated by hyphens' });

/** Lower-case, accent-free, hyphenated: "Rentrée 2026 : inscriptions !" → "rentree-2026-inscriptions". */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, blogPostLimits.slug)
    .replace(/-+$/g, '');
}

/** The post form's message for an empty title or content, as staff know it: creating names them... */
export const postTextRequired = 'Title and description are required';
/** ...editing says it as the specification's edit screen does. */
export const postEditTextRequired = 'All fields are required';

const requiredText = (name: string, max: number, required: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${name} must be at most ${max} characters` });

/** Views are free text on the post form and a number everywhere else. */
const views = z
  .union([z.number(), z.string().trim()])
  .transform((value) => (value === '' ? 0 : Number(value)))
  .pipe(
    z
      .number({ error: 'views must be a number' })
      .int({ error: 'views must be a whole number' })
      .min(0, { error: 'views cannot be negative' })
      .max(1_000_000_000),
  );

/** An image uploaded with POST /api/images: the URL it answered or its key (the API checks it is ours). */
const coverPhoto = z
  .string()
  .trim()
  .max(blogPostLimits.coverPhoto)
  .refine((value) => value === '' || /^https?:\/\//.test(value) || value.startsWith('blogImages/'), {
    error: 'coverPhoto must be the URL or the "blogImages/…" key of an uploaded image',
  });

/** An English version is both its title and its text, or nothing: the message names the half missing. */
export const englishVersionIncomplete = {
  titleEn: 'English title is required with an English text (clear both to remove the English version)',
  descriptionEn: 'English text is required with an English title (clear both to remove the English version)',
} as const;

const postInput = (required: string) =>
  z
    .object({
      title: requiredText('title', blogPostLimits.title, required),
      description: requiredText('description', blogPostLimits.description, required),
      author: z.string().trim().max(blogPostLimits.author).optional(),
      views: views.optional(),
      coverPhoto: coverPhoto.optional(),
      /** The cover's description for those who cannot see it; the admin asks for it, older clients may omit it. */
      coverAlt: z.string().trim().max(blogPostLimits.imageAlt).optional(),
      slug: postSlug.optional(),
      status: postStatus.optional(),
      /**
       * The post's English version (docs/decisions/0024), optional: both or neither. '' clears it.
       * With both, the post is published under /en/blog too and its newsletter goes to English
       * subscribers in English.
       */
      titleEn: z
        .string()
        .trim()
        .max(blogPostLimits.title, { error: `the English title must be at most ${blogPostLimits.title} characters` })
        .optional(),
      descriptionEn: z.string().trim().max(blogPostLimits.description).optional(),
    })
    .refine((post) => !post.descriptionEn || Boolean(post.titleEn), {
      path: ['titleEn'],
      error: englishVersionIncomplete.titleEn,
    })
    .refine((post) => !post.titleEn || Boolean(post.descriptionEn), {
      path: ['descriptionEn'],
      error: englishVersionIncomplete.descriptionEn,
    });

export const blogPostInput = postInput(postTextRequired);
export type BlogPostInput = z.input<typeof blogPostInput>;
/** The same post, edited: only the message for an empty title or content differs. */
export const blogPostUpdateInput = postInput(postEditTextRequired);

/** What the admin's post form asks on top of the API: a cover is described for those who cannot see it. */
const withDescribedCover = <Schema extends typeof blogPostInput>(schema: Schema) =>
  schema.refine((post) => !post.coverPhoto || Boolean(post.coverAlt), {
    path: ['coverAlt'],
    error: 'describe the picture for those who cannot see it',
  });
export const blogPostFormInput = withDescribedCover(blogPostInput);
export const blogPostUpdateFormInput = withDescribedCover(blogPostUpdateInput);

const timestamp = z.string();

export const blogPostSummary = z.object({
  _id: z.number(),
  title: z.string(),
  slug: z.string(),
  author: z.string(),
  views: z.number(),
  coverPhoto: z.string(),
  status: postStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
  publishedAt: timestamp.nullable(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

/**
 * A post's cover as recorded when it was uploaded: its size and its WebP copies, for pages to
 * offer in a srcset. Width and height are null for a cover uploaded before uploads were recorded.
 */
export const coverImage = z.object({
  url: z.string(),
  /** Its description (alt text); '' when none was given (a post saved before it was asked). */
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type CoverImage = z.infer<typeof coverImage>;

/** A post with its content and its cover's description (null without a cover of ours). */
export const blogPost = blogPostSummary.extend({
  description: z.string(),
  cover: coverImage.nullable(),
  /** The English version: '' for both until someone writes it. */
  titleEn: z.string(),
  descriptionEn: z.string(),
});
export type BlogPost = z.infer<typeof blogPost>;

/** A post as the lists give it: whether it has an English version too (the admin's list marks it EN). */
const blogPostListItem = blogPostSummary.extend({ hasEnglish: z.boolean() });
export type BlogPostListItem = z.infer<typeof blogPostListItem>;
export const blogPostList = z.array(blogPostListItem);
export const blogPostFullList = z.array(blogPost);

export const blogPostSaved = z.object({ message: z.string(), blog: blogPost });
export type BlogPostSaved = z.infer<typeof blogPostSaved>;

export const slugParams = z.object({ slug: z.string().max(200) });

export const uploadedImage = z.object({
  message: z.string(),
  url: z.string(),
  key: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type UploadedImage = z.infer<typeof uploadedImage>;
