import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { ExcelWorkbook, type SheetToWrite } from '../application/ports/excel-workbook.port.js';
import type { SheetRow } from '../domain/excel-sheet.js';

/** Columns a sheet may have that are read (10 levels and the point columns, with room to spare). */
const MAX_COLUMNS = 40;

/** exceljs: the streaming writer for downloads (rows go out as they are committed), the reader for imports. */
@Injectable()
export class ExceljsWorkbook extends ExcelWorkbook {
  write(sheet: SheetToWrite, out: Writable): Promise<void> {
    return writeTextSheet(sheet, out);
  }

  async read(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
    return readFirstSheet(bytes, { maxColumns: MAX_COLUMNS });
  }
}

