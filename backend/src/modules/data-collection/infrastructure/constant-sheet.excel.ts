import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { ConstantSheet } from '../application/ports/constant-sheet.port.js';
import { CONSTANT_SHEET_HEADER, type ConstantSheetRow } from '../domain/constant-rows.js';

/** Columns read of an import (the template has three; a few more are read so a shifted sheet is still seen as one). */
const READ_COLUMNS = 5;

/** The constants workbook with exceljs: every cell written and read as text, so a value like 001 stays 001. */
@Injectable()
export class ConstantSheetExcel extends ConstantSheet {
  async template(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('常量');
    ws.columns = CONSTANT_SHEET_HEADER.map((header, i) => ({ header, width: i === 1 ? 24 : 14, style: { numFmt: '@' } }));
    ws.getRow(1).font = { bold: true };
    ws.addRow(['01', '示例常量', '1']);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async read(bytes: Buffer): Promise<{ header: string[]; rows: ConstantSheetRow[] }> {
    return readFirstSheet(bytes, { maxColumns: READ_COLUMNS, fixedWidth: true });
  }
}

