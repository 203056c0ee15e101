import type { Writable } from 'node:stream';

/** 诊断改进's quality-point table export: a one-sheet .xlsx written as it streams out (every cell text, formula-safe). */
export abstract class QualitySheet {
  abstract write(sheet: { name: string; header: string[]; rows: Iterable<string[]> }, out: Writable): Promise<void>;
}
