import type { AdminRole } from '@cfp/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accountTokens, admins } from '../db/schema.ts';

/** An admin account as stored. */
export type AdminRow = typeof admins.$inferSelect;

/** Why a change to the accounts is refused: no such account, an address another account has, or the last superAdmin. */
export type AccountRefusal = 'not-found' | 'email-taken' | 'last-super-admin';

export function listAdmins(db: Db): AdminRow[] {
  return db.select().from(admins).orderBy(admins.createdAt).all();
}

export function findAdmin(db: Db, id: number): AdminRow | undefined {
  return db.select().from(admins).where(eq(admins.id, id)).get();
}

export function findAdminByEmail(db: Db, email: string): AdminRow | undefined {
  return db.select().from(admins).where(eq(admins.email, email)).get();
}

export function emailTaken(db: Pick<Db, 'select'>, email: string, exceptId?: number): boolean {
  const condition = exceptId === undefined ? eq(admins.email, email) : and(eq(admins.email, email), ne(admins.id, exceptId));
  return db.select({ id: admins.id }).from(admins).where(condition).get() !== undefined;
}

function superAdminCount(db: Pick<Db, 'select'>): number {
  return db.select({ total: count() }).from(admins).where(eq(admins.role, 'superAdmin')).get()?.total ?? 0;
}

/** A new account; an empty passwordHash for an invited admin who is to choose one. */
export function createAdmin(
  db: Db,
  account: { username: string; email: string; role: AdminRole; passwordHash: string },
): AdminRow {
  return db.insert(admins).values(account).returning().get();
}

/** Takes back an account just created, whose invitation could not be sent. */
export function removeNewAdmin(db: Db, id: number): void {
  db.delete(admins).where(eq(admins.id, id)).run();
}

/** What a superAdmin changes of an account; a new passwordHash when the password changes. */
export interface AccountChange {
  email: string;
  role: AdminRole;
  username?: string;
  passwordHash?: string;
}

/** Changes an account, signing its sessions out when its password or role changes; the account, or why not. */
export function updateAdmin(db: Db, id: number, change: AccountChange): AdminRow | AccountRefusal {
  const { email, role, username, passwordHash } = change;
  return db.transaction((tx) => {
    const current = tx.select().from(admins).where(eq(admins.id, id)).get();
    if (!current) return 'not-found';
    if (emailTaken(tx, email, id)) return 'email-taken';
    const demoted = current.role === 'superAdmin' && role !== 'superAdmin';
    if (demoted && superAdminCount(tx) <= 1) return 'last-super-admin';
    const revokeTokens = passwordHash !== undefined || role !== current.role;
    const updated = tx
      .update(admins)
      .set({
        email,
        role,
        username: username ?? current.username,
        ...(passwordHash ? { passwordHash } : {}),
        tokenVersion: revokeTokens ? current.tokenVersion + 1 : current.tokenVersion,
      })
      .where(eq(admins.id, id))
      .returning()
      .get();
    // A password set here makes any invitation or reset link of the account useless; so does a
    // new address: a link mailed to the old one (perhaps a typo, someone else's box) must open nothing.
    if (passwordHash || email !== current.email) tx.delete(accountTokens).where(eq(accountTokens.adminId, id)).run();
    return updated;
  });
}

/** Deletes an account, never the last superAdmin; the account it was, or why not. */
export function deleteAdmin(db: Db, id: number): AdminRow | AccountRefusal {
  return db.transaction((tx) => {
    const current = tx.select().from(admins).where(eq(admins.id, id)).get();
    if (!current) return 'not-found';
    if (current.role === 'superAdmin' && superAdminCount(tx) <= 1) return 'last-super-admin';
    tx.delete(admins).where(eq(admins.id, id)).run();
    return current;
  });
}
