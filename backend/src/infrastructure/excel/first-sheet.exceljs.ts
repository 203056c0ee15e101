import ExcelJS from 'exceljs';
import { unquoteCellText } from './formula-text.js';

/** A row of an imported sheet: its number in the sheet (1 is the header) and its cells as text. */
export interface ReadRow {
  row: number;
  cells: string[];
}

/**
 * The first worksheet of an xlsx as text: the header row and the rows below it, as many cells each as the sheet uses
 * up to `maxColumns` (exactly `maxColumns` with `fixedWidth`). Rows exceljs sees as empty are left out; with
 * `skipBlank`, also rows whose cells are all blank text.
 */
export async function readFirstSheet(
  bytes: Buffer,
  { maxColumns, fixedWidth = false, skipBlank = false }: { maxColumns: number; fixedWidth?: boolean; skipBlank?: boolean },
): Promise<{ header: string[]; rows: ReadRow[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = workbook.worksheets[0];
  if (!ws) return { header: [], rows: [] };
  const width = fixedWidth ? maxColumns : Math.min(maxColumns, Math.max(ws.actualColumnCount, ws.columnCount));
  const cellsOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1)));
  const rows: ReadRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = cellsOf(row);
    if (!skipBlank || cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  return { header: cellsOf(ws.getRow(1)), rows };
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
