import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { safeCellText, safeRow } from '../../../infrastructure/excel/formula-text.js';
import { CentreSheet } from '../application/ports/centre-sheet.port.js';

/** exceljs's streaming writer: rows go out as they are committed (15,000 students never sit in memory as a workbook). */
@Injectable()
export class CentreSheetExceljs extends CentreSheet {
  async write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.header.map((header) => ({ header: safeCellText(header), width: 16 }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    head.commit();
    // Every cell as text (codes like 001 keep their zeros); person-typed text that would start a formula is quoted.
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
}
