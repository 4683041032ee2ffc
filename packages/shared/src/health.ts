import { z } from 'zod';

const componentStatus = z.object({ ok: z.boolean(), message: z.string().optional() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentStatus,
  storage: componentStatus,
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
