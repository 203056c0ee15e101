import type { ConstantSheetRow } from '../../domain/constant-rows.js';

/** The constants workbook (.xlsx): the template to fill and the reading of a filled one. */
export abstract class ConstantSheet {
  /** The template: header 值, 显示文本, 排序 and a sample row. */
  abstract template(): Promise<Buffer>;
  /** The first sheet: its first row as the header, then every later row with its row number, cells as text. */
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: ConstantSheetRow[] }>;
}
