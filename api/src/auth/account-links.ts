import { createHash, randomBytes } from 'node:crypto';
import { type AccountTokenPurpose, accountLinkValidityMs, adminPaths } from '@cfp/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accountTokens, admins } from '../db/schema.ts';

type DbAccess = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A superAdmin's new invitation replaces the earlier one. A reset link leaves the earlier ones
 * valid: anyone may ask for one, and their request must not spend the link the owner is using
 * (decision 0017).
 */
const replacesEarlierLinks: Record<AccountTokenPurpose, boolean> = { invitation: true, reset: false };

/**
 * A new single-use link for the admin. The token goes in the URL's fragment, which browsers
 * send to no server, in no Referer.
 */
export function issueAccountLink(db: DbAccess, adminId: number, purpose: AccountTokenPurpose, adminUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + accountLinkValidityMs[purpose]);
  if (replacesEarlierLinks[purpose]) {
    db.delete(accountTokens)
      .where(and(eq(accountTokens.adminId, adminId), eq(accountTokens.purpose, purpose)))
      .run();
  }
  db.insert(accountTokens)
    .values({ tokenHash: hashOf(token), adminId, purpose, expiresAt })
    .run();
  return { url: `${adminUrl}${adminPaths.setPassword}#token=${token}`, expiresAt };
}

/** The account a link is for while it is valid; undefined for an unknown, used or expired link. */
export function findAccountLink(db: DbAccess, token: string) {
  db.delete(accountTokens).where(lte(accountTokens.expiresAt, new Date())).run();
  return db
    .select({
      adminId: admins.id,
      username: admins.username,
      email: admins.email,
      purpose: accountTokens.purpose,
      expiresAt: accountTokens.expiresAt,
    })
    .from(accountTokens)
    .innerJoin(admins, eq(admins.id, accountTokens.adminId))
    .where(and(eq(accountTokens.tokenHash, hashOf(token)), gt(accountTokens.expiresAt, new Date())))
    .get();
}

/**
 * Gives the admin a new password (chosen through a link, or set from the server's shell): every
 * link of the account is spent and every session it had is signed out, whoever held them.
 */
export function replacePassword(db: DbAccess, adminId: number, passwordHash: string): void {
  const current = db.select({ tokenVersion: admins.tokenVersion }).from(admins).where(eq(admins.id, adminId)).get();
  if (!current) return;
  db.update(admins)
    .set({ passwordHash, tokenVersion: current.tokenVersion + 1 })
    .where(eq(admins.id, adminId))
    .run();
  db.delete(accountTokens).where(eq(accountTokens.adminId, adminId)).run();
}

/** Whether the admin still waits to choose a first password, and whether their invitation can still be used. */
export function invitationState(db: DbAccess, admin: { id: number; passwordHash: string }): 'pending' | 'expired' | undefined {
  if (admin.passwordHash !== '') return undefined;
  const link = db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.adminId, admin.id), eq(accountTokens.purpose, 'invitation')))
    .get();
  return link && link.expiresAt.getTime() > Date.now() ? 'pending' : 'expired';
}

/**
 * Gives the admin the password chosen with a link, if the link is still theirs: checked again
 * after hashing, so that the same link sent twice at once sets one password. False when spent.
 */
export function replacePasswordWithLink(db: Db, token: string, adminId: number, passwordHash: string): boolean {
  return db.transaction((tx) => {
    if (findAccountLink(tx, token)?.adminId !== adminId) return false;
    replacePassword(tx, adminId, passwordHash);
    return true;
  });
}
