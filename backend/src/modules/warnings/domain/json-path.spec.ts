import { isJsonPath, readJsonPath } from './json-path.js';

describe('readJsonPath', () => {
  const body = { data: { value: 87.5, items: [{ count: 3 }, { count: 4 }], empty: null }, list: [[1, 2]] };

  it.each([
    ['data.value', 87.5],
    ['data.items.1.count', 4],
    ['data.items[0].count', 3],
    ['list[0][1]', 2],
    ['data.empty', null],
    ['', body],
  ])('%p reads %p', (path, expected) => {
    expect(readJsonPath(body, path)).toEqual(expected);
  });

  it.each(['data.missing', 'data.value.deeper', 'data.items.x', 'data.items.9', '__proto__', 'data.constructor', 'list.0.2'])('%p is missing', (path) => {
    expect(readJsonPath(body, path)).toBeUndefined();
  });

  it('reads from a root array and from scalars', () => {
    expect(readJsonPath([{ v: 1 }], '[0].v')).toBe(1);
    expect(readJsonPath(5, 'a')).toBeUndefined();
    expect(readJsonPath(null, 'a')).toBeUndefined();
  });
});

describe('isJsonPath', () => {
  it.each(['data.value', 'a[0].b', '[0].v', '数据.值', 'a[0][1]'])('accepts %p', (path) => {
    expect(isJsonPath(path)).toBe(true);
  });

  it.each(['', 'a..b', '.a', 'a.', 'a[x]', 'a[0'])('refuses %p', (path) => {
    expect(isJsonPath(path)).toBe(false);
  });
});
