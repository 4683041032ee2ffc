import type { CoverImage } from '@cfp/shared';
import { API } from './api.ts';

/**
 * A post's cover as the pages print it, from the description the API gives with the post
 * (the upload's size and its WebP copies): the WebP copies in a srcset, width and height
 * set, and the original as the fallback. The build reads no image to work this out.
 */
export interface Cover {
  src: string;
  /** What the picture shows, as the admin described it; '' when it was not described. */
  alt: string;
  /** The WebP copies, "url 480w, url 960w"; absent when there are none. */
  srcset?: string;
  width?: number;
  height?: number;
}

/** A cover given as a path lives on the API's host: the same origin unless the API is elsewhere. */
function publicUrl(url: string): string {
  return url.startsWith('/') && /^https?:\/\//.test(API) ? new URL(url, API).href : url;
}

/** The API describes only its own uploads: a post without a cover, or with one from elsewhere, has none. */
export function coverOf(cover: CoverImage | null): Cover | undefined {
  if (!cover) return undefined;
  const src = publicUrl(cover.url);
  const alt = cover.alt;
  const variants = [...cover.variants].sort((a, b) => a.width - b.width);
  const largest = variants.at(-1);
  const size = cover.width && cover.height ? { width: cover.width, height: cover.height } : undefined;
  if (!largest) return { src, alt, ...size };
  return {
    src,
    alt,
    srcset: variants.map((variant) => `${publicUrl(variant.url)} ${variant.width}w`).join(', '),
    // The largest copy's size, in the original's proportions.
    ...(size && { width: largest.width, height: Math.round((largest.width * size.height) / size.width) }),
  };
}
