import type { Writable } from 'node:stream';

/** 监测预警's export: a one-sheet .xlsx written as it streams out (every cell text, formula-safe). */
export abstract class WarningSheet {
  abstract write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void>;
}
