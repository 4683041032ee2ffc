import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { create, extract } from 'tar';
import { type Db, databaseFile } from '../db/database.ts';
import { contentTypeForKey } from '../images/image-type.ts';
import { imagesKeyPrefix, type Storage } from '../storage/index.ts';

interface BackupSummary {
  file: string;
  images: number;
}

async function streamToBuffer(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Writes one .tar.gz with a consistent copy of the database (SQLite's online backup, safe
 * while the API writes) and every stored image. Images are copied after the database, so
 * every image a backed-up post refers to is in the archive.
 */
export async function backup(db: Db, storage: Storage, outFile: string): Promise<BackupSummary> {
  const work = await mkdtemp(path.join(tmpdir(), 'cfp-backup-'));
  try {
    await db.$client.backup(path.join(work, databaseFile));
    let images = 0;
    for await (const key of storage.list(imagesKeyPrefix)) {
      const object = await storage.get(key);
      if (!object) continue;
      const target = path.join(work, 'media', key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await streamToBuffer(object.body));
      images += 1;
    }
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify({ createdAt: new Date().toISOString(), images }, null, 2));
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true, mode: 0o700 });
    await create({ gzip: true, file: outFile, cwd: work, portable: true }, [
      'manifest.json',
      databaseFile,
      ...(images ? ['media'] : []),
    ]);
    // Like the database it holds: the owner's only.
    await chmod(outFile, 0o600);
    return { file: outFile, images };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive made by `backup` into the data directory and the storage.
 * The API must be stopped: the database file is replaced.
 */
export async function restore(archive: string, dataDir: string, storage: Storage): Promise<BackupSummary> {
  const work = await mkdtemp(path.join(tmpdir(), 'cfp-restore-'));
  try {
    await extract({ file: archive, cwd: work, strict: true });
    const restoredDb = path.join(work, databaseFile);
    const check = new Database(restoredDb, { readonly: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`The archive's database is damaged: ${String(result)}`);
    } finally {
      check.close();
    }
    const manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as { images: number };
    let images = 0;
    const mediaRoot = path.join(work, 'media');
    const files = manifest.images > 0 ? await readdir(mediaRoot, { recursive: true, withFileTypes: true }) : [];
    for (const entry of files) {
      if (!entry.isFile()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      const key = path.relative(mediaRoot, absolute).split(path.sep).join('/');
      await storage.put(key, await readFile(absolute), contentTypeForKey(key));
      images += 1;
    }
    const target = path.join(dataDir, databaseFile);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${target}${suffix}`, { force: true })));
    await copyFile(restoredDb, `${target}.restoring`);
    await chmod(`${target}.restoring`, 0o600);
    await rename(`${target}.restoring`, target);
    return { file: archive, images };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
