// The plain values behind the fill grid (no React): the editable rows, what a save sends, the blank rows a form starts
// with, and which message a cell shows. Kept apart from the table so unit tests run without a browser.
import { CELL_MESSAGES, checkCell, COMPONENT_MAX_LENGTH, normalizeCell, uniqueKey, type CellError, type CellValue, type DataRow, type FormField, type FormVersion, type RowInput } from '@zhengai/contracts';

/** A row as the grid edits it: key is local (React), id the stored row's id (null for a new row). */
export interface EditableRow {
  key: string;
  id?: string | null;
  label: string | null;
  values: Record<string, CellValue>;
}

let counter = 0;
/** A key for a row not stored yet. */
export function newRowKey(): string {
  counter += 1;
  return `new-${Date.now()}-${counter}`;
}

/** The rows a form starts with: a fixed form one row per label, a floating form none. */
export function emptyRows(form: Pick<FormVersion, 'formType' | 'fixedRows'>): EditableRow[] {
  if (form.formType !== 'fixed') return [];
  return form.fixedRows.map((label) => ({ key: newRowKey(), id: null, label, values: {} }));
}

/**
 * The stored rows as the grid edits them. A fixed form always shows every label of its version, in order: a label
 * with no stored row yet starts blank.
 */
export function rowsFromData(form: Pick<FormVersion, 'formType' | 'fixedRows'>, data: readonly DataRow[]): EditableRow[] {
  const stored = [...data].sort((a, b) => a.rowNo - b.rowNo).map((r) => ({ key: r.id, id: r.id, label: r.label, values: { ...r.values } }));
  if (form.formType !== 'fixed') return stored;
  return form.fixedRows.map((label) => stored.find((r) => r.label === label) ?? { key: newRowKey(), id: null, label, values: {} });
}

/** What datas/updateOrInsert and fillTasks/commit take: the stored id, the label, the normalised values. */
export function rowsForSave(rows: readonly EditableRow[], fields?: readonly FormField[]): RowInput[] {
  return rows.map((row) => {
    const values: RowInput['values'] = {};
    for (const [key, raw] of Object.entries(row.values)) {
      const field = fields?.find((f) => f.key === key);
      values[key] = field ? normalizeCell(field, raw) : raw;
    }
    return { id: row.id ?? null, label: row.label, values };
  });
}

/** True when some cell of the row holds a value (deleting it asks first). */
export function rowHasValues(row: EditableRow): boolean {
  return Object.values(row.values).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && String(v).trim() !== ''));
}

/** The options of each option field as checkCell wants them. */
export function optionsMap(options: Record<string, string[]>): Map<string, string[]> {
  return new Map(Object.entries(options));
}

/** The longest value the cell's editor takes. */
export function cellMaxLength(field: FormField): number {
  const max = COMPONENT_MAX_LENGTH[field.component];
  return field.maxLength ? Math.min(field.maxLength, max) : max;
}

/** The server's refusals by `${row}:${field}` (row 1-based, as the grid counts). */
export function errorIndex(errors: readonly CellError[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const e of errors ?? []) if (!map.has(`${e.row}:${e.field}`)) map.set(`${e.row}:${e.field}`, e.message);
  return map;
}

/**
 * The message under a cell: once the user has touched it, the contract's own rule (as the server will check it on
 * commit); before that, what the server said about it, if anything.
 */
export function cellMessage(
  field: FormField,
  value: CellValue | undefined,
  touched: boolean,
  serverMessage: string | undefined,
  options: Map<string, string[]>,
  taken?: ReadonlySet<string>,
): string | null {
  if (!touched) return serverMessage ?? null;
  const broken = checkCell(field, value ?? null, true, options);
  if (broken) return broken;
  // a unique value other fills of the task already hold (datas/uniqueCheck, asked when the cell is left)
  const key = uniqueKey(value ?? null);
  return key !== null && taken?.has(key) ? CELL_MESSAGES.duplicate : null;
}

/** A read-only cell's text. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join('、') : value;
}
