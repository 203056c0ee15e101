import { algorithmDetail, ALGORITHMS, findAlgorithm, parseAlgorithmVersion } from './algorithms.js';

describe('the algorithm registry', () => {
  it('names each algorithm once per version, each with its Chinese name, description, formula and inputs', () => {
    const keys = ALGORITHMS.map((a) => `${a.id}@${a.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of ALGORITHMS) {
      expect(a.name).toMatch(/\p{Script=Han}/u);
      expect(a.description).toMatch(/\p{Script=Han}/u);
      expect(a.formula).toContain('=');
      // The SQL's parameters are the inputs, in order: $1 … $n, each used.
      const used = new Set([...a.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      expect([...used].sort()).toEqual(a.inputs.map((_, i) => i + 1));
    }
  });

  it('finds by id and version, and shows the detail without the SQL', () => {
    const found = findAlgorithm('attachment-count', 1)!;
    expect(found.id).toBe('attachment-count');
    expect(findAlgorithm('attachment-count', 2)).toBeUndefined();
    expect(Object.keys(algorithmDetail(found)).sort()).toEqual(['description', 'formula', 'id', 'inputs', 'name', 'version']);
  });

  it.each([
    [1, 1],
    ['1', 1],
    [' v2 ', 2],
    ['V3', 3],
    ['1.5', null],
    ['', null],
    [undefined, null],
    [null, null],
    ['x', null],
  ])('reads the version %p as %p', (raw, expected) => {
    expect(parseAlgorithmVersion(raw)).toBe(expected);
  });
});
