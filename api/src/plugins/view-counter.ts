import fp from 'fastify-plugin';
import { ViewCounter } from '../interest/view-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    viewCounter: ViewCounter;
  }
}

/** Counts are written every two seconds, and once more when the API stops. */
const flushEveryMs = 2000;

export default fp(
  async (app) => {
    const counter = new ViewCounter(app.db, { timeZone: app.config.timeZone, flushMs: flushEveryMs });
    app.decorate('viewCounter', counter);
    app.addHook('onClose', async () => counter.flush());
  },
  { name: 'view-counter', dependencies: ['config', 'database'] },
);
