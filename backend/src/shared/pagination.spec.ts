import { everyRecord, pageWindow } from './pagination.js';

describe('paging', () => {
  it('pageSize 0 is every row, bounded', () => {
    expect(pageWindow({ pageNum: 1, pageSize: 0 }, 50)).toEqual({ skip: 0, take: 50, size: 50 });
    expect(pageWindow({ pageNum: 3, pageSize: 10 })).toEqual({ skip: 20, take: 10, size: 10 });
  });

  it('everyRecord reads page after page through the list until a page is short, and yields the rows in order', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const read = async ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => {
      asked.push(pageNum);
      return { records: all.slice((pageNum - 1) * pageSize, pageNum * pageSize) };
    };
    const seen: number[] = [];
    for await (const n of everyRecord(read, 3)) seen.push(n);
    expect(seen).toEqual(all);
    expect(asked).toEqual([1, 2, 3]);
    // an exact multiple asks one more page, which is empty
    const six: number[] = [];
    for await (const n of everyRecord(async (p) => ({ records: all.slice(0, 6).slice((p.pageNum - 1) * 3, p.pageNum * 3) }), 3)) six.push(n);
    expect(six).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
