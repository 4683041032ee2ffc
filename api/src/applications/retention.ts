import { lt } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { applications } from '../db/schema.ts';

/**
 * Deletes the applications nobody has touched (no status change or note) for
 * `retentionDays`, and records how many went in the audit log, in one transaction.
 */
export function purgeExpiredApplications(db: Db, retentionDays: number, now = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  return db.transaction((tx) => {
    const purged = tx.delete(applications).where(lt(applications.updatedAt, cutoff)).returning({ id: applications.id }).all();
    if (purged.length > 0) {
      recordAudit(tx, {
        action: 'application.purge',
        actor: { name: 'retention' },
        target: `${purged.length} untouched for more than ${retentionDays} days`,
      });
    }
    return purged.length;
  });
}
