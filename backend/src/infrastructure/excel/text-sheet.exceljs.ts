import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { safeCellText, safeRow } from './formula-text.js';

/**
 * A sheet to download: its name, header row and rows of text (columns 14 wide unless given). The rows may come as they
 * are read (an async iterable: a list's pages one after another), so an export of every page never holds them all.
 */
export interface TextSheet {
  name: string;
  header: string[];
  rows: Iterable<string[]> | AsyncIterable<string[]>;
  widths?: readonly number[];
}

/**
 * Writes one sheet with exceljs's streaming writer: rows go out as they are committed, so a sheet of 15,000 rows never
 * sits in memory as a workbook. Every cell is text (codes like 001 and values like 85% stay as typed); text that would
 * start a formula is quoted.
 */
export async function writeTextSheet(sheet: TextSheet, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.header.map((header, i) => ({ header: safeCellText(header), width: sheet.widths?.[i] ?? 14 }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.commit();
  for await (const row of sheet.rows) {
    const r = ws.addRow(safeRow(row));
    r.eachCell((c) => {
      c.numFmt = '@';
    });
    r.commit();
  }
  ws.commit();
  await workbook.commit();
}
