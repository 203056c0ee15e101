import type { VisibleTasks } from '../application/task-gate.js';

/**
 * The tasks a person may read, as SQL over obj_task aliased t (the task list's rule; the warnings module counts with
 * it too): everything for administrators, else owner, auditor, headed department or a library granted. Its four
 * parameters start at $first; pass visibleTasksParams in that place.
 */
export function visibleTasksCondition(first: number): string {
  const [all, user, departments, libraries] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
  return `(${all}::boolean OR t.owner_id = ${user} OR t.auditor_id = ${user} OR t.department_id = ANY(${departments}) OR t.library_id = ANY(${libraries}))`;
}

export const visibleTasksParams = (v: VisibleTasks): unknown[] => [v.all, v.userId, v.departmentIds, v.libraryIds];
