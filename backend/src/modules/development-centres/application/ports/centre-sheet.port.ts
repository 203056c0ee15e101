import type { Writable } from 'node:stream';

/** A one-sheet .xlsx written as it streams out (every cell text, formula-safe). */
export abstract class CentreSheet {
  abstract write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void>;
}
