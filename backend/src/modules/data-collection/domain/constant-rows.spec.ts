import { COLLECTION_MESSAGES } from '@zhengai/contracts';
import { checkConstantRows, CONSTANT_IMPORT_MAX_ROWS, CONSTANT_IMPORT_MESSAGES } from './constant-rows.js';

const HEADER = ['值', '显示文本', '排序'];
const row = (n: number, ...cells: string[]) => ({ row: n, cells });

describe('checkConstantRows', () => {
  it('reads good rows, trimmed, a blank sort taking the row\'s place', () => {
    expect(checkConstantRows(HEADER, [row(2, ' 01 ', ' 本科 ', '5'), row(3, '02', '专科', ''), row(4, '', '', '')])).toEqual({
      constants: [{ value: '01', text: '本科', sort: 5 }, { value: '02', text: '专科', sort: 2 }],
    });
  });

  it('reports every bad row with its number and reason', () => {
    const result = checkConstantRows(HEADER, [
      row(2, '', '本科', '1'),
      row(3, '02', '', '1'),
      row(4, '03', '硕士', 'x'),
      row(5, '04', '博士', '1'),
      row(6, '04', '又一个', '2'),
      row(7, 'v'.repeat(61), '长', '1'),
      row(8, '05', '好', '1'),
    ]);
    expect(result).toEqual({
      problems: [
        { row: 2, reason: CONSTANT_IMPORT_MESSAGES.valueMissing },
        { row: 3, reason: CONSTANT_IMPORT_MESSAGES.textMissing },
        { row: 4, reason: CONSTANT_IMPORT_MESSAGES.sort },
        { row: 6, reason: COLLECTION_MESSAGES.constantRepeated('04') },
        { row: 7, reason: CONSTANT_IMPORT_MESSAGES.tooLong('值') },
      ],
    });
  });

  it('refuses a sheet that is not the template, an empty one and one too long', () => {
    expect(checkConstantRows(['值', '文本', '排序'], [row(2, '01', '本科', '1')])).toEqual({ problems: [{ row: 1, reason: CONSTANT_IMPORT_MESSAGES.header }] });
    expect(checkConstantRows(HEADER, [row(2, ' ', '', '')])).toEqual({ problems: [{ row: 2, reason: CONSTANT_IMPORT_MESSAGES.empty }] });
    const many = Array.from({ length: CONSTANT_IMPORT_MAX_ROWS + 1 }, (_, i) => row(i + 2, `v${i}`, `t${i}`, ''));
    expect(checkConstantRows(HEADER, many)).toEqual({ problems: [{ row: CONSTANT_IMPORT_MAX_ROWS + 2, reason: CONSTANT_IMPORT_MESSAGES.tooMany }] });
  });
});
