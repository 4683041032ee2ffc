import { auditEntryList, auditQuery } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { latestAuditEntries } from '../../audit/audit-log.ts';

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
      return latestAuditEntries(app.db, request.query).map((row) => ({
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
