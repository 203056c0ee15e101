import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads plain lines with their line numbers and drops the byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b,c\n1,2,3\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
  });

  it('takes CRLF endings and a last line without an ending', () => {
    expect(parseCsv('a,b\r\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('keeps commas, quotes and line breaks inside quoted fields and numbers the next record after them', () => {
    const lines = parseCsv('name,note\n"甲, 乙","说""好""\n第二行"\nx,y\n');
    expect(lines).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['甲, 乙', '说"好"\n第二行'] },
      { line: 4, cells: ['x', 'y'] },
    ]);
  });

  it('leaves out blank lines and lines of empty cells but keeps empty cells', () => {
    expect(parseCsv('a,,c\n\n\n,,\nd,e,\n')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 5, cells: ['d', 'e', ''] },
    ]);
  });

  it('trims the spaces around cells', () => {
    expect(parseCsv(' a , "b" ,c ')).toEqual([{ line: 1, cells: ['a', 'b', 'c'] }]);
  });
});
