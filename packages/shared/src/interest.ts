import { z } from 'zod';
import { localeSchema } from './locales.ts';
import { screenClasses, viewSources, viewToken } from './page-views.ts';

/**
 * Interest in the site's pages, counted without cookies or identifiers: each page shown sends
 * one count (POST /api/views) with its address, language, where the reader came from (the
 * referrer's site grouped, never its address) and the screen's class. The API keeps daily
 * totals of these, nothing about the reader (docs/decisions/0039).
 */

/** Longest page address counted: longer ones are not the site's. */
const maxPathLength = 200;

/** One page shown, as the page's script sends it (a urlencoded body, which a beacon sends without a preflight). */
export const pageViewInput = z
  .object({
    path: z
      .string()
      .max(maxPathLength)
      .regex(/^\/[\w\-./]*$/),
    language: localeSchema,
    source: z.enum(viewSources),
    screen: z.enum(screenClasses),
    token: z.string().max(16),
  })
  .refine((view) => view.token === viewToken(view.path), { error: 'not a page of the site', path: ['token'] });
export type PageViewInput = z.infer<typeof pageViewInput>;
