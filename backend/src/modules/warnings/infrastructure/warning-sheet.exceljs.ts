import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { WarningSheet } from '../application/ports/warning-sheet.port.js';

/** The warning table's export: the shared streaming writer, the point and handling columns wide. */
@Injectable()
export class WarningSheetExceljs extends WarningSheet {
  write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void> {
    return writeTextSheet({ ...sheet, widths: sheet.header.map((h) => (['质控点名称', '原因分析', '处理措施'].includes(h) ? 36 : 12)) }, out);
  }
}
