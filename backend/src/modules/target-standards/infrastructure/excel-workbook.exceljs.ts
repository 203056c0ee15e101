import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { safeCellText, safeRow } from '../../../infrastructure/excel/formula-text.js';
import { ExcelWorkbook, type SheetToWrite } from '../application/ports/excel-workbook.port.js';
import type { SheetRow } from '../domain/excel-sheet.js';

/** Columns a sheet may have that are read (10 levels and the point columns, with room to spare). */
const MAX_COLUMNS = 40;

/** exceljs: the streaming writer for downloads (rows go out as they are committed), the reader for imports. */
@Injectable()
export class ExceljsWorkbook extends ExcelWorkbook {
  async write(sheet: SheetToWrite, out: Writable): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.header.map((header, i) => ({ header: safeCellText(header), width: sheet.widths?.[i] ?? 14 }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    head.commit();
    // Every cell as text: codes like 001 and values like 85% stay as typed; text that would start a formula is quoted.
    for (const row of sheet.rows) {
      const r = ws.addRow(safeRow(row));
      r.eachCell((c) => {
        c.numFmt = '@';
      });
      r.commit();
    }
    ws.commit();
    await workbook.commit();
  }

  async read(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
    return readFirstSheet(bytes, { maxColumns: MAX_COLUMNS });
  }
}

