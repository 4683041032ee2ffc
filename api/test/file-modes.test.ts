import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backup, restore } from '../src/backup/backup.ts';
import { databaseFile } from '../src/db/database.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('file modes of the data', () => {
  it('keeps the data directory, the database with its WAL and SHM files, and backups to their owner', async () => {
    // A data directory made by the configuration (755 with the usual umask), not by mkdtemp (700 already).
    const app = await buildTestApp({ env: { DATA_DIR: path.join(temporaryDirectory(), 'data') } });
    await loginAs(app);
    const dataDir = app.config.dataDir;
    const database = path.join(dataDir, databaseFile);
    expect(modeOf(dataDir)).toBe('700');
    for (const file of [database, `${database}-wal`, `${database}-shm`]) expect(modeOf(file), file).toBe('600');

    const archive = path.join(temporaryDirectory(), 'backups', 'backup.tar.gz');
    await backup(app.db, app.storage, archive);
    expect(modeOf(archive)).toBe('600');

    const target = path.join(temporaryDirectory(), 'restored');
    await restore(archive, target, createLocalStorage(path.join(target, 'media'), 'http://127.0.0.1/media'));
    expect(modeOf(target)).toBe('700');
    expect(modeOf(path.join(target, databaseFile))).toBe('600');
  });
});
