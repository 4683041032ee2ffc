import { blogPostFormInput, blogPostUpdateFormInput } from '@cfp/shared';
import { schemaResolver } from '../../components/form/schema-resolver.ts';

/** What the form holds while it is edited: every field as typed. */
export interface BlogFormValues {
  title: string;
  slug: string;
  description: string;
  coverPhoto: string;
  coverAlt: string;
  views: string;
  author: string;
  /** The English version: both or neither (docs/decisions/0024). */
  titleEn: string;
  descriptionEn: string;
}

/** The post as the API's schema leaves it: trimmed, views a number, no slug when left blank. */
export type ValidBlogPost = ReturnType<typeof blogPostFormInput.parse>;

/** A blank slug means "make it from the title". Creating and editing word an empty title or content as the specification does. */
export const blogFormResolvers = {
  create: schemaResolver<BlogFormValues, ValidBlogPost>(blogPostFormInput, ['slug']),
  edit: schemaResolver<BlogFormValues, ValidBlogPost>(blogPostUpdateFormInput, ['slug']),
};

export function sameValues(a: BlogFormValues, b: BlogFormValues): boolean {
  return (Object.keys(a) as (keyof BlogFormValues)[]).every((key) => a[key] === b[key]);
}
