import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { QualitySheet } from '../application/ports/quality-sheet.port.js';

/** The quality table's export: the shared streaming writer, the names and the texts wide. */
@Injectable()
export class QualitySheetExceljs extends QualitySheet {
  write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void> {
    return writeTextSheet({ ...sheet, widths: sheet.header.map((h) => (['质控点名称', '原因分析', '改进措施'].includes(h) ? 36 : 12)) }, out);
  }
}
