import { auditEntryList, auditQuery } from '@cfp/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema.ts';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'The audit log, newest first (superAdmin)',
        tags: ['audit'],
        security: [{ bearer: [] }],
        querystring: auditQuery,
        response: { 200: auditEntryList },
      },
    },
    async (request) => {
      const { action, limit } = request.query;
      return app.db
        .select()
        .from(auditLog)
        .where(action ? eq(auditLog.action, action) : undefined)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .all()
        .map((row) => ({
          _id: row.id,
          actor: row.actor,
          action: row.action,
          target: row.target,
          address: row.address,
          createdAt: row.createdAt.toISOString(),
        }));
    },
  );
};

export default auditRoutes;
