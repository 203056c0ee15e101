import { TODO_KINDS, type TodoCounts, type TodoGroup, type TodoItem, type TodoKind } from '@zhengai/contracts';

const COUNT_OF: Record<TodoGroup, keyof TodoCounts> = { tasks: 'tasks', warnings: 'warnings', audits: 'audits' };

/** Items, or a tally of them: `n` items alike (one when absent). */
type Counted<K extends keyof TodoItem> = Pick<TodoItem, K> & { n?: number };

/** The home counters: every item counted once, in its group (the contract's TODO_GROUPS says which is which). */
export function todoCountsOf(items: readonly Counted<'group'>[]): TodoCounts {
  const counts: TodoCounts = { tasks: 0, warnings: 0, audits: 0 };
  for (const i of items) counts[COUNT_OF[i.group]] += i.n ?? 1;
  return counts;
}

/** The items of every kind, counted (zero for a kind with none). */
export function kindCountsOf(items: readonly Counted<'kind'>[]): Record<TodoKind, number> {
  const counts = Object.fromEntries(TODO_KINDS.map((k) => [k, 0])) as Record<TodoKind, number>;
  for (const i of items) counts[i.kind] += i.n ?? 1;
  return counts;
}

/** Overdue: a deadline (yyyy-MM-dd) before today (yyyy-MM-dd, the server's day). */
export const isOverdue = (deadline: string | null, today: string): boolean => deadline !== null && deadline < today;

/**
 * The list's order (the statement of workbench/infrastructure/todo-list.pg-reader.ts orders and pages by the same
 * keys; the e2e suite checks its pages against this): overdue first, then by deadline (none last), then the oldest waiting first, then the id, so a page
 * boundary is stable.
 */
export function sortTodos<T extends Pick<TodoItem, 'deadline' | 'since' | 'id' | 'overdue'>>(items: T[]): T[] {
  return items.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      byCodePoint(a.deadline ?? '9999', b.deadline ?? '9999') ||
      byCodePoint(a.since, b.since) ||
      byCodePoint(a.id, b.id),
  );
}

/** Dates (yyyy-MM-dd, ISO times) and ids compare by code point: the same order, without localeCompare's ICU cost. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
