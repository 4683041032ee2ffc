import { z } from 'zod';

/** Whether a component answered; the reason of a failure stays in the server's log. */
const componentStatus = z.object({ ok: z.boolean() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentStatus,
  storage: componentStatus,
  uptimeSeconds: z.number(),
});
