import type { Readable } from 'node:stream';

interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where uploaded images live: local disk in the embedded default, an S3 bucket in production. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** Every key under `prefix` (for backups). */
  list(prefix: string): AsyncIterable<string>;
  /** Throws when the storage cannot be reached or written. */
  check(): Promise<void>;
}

/**
 * A key is a relative path of plain segments: not absolute, no `.`/`..`, no empty segment, no
 * backslash or NUL. Anything else could name a file outside the storage, so it names nothing.
 */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || /[\\\0]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
