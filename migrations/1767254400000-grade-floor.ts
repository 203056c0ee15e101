import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35, the rule of grade and 达标 (backend/src/shared/kernel/grade.ts): a result that misses its standard value is
 * graded D (N for a have/whether point) whatever its share of the target, so 未达标 is exactly a grade of D or N. The
 * stored results graded before the rule carry a better grade beside dis (良好 beside 未达标); they take the floor here,
 * from their own stored flag (dis, which the rule itself computes), and their tasks' scores (the share of A and Y among
 * graded points, the kernel's scoreOf) follow. Down cannot restore the old grades; it leaves them.
 */
export class GradeFloor1767254400000 implements MigrationInterface {
  name = 'GradeFloor1767254400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE quality_result SET jgdj = CASE WHEN jgdj = 'Y' THEN 'N' ELSE 'D' END, unfin = true, updated_at = now()
      WHERE dis AND jgdj IN ('A', 'B', 'C', 'Y')`);
    // a second statement: a data-modifying CTE's outer query would still read the grades before the update
    await q.query(`
      UPDATE obj_task t SET score = s.score
      FROM (SELECT r.obj_task_id AS id, round(100.0 * count(*) FILTER (WHERE r.jgdj IN ('A', 'Y')) / nullif(count(r.jgdj), 0), 2) AS score
            FROM quality_result r
            WHERE r.obj_task_id IN (SELECT obj_task_id FROM quality_result WHERE dis)
            GROUP BY r.obj_task_id) s
      WHERE t.id = s.id AND t.score IS NOT NULL AND t.score IS DISTINCT FROM s.score`);
  }

  async down(): Promise<void> {
    // the grades before the floor are not kept anywhere; nothing to undo
  }
}
