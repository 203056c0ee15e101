import { Worker } from 'node:worker_threads';
import { IMPORT_SHEET_LIMITS, IMPORT_SHEET_MESSAGES } from '@zhengai/contracts';
import type ExcelJS from 'exceljs';
import { AppError } from '../../shared/errors/app-error.js';
import { unquoteCellText } from './formula-text.js';

/** A row of an imported sheet: its number in the sheet (1 is the header) and its cells as text. */
export interface ReadRow {
  row: number;
  cells: string[];
}

/** What the limits are, per read (the import's defaults are the contract's IMPORT_SHEET_LIMITS). */
export type SheetLimits = { [K in keyof typeof IMPORT_SHEET_LIMITS]: number };

/** A cell as the reader thread answers it: a number as stored, anything else as text. */
type RawCell = string | number;

/** The reader thread's answer (sheet-reader.worker.js). */
export type SheetReading =
  | { ok: true; header: RawCell[]; rows: Array<{ row: number; cells: RawCell[] }>; width: number; rowsRead: number }
  | { ok: false; limit: keyof SheetLimits; rowsRead: number };

/** Reads at once: one thread, so two imports at once leave the other core to the API (the next one waits its turn). */
const MAX_THREADS = 1;
let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The first worksheet of an xlsx, read off the event loop: a worker thread streams it with exceljs and stops at the
 * first limit passed. Rejects when the file cannot be read.
 */
export function readSheetInThread(bytes: Buffer, maxColumns: number, limits: SheetLimits = IMPORT_SHEET_LIMITS): Promise<SheetReading> {
  return turn(
    () =>
      new Promise<SheetReading>((resolve, reject) => {
        const worker = new Worker(new URL('./sheet-reader.worker.js', import.meta.url), {
          workerData: { bytes, maxColumns, limits },
          // a sheet within the limits needs far less; a thread that would need more fails alone, not the API
          resourceLimits: { maxOldGenerationSizeMb: 512 },
        });
        let answer: SheetReading | undefined;
        worker.once('message', (message: SheetReading) => {
          answer = message;
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.once('exit', () => (answer ? resolve(answer) : reject(new Error('sheet reader ended without an answer'))));
      }),
  );
}

/**
 * The first worksheet of an xlsx as text: the header row and the rows below it, as many cells each as the sheet uses
 * up to `maxColumns` (exactly `maxColumns` with `fixedWidth`). Rows exceljs sees as empty are left out; with
 * `skipBlank`, also rows whose cells are all blank text. Read in a worker thread (readSheetInThread); a sheet past one
 * of IMPORT_SHEET_LIMITS is refused with an AppError naming the limit (400), other unreadable files reject as before.
 */
export async function readFirstSheet(
  bytes: Buffer,
  { maxColumns, fixedWidth = false, skipBlank = false }: { maxColumns: number; fixedWidth?: boolean; skipBlank?: boolean },
): Promise<{ header: string[]; rows: ReadRow[] }> {
  const reading = await readSheetInThread(bytes, maxColumns);
  if (!reading.ok) throw new AppError('VALIDATION', IMPORT_SHEET_MESSAGES[reading.limit]);
  const width = fixedWidth ? maxColumns : reading.width;
  const cellsOf = (cells: RawCell[]) => Array.from({ length: width }, (_, i) => rawText(cells[i]));
  const rows: ReadRow[] = [];
  for (const { row, cells } of reading.rows) {
    const text = cellsOf(cells);
    if (!skipBlank || text.some((c) => c !== '')) rows.push({ row, cells: text });
  }
  return { header: cellsOf(reading.header), rows };
}

/** A cell the thread read as text: numbers without float noise, the export's formula quote taken off. */
function rawText(value: RawCell | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  return unquoteCellText(value);
}

/**
 * A cell's text as people see it: numbers without float noise, dates as yyyy-MM-dd, formulas by their result, and text
 * an export quoted so it would not start a formula ('=SUM(1,1)) without that quote.
 */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return unquoteCellText((cell.text ?? '').trim());
}
