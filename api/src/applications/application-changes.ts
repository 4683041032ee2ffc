import type { ApplicationStatus } from '@cfp/shared';
import { eq } from 'drizzle-orm';
import { type AdminActor, recordAdminAction } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { applications } from '../db/schema.ts';

/** What staff change on an application: its status, its note (empty: none), either or both. */
export interface ApplicationChange {
  status?: ApplicationStatus;
  note?: string;
}

/** Applies a staff member's change, audited when the status changes; false when there is no such application. */
export function changeApplication(db: Db, id: number, { status, note }: ApplicationChange, by: AdminActor): boolean {
  return db.transaction((tx) => {
    const current = tx.select().from(applications).where(eq(applications.id, id)).get();
    if (!current) return false;
    const statusChange = status !== undefined && status !== current.status;
    const now = new Date();
    tx.update(applications)
      .set({
        ...(note !== undefined && { note: note || null }),
        ...(statusChange && { status, statusChangedBy: by.admin.username, statusChangedAt: now }),
        // Staff working on the application keep it from the retention purge.
        ...((statusChange || note !== undefined) && { updatedAt: now }),
      })
      .where(eq(applications.id, current.id))
      .run();
    if (statusChange) recordAdminAction(tx, by, 'application.status', `${current.reference}: ${current.status} → ${status}`);
    return true;
  });
}

/** Deletes an application and the personal data it holds, audited; false when there was none. */
export function deleteApplication(db: Db, id: number, by: AdminActor): boolean {
  return db.transaction((tx) => {
    const row = tx.delete(applications).where(eq(applications.id, id)).returning().get();
    if (row) recordAdminAction(tx, by, 'application.delete', `${row.reference} (${row.programme})`);
    return row !== undefined;
  });
}
