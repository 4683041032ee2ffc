import { blogPostInput } from '@cfp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** What the form holds while it is edited: every field as typed. */
export interface BlogFormValues {
  title: string;
  slug: string;
  description: string;
  coverPhoto: string;
  views: string;
  author: string;
}

/** The post as the API's schema leaves it: trimmed, views a number, no slug when left blank. */
export type ValidBlogPost = ReturnType<typeof blogPostInput.parse>;

const validateWithSchema = zodResolver(blogPostInput);

/**
 * The API's own schema checks the form. A blank slug means "make it from the title", so it is
 * left out rather than refused.
 */
export const blogFormResolver: Resolver<BlogFormValues, unknown, ValidBlogPost> = (values, context, options) =>
  validateWithSchema({ ...values, slug: values.slug.trim() || undefined }, context, options as never) as ReturnType<
    Resolver<BlogFormValues, unknown, ValidBlogPost>
  >;

export function sameValues(a: BlogFormValues, b: BlogFormValues): boolean {
  return (Object.keys(a) as (keyof BlogFormValues)[]).every((key) => a[key] === b[key]);
}
