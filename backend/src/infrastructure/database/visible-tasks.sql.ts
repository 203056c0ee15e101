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

/**
 * The two facts of a person the task reach starts from, as SQL over `user` (an SQL expression: `$1`, a column): an
 * administrator (role code admin) reaches everything; a department head the tasks of the departments they head
 * (department.charge_user_id), as a varchar[]. target-standards' reach reads them for the visible-tasks filter, and
 * the warnings' to-do fragment inside its own statement.
 */
export const isAdminSql = (user: string): string =>
  `EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = ${user} AND r.code = 'admin')`;
export const headedDepartmentsSql = (user: string): string => `ARRAY(SELECT id FROM department WHERE charge_user_id = ${user})`;
