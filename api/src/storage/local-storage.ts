import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeForKey } from '../images/image-type.ts';
import { isSafeStorageKey, type Storage } from './storage.ts';

export function createLocalStorage(directory: string, publicUrl: string): Storage {
  const root = path.resolve(directory);
  /** The file of a key, or undefined when the key could name a file outside the directory. */
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    return isSafeStorageKey(key) && file.startsWith(root + path.sep) ? file : undefined;
  };
  const resolve = (key: string) => {
    const file = fileOf(key);
    if (!file) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };

  return {
    driver: 'local',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside (a name no other request can share), flushed, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return undefined;
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: contentTypeForKey(key),
        };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl(key) {
      return `${publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    async *list(prefix) {
      let entries: string[];
      try {
        entries = await readdir(path.join(root, prefix), { recursive: true });
      } catch {
        return;
      }
      for (const entry of entries.sort()) {
        const key = path.posix.join(prefix, entry.split(path.sep).join('/'));
        if (!key.endsWith('.tmp') && (await stat(path.join(root, key))).isFile()) yield key;
      }
    },
    async check() {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
  };
}
