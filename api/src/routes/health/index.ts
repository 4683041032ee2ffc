import { healthResponse } from '@cfp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.ts';

/** The health check answers within this, whatever the storage does. */
export const storageProbeDeadlineMs = 3000;
/** How long a storage check that succeeded answers for every health request. */
const storageSuccessReusedMs = 1000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkStorage = sharedCheck(() => withDeadline(app.storage.check(), storageProbeDeadlineMs), storageSuccessReusedMs);
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
        pingDatabase(app.db);
      });
      const storage = await probe('storage', request.log, checkStorage);
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

/**
 * One check at a time, shared by the requests that arrive while it runs, and a success reused for
 * `reuseMs`: /api/health is public, and with S3 each check is a request the provider bills, so a
 * flood of health requests costs the storage one check a second, not one each. A failure is not
 * reused: the next request checks again, and a recovery shows at once.
 */
function sharedCheck(check: () => Promise<void>, reuseMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  let succeededUntil = 0;
  return () => {
    if (Date.now() < succeededUntil) return Promise.resolve();
    running ??= check()
      .then(() => {
        succeededUntil = Date.now() + reuseMs;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

function withDeadline(work: Promise<void>, deadlineMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export default healthRoutes;
