import { z } from 'zod';

export const auditActions = [
  'login.success',
  'login.failure',
  'post.create',
  'post.update',
  'post.delete',
  'admin.create',
  'admin.update',
  'admin.delete',
  'admin.unlock',
  'admin.invite',
  'admin.invitation_accepted',
  'password.reset_requested',
  'password.reset',
  'subscriber.delete',
  'newsletter.send',
  'newsletter.cancel',
  'message.delete',
  'application.repeat',
  'application.status',
  'application.delete',
  'application.purge',
  'content.update',
  'content.revert',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntry = z.object({
  _id: z.number(),
  actor: z.string(),
  action: z.enum(auditActions),
  target: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditEntryList = z.array(auditEntry);

export const auditQuery = z.object({
  action: z.enum(auditActions).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
