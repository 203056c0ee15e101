import type { Writable } from 'node:stream';
import type { SheetRow } from '../../domain/excel-sheet.js';

export interface SheetToWrite {
  name: string;
  header: string[];
  rows: Iterable<string[]>;
  widths?: number[];
}

/** Reads and writes one-sheet .xlsx workbooks, every cell as text. */
export abstract class ExcelWorkbook {
  /** Streams the workbook into out as rows are written; does not end out. */
  abstract write(sheet: SheetToWrite, out: Writable): Promise<void>;
  /** The first sheet: its first row as the header, then every later row with its number. */
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }>;
}
