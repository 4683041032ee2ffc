import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backup, restore } from '../src/backup/backup.ts';
import { databaseFile } from '../src/db/database.ts';
import { blogPosts } from '../src/db/schema.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';
import { cliEnv, cliTestTimeoutMs, runCli } from './support/cli.ts';
import { waitUntil } from './support/waiting.ts';

describe('backup and restore', () => {
  it('takes a consistent backup while posts are being written, and restores the same database and images', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#0d5c3a' } })
      .png()
      .toBuffer();
    for (const name of ['one', 'two']) {
      const boundary = 'xxBOUNDARYxx';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBe(201);
    }

    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await app.inject({
          method: 'POST',
          url: '/api/blog',
          headers: { authorization: `Bearer ${token}` },
          payload: { title: `Article ${written}`, description: '<p>texte</p>' },
        });
        written += 1;
      }
    })();
    // The backup starts while posts are being written: after a few, with the writer still going.
    await waitUntil(() => written >= 5, 'five posts written before the backup');
    const archive = path.join(temporaryDirectory(), 'backup.tar.gz');
    const summary = await backup(app.db, app.storage, archive);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(summary.images).toBe(4);

    const target = temporaryDirectory();
    const targetStorage = createLocalStorage(path.join(target, 'media'), 'http://127.0.0.1/media');
    const restored = await restore(archive, target, targetStorage);
    expect(restored.images).toBe(4);

    const db = new Database(path.join(target, databaseFile), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const count = (db.prepare('select count(*) as total from blog_posts').get() as { total: number }).total;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(app.db.select().from(blogPosts).all().length);
      expect((db.prepare('select count(*) as total from admins').get() as { total: number }).total).toBe(1);
    } finally {
      db.close();
    }
    for await (const key of app.storage.list('blogImages')) {
      const original = await app.storage.get(key);
      const copy = await targetStorage.get(key);
      expect(copy?.size, key).toBe(original?.size);
    }
  });
});

describe('admin CLI', () => {
  it(
    'creates an admin with a generated password printed once, and resets it, signing the admin out',
    async () => {
      const dataDir = temporaryDirectory();
      const env = cliEnv(dataDir);
      const created = await runCli(['admin:create', '--email', 'Staff@Centre.test', '--username', 'Staff'], env);
      expect(created.code).toBe(0);
      const password = created.stdout.match(/password: (\S+)/)?.[1];
      expect(password).toBeDefined();

      const app = await buildTestApp({ env: { DATA_DIR: dataDir } });
      const token = await loginAs(app, 'staff@centre.test', password);
      const reset = await runCli(
        ['admin:reset-password', '--email', 'staff@centre.test', '--password', 'a fresh long passphrase'],
        env,
      );
      expect(reset.code).toBe(0);
      const old = await app.inject({
        method: 'GET',
        url: '/api/auth/validateToken',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(old.statusCode).toBe(401);
      await expect(loginAs(app, 'staff@centre.test', 'a fresh long passphrase')).resolves.toBeTruthy();

      const again = await runCli(['admin:create', '--email', 'staff@centre.test', '--username', 'Again'], env);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(/already exists/);
    },
    cliTestTimeoutMs,
  );
});
