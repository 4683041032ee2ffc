import { listPageSize, type Page } from '@cfp/shared';

/** The rows of one page of an admin list: the query's LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page (1-based) of an admin list of `listPageSize` rows, with how many rows match in all: the
 * one place the applications, messages and subscribers lists turn a page number into a window.
 */
export function listPage<Row>(page: number, rowsIn: (window: PageWindow) => Row[], total: number): Page<Row> {
  const items = rowsIn({ limit: listPageSize, offset: (page - 1) * listPageSize });
  return { items, total, page, pageSize: listPageSize };
}
