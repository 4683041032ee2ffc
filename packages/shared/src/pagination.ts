import { z } from 'zod';

/** How many rows an admin list shows on a page. */
export const listPageSize = 20;

/** `?page=`: 1-based; bounded so that an absurd page never turns into a huge OFFSET scan. */
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** One page of a list, newest first, with how many rows match in all. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many rows match, for a badge: cheaper than a page. */
export const countResponse = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof countResponse>;
