import type { Db } from '../db/database.ts';
import { images } from '../db/schema.ts';

/** What an upload stored: its main key, type and size, and its narrower WebP variants' keys. */
export interface UploadedImage {
  key: string;
  contentType: string;
  width: number;
  height: number;
  variants: { width: number; key: string }[];
}

/** Remembers an upload: what a post showing this image as its cover will say about it (GET /api/blog/published). */
export function recordUploadedImage(db: Db, image: UploadedImage): void {
  db.insert(images).values(image).run();
}
