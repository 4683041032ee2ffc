import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

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
          contentType: contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
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
    async check() {
      await mkdir(directory, { recursive: true });
      await access(directory, constants.W_OK);
    },
  };
}
