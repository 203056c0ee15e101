import { Injectable } from '@nestjs/common';
import { OBJECT_IMPORT_HEADERS, OBJECT_LEVEL_NAMES, type ObjectImportLevel } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { ObjectImportSheet } from '../application/ports/object-import-sheet.port.js';
import type { SheetLine } from '../domain/import-rows.js';

/** Columns read: the template's and a few more, so a shifted or extra column is seen and reported. */
const READ_COLUMNS = 10;

/** The 诊改对象 templates (a header row, text cells: codes like 0101 keep their zeros) and the reading through the sheet-reader thread. */
@Injectable()
export class ObjectImportSheetExcel extends ObjectImportSheet {
  async template(level: ObjectImportLevel): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet(`${OBJECT_LEVEL_NAMES[level]}导入`);
    ws.columns = OBJECT_IMPORT_HEADERS[level].map((header) => ({ header, width: 20, style: { numFmt: '@' } }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  read(bytes: Buffer): Promise<{ header: string[]; rows: SheetLine[] }> {
    return readFirstSheet(bytes, { maxColumns: READ_COLUMNS, skipBlank: true });
  }
}
