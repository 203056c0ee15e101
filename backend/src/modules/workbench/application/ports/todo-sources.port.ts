import type { TodoItem } from '@zhengai/contracts';

/** An item as a source answers it (since as PostgreSQL's timestamptz); the service works out `overdue` with one clock. */
export type TodoEntry = Omit<TodoItem, 'overdue' | 'since'> & { since: Date };

/**
 * What waits for a person on one kind of object: each source module binds its own (workbench comes earlier in
 * MODULE_ORDER), answering from its own access and move rules, every item in one set-based statement. The list and the
 * home counters both read these, so a counter is its list's length.
 */
export abstract class TodoSource {
  abstract todos(userId: string): Promise<TodoEntry[]>;
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
