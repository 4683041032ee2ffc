import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminRole, emailAddress, newPassword } from '@cfp/shared';
import { eq } from 'drizzle-orm';
import { replacePassword } from './auth/account-links.ts';
import { hashPassword, weakPasswordReason } from './auth/passwords.ts';
import { backup, restore } from './backup/backup.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseFile, openDatabase } from './db/database.ts';
import { restoreFromReplica } from './db/replication.ts';
import { admins } from './db/schema.ts';
import { createStorage } from './storage/index.ts';

const usage = `Usage: pnpm cli <command> [options]

  admin:create --email E --username U [--role admin|superAdmin] [--password P]
      Creates an admin; without --password one is generated and printed.
  admin:reset-password --email E [--password P]
      Sets a new password (generated and printed without --password), signs the admin out everywhere,
      spends their invitation and reset links, and lifts the lock-out on their account (the running API keys it by the admin's token version).
  backup --out FILE.tar.gz
      Writes the database and every image to one archive; safe while the API runs.
  restore --from FILE.tar.gz
      Restores an archive into DATA_DIR and the storage. Stop the API first.
  restore --from-replica
      Rebuilds DATA_DIR's database from its continuous replica (DB_REPLICA=s3 and DB_REPLICA_S3_*),
      as of its last sync; DATA_DIR must hold no database. The images stay where they are, in S3.

Configuration comes from the same environment variables as the server (DATA_DIR, STORAGE_DRIVER, S3_*).`;

class UsageError extends Error {}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function parseOption<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
  name: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  return parsed.data;
}

async function checkedPassword(
  given: string | undefined,
  personalWords: string[],
): Promise<{ password: string; generated: boolean }> {
  if (!given) return { password: randomBytes(15).toString('base64url'), generated: true };
  parseOption(newPassword, given, 'password');
  const refused = await weakPasswordReason(given, personalWords);
  if (refused) throw new UsageError(`--password: ${refused}`);
  return { password: given, generated: false };
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      password: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      'from-replica': { type: 'boolean' },
    },
  });
  const config = loadConfig();
  const storage = await createStorage(config.storage);

  switch (command) {
    case 'admin:create': {
      const email = parseOption(emailAddress, required(values.email, 'email'), 'email');
      const role = parseOption(adminRole, values.role, 'role');
      const username = required(values.username, 'username');
      const { password, generated } = await checkedPassword(values.password, [email, username]);
      const db = openDatabase(path.join(config.dataDir, databaseFile));
      const row = db
        .insert(admins)
        .values({ email, role, username, passwordHash: await hashPassword(password) })
        .onConflictDoNothing()
        .returning()
        .get();
      if (!row) throw new UsageError(`an admin with the email ${email} already exists: use admin:reset-password`);
      console.log(`Created ${role} ${email}${generated ? ` with the password: ${password}` : ''}`);
      return;
    }
    case 'admin:reset-password': {
      const email = parseOption(emailAddress, required(values.email, 'email'), 'email');
      const { password, generated } = await checkedPassword(values.password, [email]);
      const db = openDatabase(path.join(config.dataDir, databaseFile));
      const passwordHash = await hashPassword(password);
      const row = db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).get();
      if (row) db.transaction((tx) => replacePassword(tx, row.id, passwordHash));
      if (!row) throw new UsageError(`no admin has the email ${email}`);
      console.log(
        `New password set for ${email}${generated ? `: ${password}` : ''}. Existing sessions are signed out and the sign-in lock-out is lifted.`,
      );
      return;
    }
    case 'backup': {
      const db = openDatabase(path.join(config.dataDir, databaseFile));
      const summary = await backup(db, storage, required(values.out, 'out'));
      console.log(`Backup written to ${summary.file} (database and ${summary.images} image files)`);
      return;
    }
    case 'restore': {
      if (values['from-replica']) {
        if (!config.databaseReplica) throw new UsageError('--from-replica needs DB_REPLICA=s3 and the replica’s settings');
        const databasePath = path.join(config.dataDir, databaseFile);
        await restoreFromReplica(config, databasePath, config.databaseReplica);
        console.log(
          `Database restored from s3://${config.databaseReplica.bucket}/${config.databaseReplica.prefix} into ${databasePath}`,
        );
        return;
      }
      const summary = await restore(required(values.from, 'from'), config.dataDir, storage);
      console.log(`Restored ${summary.file}: database and ${summary.images} image files`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
