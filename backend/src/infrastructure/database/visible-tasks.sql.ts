import type { VisibleTasks } from '../../shared/kernel/visible-tasks.js';

/**
 * The tasks a person may read, as SQL over obj_task aliased t: everything for administrators, else owner, auditor,
 * headed department, a library granted or the task granted (obj_task_grant). The diagnosis task list and the warnings counts share it, so it lives
 * here rather than in either module's adapters. Its five parameters start at $first; pass visibleTasksParams there.
 */
export function visibleTasksCondition(first: number): string {
  const [all, user, departments, libraries, tasks] = [first, first + 1, first + 2, first + 3, first + 4].map((n) => `$${n}`);
  return `(${all}::boolean OR t.owner_id = ${user} OR t.auditor_id = ${user} OR t.department_id = ANY(${departments}) OR t.library_id = ANY(${libraries}) OR t.id = ANY(${tasks}))`;
}

export const visibleTasksParams = (v: VisibleTasks): unknown[] => [v.all, v.userId, v.departmentIds, v.libraryIds, v.taskIds];
