import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_SHEET_LIMITS, IMPORT_SHEET_MESSAGES } from '@zhengai/contracts';
import { AppError } from '../../shared/errors/app-error.js';
import { readFirstSheet, readSheetInThread } from './first-sheet.exceljs.js';

/** A sheet written with exceljs's streaming writer (shared strings on, as Excel writes them). */
async function sheet(rows: unknown[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  const ws = book.addWorksheet('s');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

const limits = { rows: 100, columns: 10, cellChars: 50, totalChars: 5_000 };

describe('readFirstSheet: the first worksheet read in a worker thread, streaming, within limits (issue 31 item 2)', () => {
  it('reads text, numbers without float noise, dates and the export quote as the in-memory reader did', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('s');
    ws.addRow(['工号', '得分', '日期', '公式']);
    ws.addRow([' 001 ', 0.1 + 0.2, new Date(Date.UTC(2024, 8, 1)), "'=SUM(1,1)"]);
    ws.addRow([]);
    ws.addRow(['  ', '', null, null]);
    ws.addRow(['A2', 5]);
    book.addWorksheet('second').addRow(['not read']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readFirstSheet(bytes, { maxColumns: 10 })).toEqual({
      header: ['工号', '得分', '日期', '公式'],
      rows: [
        { row: 2, cells: ['001', '0.3', '2024-09-01', '=SUM(1,1)'] },
        { row: 4, cells: ['', '', '', ''] },
        { row: 5, cells: ['A2', '5', '', ''] },
      ],
    });
    expect((await readFirstSheet(bytes, { maxColumns: 2, skipBlank: true })).rows).toEqual([
      { row: 2, cells: ['001', '0.3'] },
      { row: 5, cells: ['A2', '5'] },
    ]);
    expect((await readFirstSheet(bytes, { maxColumns: 6, fixedWidth: true })).header).toEqual(['工号', '得分', '日期', '公式', '', '']);
  });

  it('reads shared strings, as Excel writes text', async () => {
    const bytes = await sheet([['名称', '值'], ['甲', 1], ['甲', '乙']]);
    expect(await readFirstSheet(bytes, { maxColumns: 5 })).toEqual({ header: ['名称', '值'], rows: [{ row: 2, cells: ['甲', '1'] }, { row: 3, cells: ['甲', '乙'] }] });
  });

  it('stops at the first row past the row limit without reading the rest', async () => {
    const bytes = await sheet([['a'], ...Array.from({ length: 20_000 }, (_, i) => [i])]);
    expect(await readSheetInThread(bytes, 5, limits)).toEqual({ ok: false, limit: 'rows', rowsRead: limits.rows + 1 });
    const within = await readSheetInThread(bytes, 5, { ...limits, rows: 20_000, totalChars: 1_000_000 });
    expect(within).toMatchObject({ ok: true, rowsRead: 20_000 });
  });

  it('refuses a column, a cell or a sheet past its limit, the shared strings counted as they come', async () => {
    expect(await readSheetInThread(await sheet([['a'], [...Array(limits.columns).fill(1), 1]]), 5, limits)).toEqual({ ok: false, limit: 'columns', rowsRead: 1 });
    expect(await readSheetInThread(await sheet([['a'], ['x'.repeat(limits.cellChars + 1)]]), 5, limits)).toMatchObject({ ok: false, limit: 'cellChars' });
    // 150 distinct shared strings of 40 characters (6,000 > 5,000): the strings alone pass the total, before any row
    const strings = Array.from({ length: 150 }, (_, i) => [String(i).padStart(40, '-')]);
    expect(await readSheetInThread(await sheet(strings), 5, limits)).toEqual({ ok: false, limit: 'totalChars', rowsRead: 0 });
    expect(await readSheetInThread(await sheet(strings), 5, { ...limits, rows: 1_000, totalChars: 150 * 40 * 2 })).toMatchObject({ ok: true, rowsRead: 149 });
  });

  it('answers the import a 400 naming the limit, and rejects what is no workbook', async () => {
    const bytes = await sheet([['a'], ...Array.from({ length: IMPORT_SHEET_LIMITS.rows + 1 }, () => [1])]);
    const refused = await readFirstSheet(bytes, { maxColumns: 5 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, message: IMPORT_SHEET_MESSAGES.rows });
    expect(IMPORT_SHEET_MESSAGES.rows).toBe('表格行数超过上限（最多50000行）');
    await expect(readFirstSheet(Buffer.from('PK\u0003\u0004 not a workbook'), { maxColumns: 5 })).rejects.toThrow();
  });
});
