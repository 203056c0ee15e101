import { listCell, markdownTable } from './markdown-table.js';

describe('markdownTable', () => {
  const md = ['# A', 'text', '## Who reads', '', '| who | reads |', '| --- | --- |', '| `author` | `draft`, `submitted` |', '| admin | — |', '', '| other | table |'].join('\n');
  it('reads the first table under the heading, cells keyed by the header', () => {
    expect(markdownTable(md, 'Who reads')).toEqual([{ who: '`author`', reads: '`draft`, `submitted`' }, { who: 'admin', reads: '—' }]);
  });
  it('refuses a missing heading', () => {
    expect(() => markdownTable(md, 'Nobody')).toThrow('no heading');
  });
  it('splits a list cell', () => {
    expect(listCell('`draft`, `submitted`')).toEqual(['draft', 'submitted']);
    expect(listCell('—')).toEqual([]);
  });
});
