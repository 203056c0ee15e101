import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { writeTextSheet } from '../../../infrastructure/excel/text-sheet.exceljs.js';
import { TaskSheet } from '../application/ports/task-sheet.port.js';

/** The task list's export: the shared streaming writer, the name column wide. */
@Injectable()
export class TaskSheetExceljs extends TaskSheet {
  write(sheet: { name: string; header: string[]; rows: AsyncIterable<string[]> }, out: Writable): Promise<void> {
    return writeTextSheet({ ...sheet, widths: sheet.header.map((h) => (h === '任务名称' || h === '年度目标' ? 36 : 14)) }, out);
  }
}
