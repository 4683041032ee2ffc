/**
 * What a page says of itself when it is shown (docs/decisions/0039), in the browser and in the
 * API alike: no zod here, so that the page script stays a few hundred bytes.
 */

/** Where a reader came from: the referrer's host grouped; `internal` is a page of the site itself. */
export const viewSources = ['whatsapp', 'facebook', 'google', 'other', 'none', 'internal'] as const;
export type ViewSource = (typeof viewSources)[number];

/** The screen's class by its width in CSS pixels: under 600 a phone, under 1024 a tablet. */
export const screenClasses = ['phone', 'tablet', 'desktop'] as const;
export type ScreenClass = (typeof screenClasses)[number];

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
