/** The spec's paging query as read by the contract's PAGE_QUERY: pageNum (1-based), pageSize (0 means every row). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** Offset and limit for a page; pageSize 0 or very large means "all", bounded to keep a query sane. */
export function pageWindow(query: PageQuery, hardLimit = 100_000): { skip: number; take: number; size: number } {
  const size = query.pageSize === 0 ? hardLimit : Math.min(query.pageSize, hardLimit);
  return { skip: (query.pageNum - 1) * size, take: size, size };
}

/** Rows an export reads at once: one page of the list after another. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every record of a paged list, read page after page through the list's own read, so an export holds exactly the rows
 * the list shows under the same filters, and never more than a page of them at once.
 */
export async function* everyRecord<T>(read: (page: PageQuery) => Promise<{ records: T[] }>, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<T> {
  for (let pageNum = 1; ; pageNum++) {
    const { records } = await read({ pageNum, pageSize });
    yield* records;
    if (records.length < pageSize) return;
  }
}
