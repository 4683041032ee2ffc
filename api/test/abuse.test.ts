import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { subscribers } from '../src/db/schema.ts';
import { buildTestApp } from './helper.ts';

describe('abuse', () => {
  it(
    'stores at most what the rate limit allows from a 10,000-request subscribe flood from one address',
    async () => {
      const app = await buildTestApp();
      const statuses = new Map<number, number>();
      for (let index = 0; index < 10_000; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/subscriber',
          payload: { email: `flood${index}@example.cm` },
          remoteAddress: '203.0.113.200',
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 201: 5, 429: 9995 });
      expect(app.db.select().from(subscribers).all()).toHaveLength(5);
    },
    scaled(60_000),
  );
});
