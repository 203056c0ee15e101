import type { Writable } from 'node:stream';

/** A one-sheet .xlsx written as it streams out, its rows as they are read (every cell text, formula-safe). */
export abstract class TaskSheet {
  abstract write(sheet: { name: string; header: string[]; rows: AsyncIterable<string[]> }, out: Writable): Promise<void>;
}
