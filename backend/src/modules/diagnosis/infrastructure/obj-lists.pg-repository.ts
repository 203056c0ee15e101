import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import type { AuditState } from '../domain/audit.js';
import { ObjListsRepository, type LinkedTask, type ListedTask, type PointGrade, type TaskPoint } from '../application/ports/obj-lists-repository.port.js';
import { query } from '../../../infrastructure/database/sql.js';

const LINKED_SELECT = `
  SELECT t.id, t.library_id AS "libraryId", l.name AS "libraryName", t.rwmc, t.object_name AS "objectName",
         t.cycle_value AS "cycleValue", t.audit_state AS "auditState"
  FROM obj_task t JOIN target_library l ON l.id = t.library_id`;

/**
 * The diagnosis object of the task $3 (null: a task without one, or no such task). Two tasks of objects relate by the
 * objects' relation; a task without an object (the first demo's major directions, tasks made before issue 32) keeps
 * the libraries' relation on either side.
 */
const OBJECT_OF = `(SELECT object_id FROM obj_task WHERE id = $3)`;
/**
 * The objects below the task's object: those whose upper it is (a major's courses and students), and for the school
 * the majors and teachers, whose upper is the school (diagnosis-objects domain, LIST_UPPER_LEVEL).
 */
const LOWER_OBJECTS = `
  SELECT o.id FROM diagnosis_object o JOIN diagnosis_object me ON me.id = ${OBJECT_OF}
  WHERE o.upper_id = me.id OR (me.level = 'school' AND o.level IN ('major', 'teacher'))`;
/** The object above the task's object: its stored upper (course, student), or the school (major, teacher). */
const UPPER_OBJECTS = `
  SELECT me.upper_id FROM diagnosis_object me WHERE me.id = ${OBJECT_OF} AND me.upper_id IS NOT NULL
  UNION ALL
  SELECT s.id FROM diagnosis_object s JOIN diagnosis_object me ON me.id = ${OBJECT_OF} AND me.level IN ('major', 'teacher')
  WHERE s.level = 'school'`;

/**
 * The same cycle, for the task $3 and a related task t: the same cycle value; or, for tasks of related objects, the
 * lower task starting within the upper's period — so a course's or student's 学期 task lists under its major's 年度
 * task of the year the semester starts in (2025-2026-2, from February 2026: under 2026), as 000 §3 gives courses and
 * students 学期 cycles and the rest 年度. A task without dates keeps the value rule.
 */
const sameCycle = (upper: string, lower: string) => `
  (t.cycle_value = $2 OR (${OBJECT_OF} IS NOT NULL AND EXISTS (
     SELECT 1 FROM obj_task me WHERE me.id = $3 AND ${lower}.start_date BETWEEN ${upper}.start_date AND ${upper}.end_date)))`;

@Injectable()
export class ObjListsPgRepository extends ObjListsRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  lowerTasks(task: ListedTask, tx?: Transaction): Promise<LinkedTask[]> {
    return query<LinkedTask>(runnerOf(this.db, tx),
      `${LINKED_SELECT} WHERE l.parent_id = $1 AND l.deleted_at IS NULL AND ${sameCycle('me', 't')}
         AND (${OBJECT_OF} IS NULL OR t.object_id IS NULL OR t.object_id IN (${LOWER_OBJECTS}))
       ORDER BY l.name, t.object_name, t.id`,
      [task.libraryId, task.cycleValue, task.id],
    );
  }

  upperTasks(task: ListedTask): Promise<LinkedTask[]> {
    return query<LinkedTask>(this.db,
      `${LINKED_SELECT} JOIN target_library c ON c.parent_id = l.id
       WHERE c.id = $1 AND l.deleted_at IS NULL AND ${sameCycle('t', 'me')}
         AND (${OBJECT_OF} IS NULL OR t.object_id IS NULL OR t.object_id IN (${UPPER_OBJECTS}))
       ORDER BY t.object_name, t.id`,
      [task.libraryId, task.cycleValue, task.id],
    );
  }

  async lockTasks(tx: Transaction, taskIds: string[]): Promise<Map<string, AuditState>> {
    if (taskIds.length === 0) return new Map();
    // Always in id order, so two pushes over overlapping tasks wait for each other instead of deadlocking; NO KEY
    // UPDATE as a row save and the sampler lock their task (a row being added under the task is not waited for).
    const rows = await query<{ id: string; auditState: AuditState }>(managerOf(tx),
      `SELECT id, audit_state AS "auditState" FROM obj_task WHERE id = ANY($1::varchar[]) ORDER BY id FOR NO KEY UPDATE`,
      [taskIds],
    );
    return new Map(rows.map((r) => [r.id, r.auditState]));
  }

  async writersOf(tx: Transaction, taskIds: string[]): Promise<Map<string, { ownerId: string | null; departmentId: string | null }>> {
    if (taskIds.length === 0) return new Map();
    const rows = await query<{ id: string; ownerId: string | null; departmentId: string | null }>(managerOf(tx),
      `SELECT id, owner_id AS "ownerId", department_id AS "departmentId" FROM obj_task WHERE id = ANY($1::varchar[])`,
      [taskIds],
    );
    return new Map(rows.map(({ id, ...writers }) => [id, writers]));
  }

  points(tx: Transaction, taskIds: string[]): Promise<TaskPoint[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return query<TaskPoint>(managerOf(tx),
      `SELECT t.id AS "taskId", p.id AS "pointId", p.origin_id AS "originId", p.zlx, p.mbz, p.bzz, p.cal_rule AS "calRule",
              r.xzmbz, r.jgz, r.xzjgz
       FROM obj_task t
       JOIN quality_point p ON p.library_id = t.library_id
       LEFT JOIN quality_result r ON r.obj_task_id = t.id AND r.point_id = p.id
       WHERE t.id = ANY($1::varchar[])
       ORDER BY t.id, p.sort_order, p.code`,
      [taskIds],
    );
  }

  async writeValues(tx: Transaction, taskId: string, column: 'xzmbz' | 'jgz', values: Array<{ pointId: string; value: string }>, userId: string): Promise<void> {
    if (values.length === 0) return;
    // Two fixed statements rather than a column name in the SQL text.
    const sql = column === 'xzmbz'
      ? `INSERT INTO quality_result (obj_task_id, point_id, xzmbz, updated_by, updated_at)
         SELECT $1, v.point_id, v.value, $4, now() FROM unnest($2::varchar[], $3::varchar[]) AS v(point_id, value)
         ON CONFLICT (obj_task_id, point_id) DO UPDATE SET xzmbz = EXCLUDED.xzmbz, updated_by = EXCLUDED.updated_by, updated_at = now()`
      // a roll-up someone started is a typed result: sampling leaves it
      : `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgz_source, updated_by, updated_at)
         SELECT $1, v.point_id, v.value, 'typed', $4, now() FROM unnest($2::varchar[], $3::varchar[]) AS v(point_id, value)
         ON CONFLICT (obj_task_id, point_id) DO UPDATE SET jgz = EXCLUDED.jgz, jgz_source = 'typed', updated_by = EXCLUDED.updated_by, updated_at = now()`;
    await managerOf(tx).query(sql, [taskId, values.map((v) => v.pointId), values.map((v) => v.value), userId]);
  }

  async saveGrades(tx: Transaction, taskId: string, grades: PointGrade[], score: number | null): Promise<void> {
    await managerOf(tx).query(
      `INSERT INTO quality_result (obj_task_id, point_id, jgdj, unfin, dis, updated_at)
       SELECT $1, g.point_id, g.jgdj, g.unfin, g.dis, now() FROM unnest($2::varchar[], $3::varchar[], $4::boolean[], $5::boolean[]) AS g(point_id, jgdj, unfin, dis)
       ON CONFLICT (obj_task_id, point_id) DO UPDATE SET jgdj = EXCLUDED.jgdj, unfin = EXCLUDED.unfin, dis = EXCLUDED.dis, updated_at = now()`,
      [taskId, grades.map((g) => g.pointId), grades.map((g) => g.jgdj), grades.map((g) => g.unfin), grades.map((g) => g.dis)],
    );
    await managerOf(tx).query(`UPDATE obj_task SET score = $2, updated_at = now() WHERE id = $1`, [taskId, score]);
  }
}
