import { healthResponse } from '@cfp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The health check answers within this, whatever the storage does. */
export const storageProbeDeadlineMs = 3000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Database and storage status',
        tags: ['health'],
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      const database = await probe('database', request.log, async () => {
        app.db.get(sql`select 1`);
      });
      const storage = await probe('storage', request.log, () => withDeadline(app.storage.check(), storageProbeDeadlineMs));
      const ok = database.ok && storage.ok;
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, storage, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
};

/** Failures are logged here and reported as a bare `ok: false`: their text names internal addresses. */
async function probe(component: string, log: FastifyBaseLogger, check: () => Promise<void>) {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    log.warn({ err: error, component }, `${component} health check failed`);
    return { ok: false };
  }
}

function withDeadline(work: Promise<void>, deadlineMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export default healthRoutes;
