import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { safeCellText, safeRow } from '../../../infrastructure/excel/formula-text.js';
import { FillSheetWorkbook, type FillSheet } from '../application/ports/fill-sheet.port.js';

/** Columns read from an import (a form has at most 60 fields, plus 项目 and 填报部门). */
const MAX_COLUMNS = 64;

/** exceljs: every cell written as text (a phone or an ID keeps its leading digits), text that would start a formula quoted. */
@Injectable()
export class FillSheetExcel extends FillSheetWorkbook {
  async write(sheet: FillSheet): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet(sheet.name.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.header.map((header) => ({ header: safeCellText(header), width: 18, style: { numFmt: '@' } }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(safeRow(row));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async read(bytes: Buffer): Promise<{ header: string[]; rows: Array<{ row: number; cells: string[] }> }> {
    return readFirstSheet(bytes, { maxColumns: MAX_COLUMNS, skipBlank: true });
  }
}

