/** One sheet as the Excel adapter reads and writes it: a header and rows of text cells. */
export interface FillSheet {
  name: string;
  header: string[];
  rows: string[][];
}

/** The spreadsheets of fills (template, export, import), behind exceljs. */
export abstract class FillSheetWorkbook {
  abstract write(sheet: FillSheet): Promise<Buffer>;
  /** The first sheet; rows numbered as in Excel (the header is row 1). */
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: Array<{ row: number; cells: string[] }> }>;
}
