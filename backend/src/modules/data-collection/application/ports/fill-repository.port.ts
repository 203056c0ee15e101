import type { CellValue, DataQuery, DataRow, FillHistory, FillState, FillTask, FillTaskQuery, FormVersion, Page } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { DataCentreRow } from '../../domain/data-centre.js';
import type { CellChange } from '../../domain/row-diff.js';

/** A fill task with what the services need beyond the wire type: the form's code. */
export interface FillRecord extends FillTask {
  formCode: string;
}

/** Whose fills a list shows: fillers (allocated to the person or their department) or the auditor's. */
/** Whose list (我的填报 filler, 待我审核 auditor: the rights of FILL_LISTS), or a task's fills. */
export type FillScope = { kind: 'filler' | 'auditor'; userId: string; orgId: string | null; manager: boolean } | { kind: 'task'; taskId: string };

/** A message to the fillers of one fill. */
export interface FillerMessage {
  fillId: string;
  title: string;
  content: string;
  link: string;
}

/** A row to store: id kept from a stored row, or null for a new one. */
export interface RowToStore {
  id: string | null;
  label: string | null;
  values: Record<string, CellValue>;
}

export interface HistoryEntry {
  fillTaskId: string;
  action: FillHistory['action'];
  actorId: string;
  reason?: string | null;
  added?: number;
  changed?: number;
  removed?: number;
  rowCount: number;
  changes?: CellChange[];
}

/** What rows datas/query reads: fills the reader may see (null: any, for managers). */
export interface RowFilter extends DataQuery {
  fillTaskIds: string[] | null;
}

/** Fill tasks, their rows and history (dc_fill_task, dc_row, dc_fill_history). */
export abstract class FillRepository {
  abstract list(scope: FillScope, q: FillTaskQuery): Promise<Page<FillTask>>;
  abstract find(id: string, tx?: Transaction): Promise<FillRecord | null>;
  /** Locks the fill (FOR UPDATE) and answers its state; null when it does not exist. */
  abstract lock(tx: Transaction, id: string): Promise<FillState | null>;
  abstract version(formId: string, version: number, tx?: Transaction): Promise<FormVersion | null>;
  /** Option field key → the texts of its constant type. */
  abstract options(typeByField: Record<string, string>, tx?: Transaction): Promise<Record<string, string[]>>;
  abstract rows(fillTaskId: string, tx?: Transaction): Promise<DataRow[]>;
  /** Replaces the fill's rows with these, in order (ids kept), in one statement each for delete and insert. */
  abstract replaceRows(tx: Transaction, fill: FillRecord, rows: RowToStore[], userId: string): Promise<void>;
  /** Serialises saves and commits of one task and form (transaction advisory lock). */
  abstract lockTaskForm(tx: Transaction, taskId: string, formId: string): Promise<void>;
  /** Values of the field among these that other fills of the task and form hold. */
  abstract duplicates(tx: Transaction | null, fill: { id: string; taskId: string; formId: string }, field: string, values: string[]): Promise<string[]>;
  /** The actor's name and the task and form names of these fills (their messages' texts). */
  abstract messageNames(tx: Transaction, fillIds: string[], actorId: string): Promise<{ actor: string; fills: Array<{ id: string; taskName: string; formName: string }> }>;
  /** Writes each message to every filler of its fill (FILL_RIGHTS_OF's `fill` right) but the actor, set-based, under batchId; how many. */
  abstract writeFillerMessages(tx: Transaction, batchId: string, actorId: string, messages: FillerMessage[]): Promise<number>;
  abstract setState(tx: Transaction, id: string, state: FillState, by: { userId: string; commit?: boolean; audit?: boolean; reason?: string | null }): Promise<void>;
  abstract addHistory(tx: Transaction, entry: HistoryEntry): Promise<void>;
  abstract history(fillTaskId: string): Promise<FillHistory[]>;
  abstract queryRows(filter: RowFilter): Promise<Page<DataRow>>;
  /** Ids of the fills the person fills or audits (managers read all: not asked). */
  abstract readableFillIds(userId: string, orgId: string | null): Promise<string[]>;
  /** The fill's rows as the data centre writes them. */
  abstract dataCentreRows(tx: Transaction, fillTaskId: string): Promise<DataCentreRow[]>;
  /** Every finished fill's rows of a form (sync), and the form's code. */
  abstract finishedRows(tx: Transaction, formId: string): Promise<{ code: string; rows: DataCentreRow[] } | null>;
}
