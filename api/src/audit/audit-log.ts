import type { AuditAction } from '@cfp/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

interface AuditEvent {
  action: AuditAction;
  actor: { id?: number; name: string };
  target?: string;
  address?: string;
}

export function recordAudit(db: Pick<Db, 'insert'>, event: AuditEvent): void {
  db.insert(auditLog)
    .values({
      action: event.action,
      actorId: event.actor.id ?? null,
      actor: event.actor.name,
      target: event.target ?? null,
      address: event.address ?? null,
    })
    .run();
}

/** Who did something in the admin, and from where: the signed-in admin of a request, and its address. */
export interface AdminActor {
  admin: { id: number; username: string };
  ip: string;
}

/** An action by the signed-in admin of `request`, from the request's address. */
export function recordAdminAction(db: Pick<Db, 'insert'>, request: AdminActor, action: AuditAction, target: string): void {
  recordAudit(db, { action, actor: { id: request.admin.id, name: request.admin.username }, target, address: request.ip });
}

/** The latest entries of the log (of one action), newest first. */
export function latestAuditEntries(db: Db, { action, limit }: { action?: AuditAction; limit: number }) {
  return db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .all();
}
