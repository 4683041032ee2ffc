import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeForKey } from '../images/image-type.ts';
import type { Storage } from './storage.ts';

export function createLocalStorage(directory: string, publicUrl: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(directory, key);
    if (!file.startsWith(path.resolve(directory) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };

  return {
    driver: 'local',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside, flushed, then renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    },
    async get(key) {
      const file = resolve(key);
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
      const root = path.resolve(directory);
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
