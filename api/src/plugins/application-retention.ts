import fp from 'fastify-plugin';
import { purgeExpiredApplications } from '../applications/retention.ts';

/** Often enough that nothing outlives its retention by more than a few hours, even across restarts. */
const purgeEveryMs = 6 * 60 * 60_000;

/** Deletes applications older than APPLICATION_RETENTION_DAYS at start and every few hours. */
export default fp(
  async (app) => {
    const purge = () => {
      try {
        const purged = purgeExpiredApplications(app.db, app.config.applicationRetentionDays);
        if (purged > 0) app.log.info({ purged }, `${purged} expired applications deleted`);
      } catch (error) {
        app.log.error({ err: error }, 'expired applications could not be deleted; next attempt in a few hours');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      purge();
      timer = setInterval(purge, purgeEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'application-retention', dependencies: ['config', 'database'] },
);
