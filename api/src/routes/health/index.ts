import { healthResponse } from '@cfp/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
    async (_request, reply) => {
      const database = probe(() => {
        app.db.get(sql`select 1`);
      });
      const storage = await probeAsync(() => app.storage.check());
      const ok = database.ok && storage.ok;
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, storage, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
};

function probe(check: () => void) {
  try {
    check();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

async function probeAsync(check: () => Promise<void>) {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export default healthRoutes;
