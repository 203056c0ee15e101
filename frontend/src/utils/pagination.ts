// The list pagination of spec 000 §9: 当前页N条，共M条, 上一页 / 下一页, a quick jump, no size changer.
import type { PaginationProps } from 'antd';

/** 当前页N条，共M条: N is the number of rows on this page. */
export function paginationTotalText(total: number, range: [number, number]): string {
  const onPage = total === 0 ? 0 : range[1] - range[0] + 1;
  return `当前页${onPage}条，共${total}条`;
}

export const PAGINATION_DEFAULTS: PaginationProps = {
  showTotal: paginationTotalText,
  showQuickJumper: true,
  showSizeChanger: false,
  defaultPageSize: 10,
  itemRender: (_page, type, element) => (type === 'prev' ? '上一页' : type === 'next' ? '下一页' : element),
};
