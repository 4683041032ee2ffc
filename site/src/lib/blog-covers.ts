import sharp from 'sharp';
import { API } from './api.ts';
import { blogApiUrl } from './blog-source.ts';

/**
 * A post's cover as the pages print it. The API stores an upload at blogImages/{stem}.{ext}
 * with WebP copies at {stem}-480w.webp, -960w.webp and -1600w.webp (only those narrower than
 * the original): the build checks which exist and reads their proportions, so the page can
 * offer them in a srcset, with width and height set, and the original as the fallback.
 */
export interface Cover {
  src: string;
  /** The WebP copies, "url 480w, url 960w"; absent when there are none. */
  srcset?: string;
  width?: number;
  height?: number;
}

const variantWidths = [480, 960, 1600] as const;
const uploaded = /^(.*\/blogImages\/[A-Za-z0-9_-]+)\.(?:jpe?g|png|webp|avif|gif)$/i;
const uploadedPath = /^\/(?:.*\/)?blogImages\/[A-Za-z0-9_-]+\.(?:jpe?g|png|webp|avif|gif)$/i;

/** A cover given as a path lives on the API's host (the spec's rule): the same origin unless the API is elsewhere. */
function publicUrl(coverPhoto: string): string | undefined {
  if (/^https?:\/\//.test(coverPhoto)) return coverPhoto;
  if (!coverPhoto.startsWith('/')) return undefined;
  return /^https?:\/\//.test(API) ? new URL(coverPhoto, API).href : coverPhoto;
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Where the build may read a cover: only an upload of ours, at /media/ on the API's or the
 * site's own host (local storage) or anywhere on the media origin the API names (a bucket).
 * A post's cover pointing elsewhere is never fetched (it could name an internal address) and
 * is not printed either.
 */
function buildUrl(url: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const api = blogApiUrl(env);
  const absolute = /^https?:\/\//.test(url) ? url : api ? new URL(url, api).href : undefined;
  if (!absolute) return undefined;
  const { origin, pathname } = new URL(absolute);
  const ownHosts = [originOf(api), originOf(env.PUBLIC_SITE_URL)];
  if (ownHosts.includes(origin) && pathname.startsWith('/media/') && uploadedPath.test(pathname)) return absolute;
  if (origin === originOf(env.SITE_MEDIA_ORIGIN) && uploadedPath.test(pathname)) return absolute;
  return undefined;
}

async function exists(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'error', signal: AbortSignal.timeout(10_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function dimensions(url: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(15_000) });
    if (!response.ok) return undefined;
    const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

export async function resolveCover(coverPhoto: string): Promise<Cover | undefined> {
  const src = publicUrl(coverPhoto.trim());
  if (!src) return undefined;
  const stem = src.match(uploaded)?.[1];
  const readable = buildUrl(src);
  if (!stem || !readable) return undefined;
  const readableStem = readable.slice(0, readable.length - (src.length - stem.length));
  const found = (
    await Promise.all(variantWidths.map(async (width) => ((await exists(`${readableStem}-${width}w.webp`)) ? width : undefined)))
  ).filter((width) => width !== undefined);
  const smallest = found[0];
  const largest = found.at(-1);
  if (smallest === undefined || largest === undefined) {
    // No copies: the original is narrower than 480 px, and small enough to read for its size.
    return { src, ...(await dimensions(readable)) };
  }
  const measured = await dimensions(`${readableStem}-${smallest}w.webp`);
  return {
    src,
    srcset: found.map((width) => `${stem}-${width}w.webp ${width}w`).join(', '),
    ...(measured && { width: largest, height: Math.round((largest * measured.height) / measured.width) }),
  };
}
