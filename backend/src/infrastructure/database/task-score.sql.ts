/**
 * A diagnosis task's score in SQL, as scoreOf (shared/kernel/grade.ts) computes it: the share of graded points at A or
 * Y, in percent with 2 decimals, null with nothing graded. Read from the stored rows after a write, in the writing
 * transaction, so two saves of one task never score from each other's old grades. `task` is the obj_task id's SQL
 * (a column or a parameter). The diagnosis save and the monitoring sampler share it, so it lives here.
 */
export const taskScoreSql = (task: string): string => `(
  SELECT round(100.0 * count(*) FILTER (WHERE r.jgdj IN ('A', 'Y')) / nullif(count(*), 0), 2)
  FROM quality_result r WHERE r.obj_task_id = ${task} AND r.jgdj IS NOT NULL)`;
