import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ensureFirstAdmin } from '../src/auth/first-admin.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { admins } from '../src/db/schema.ts';
import type { Storage } from '../src/storage/index.ts';

export const testAdmin = { email: 'owner@centre.test', password: 'correct horse battery staple', username: 'Owner' };

/** A plain admin beside the superAdmin, for the tests of what an admin may and may not do (`insertAdmin`). */
export const testEditor = {
  username: 'Editor',
  email: 'editor@centre.test',
  password: 'a long editor passphrase',
  role: 'admin',
} as const;

const temporaryDirectories: string[] = [];
// Registered when a test file imports this module: hooks added from inside a test body never run.
afterAll(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

export function temporaryDirectory(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'cfp-test-'));
  temporaryDirectories.push(directory);
  return directory;
}

/** A copy of the API's migrations whose journal stops before `tag` (e.g. '0009'): a database as it was then. */
export function migrationsBefore(tag: string): string {
  const folder = temporaryDirectory();
  cpSync(fileURLToPath(new URL('../drizzle', import.meta.url)), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: temporaryDirectory(),
    LOG_LEVEL: 'silent',
    SITE_REBUILD: 'off',
    // A test that turns builds on waits for them: at the test's priority, not production's idle class.
    SITE_BUILD_PRIORITY: 'normal',
    SITE_SERVE: 'false',
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    ADMIN_USERNAME: testAdmin.username,
    ...overrides,
  });
}

/**
 * Builds the app exactly as the server does, on a fresh data directory, with the first superAdmin
 * created; `now` is the login lock-out's clock, for a test that sets it.
 */
export async function buildTestApp(
  options: { env?: Record<string, string>; storage?: Storage; now?: () => number } = {},
): Promise<FastifyInstance> {
  const config = testConfig(options.env);
  const app = await buildApp({ config, storage: options.storage, now: options.now });
  await createFirstAdmin(app, config);
  afterEach(() => app.close());
  return app;
}

let testAdminHash: Promise<string> | undefined;

/**
 * The first superAdmin, as the server's start creates it (ensureFirstAdmin). The usual one,
 * `testAdmin`, is written straight away, with its hash computed once per file: ensureFirstAdmin
 * would check its password's strength in a process that loads the estimator's dictionaries,
 * about a second for each app (first-admin.test.ts and password-strength.test.ts test that).
 */
export async function createFirstAdmin(app: FastifyInstance, config: Config): Promise<void> {
  const { email, password, username } = config.firstAdmin;
  if (email !== testAdmin.email || password !== testAdmin.password || username !== testAdmin.username) {
    await ensureFirstAdmin(app.db, config.firstAdmin, app.log);
    return;
  }
  testAdminHash ??= hashPassword(testAdmin.password);
  const passwordHash = await testAdminHash;
  // A data directory the app starts on again has it already, as ensureFirstAdmin would leave it.
  app.db.insert(admins).values({ username, email, role: 'superAdmin', passwordHash }).onConflictDoNothing().run();
}

/**
 * An admin account written straight to the database, for a test about something else: creating
 * one through the API starts the password estimator's process, about two CPU-seconds
 * (admins.test.ts tests that way). Resolves with its id.
 */
export async function insertAdmin(
  app: FastifyInstance,
  { password, ...account }: { username: string; email: string; password: string; role: 'admin' | 'superAdmin' },
): Promise<number> {
  const passwordHash = await hashPassword(password);
  return app.db
    .insert(admins)
    .values({ ...account, passwordHash })
    .returning({ id: admins.id })
    .get().id;
}

export async function loginAs(app: FastifyInstance, email = testAdmin.email, password = testAdmin.password): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ Token: string }>().Token;
}

/** POSTs `bytes` to /api/images as the admin app does: multipart, in a field named "image"; `to` another route and method. */
export function uploadImage(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  fileName = 'cover.png',
  to: { method: 'POST' | 'PUT'; url: string } = { method: 'POST', url: '/api/images' },
) {
  const boundary = 'cfpTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    ...to,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
