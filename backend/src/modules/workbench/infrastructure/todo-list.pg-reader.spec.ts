import { unionOfFragments } from './todo-list.pg-reader.js';

describe('unionOfFragments', () => {
  it('reads $1 (the person) as an InitPlan\'s value and renumbers each fragment\'s own values after the statement\'s five and the fragments before', () => {
    const { sql, params } = unionOfFragments([
      { sql: 'SELECT a FROM x WHERE x.u = $1 AND x.s = $2 AND x.k = ANY($3)', params: ['s', ['k']] },
      { sql: 'SELECT b FROM y WHERE y.u = $1', params: [] },
      { sql: 'SELECT c FROM z WHERE z.s = $2 AND z.u = $1 AND z.t = $2', params: ['t'] },
    ]);
    const me = '(SELECT $1::varchar)';
    expect(sql).toBe(`(SELECT a FROM x WHERE x.u = ${me} AND x.s = $7 AND x.k = ANY($8))\nUNION ALL\n(SELECT b FROM y WHERE y.u = ${me})\nUNION ALL\n(SELECT c FROM z WHERE z.s = $9 AND z.u = ${me} AND z.t = $9)`);
    expect(params).toEqual(['s', ['k'], 't']);
  });

  it('renumbers $12 as twelve, not as $1 followed by 2', () => {
    const own = Array.from({ length: 11 }, (_, i) => i);
    expect(unionOfFragments([{ sql: 'SELECT $12, $1', params: own }]).sql).toBe('(SELECT $17, (SELECT $1::varchar))');
  });

  it('refuses a fragment naming a value it does not give', () => {
    expect(() => unionOfFragments([{ sql: 'SELECT $2', params: [] }])).toThrow(/names \$2 but gives 0/);
  });
});
