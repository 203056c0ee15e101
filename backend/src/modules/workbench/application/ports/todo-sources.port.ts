import type { TodoItem } from '@zhengai/contracts';

/** An item as the statement answers it (since as PostgreSQL's timestamptz); the service works out `overdue` with one clock. */
export type TodoEntry = Omit<TodoItem, 'overdue' | 'since'> & { since: Date };

/**
 * One source's items as SQL over the person: a SELECT (or a UNION ALL of SELECTs) answering the columns id, kind,
 * "group", asked, "objectName" (text), since (timestamptz), deadline (text yyyy-MM-dd, or NULL) and link (jsonb
 * `{ path, query }`). `$1` is the person's id; the fragment's own values are `$2`, `$3` … in `params` order (the
 * workbench renumbers them), or SQL literals of the domain's constants: never input. No `$` in its string literals.
 * The text is constant (built once), so the whole list is one statement PostgreSQL keeps prepared.
 */
export interface TodoFragment {
  sql: string;
  params: readonly unknown[];
}

/**
 * What waits for a person on one kind of object: each source module binds its own (workbench comes earlier in
 * MODULE_ORDER), answering from its own access and move rules, every lookup of the person (roles, departments, menus)
 * inside the fragment. The workbench runs all fragments as one statement; the list and the home counters both read
 * it, so a counter is its list's length.
 */
export abstract class TodoSource {
  abstract fragment(): TodoFragment;
}

/** Target tasks' moves waiting for the person (target-tasks module). */
export abstract class TargetTaskTodos extends TodoSource {}
/** Diagnosis tasks to fill and submit or to audit, and launches with late owners (diagnosis module). */
export abstract class DiagnosisTodos extends TodoSource {}
/** Open quality-point warnings the person handles (warnings module). */
export abstract class WarningTodos extends TodoSource {}
/** Quality reports to review, publish or rebuild (reports module). */
export abstract class ReportTodos extends TodoSource {}
/** Fills to fill, fix or audit (data-collection module). */
export abstract class FillTodos extends TodoSource {}
