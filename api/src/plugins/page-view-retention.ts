import fp from 'fastify-plugin';
import { purgeOldPageViews } from '../interest/view-retention.ts';

/** Daily totals outlive PAGE_VIEW_DAYS_KEPT by a day at most, even across restarts. */
const purgeEveryMs = 24 * 60 * 60_000;

/** Deletes daily page counts older than PAGE_VIEW_DAYS_KEPT, and weekly ones older than three years, at start and daily. */
export default fp(
  async (app) => {
    const purge = () => {
      try {
        const purged = purgeOldPageViews(app.db, { daysKept: app.config.pageViewDaysKept, timeZone: app.config.timeZone });
        if (purged.days + purged.weeks > 0)
          app.log.info(purged, `${purged.days} daily and ${purged.weeks} weekly page counts past their time deleted`);
      } catch (error) {
        app.log.error({ err: error }, 'old page counts could not be deleted; next attempt tomorrow');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      purge();
      timer = setInterval(purge, purgeEveryMs).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'page-view-retention', dependencies: ['config', 'database'] },
);
