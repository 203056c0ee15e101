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
