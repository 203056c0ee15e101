import { paged, success } from './envelope.js';

describe('envelope', () => {
  it('wraps data on success with code 0', () => {
    expect(success({ a: 1 })).toEqual({ meta: { success: true, message: '' }, data: { a: 1 }, code: 0 });
  });

  it.each([
    [0, 1, 10, 0],
    [1, 1, 10, 1],
    [10, 1, 10, 1],
    [11, 2, 10, 2],
    [5, 1, 0, 1],
  ])('pages %i rows, page %i of size %i: %i pages', (total, current, size, pages) => {
    expect(paged([], total, current, size)).toEqual({ records: [], total, current, pages });
  });
});
