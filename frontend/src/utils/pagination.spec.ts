import { describe, expect, it } from '@jest/globals';
import { PAGINATION_DEFAULTS, paginationTotalText } from './pagination';

describe('pagination', () => {
  it('says how many rows this page holds and how many there are', () => {
    expect(paginationTotalText(25, [21, 25])).toBe('当前页5条，共25条');
    expect(paginationTotalText(25, [1, 10])).toBe('当前页10条，共25条');
    expect(paginationTotalText(0, [0, 0])).toBe('当前页0条，共0条');
  });
  it('has no size changer, a quick jump and Chinese previous/next', () => {
    expect(PAGINATION_DEFAULTS.showSizeChanger).toBe(false);
    expect(PAGINATION_DEFAULTS.showQuickJumper).toBe(true);
    expect(PAGINATION_DEFAULTS.itemRender?.(1, 'prev', null)).toBe('上一页');
    expect(PAGINATION_DEFAULTS.itemRender?.(3, 'next', null)).toBe('下一页');
  });
});
