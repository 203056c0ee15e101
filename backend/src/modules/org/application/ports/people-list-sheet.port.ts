import type { Writable } from 'node:stream';

/** 用户管理's export: a one-sheet .xlsx written as it streams out, its rows as they are read (every cell text, formula-safe). */
export abstract class PeopleListSheet {
  abstract write(sheet: { name: string; header: string[]; rows: AsyncIterable<string[]> }, out: Writable): Promise<void>;
}
