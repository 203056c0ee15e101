import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { CentreSheet } from '../application/ports/centre-sheet.port.js';

/** exceljs's streaming writer: rows go out as they are committed (15,000 students never sit in memory as a workbook). */
@Injectable()
export class CentreSheetExceljs extends CentreSheet {
  write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void> {
    return writeTextSheet({ ...sheet, widths: sheet.header.map(() => 16) }, out);
  }
}
