import { z } from 'zod';
import { localeSchema } from './locales.ts';

/**
 * Interest in the site's pages, counted without cookies or identifiers: each page shown sends
 * one count (POST /api/views) with its address, language, where the reader came from (the
 * referrer's site grouped, never its address) and the screen's class. The API keeps daily
 * totals of these, nothing about the reader (docs/decisions/0039).
 */

/** Where a reader came from: the referrer's host grouped; `internal` is a page of the site itself. */
export const viewSources = ['whatsapp', 'facebook', 'google', 'other', 'none', 'internal'] as const;
export type ViewSource = (typeof viewSources)[number];

/** The screen's class by its width in CSS pixels: under 600 a phone, under 1024 a tablet. */
export const screenClasses = ['phone', 'tablet', 'desktop'] as const;
export type ScreenClass = (typeof screenClasses)[number];

/** Longest page address counted: longer ones are not the site's. */
const maxPathLength = 200;

/**
 * A page's token: in the page as it was built, sent with its count. A request without it did
 * not come from the page (a bot posting to the API); it proves nothing more, nor tries to.
 */
export function viewToken(path: string): string {
  // FNV-1a, 32 bits: the same in the page's build and in the API, in a few lines.
  let hash = 0x811c9dc5;
  for (const character of `cfp-view:${path}`) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

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

/** The referrer's group, from its host: the groups staff ask about, everything else `other`. */
export function viewSourceOf(referrerHost: string, siteHost: string): ViewSource {
  const host = referrerHost.toLowerCase();
  if (host === '') return 'none';
  if (host === siteHost.toLowerCase()) return 'internal';
  if (/(^|\.)(whatsapp\.com|wa\.me)$/.test(host)) return 'whatsapp';
  if (/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/.test(host)) return 'facebook';
  if (/(^|\.)google\.[a-z.]+$/.test(host)) return 'google';
  return 'other';
}

/** The screen's class of a viewport `width` CSS pixels wide. */
export const screenClassOf = (width: number): ScreenClass => (width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop');
