import { Injectable } from '@nestjs/common';
import {
  CELL_MESSAGES,
  COLLECTION_MESSAGES,
  OPTION_COMPONENTS,
  cellErrorText,
  checkRows,
  normalizeCell,
  uniqueKey,
  type CellError,
  type CellValue,
  type FillAction,
  type FormField,
  type FormVersion,
  type RowInput,
} from '@zhengai/contracts';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { diffRows } from '../domain/row-diff.js';
import { FillRepository, type FillRecord, type RowToStore } from './ports/fill-repository.port.js';

/** The form version a fill fills, and the texts its option fields offer. */
export interface FillForm {
  version: FormVersion;
  options: Record<string, string[]>;
}

/**
 * Writing a fill's rows (save, import, commit with rows) and checking them: every cell rule (require only when
 * committing), and the unique fields against the other fills of the same task and form, under the task-form's
 * advisory lock so two fillers cannot both pass. A broken rule refuses everything (VALIDATION, data CellError[]).
 */
@Injectable()
export class FillRows {
  constructor(private readonly fills: FillRepository) {}

  /** The fill's form version and option texts; inside a transaction, read through it (never a second pool connection). */
  async formOf(fill: FillRecord, tx?: Transaction): Promise<FillForm> {
    const version = await this.fills.version(fill.formId, fill.version, tx);
    if (!version) throw new AppError('NOT_FOUND', '表单版本不存在');
    const typeByField: Record<string, string> = {};
    for (const f of version.fields) if (OPTION_COMPONENTS.includes(f.component) && f.constantTypeId) typeByField[f.key] = f.constantTypeId;
    return { version, options: await this.fills.options(typeByField, tx) };
  }

  /** The values as stored: only the version's fields, each normalised (numbers as text). */
  static valuesOf(fields: readonly FormField[], raw: RowInput['values']): Record<string, CellValue> {
    const out: Record<string, CellValue> = {};
    for (const f of fields) {
      const v = raw[f.key];
      out[f.key] = normalizeCell(f, typeof v === 'number' ? String(v) : v);
    }
    return out;
  }

  /** Checks the rows (every rule, require when asked, unique across fills); throws the refusal. */
  async check(tx: Transaction, fill: FillRecord, form: FillForm, rows: ReadonlyArray<Record<string, CellValue>>, require: boolean): Promise<void> {
    const { fields } = form.version;
    const options = new Map(Object.entries(form.options));
    const errors: CellError[] = checkRows(fields, rows, require, options);
    const broken = new Set(errors.map((e) => `${e.row}/${e.field}`));
    await this.fills.lockTaskForm(tx, fill.taskId, fill.formId);
    for (const f of fields.filter((x) => x.validations.unique)) {
      const keys = rows.map((r) => uniqueKey(r[f.key] ?? null));
      const taken = new Set(await this.fills.duplicates(tx, fill, f.key, [...new Set(keys.filter((k): k is string => k !== null))]));
      keys.forEach((k, i) => {
        if (k !== null && taken.has(k) && !broken.has(`${i + 1}/${f.key}`)) errors.push({ row: i + 1, field: f.key, label: f.label, message: CELL_MESSAGES.duplicate });
      });
    }
    if (errors.length === 0) return;
    errors.sort((a, b) => a.row - b.row || fields.findIndex((f) => f.key === a.field) - fields.findIndex((f) => f.key === b.field));
    throw new AppError('VALIDATION', COLLECTION_MESSAGES.rowsRefused(cellErrorText(errors[0]!), errors.length), errors);
  }

  /**
   * Replaces the fill's rows with those sent (ids of stored rows kept), after checking them, and writes the history
   * entry (save or import) with what changed. The fill must already be locked by the caller.
   */
  async write(tx: Transaction, fill: FillRecord, form: FillForm, sent: RowInput[], userId: string, require: boolean, action: Extract<FillAction, 'save' | 'import'>): Promise<void> {
    const { fields, fixedRows, formType } = form.version;
    const stored = await this.fills.rows(fill.id, tx);
    const storedIds = new Set(stored.map((r) => r.id));
    let rows: RowToStore[] = sent.map((r) => ({ id: r.id && storedIds.has(r.id) ? r.id : null, label: null, values: FillRows.valuesOf(fields, r.values) }));
    if (formType === 'fixed') {
      // A fixed form's rows are its labels, in order: the labels sent must be the same set.
      const labels = sent.map((r) => r.label ?? stored.find((s) => s.id === r.id)?.label ?? null);
      if (labels.length !== fixedRows.length || labels.some((l, i) => l !== fixedRows[i])) throw new AppError('VALIDATION', COLLECTION_MESSAGES.fixedRowsChanged);
      rows = rows.map((r, i) => ({ ...r, label: fixedRows[i]!, id: r.id ?? stored.find((s) => s.label === fixedRows[i])?.id ?? null }));
    }
    await this.check(tx, fill, form, rows.map((r) => r.values), require);
    const diff = diffRows(fields, stored.map((s) => ({ id: s.id, rowNo: s.rowNo, values: s.values })), rows);
    await this.fills.replaceRows(tx, fill, rows, userId);
    await this.fills.addHistory(tx, { fillTaskId: fill.id, action, actorId: userId, ...diff, rowCount: rows.length });
  }
}
