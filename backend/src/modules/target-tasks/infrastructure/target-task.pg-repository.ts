import { Injectable } from '@nestjs/common';
import { isRwjdFinished, type Page, type ProgressReportType, type Rwjd, type TargetAuditState, type TargetTask, type TaskListCounts, type UrgeState } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, pageWithTotal, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import { pageWindow } from '../../../shared/pagination.js';
import { PROGRESS_REPORT_OWNER } from '../application/ports/task-picture.port.js';
import { TASK_RELATIONS, type TaskRelation } from '../domain/task-access.js';
import { parameters, TaskAccessSql, waitingSql } from './task-access.sql.js';
import {
  TargetTaskRepository,
  TaskAccessReader,
  type TaskStanding,
  type LockedTask,
  type MoveWrite,
  type TargetTaskFilter,
  type TargetTaskValues,
  type TaskWriteResult,
} from '../application/ports/target-task-repository.port.js';

const FOREIGN_KEY_VIOLATION = '23503';
const codeOf = (error: unknown) => (error as { code?: string }).code;

// A rejection still standing (contract TaskRejection): the last report rejected (the owner has not reported since), else
// a failed submission (audit_state 2 lasts until the next submitAudit) with the reason of its last failAudit move.
const REJECTION = `COALESCE(
         (SELECT json_build_object('kind', 'report', 'reason', r.audit_reason, 'at', to_char(COALESCE(r.audited_at, r.reported_at), 'YYYY-MM-DD HH24:MI:SS'), 'byName', (SELECT a.name FROM app_user a WHERE a.id = r.audited_by))
            FROM (SELECT * FROM progress_report r WHERE r.task_id = t.id ORDER BY r.reported_at DESC, r.id DESC LIMIT 1) r WHERE r.audit_state = 'reject'),
         (SELECT json_build_object('kind', 'audit', 'reason', COALESCE(h.reason, ''), 'at', to_char(h.at, 'YYYY-MM-DD HH24:MI:SS'), 'byName', (SELECT a.name FROM app_user a WHERE a.id = h.actor_id))
            FROM task_history h WHERE t.audit_state = 2 AND h.task_id = t.id AND h.action = 'failAudit' ORDER BY h.at DESC, h.id DESC LIMIT 1))`;

// A task with no submitAudit in its history has never been sent for audit: the column's default 0 then means "none yet".
// Exported: the situation's children read tasks the same way. Names come from scalar subqueries, not joins: with nine
// joined tables PostgreSQL spent 50–200 ms planning each list call (the 50,000-task benchmark), against 2–6 ms now,
// and the subqueries run only for the rows of the page.
export const SELECT = `
  SELECT t.id, t.year_target_id AS "yearTargetId", (SELECT y.name FROM year_target y WHERE y.id = t.year_target_id) AS "yearTargetName", t.parent_id AS "parentId", t.rwmc, t.rwlx,
         (SELECT tt.rwlxmc FROM task_type tt WHERE tt.id = t.rwlx) AS rwlxmc, t.exam_type AS "examType", t.rwnf, to_char(t.kssj, 'YYYY-MM-DD') AS kssj, to_char(t.jssj, 'YYYY-MM-DD') AS jssj,
         t.publish_department_id AS "fbbmId", (SELECT d.name FROM department d WHERE d.id = t.publish_department_id) AS fbbm,
         t.charge_department_id AS "chargeDepartId", (SELECT d.name FROM department d WHERE d.id = t.charge_department_id) AS "chargeDepartName",
         t.owner_id AS "ownerId", (SELECT u.name FROM app_user u WHERE u.id = t.owner_id) AS "ownerName",
         t.auditor_id AS "auditorId", (SELECT u.name FROM app_user u WHERE u.id = t.auditor_id) AS "auditorName",
         t.supervisor_id AS jkr, (SELECT u.name FROM app_user u WHERE u.id = t.supervisor_id) AS jkrmc,
         t.creator_id AS creator, (SELECT u.name FROM app_user u WHERE u.id = t.creator_id) AS cjrmc,
         t.target_value::float8 AS "targetValue", t.target_unit AS "targetUnit", t.rwjd, t.task_state AS "taskState",
         CASE WHEN t.audit_state = 0 AND NOT EXISTS (SELECT 1 FROM task_history h WHERE h.task_id = t.id AND h.action = 'submitAudit')
              THEN NULL ELSE t.audit_state::int END AS "auditState",
         (SELECT count(*)::int FROM target_task c WHERE c.parent_id = t.id) AS "childCount",
         COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.sort_order, d.id)
                   FROM target_task_coop_department co JOIN department d ON d.id = co.department_id WHERE co.task_id = t.id), '[]'::json) AS "coopDepartments",
         (SELECT count(*)::int FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'process' AND w.closed_at IS NULL) AS "processWarningCount",
         (SELECT count(*)::int FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'expired' AND w.closed_at IS NULL) AS "expiredWarningCount",
         ${REJECTION} AS rejection,
         (SELECT json_build_object('message', u.message, 'at', to_char(u.created_at, 'YYYY-MM-DD HH24:MI:SS'), 'fromName', (SELECT a.name FROM app_user a WHERE a.id = u.from_user_id))
            FROM (SELECT * FROM task_urge u WHERE u.task_id = t.id ORDER BY u.created_at DESC, u.id DESC LIMIT 1) u WHERE u.state = 'urge') AS "openUrge",
         to_char(t.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
  FROM target_task t`;

interface FactsRow {
  rwjd: Rwjd;
  taskState: string;
  auditState: TargetAuditState | null;
  childCount: number;
  jssj: string | null;
  pendingReport: ProgressReportType | null;
  pendingDelay: string | null;
  urge: UrgeState | null;
  ownerId: string | null;
  auditorId: string | null;
  creatorId: string | null;
  chargeDepartId: string | null;
  parentOwnerId: string | null;
}

const FACTS = `
  SELECT t.rwjd, t.task_state AS "taskState",
         CASE WHEN t.audit_state = 0 AND NOT EXISTS (SELECT 1 FROM task_history h WHERE h.task_id = t.id AND h.action = 'submitAudit')
              THEN NULL ELSE t.audit_state::int END AS "auditState",
         (SELECT count(*)::int FROM target_task c WHERE c.parent_id = t.id) AS "childCount",
         to_char(t.jssj, 'YYYY-MM-DD') AS jssj,
         (SELECT r.kind FROM progress_report r WHERE r.task_id = t.id AND r.audit_state = 'reviewing') AS "pendingReport",
         (SELECT to_char(d.new_end_date, 'YYYY-MM-DD') FROM task_delay d WHERE d.task_id = t.id AND d.decision = 'pending') AS "pendingDelay",
         (SELECT u.state FROM task_urge u WHERE u.task_id = t.id ORDER BY u.created_at DESC, u.id DESC LIMIT 1) AS urge,
         t.owner_id AS "ownerId", t.auditor_id AS "auditorId", t.creator_id AS "creatorId", t.charge_department_id AS "chargeDepartId",
         (SELECT p.owner_id FROM target_task p WHERE p.id = t.parent_id) AS "parentOwnerId"
  FROM target_task t WHERE t.id = $1`;

const lockedOf = (r: FactsRow): LockedTask => ({
  facts: {
    rwjd: r.rwjd,
    paused: r.taskState === 'pause',
    auditState: r.auditState,
    lastLevel: r.childCount === 0,
    childCount: r.childCount,
    jssj: r.jssj ?? '',
    pendingReport: r.pendingReport,
    pendingDelay: r.pendingDelay,
    urge: r.urge,
  },
  ownerId: r.ownerId,
  auditorId: r.auditorId,
  creatorId: r.creatorId,
  chargeDepartId: r.chargeDepartId,
  parentOwnerId: r.parentOwnerId,
});

/**
 * The WHERE of a task list (`targetTask/list`) and its parameters: who sees what on the page (the access table's
 * predicate, domain/task-access.ts) and the filters. The list and its counts (`listCounts`) both read it, so a counter
 * counts exactly the tasks its list shows.
 */
function listWhere(filter: TargetTaskFilter, standing: TaskStanding): { params: unknown[]; whereSql: string } {
  const { params, p } = parameters();
  const where: string[] = [new TaskAccessSql(standing, p).page(filter.pageType)];
  if (filter.waiting) where.push(waitingSql(filter.waiting, `${p(standing.userId)}::varchar`));
  if (filter.year) where.push(`${p(filter.year)} = ANY(string_to_array(t.rwnf, ','))`);
  if (filter.yearTargetId) where.push(`t.year_target_id = ${p(filter.yearTargetId)}`);
  if (filter.name) {
    const like = p(likeContains(filter.name));
    where.push(`(t.rwmc ILIKE ${like} OR EXISTS (SELECT 1 FROM department d WHERE d.id = t.charge_department_id AND d.name ILIKE ${like}))`);
  }
  if (filter.taskState) where.push(`t.task_state = ${p(filter.taskState)}`);
  if (filter.rwjd) where.push(`t.rwjd = ${p(filter.rwjd)}`);
  if (filter.rwlx) where.push(`t.rwlx = ${p(filter.rwlx)}`);
  if (filter.warningType) where.push(`EXISTS (SELECT 1 FROM task_warning w WHERE w.task_id = t.id AND w.kind = ${p(filter.warningType)} AND w.closed_at IS NULL)`);
  if (filter.cycleYear) where.push(`EXISTS (SELECT 1 FROM year_target cy WHERE cy.id = t.year_target_id AND cy.cycle_year = ${p(filter.cycleYear)})`);
  if (filter.chargeDepartId) where.push(`t.charge_department_id = ${p(filter.chargeDepartId)}`);
  // Last-level tasks (no children) of the department summary page, by their name or their owner's name.
  if (filter.leafOnly || filter.leafName || filter.leafOwner) where.push(`NOT EXISTS (SELECT 1 FROM target_task lc WHERE lc.parent_id = t.id)`);
  if (filter.leafName) where.push(`t.rwmc ILIKE ${p(likeContains(filter.leafName))}`);
  if (filter.leafOwner) where.push(`EXISTS (SELECT 1 FROM app_user lo WHERE lo.id = t.owner_id AND lo.name ILIKE ${p(likeContains(filter.leafOwner))})`);
  return { params, whereSql: `WHERE ${where.join(' AND ')}` };
}

@Injectable()
export class TargetTaskPgRepository extends TargetTaskRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(filter: TargetTaskFilter, standing: TaskStanding): Promise<Page<TargetTask>> {
    const { skip, take, size } = pageWindow({ pageNum: filter.pageNum, pageSize: filter.pageSize });
    const { params, whereSql } = listWhere(filter, standing);
    const order = filter.sort === 'asc' ? 't.jssj ASC NULLS LAST, t.created_at, t.id' : filter.sort === 'desc' ? 't.jssj DESC NULLS LAST, t.created_at, t.id' : 't.created_at DESC, t.id';
    // The page's ids first, then their fields: PostgreSQL would compute the select list for the rows OFFSET skips too.
    const { rows: records, total } = await pageWithTotal<TargetTask>(this.db, { select: SELECT, from: `FROM target_task t ${whereSql}`, alias: 't', order, params, take, skip });
    return { records, total, current: filter.pageNum, pages: Math.ceil(total / size) };
  }

  async listCounts(filter: TargetTaskFilter, standing: TaskStanding): Promise<TaskListCounts> {
    const { params, whereSql } = listWhere(filter, standing);
    // The list's own WHERE (listWhere): the figures count the very tasks the list holds, whatever its filters.
    const [row] = await query<TaskListCounts>(this.db,
      `WITH listed AS MATERIALIZED (SELECT t.id, t.charge_department_id FROM target_task t ${whereSql}),
            warned AS (SELECT w.kind, count(*)::int AS n FROM task_warning w JOIN listed l ON l.id = w.task_id WHERE w.closed_at IS NULL GROUP BY w.kind),
            departments AS (SELECT l.charge_department_id AS id, count(*)::int AS tasks FROM listed l WHERE l.charge_department_id IS NOT NULL GROUP BY 1)
       SELECT (SELECT count(*)::int FROM listed) AS total,
              COALESCE((SELECT sum(n)::int FROM warned), 0) AS "totalWarningCount",
              COALESCE((SELECT n FROM warned WHERE kind = 'process'), 0) AS "processWarningCount",
              COALESCE((SELECT n FROM warned WHERE kind = 'expired'), 0) AS "expiredWarningCount",
              COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'headName', u.name, 'tasks', x.tasks) ORDER BY x.tasks DESC, d.sort_order, d.id COLLATE "C")
                        FROM departments x JOIN department d ON d.id = x.id LEFT JOIN app_user u ON u.id = d.charge_user_id), '[]'::json) AS "chargeDepartments"`,
      params);
    return row!;
  }

  async relations(standing: TaskStanding, id: string, tx?: Transaction): Promise<{ relations: Set<TaskRelation>; rwjd: Rwjd } | null> {
    const { params, p } = parameters([id]);
    const sql = `SELECT ${new TaskAccessSql(standing, p).relations()} AS relations, t.rwjd FROM target_task t WHERE t.id = $1`;
    const [row] = await query<{ relations: string[]; rwjd: Rwjd }>(tx ? managerOf(tx) : this.db, sql, params);
    if (!row) return null;
    return { relations: new Set(TASK_RELATIONS.filter((r) => row.relations.includes(r))), rwjd: row.rwjd };
  }

  async find(id: string): Promise<TargetTask | null> {
    return (await query<TargetTask>(this.db, `${SELECT} WHERE t.id = $1`, [id]))[0] ?? null;
  }

  async yearTargetExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM year_target WHERE id = $1`, [id])).length > 0;
  }

  async parentYearTarget(parentId: string): Promise<string | null> {
    const rows = await query<{ y: string }>(this.db, `SELECT year_target_id AS y FROM target_task WHERE id = $1`, [parentId]);
    return rows[0]?.y ?? null;
  }

  async departmentsExist(ids: string[]): Promise<boolean> {
    const [{ n }] = await query<{ n: number }>(this.db, `SELECT count(DISTINCT id)::int AS n FROM department WHERE id = ANY($1::text[])`, [ids]);
    return n === new Set(ids).size;
  }

  async usersExist(ids: string[]): Promise<boolean> {
    const [{ n }] = await query<{ n: number }>(this.db, `SELECT count(DISTINCT id)::int AS n FROM app_user WHERE id = ANY($1::text[])`, [ids]);
    return n === new Set(ids).size;
  }

  async add(tx: Transaction, v: TargetTaskValues, creatorId: string): Promise<string> {
    const m = managerOf(tx);
    // The publishing department is the creator's own department.
    const [{ id }] = await query<{ id: string }>(m,
      `INSERT INTO target_task (year_target_id, parent_id, rwmc, rwlx, exam_type, rwnf, kssj, jssj, charge_department_id, owner_id,
                                auditor_id, supervisor_id, target_unit, creator_id, publish_department_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11, $12, $13, $14::varchar, (SELECT org_id FROM app_user WHERE id = $14::varchar))
       RETURNING id`,
      [v.yearTargetId, v.parentId, v.rwmc, v.rwlx, v.examType, v.rwnf, v.kssj, v.jssj, v.chargeDepartId, v.ownerId, v.auditorId, v.jkr, v.targetUnit, creatorId],
    );
    await this.writeCoops(tx, id, v.coopDepartIds);
    await m.query(`INSERT INTO task_history (task_id, actor_id, action, to_state) VALUES ($1, $2, 'add', 'notPushed')`, [id, creatorId]);
    return id;
  }

  async update(tx: Transaction, id: string, v: TargetTaskValues): Promise<boolean> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `UPDATE target_task SET rwmc = $2, rwlx = $3, exam_type = $4, rwnf = $5, kssj = $6::date, jssj = $7::date, charge_department_id = $8,
              owner_id = $9, auditor_id = $10, supervisor_id = $11, target_unit = $12, updated_at = now()
       WHERE id = $1 RETURNING id`,
      [id, v.rwmc, v.rwlx, v.examType, v.rwnf, v.kssj, v.jssj, v.chargeDepartId, v.ownerId, v.auditorId, v.jkr, v.targetUnit],
    );
    if (rows.length === 0) return false;
    await managerOf(tx).query(`DELETE FROM target_task_coop_department WHERE task_id = $1 AND NOT (department_id = ANY($2::text[]))`, [id, v.coopDepartIds]);
    await this.writeCoops(tx, id, v.coopDepartIds);
    return true;
  }

  private async writeCoops(tx: Transaction, id: string, departmentIds: string[]): Promise<void> {
    await managerOf(tx).query(
      `INSERT INTO target_task_coop_department (task_id, department_id) SELECT $1, d FROM unnest($2::text[]) AS d ON CONFLICT DO NOTHING`,
      [id, departmentIds],
    );
  }

  async remove(id: string): Promise<TaskWriteResult> {
    try {
      const [row] = await query<{ deleted: boolean; found: boolean; children: boolean }>(this.db,
        `WITH gone AS (
           DELETE FROM target_task t WHERE t.id = $1
             AND NOT EXISTS (SELECT 1 FROM target_task c WHERE c.parent_id = t.id)
             AND NOT EXISTS (SELECT 1 FROM progress_report r WHERE r.task_id = t.id)
           RETURNING t.id
         )
         SELECT EXISTS (SELECT 1 FROM gone) AS deleted, EXISTS (SELECT 1 FROM target_task WHERE id = $1) AS found,
                EXISTS (SELECT 1 FROM target_task WHERE parent_id = $1) AS children`,
        [id],
      );
      if (row.deleted) return { ok: true, id };
      if (!row.found) return { ok: false, reason: 'notFound' };
      return { ok: false, reason: row.children ? 'hasChildren' : 'hasReports' };
    } catch (error) {
      // A child inserted between the check and the delete: the foreign key (RESTRICT) refuses.
      if (codeOf(error) === FOREIGN_KEY_VIOLATION) return { ok: false, reason: 'hasChildren' };
      throw error;
    }
  }

  async lock(tx: Transaction, id: string): Promise<LockedTask | null> {
    const m = managerOf(tx);
    // NO KEY UPDATE: two moves of one task still wait for each other, but not for the task warning scan, whose new
    // warnings hold a key-share lock on their tasks (the foreign key) until its statement ends; FOR UPDATE waited on
    // those, and a scan opening thousands of warnings held every pool connection (503s on a deadline day).
    if ((await query(m, `SELECT 1 FROM target_task WHERE id = $1 FOR NO KEY UPDATE`, [id])).length === 0) return null;
    const [row] = await query<FactsRow>(m, FACTS, [id]);
    return lockedOf(row);
  }

  async read(id: string): Promise<LockedTask | null> {
    const [row] = await query<FactsRow>(this.db, FACTS, [id]);
    return row ? lockedOf(row) : null;
  }

  async messageNames(tx: Transaction, taskId: string, userId: string): Promise<{ task: string; actor: string }> {
    const [row] = await query<{ task: string | null; actor: string | null }>(managerOf(tx),
      `SELECT (SELECT rwmc FROM target_task WHERE id = $1) AS task, (SELECT name FROM app_user WHERE id = $2) AS actor`, [taskId, userId]);
    return { task: row?.task ?? '', actor: row?.actor ?? '' };
  }

  async writeMove(tx: Transaction, w: MoveWrite): Promise<void> {
    const m = managerOf(tx);
    const to = w.to;
    const taskState = isRwjdFinished(to.rwjd) ? 'finished' : to.paused ? 'pause' : 'normal';
    const audited = w.side?.kind === 'taskAudit';
    await m.query(
      `UPDATE target_task SET rwjd = $2, task_state = $3, audit_state = $4, jssj = NULLIF($5, '')::date,
              target_value = COALESCE($6, target_value),
              audit_reason = CASE WHEN $7 THEN $8 ELSE audit_reason END,
              audited_by = CASE WHEN $7 THEN $9 ELSE audited_by END,
              audited_at = CASE WHEN $7 THEN now() ELSE audited_at END,
              updated_at = now()
       WHERE id = $1`,
      [w.taskId, to.rwjd, taskState, to.auditState ?? 0, to.jssj, w.targetValue, audited, w.reason, w.actorId],
    );
    const side = w.side;
    if (side) {
      switch (side.kind) {
        case 'report': {
          // A report answers the oldest period whose missing report opened a warning (the scan then closes it).
          const [report] = await query<{ id: string }>(m, `INSERT INTO progress_report (task_id, kind, content, value_reached, reported_by, period_key) VALUES ($1::varchar, $2, $3, $4, $5,
                           (SELECT w.period_key FROM task_warning w WHERE w.task_id = $1::varchar AND w.kind = 'process' AND w.closed_at IS NULL ORDER BY w.period_start, w.id LIMIT 1))
                         RETURNING id`,
            [w.taskId, side.reportType, side.content, side.valueReached, w.actorId]);
          // The evidence: attachments in the files module's table, owner the report, stage its kind (process or final).
          if (side.fileIds.length > 0) {
            await m.query(
              `INSERT INTO attachment (file_id, owner_type, owner_id, stage, created_by) SELECT unnest($1::varchar[]), $2, $3, $4, $5 ON CONFLICT DO NOTHING`,
              [side.fileIds, PROGRESS_REPORT_OWNER, report!.id, side.reportType, w.actorId]);
          }
          break;
        }
        case 'reportAudit':
          await m.query(`UPDATE progress_report SET audit_state = $2, audit_reason = $3, audited_by = $4, audited_at = now() WHERE task_id = $1 AND audit_state = 'reviewing'`,
            [w.taskId, side.audit, side.reason, w.actorId]);
          break;
        case 'delayRequest':
          await m.query(`INSERT INTO task_delay (task_id, old_end_date, new_end_date, reason, requested_by) VALUES ($1, NULLIF($2, '')::date, $3::date, $4, $5)`,
            [w.taskId, side.oldEndDate, side.newEndDate, side.reason, w.actorId]);
          break;
        case 'delayDecision':
          await m.query(`UPDATE task_delay SET decision = $2, decision_reason = $3, decided_by = $4, decided_at = now() WHERE task_id = $1 AND decision = 'pending'`,
            [w.taskId, side.granted ? 'granted' : 'refused', side.reason, w.actorId]);
          break;
        case 'urge':
          await m.query(`INSERT INTO task_urge (task_id, urge_type, status, message, from_user_id, to_user_id) VALUES ($1, 0, $2, $3, $4, $5)`,
            [w.taskId, side.status, side.message, w.actorId, side.toUserId]);
          break;
        case 'acceptUrge':
          await m.query(`UPDATE task_urge SET state = 'acceptUrge', urge_type = 1, accepted_at = now() WHERE task_id = $1 AND state = 'urge'`, [w.taskId]);
          break;
        case 'taskAudit':
          break;
      }
    }
    // A task finished by this move has no warnings left: they close with it, not at the next scan.
    if (taskState === 'finished') {
      await m.query(`UPDATE task_warning SET closed_at = GREATEST(now(), opened_at) WHERE task_id = $1 AND closed_at IS NULL`, [w.taskId]);
    }
    await m.query(`INSERT INTO task_history (task_id, actor_id, action, from_state, to_state, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [w.taskId, w.actorId, w.action, w.from.rwjd, to.rwjd, w.reason]);
  }
}

@Injectable()
export class TaskAccessPgReader extends TaskAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async standing(userId: string): Promise<TaskStanding> {
    // One statement: it runs on every task call (lists included). Headed: charge_user_id, or targetTaskDepartHead of
    // their own department; audited: their own, as targetTaskDepartAuditor.
    const rows = await query<Omit<TaskStanding, 'userId'>>(this.db,
      `WITH c AS (SELECT ${roleCodesSql('u.id')} AS codes, u.id, u.org_id
                  FROM app_user u WHERE u.id = $1)
       SELECT c.codes,
              COALESCE(ARRAY(
                SELECT d.id FROM department d WHERE d.charge_user_id = c.id
                UNION
                SELECT c.org_id WHERE c.org_id IS NOT NULL AND 'targetTaskDepartHead' = ANY(c.codes)), '{}') AS headed,
              CASE WHEN c.org_id IS NOT NULL AND 'targetTaskDepartAuditor' = ANY(c.codes) THEN ARRAY[c.org_id] ELSE '{}' END AS audited
       FROM c`,
      [userId]);
    return { userId, ...(rows[0] ?? { codes: [], headed: [], audited: [] }) };
  }
}
