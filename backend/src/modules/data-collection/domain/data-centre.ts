import { NUMERIC_COMPONENTS, type CellValue, type ComponentType, type FormField } from '@zhengai/contracts';

/**
 * How a form's audited rows look in the data centre (schema sjzx): one table per published form, named by the
 * form's code, one column per field key (every version's fields: a field dropped later keeps its column, so older
 * data stays readable), plus the system columns. Numbers are numeric, dates date, everything else text (a
 * multiSelect's texts joined by commas), so an administrator's SQL can sum and compare without casts.
 */
export type ColumnKind = 'numeric' | 'date' | 'text';

export function columnKindOf(component: ComponentType): ColumnKind {
  if (NUMERIC_COMPONENTS.includes(component)) return 'numeric';
  if (component === 'date') return 'date';
  return 'text';
}

export const COLUMN_KIND_LABELS: Record<ColumnKind, string> = { numeric: '数值', date: '日期', text: '文本' };

/** A column of a form's data-centre table (a field key and its kind). */
export interface DataCentreColumn {
  key: string;
  kind: ColumnKind;
}

/** The columns of every version's fields, the newest version's kind winning (publish refuses a kind change). */
export function columnsOf(versions: ReadonlyArray<readonly FormField[]>): DataCentreColumn[] {
  const byKey = new Map<string, ColumnKind>();
  for (const fields of versions) for (const f of fields) byKey.set(f.key, columnKindOf(f.component));
  return [...byKey].map(([key, kind]) => ({ key, kind }));
}

/** One audited row as written to the data centre: the system columns and the cells as text (the adapter casts). */
export interface DataCentreRow {
  rowId: string;
  fillTaskId: string;
  taskId: string;
  cycle: string;
  departmentId: string | null;
  departmentName: string | null;
  rowNo: number;
  label: string | null;
  /** field key → text (multiSelect joined by ','), or null */
  cells: Record<string, string | null>;
}

/** A cell as the data centre's text: a multiSelect's texts joined by commas; null stays null. */
export function dataCentreText(value: CellValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? (value.length === 0 ? null : value.join(',')) : value;
}
