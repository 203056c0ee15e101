import type { CellValue, FormField } from '@zhengai/contracts';

/** A stored row as the diff sees it. */
export interface StoredRow {
  id: string;
  rowNo: number;
  values: Record<string, CellValue>;
}

/** A row as sent: id keeps a stored row; none (or an unknown id) adds one. */
export interface SentRow {
  id?: string | null;
  values: Record<string, CellValue>;
}

export interface CellChange {
  rowNo: number;
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

export interface RowDiff {
  added: number;
  changed: number;
  removed: number;
  /** the first MAX_CHANGES changed cells (rowNo counts the rows sent, from 1) */
  changes: CellChange[];
}

export const MAX_CHANGES = 200;

const asText = (v: CellValue | undefined): string | null => (v === undefined || v === null ? null : Array.isArray(v) ? v.join(',') : v);

/** What a save changed: rows added, rows changed (any cell differs), rows removed, and the changed cells. */
export function diffRows(fields: readonly FormField[], stored: readonly StoredRow[], sent: readonly SentRow[]): RowDiff {
  const byId = new Map(stored.map((r) => [r.id, r]));
  const kept = new Set<string>();
  const changes: CellChange[] = [];
  let added = 0;
  let changed = 0;
  sent.forEach((row, i) => {
    const before = row.id ? byId.get(row.id) : undefined;
    if (!before) {
      added += 1;
      return;
    }
    kept.add(before.id);
    let rowChanged = false;
    for (const f of fields) {
      const b = asText(before.values[f.key]);
      const a = asText(row.values[f.key]);
      if (a === b) continue;
      rowChanged = true;
      if (changes.length < MAX_CHANGES) changes.push({ rowNo: i + 1, field: f.key, label: f.label, before: b, after: a });
    }
    if (rowChanged) changed += 1;
  });
  return { added, changed, removed: stored.filter((r) => !kept.has(r.id)).length, changes };
}
