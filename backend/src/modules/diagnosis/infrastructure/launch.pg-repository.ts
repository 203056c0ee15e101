import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { affected, likeContains, pageWithTotal, query } from '../../../infrastructure/database/sql.js';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { insertMessagesSelect } from '../../../infrastructure/database/message-insert.sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import type { AuditState } from '../domain/audit.js';
import type { AuditorRule, LaunchLevel, OwnerRule } from '../domain/launch-rules.js';
import { LaunchRepository, type Launch, type LaunchLibrary, type LaunchMessages, type LaunchTaskRow, type NewLaunch, type StateCounts } from '../application/ports/launch-repository.port.js';

const LAUNCH_SELECT = `
  SELECT l.id, l.level, l.cycle_type_id AS "cycleTypeId", ct.lxmc AS "cycleTypeName", l.cycle_value AS "cycleValue",
         l.library_id AS "libraryId", lib.name AS "libraryName", lib.parent_id AS "parentLibraryId",
         l.scope, l.scope_ids AS "scopeIds", l.owner_rule AS "ownerRule", l.owner_id AS "ownerId", ou.name AS "ownerName",
         l.auditor_rule AS "auditorRule", l.auditor_id AS "auditorId", au.name AS "auditorName",
         to_char(l.start_date, 'YYYY-MM-DD') AS "startDate", to_char(l.end_date, 'YYYY-MM-DD') AS "endDate",
         l.state, l.runs, l.fail_reason AS "failReason", l.object_count AS "objectCount", l.created_count AS "createdCount",
         (SELECT count(*)::int FROM obj_task t WHERE t.launch_id = l.id) AS tasks,
         l.creator_id AS "creatorId", cu.name AS "creatorName",
         to_char(l.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", to_char(l.closed_at, 'YYYY-MM-DD HH24:MI:SS') AS "closedAt"
  FROM diagnosis_launch l
  JOIN target_library lib ON lib.id = l.library_id
  LEFT JOIN cycle_type ct ON ct.id = l.cycle_type_id
  LEFT JOIN app_user ou ON ou.id = l.owner_id
  LEFT JOIN app_user au ON au.id = l.auditor_id
  LEFT JOIN app_user cu ON cu.id = l.creator_id`;

/**
 * The launch's live objects (o, its upper object u): of its level, not retired, all, of the chosen departments (the
 * object's own, else its upper object's) or the chosen ids. $n the level, $n+1 the scope, $n+2 its ids.
 */
const inScope = (n: number) => `
  o.level = $${n} AND o.retired_at IS NULL AND (
    $${n + 1}::text = 'all'
    OR ($${n + 1}::text = 'departments' AND coalesce(o.department_id, u.department_id) = ANY($${n + 2}::varchar[]))
    OR ($${n + 1}::text = 'picked' AND o.id = ANY($${n + 2}::varchar[])))`;

/** Owner and auditor of each object's task by the launch's rules (domain/launch-rules.ts ownerOf, auditorOf), as SQL over o and its department dep. */
const OWNER_SQL: Record<OwnerRule, string> = { responsible: 'o.responsible_id', self: 'o.user_id', chosen: '$9::varchar' };
const AUDITOR_SQL: Record<AuditorRule, string> = { departmentHead: 'dep.charge_user_id', chosen: '$10::varchar' };

/**
 * One task each of the objects $2 (one per object and library: ON CONFLICT leaves an object with one) and, in the
 * same statement, a quality row for each of them and each point of the library — set-based, INSERT … SELECT.
 * $1 library, $2 objects, $3 the name's suffix, $4 cycle, $5 start, $6 end, $7 launch, $8 parent library (or null),
 * $9 the chosen owner, $10 the chosen auditor. With a parent library, a point whose origin is a point of the
 * upper object's task there takes that task's target (its revised target, else the point's) when it differs from
 * its own: pushed down as obj/updateDownList pushes (a new task has no results to grade).
 */
function createTasksSql(owner: OwnerRule, auditor: AuditorRule, pushDown: boolean): string {
  const rows = pushDown
    ? `SELECT n.id, p.id, CASE WHEN up.id IS NOT NULL AND coalesce(nullif(btrim(ur.xzmbz), ''), up.mbz) IS DISTINCT FROM p.mbz
                              THEN coalesce(nullif(btrim(ur.xzmbz), ''), up.mbz) END
       FROM new n
       JOIN diagnosis_object o ON o.id = n.object_id
       JOIN quality_point p ON p.library_id = $1
       LEFT JOIN obj_task ut ON ut.library_id = $8 AND ut.object_id = o.upper_id
       LEFT JOIN quality_point up ON ut.id IS NOT NULL AND up.id = p.origin_id AND up.library_id = $8
       LEFT JOIN quality_result ur ON ur.obj_task_id = ut.id AND ur.point_id = up.id`
    : `SELECT n.id, p.id, NULL FROM new n JOIN quality_point p ON p.library_id = $1 WHERE $8::varchar IS NULL`;
  return `
    WITH new AS (
      INSERT INTO obj_task (library_id, launch_id, object_id, rwmc, object_type, object_code, object_name, cycle_value,
                            department_id, owner_id, auditor_id, start_date, end_date)
      SELECT $1, $7, o.id, left(o.name, 200 - length($3::text)) || $3::text, o.level, o.code, o.name, $4,
             dep.id, ${OWNER_SQL[owner]}, ${AUDITOR_SQL[auditor]}, $5::date, $6::date
      FROM diagnosis_object o
      LEFT JOIN diagnosis_object u ON u.id = o.upper_id
      LEFT JOIN department dep ON dep.id = coalesce(o.department_id, u.department_id)
      WHERE o.id = ANY($2::varchar[]) AND o.retired_at IS NULL
      ORDER BY o.id
      ON CONFLICT (library_id, object_id) WHERE object_id IS NOT NULL DO NOTHING
      RETURNING id, object_id
    ),
    rows AS (
      INSERT INTO quality_result (obj_task_id, point_id, xzmbz)
      ${rows}
    )
    -- the chosen owner and auditor are named here too: a rule without them leaves them out above, and a parameter
    -- no statement reads has no type
    SELECT count(*)::int AS n, array_agg(id) AS ids, max($9::varchar) AS owner, max($10::varchar) AS auditor FROM new`;
}

const TASK_ROW = `
  SELECT t.id, t.rwmc, t.object_code AS "objectCode", t.object_name AS "objectName", d.name AS "departmentName",
         o.name AS "ownerName", a.name AS "auditorName", t.audit_state AS "auditState",
         to_char(t.start_date, 'YYYY-MM-DD') AS kssj, to_char(t.end_date, 'YYYY-MM-DD') AS jssj,
         (SELECT count(*)::int FROM diagnosis_urge du WHERE du.obj_task_id = t.id) AS "urgeCount",
         (SELECT to_char(max(du.created_at), 'YYYY-MM-DD HH24:MI:SS') FROM diagnosis_urge du WHERE du.obj_task_id = t.id) AS "lastUrgedAt"
  FROM obj_task t
  LEFT JOIN department d ON d.id = t.department_id
  LEFT JOIN app_user o ON o.id = t.owner_id
  LEFT JOIN app_user a ON a.id = t.auditor_id`;

/** Overdue (domain/launch-rules.ts isOverdue): past its end ($n, today) and the owner's turn (draft, refused). */
const overdue = (n: number) => `(t.end_date < $${n}::date AND t.audit_state IN ('draft', 'refused'))`;

/**
 * Each task's owner told (the text around the task's name), set-based: a launch or a 催办 reaches thousands of owners
 * at once. Not the person who acted (`except`).
 */
function tellOwners(m: EntityManager, messages: LaunchMessages, taskIds: string[], except: string | null): Promise<number> {
  return insertMessagesSelect(m, messages.batchId,
    `SELECT t.owner_id, 'diagnosis'::text, $1::text, $2::text || t.rwmc || $3::text, 'obj-task'::text, t.id, $4::text || t.id
     FROM obj_task t WHERE t.id = ANY($5::varchar[]) AND t.owner_id IS NOT NULL AND t.owner_id IS DISTINCT FROM $6::varchar`,
    [messages.title, messages.before, messages.after, messages.linkPrefix, taskIds, except]);
}

@Injectable()
export class LaunchPgRepository extends LaunchRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async standing(userId: string): Promise<{ codes: string[]; name: string }> {
    const [row] = await query<{ codes: string[]; name: string }>(this.db, `SELECT u.name, ${roleCodesSql('u.id')} AS codes FROM app_user u WHERE u.id = $1`, [userId]);
    return row ?? { codes: [], name: '' };
  }

  cycleTypes() {
    return query<{ id: string; lxmc: string }>(this.db, `SELECT id, lxmc FROM cycle_type ORDER BY sort_order, lxmc`);
  }

  cycleValues(cycleTypeId: string) {
    return query<{ cycleId: string; cycleNumber: string; defaultsStatus: number }>(this.db,
      `SELECT id AS "cycleId", cycle_number AS "cycleNumber", defaults_status::int AS "defaultsStatus"
       FROM cycle_value WHERE cycle_type_id = $1 ORDER BY sort_order, cycle_number`, [cycleTypeId]);
  }

  libraries(level: LaunchLevel, cycleValue: string, cycleTypeId: string | null) {
    return query<{ id: string; name: string; cycleValue: string; points: number }>(this.db,
      `SELECT l.id, l.name, l.cycle_value AS "cycleValue", p.n AS points
       FROM target_library l
       CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM quality_point q WHERE q.library_id = l.id) p
       WHERE l.deleted_at IS NULL AND l.target_level_id = $1 AND l.cycle_value = $2
         AND ($3::text IS NULL OR l.cycle_type_id IS NULL OR l.cycle_type_id = $3) AND p.n > 0
       ORDER BY l.created_at DESC, l.name`, [level, cycleValue, cycleTypeId]);
  }

  departments(level: LaunchLevel) {
    return query<{ id: string; name: string; objects: number }>(this.db,
      `SELECT d.id, d.name, count(*)::int AS objects
       FROM diagnosis_object o LEFT JOIN diagnosis_object u ON u.id = o.upper_id
       JOIN department d ON d.id = coalesce(o.department_id, u.department_id)
       WHERE o.level = $1 AND o.retired_at IS NULL
       GROUP BY d.id, d.name, d.sort_order ORDER BY d.sort_order, d.name`, [level]);
  }

  objects(level: LaunchLevel, keyword: string | null, limit: number) {
    return query<{ id: string; code: string; name: string; departmentName: string | null }>(this.db,
      `SELECT o.id, o.code, o.name, d.name AS "departmentName"
       FROM diagnosis_object o LEFT JOIN diagnosis_object u ON u.id = o.upper_id
       LEFT JOIN department d ON d.id = coalesce(o.department_id, u.department_id)
       WHERE o.level = $1 AND o.retired_at IS NULL AND ($2::text IS NULL OR o.name ILIKE $2 OR o.code ILIKE $2)
       ORDER BY o.code LIMIT $3`, [level, keyword ? likeContains(keyword) : null, limit]);
  }

  people(keyword: string | null, limit: number) {
    return query<{ userId: string; userName: string; account: string; departmentName: string | null }>(this.db,
      `SELECT u.id AS "userId", u.name AS "userName", u.account, d.name AS "departmentName"
       FROM app_user u LEFT JOIN department d ON d.id = u.org_id
       WHERE u.enabled AND u.person_kind <> 'student' AND ($1::text IS NULL OR u.name ILIKE $1 OR u.account ILIKE $1)
       ORDER BY u.name, u.account LIMIT $2`, [keyword ? likeContains(keyword) : null, limit]);
  }

  async cycleTypeName(id: string): Promise<string | null> {
    const [row] = await query<{ lxmc: string }>(this.db, `SELECT lxmc FROM cycle_type WHERE id = $1`, [id]);
    return row?.lxmc ?? null;
  }

  async library(id: string): Promise<LaunchLibrary | null> {
    const [row] = await query<LaunchLibrary>(this.db,
      `SELECT l.target_level_id AS level, l.cycle_value AS "cycleValue", l.cycle_type_id AS "cycleTypeId",
              (SELECT count(*)::int FROM quality_point q WHERE q.library_id = l.id) AS points, l.deleted_at IS NOT NULL AS deleted,
              EXISTS (SELECT 1 FROM diagnosis_launch dl WHERE dl.library_id = l.id AND dl.state = 'closed') AS closed
       FROM target_library l WHERE l.id = $1`, [id]);
    return row ?? null;
  }

  async existingPeople(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await query<{ id: string }>(this.db, `SELECT id FROM app_user WHERE id = ANY($1::varchar[]) AND enabled`, [ids])).map((r) => r.id);
  }

  async insert(l: NewLaunch): Promise<void> {
    await this.db.query(
      `INSERT INTO diagnosis_launch (id, level, cycle_type_id, cycle_value, library_id, scope, scope_ids, owner_rule, owner_id, auditor_rule, auditor_id,
                                     start_date, end_date, creator_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::varchar[], $8, $9, $10, $11, $12::date, $13::date, $14)`,
      [l.id, l.level, l.cycleTypeId, l.cycleValue, l.libraryId, l.scope, l.scopeIds, l.ownerRule, l.ownerId, l.auditorRule, l.auditorId, l.startDate, l.endDate, l.creatorId],
    );
  }

  async discard(id: string): Promise<void> {
    await this.db.query(`DELETE FROM diagnosis_launch WHERE id = $1 AND state = 'launching' AND NOT EXISTS (SELECT 1 FROM obj_task WHERE launch_id = $1)`, [id]);
  }

  async find(id: string): Promise<Launch | null> {
    const [row] = await query<Launch>(this.db, `${LAUNCH_SELECT} WHERE l.id = $1`, [id]);
    return row ?? null;
  }

  list(filter: { level?: LaunchLevel }, window: { skip: number; take: number }) {
    return pageWithTotal<Launch>(this.db, {
      select: LAUNCH_SELECT,
      from: `FROM diagnosis_launch l WHERE ($1::text IS NULL OR l.level = $1)`,
      alias: 'l',
      order: 'l.created_at DESC, l.id',
      params: [filter.level ?? null],
      ...window,
    });
  }

  async finish(id: string, counts: { objectCount: number; createdCount: number }): Promise<boolean> {
    return (await affected(this.db,
      `UPDATE diagnosis_launch SET state = 'running', object_count = $2, created_count = coalesce(created_count, 0) + $3, fail_reason = NULL, updated_at = now()
       WHERE id = $1 AND state = 'launching'`, [id, counts.objectCount, counts.createdCount])) === 1;
  }

  async fail(id: string, reason: string, run?: number): Promise<boolean> {
    return (await affected(this.db,
      `UPDATE diagnosis_launch SET state = 'failed', fail_reason = left($2, 200), updated_at = now()
       WHERE id = $1 AND state = 'launching' AND ($3::int IS NULL OR runs = $3)`, [id, reason, run ?? null])) === 1;
  }

  async retry(id: string): Promise<number | null> {
    const [row] = await query<{ runs: number }>(this.db,
      `UPDATE diagnosis_launch SET state = 'launching', runs = runs + 1, fail_reason = NULL, updated_at = now()
       WHERE id = $1 AND state = 'failed' RETURNING runs`, [id]);
    return row?.runs ?? null;
  }

  async close(id: string, userId: string): Promise<boolean> {
    const rows = await query<{ id: string }>(this.db,
      `UPDATE diagnosis_launch SET state = 'closed', closed_at = now(), closed_by = $2, updated_at = now()
       WHERE library_id = (SELECT library_id FROM diagnosis_launch WHERE id = $1) AND state IN ('running', 'failed')
       RETURNING id`, [id, userId]);
    return rows.some((r) => r.id === id);
  }

  async scopeCount(l: Launch): Promise<{ objects: number; missing: number }> {
    const [row] = await query<{ objects: number; missing: number }>(this.db,
      `SELECT count(*)::int AS objects,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM obj_task t WHERE t.library_id = $4 AND t.object_id = o.id))::int AS missing
       FROM diagnosis_object o LEFT JOIN diagnosis_object u ON u.id = o.upper_id
       WHERE ${inScope(1)}`, [l.level, l.scope, l.scopeIds, l.libraryId]);
    return row!;
  }

  async nextObjects(l: Launch, after: string | null, size: number): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT o.id FROM diagnosis_object o LEFT JOIN diagnosis_object u ON u.id = o.upper_id
       WHERE ${inScope(1)} AND ($5::text IS NULL OR o.id > $5)
         AND NOT EXISTS (SELECT 1 FROM obj_task t WHERE t.library_id = $4 AND t.object_id = o.id)
       ORDER BY o.id LIMIT $6`, [l.level, l.scope, l.scopeIds, l.libraryId, after, size]);
    return rows.map((r) => r.id);
  }

  async createTasks(tx: Transaction, l: Launch, objectIds: string[], taskSuffix: string, messages: LaunchMessages | null): Promise<number> {
    if (objectIds.length === 0) return 0;
    const m = managerOf(tx);
    const sql = createTasksSql(l.ownerRule, l.auditorRule, l.parentLibraryId !== null);
    const [row] = await query<{ n: number; ids: string[] | null }>(m, sql,
      [l.libraryId, objectIds, taskSuffix, l.cycleValue, l.startDate, l.endDate, l.id, l.parentLibraryId, l.ownerId, l.auditorId]);
    if (messages && row!.ids?.length) {
      // Each new task's owner (who acts next), beside the tasks.
      await tellOwners(m, messages, row!.ids, l.creatorId);
    }
    return row!.n;
  }

  counts(launchId: string, today: string): Promise<Array<StateCounts & { departmentId: string | null; departmentName: string }>> {
    return query(this.db,
      `SELECT t.department_id AS "departmentId", coalesce(d.name, '未指定部门') AS "departmentName",
              count(*) FILTER (WHERE t.audit_state = 'draft')::int AS draft, count(*) FILTER (WHERE t.audit_state = 'submitted')::int AS submitted,
              count(*) FILTER (WHERE t.audit_state = 'passed')::int AS passed, count(*) FILTER (WHERE t.audit_state = 'refused')::int AS refused,
              count(*)::int AS total, count(*) FILTER (WHERE ${overdue(2)})::int AS overdue
       FROM obj_task t LEFT JOIN department d ON d.id = t.department_id
       WHERE t.launch_id = $1
       GROUP BY t.department_id, d.name, d.sort_order ORDER BY d.sort_order NULLS LAST, 2`, [launchId, today]);
  }

  tasks(launchId: string, filter: { departmentId?: string; auditState?: AuditState; overdueBefore?: string }, window: { skip: number; take: number }) {
    return pageWithTotal<LaunchTaskRow>(this.db, {
      select: TASK_ROW,
      from: `FROM obj_task t WHERE t.launch_id = $1 AND ($2::text IS NULL OR t.department_id = $2) AND ($3::text IS NULL OR t.audit_state = $3)
               AND ($4::text IS NULL OR ${overdue(4)})`,
      alias: 't',
      order: 't.end_date, t.object_code, t.id',
      params: [launchId, filter.departmentId ?? null, filter.auditState ?? null, filter.overdueBefore ?? null],
      ...window,
    });
  }

  async urge(tx: Transaction, launchId: string, taskId: string | null, today: string, by: { userId: string; userName: string }, messages: LaunchMessages): Promise<number> {
    const m = managerOf(tx);
    const rows = await query<{ taskId: string }>(m,
      `INSERT INTO diagnosis_urge (obj_task_id, urged_by, urged_by_name)
       SELECT t.id, $3, $4 FROM obj_task t
       WHERE t.launch_id = $1 AND t.audit_state IN ('draft', 'refused') AND t.owner_id IS NOT NULL
         AND (($2::text IS NULL AND ${overdue(5)}) OR t.id = $2)
       RETURNING obj_task_id AS "taskId"`, [launchId, taskId, by.userId, by.userName, today]);
    if (rows.length > 0) await tellOwners(m, messages, rows.map((r) => r.taskId), by.userId);
    return rows.length;
  }
}
