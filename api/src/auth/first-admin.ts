import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from '../config.ts';
import type { Db } from '../db/database.ts';
import { admins } from '../db/schema.ts';
import { hashPassword, weakPasswordReason } from './passwords.ts';

const defaultAdminEmail = 'admin@example.com';

/** "jean-paul.ndzi@centre.cm" → "Jean-Paul Ndzi": a name to sign posts with until the admin changes it. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local.split(/[._+\s]+/).filter(Boolean);
  const capitalised = words.map((word) =>
    word.replace(/(^|-)(\p{L})/gu, (_, dash: string, letter: string) => dash + letter.toUpperCase()),
  );
  return capitalised.join(' ') || 'Admin';
}

/** The first superAdmin's generated credentials, shown once. */
export interface GeneratedAdmin {
  email: string;
  password: string;
}

/**
 * On a fresh database, creates the first superAdmin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password, which it returns for the start to print once (start-message.ts). A given
 * ADMIN_PASSWORD must pass the same strength check as any new password, or the start stops
 * with a configuration error.
 */
export async function ensureFirstAdmin(
  db: Db,
  firstAdmin: Config['firstAdmin'],
  log: FastifyBaseLogger,
): Promise<GeneratedAdmin | undefined> {
  const [row] = db.select({ total: count() }).from(admins).all();
  if ((row?.total ?? 0) > 0) return undefined;

  const email = firstAdmin.email?.toLowerCase() ?? defaultAdminEmail;
  const password = firstAdmin.password ?? randomBytes(12).toString('base64url');
  const username = firstAdmin.username ?? nameFromEmail(email);
  const refused = firstAdmin.password && (await weakPasswordReason(firstAdmin.password, [email, username]));
  if (refused) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${refused}`);
  db.insert(admins)
    .values({ username, email, role: 'superAdmin', passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .run();

  if (firstAdmin.password) {
    log.info({ email }, `first superAdmin ${email} created from ADMIN_EMAIL / ADMIN_PASSWORD`);
    return undefined;
  }
  return { email, password };
}
