import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { PeopleListSheet } from '../application/ports/people-list-sheet.port.js';

/** The people list's export: the shared streaming writer, the department and role columns wide. */
@Injectable()
export class PeopleListSheetExceljs extends PeopleListSheet {
  write(sheet: { name: string; header: string[]; rows: AsyncIterable<string[]> }, out: Writable): Promise<void> {
    return writeTextSheet({ ...sheet, widths: sheet.header.map((h) => (h === '部门' || h === '角色' ? 30 : 14)) }, out);
  }
}
