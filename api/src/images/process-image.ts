import type { Metadata, Sharp } from 'sharp';
import { HttpError } from '../http/http-error.ts';
import { detectImageFormat, type ImageFormat, imageContentTypes, imageExtensions } from './image-type.ts';

const maxPixels = 40_000_000;

type SharpLibrary = typeof import('sharp').default;

let loadedSharp: Promise<SharpLibrary> | undefined;

/** sharp and libvips (some 11 MB of memory), loaded by the first upload rather than at start. */
function sharpLibrary(): Promise<SharpLibrary> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image: how many images are processed at once is ProcessingQueue's choice.
    sharp.concurrency(1);
    return sharp;
  });
  return loadedSharp;
}

export const variantWidths = [480, 960, 1600] as const;

interface ProcessedImage {
  format: ImageFormat;
  extension: string;
  contentType: string;
  width: number;
  height: number;
  /** The upload re-encoded: pixels only, no metadata, no trailing bytes. */
  main: Buffer;
  /** Smaller WebP copies for the site's responsive images (none wider than the original). */
  variants: Array<{ width: number; body: Buffer }>;
}

const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 85, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  gif: (image) => image.gif(),
  webp: (image) => image.webp({ quality: 82 }),
  avif: (image) => image.avif({ quality: 60 }),
};

/** The image's format and size, told by its bytes; refuses what is not a supported image, is damaged or too large. */
async function readImage(bytes: Buffer): Promise<{ format: ImageFormat; width: number; height: number; sharp: SharpLibrary }> {
  const format = detectImageFormat(bytes);
  if (!format) throw new HttpError(415, 'Only JPEG, PNG, WebP, AVIF and GIF images are accepted');
  const sharp = await sharpLibrary();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, 'The image file is damaged or incomplete');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > maxPixels) {
    throw new HttpError(413, `The image is too large: at most ${maxPixels / 1_000_000} megapixels`);
  }
  // A photo taken on its side says so in its metadata: its width is the height once upright.
  const sideways = (metadata.orientation ?? 1) >= 5;
  return { format, width: sideways ? height : width, height: sideways ? width : height, sharp };
}

/** Checks the bytes, refuses what is not a supported image, and re-encodes it. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const { format, sharp } = await readImage(bytes);

  const animated = format === 'gif' || format === 'webp';
  const source = () => sharp(bytes, { limitInputPixels: maxPixels, animated }).rotate();
  try {
    const main = await encoders[format](source()).toBuffer({ resolveWithObject: true });
    // One after the other: each resize decodes the original again, and the thread pool is shared.
    const variants: ProcessedImage['variants'] = [];
    for (const variantWidth of variantWidths.filter((width) => width < main.info.width)) {
      variants.push({
        width: variantWidth,
        body: await sharp(bytes, { limitInputPixels: maxPixels })
          .rotate()
          .resize({ width: variantWidth, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      });
    }
    return {
      format,
      extension: imageExtensions[format],
      contentType: imageContentTypes[format],
      width: main.info.width,
      height: main.info.height,
      main: main.data,
      variants,
    };
  } catch {
    throw new HttpError(400, 'The image file is damaged or incomplete');
  }
}

/** A content photo's sizes: wide enough for a card and a page's hero, no wider than the site ever shows. */
export const pictureWidths = { min: 960, max: 1600 } as const;

/**
 * A programme's photo, kept in the content repository beside its file: checked as an upload is,
 * at least 960 px wide, turned upright, at most 1600 px wide, re-encoded as a JPEG without its
 * metadata (a phone's photo carries where it was taken). The site's build makes its AVIF and
 * WebP sizes.
 */
export async function processPicture(bytes: Buffer): Promise<Buffer> {
  const { width, sharp } = await readImage(bytes);
  if (width < pictureWidths.min) {
    throw new HttpError(400, `The photo is ${width} px wide: give one at least ${pictureWidths.min} px wide`);
  }
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: pictureWidths.max, withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new HttpError(400, 'The image file is damaged or incomplete');
  }
}

/** The original file name reduced to safe characters, without its extension. */
export function safeBaseName(fileName: string | undefined): string {
  const base = (fileName ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return base || 'image';
}
