import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { SchoolImportSheet } from '../application/ports/school-import-sheet.port.js';
import { SCHOOL_IMPORT_HEADER, type ImportLine } from '../domain/school-import-rows.js';

/** Columns read of an import: the template's and a few more, so a shifted or extra column is seen and reported. */
const READ_COLUMNS = SCHOOL_IMPORT_HEADER.length + 6;

/** The school import workbook with exceljs: the header row "学校代码 … 年份, name(code) …" (no sample line: an untouched template imports nothing). */
@Injectable()
export class SchoolImportSheetExcel extends SchoolImportSheet {
  async template(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('学校数据');
    ws.columns = SCHOOL_IMPORT_HEADER.map((header, i) => ({ header, width: i < 6 ? 14 : Math.min(40, header.length * 2 + 4), style: i < 6 ? { numFmt: '@' } : {} }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async read(bytes: Buffer): Promise<{ header: string[]; rows: ImportLine[] }> {
    return readFirstSheet(bytes, { maxColumns: READ_COLUMNS, skipBlank: true });
  }
}
