import { Injectable } from '@nestjs/common';
import type { DataRow, FillHistory, FillState, FillTask, FillTaskQuery, FormVersion, Page } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { FILL_LISTS, relationsWith, type FillRelation, type FillRight } from '../domain/fill-rights.js';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { insertMessagesSelect } from '../../../infrastructure/database/message-insert.sql.js';
import { likeContains, query, type SqlRunner } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { FillRepository, type FillRecord, type FillerMessage, type FillScope, type HistoryEntry, type RowFilter, type RowToStore } from '../application/ports/fill-repository.port.js';
import { dataCentreText, type DataCentreRow } from '../domain/data-centre.js';

/**
 * Where a fill opens (`?fill=`): 我的填报 to fill it, 填报审核 to audit it, and each page's menu (migration
 * 1765612800000): the fill routes need one, so a fill waits only for those who hold the page it opens on (a teacher of
 * a department the fill is allocated to, without 我的填报, could not open it).
 */
export const FILL_PAGES = {
  mine: { path: '/dataCollection/fill', menu: 'ly_herm_dataCollection_fill' },
  toAudit: { path: '/dataCollection/audit', menu: 'ly_herm_dataCollection_audit' },
};
export const holdsMenu = (menu: string, user: string): string => `EXISTS (SELECT 1 FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = ${user} AND rm.menu_key = ${menu})`;


const FILLS = `
  SELECT ft.id, ft.task_id AS "taskId", t.name AS "taskName", t.cycle, to_char(t.deadline, 'YYYY-MM-DD') AS deadline,
         (t.deadline < CURRENT_DATE AND ft.state IN ('uncommitted', 'rollback')) AS overdue,
         ft.form_id AS "formId", f.name AS "formName", f.code AS "formCode", v.form_type AS "formType", ft.version,
         a.department_id AS "departmentId", d.name AS "departmentName", a.user_id AS "userId", u.name AS "userName",
         a.auditor_id AS "auditorId", au.name AS "auditorName", ft.state, ft.rollback_reason AS "rollbackReason",
         (SELECT COUNT(*)::int FROM dc_row r WHERE r.fill_task_id = ft.id) AS "rowCount",
         (SELECT c.name FROM app_user c WHERE c.id = ft.committed_by) AS "committerName",
         to_char(ft.committed_at, 'YYYY-MM-DD HH24:MI:SS') AS "commitTime", to_char(ft.audited_at, 'YYYY-MM-DD HH24:MI:SS') AS "auditTime",
         to_char(ft.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
  FROM dc_fill_task ft JOIN dc_allocation a ON a.id = ft.allocation_id JOIN dc_task t ON t.id = ft.task_id JOIN dc_form f ON f.id = ft.form_id
       JOIN dc_form_version v ON v.form_id = ft.form_id AND v.version = ft.version
       LEFT JOIN department d ON d.id = a.department_id LEFT JOIN app_user u ON u.id = a.user_id JOIN app_user au ON au.id = a.auditor_id`;

const ROWS = `
  SELECT r.id, r.row_no AS "rowNo", r.label, r.values, r.fill_task_id AS "fillTaskId", COALESCE(d.name, od.name) AS "departmentName",
         (SELECT x.name FROM app_user x WHERE x.id = r.updated_by) AS "updaterName", to_char(r.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
  FROM dc_row r JOIN dc_fill_task ft ON ft.id = r.fill_task_id JOIN dc_allocation a ON a.id = ft.allocation_id
       LEFT JOIN department d ON d.id = a.department_id LEFT JOIN app_user au ON au.id = a.user_id LEFT JOIN department od ON od.id = au.org_id`;

// A cell as one text (a multiSelect's choices joined), as the unique rule compares them (uniqueKey).
const CELL_TEXT = (cell: string) => `CASE jsonb_typeof(${cell}) WHEN 'array' THEN (SELECT string_agg(e, ',') FROM jsonb_array_elements_text(${cell}) e) ELSE ${cell} #>> '{}' END`;

/** Each relation of FILL_RIGHTS_OF as SQL over the allocation a, for a person given as SQL (their id, department, manager). */
export const fillRelationSql = (who: { user: string; org: string; manager: string }): Record<FillRelation, string> => ({
  // an allocation names a person or a department, never both (dc_allocation's CHECK)
  filler: `(a.user_id = ${who.user} OR a.department_id = ${who.org})`,
  auditor: `a.auditor_id = ${who.user}`,
  manager: who.manager,
});
/** The lists' person: $4 the person, $5 their department, $6 a manager. */
const FILL_RELATION_SQL = fillRelationSql({ user: '$4', org: '$5::text', manager: '$6::boolean' });
/** Every person u (app_user) who holds the `fill` right on the fill of allocation a (its messages' recipients). */
const FILLERS_SQL = `(${relationsWith('fill').map((r) => fillRelationSql({ user: 'u.id', org: 'u.org_id', manager: 'false' })[r]).join(' OR ')})`;

/**
 * A list's rule, generated from FILL_RIGHTS_OF: one of the relations with the list's right holds, for a person given
 * as SQL (fillRelationSql). The lists and 我的待办's fills (fill-todos.sql.ts) both read it.
 */
export const fillRightSql = (right: FillRight, who: Record<FillRelation, string>): string => `(${relationsWith(right).map((r) => who[r]).join(' OR ')})`;

/** A list's rule over the lists' person ($4, $5, $6). */
export const fillListCondition = (right: FillRight): string =>
  // PostgreSQL must see every parameter typed, also those no relation of this list reads (always true).
  `${fillRightSql(right, FILL_RELATION_SQL)} AND ($4::text IS NULL OR $5::text IS NULL OR $6::boolean IS NULL OR TRUE)`;

@Injectable()
export class FillPgRepository extends FillRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(scope: FillScope, q: FillTaskQuery): Promise<Page<FillTask>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    // Each scope reads $4, $5 and $6 (PostgreSQL must see every parameter): a list the person, their department and
    // whether they manage; a task's fills the task id.
    const who = scope.kind === 'task' ? `(ft.task_id = $4 AND $5::text IS NULL AND $6::boolean IS NULL)` : fillListCondition(scope.kind === 'filler' ? FILL_LISTS.mine : FILL_LISTS.toAudit);
    const whoParams = scope.kind === 'task' ? [scope.taskId, null, null] : [scope.userId, scope.orgId, scope.manager];
    const where = `WHERE t.publish_state = 'published' AND ${who} AND ($1::text IS NULL OR ft.state = $1) AND ($2::text IS NULL OR ft.task_id = $2)
                     AND ($3::text IS NULL OR t.name ILIKE $3 OR f.name ILIKE $3)`;
    const params = [q.state ?? null, q.taskId ?? null, q.name ? likeContains(q.name) : null, ...whoParams];
    const [count] = await query<{ total: number }>(this.db, `SELECT COUNT(*)::int AS total FROM (${FILLS} ${where}) s`, params);
    const total = count?.total ?? 0;
    const records = await query<FillRecord>(this.db, `${FILLS} ${where} ORDER BY t.deadline, t.name, f.name, d.name NULLS LAST, u.name LIMIT $7 OFFSET $8`,
      [...params, pageSize, (pageNum - 1) * pageSize]);
    return { records: records.map(({ formCode: _c, ...f }) => f), total, current: pageNum, pages: Math.ceil(total / pageSize) };
  }

  async find(id: string, tx?: Transaction): Promise<FillRecord | null> {
    const rows = await query<FillRecord>(runnerOf(this.db, tx), `${FILLS} WHERE ft.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(tx: Transaction, id: string): Promise<FillState | null> {
    const rows = await query<{ state: FillState }>(managerOf(tx), `SELECT state FROM dc_fill_task WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0]?.state ?? null;
  }

  async version(formId: string, version: number, tx?: Transaction): Promise<FormVersion | null> {
    const rows = await query<FormVersion>(runnerOf(this.db, tx),
      `SELECT v.form_id AS "formId", v.version, v.form_type AS "formType", v.fields, v.fixed_rows AS "fixedRows",
              to_char(v.published_at, 'YYYY-MM-DD HH24:MI:SS') AS "publishedAt", (SELECT u.name FROM app_user u WHERE u.id = v.published_by) AS "publisherName"
       FROM dc_form_version v WHERE v.form_id = $1 AND v.version = $2`, [formId, version]);
    return rows[0] ?? null;
  }

  async options(typeByField: Record<string, string>, tx?: Transaction): Promise<Record<string, string[]>> {
    const entries = Object.entries(typeByField);
    if (entries.length === 0) return {};
    const rows = await query<{ key: string; texts: string[] }>(runnerOf(this.db, tx),
      `SELECT x.key, COALESCE(ARRAY(SELECT c.text FROM dc_constant c WHERE c.type_id = x.type_id ORDER BY c.sort_order, c.value), '{}') AS texts
       FROM unnest($1::text[], $2::text[]) x(key, type_id)`, [entries.map(([k]) => k), entries.map(([, t]) => t)]);
    return Object.fromEntries(rows.map((r) => [r.key, r.texts]));
  }

  rows(fillTaskId: string, tx?: Transaction): Promise<DataRow[]> {
    return query<DataRow>(runnerOf(this.db, tx), `${ROWS} WHERE r.fill_task_id = $1 ORDER BY r.row_no`, [fillTaskId]);
  }

  async replaceRows(tx: Transaction, fill: FillRecord, rows: RowToStore[], userId: string): Promise<void> {
    const m = managerOf(tx);
    await query(m, `DELETE FROM dc_row WHERE fill_task_id = $1`, [fill.id]);
    // One statement for every row (5,000 rows a commit): the rows travel as one jsonb array.
    await query(m,
      `INSERT INTO dc_row (id, fill_task_id, task_id, form_id, row_no, label, values, updated_by)
       SELECT COALESCE(e->>'id', gen_random_uuid()::text), $1, $2, $3, n, e->>'label', e->'values', $5
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY x(e, n)`,
      [fill.id, fill.taskId, fill.formId, JSON.stringify(rows), userId]);
    await query(m, `UPDATE dc_fill_task SET updated_at = now() WHERE id = $1`, [fill.id]);
  }

  async lockTaskForm(tx: Transaction, taskId: string, formId: string): Promise<void> {
    await query(managerOf(tx), `SELECT pg_advisory_xact_lock(hashtext($1::text || '/' || $2::text))`, [taskId, formId]);
  }

  async duplicates(tx: Transaction | null, fill: { id: string; taskId: string; formId: string }, field: string, values: string[]): Promise<string[]> {
    if (values.length === 0) return [];
    // One statement over the task's rows of the form (dc_row_task_form_idx), whatever the number of values. The values
    // are a set joined by hash (IN over unnest), not `= ANY($5)`: a prepared statement's generic plan cannot hash a
    // parameter array, and compared each of 100,000 rows with 5,000 values one by one (8 s instead of 0.1 s).
    const rows = await query<{ value: string }>(runnerOf(this.db, tx),
      `SELECT DISTINCT s.value FROM (SELECT ${CELL_TEXT('r.values -> $4')} AS value FROM dc_row r
         WHERE r.task_id = $1 AND r.form_id = $2 AND r.fill_task_id <> $3 AND r.values ? $4) s
       WHERE s.value IN (SELECT unnest($5::text[]))`, [fill.taskId, fill.formId, fill.id, field, values]);
    return rows.map((r) => r.value);
  }

  async messageNames(tx: Transaction, fillIds: string[], actorId: string): Promise<{ actor: string; fills: Array<{ id: string; taskName: string; formName: string }> }> {
    const m = managerOf(tx);
    const [actor] = await query<{ name: string }>(m, `SELECT name FROM app_user WHERE id = $1`, [actorId]);
    const fills = await query<{ id: string; taskName: string; formName: string }>(m,
      `SELECT ft.id, t.name AS "taskName", f.name AS "formName" FROM dc_fill_task ft JOIN dc_task t ON t.id = ft.task_id JOIN dc_form f ON f.id = ft.form_id
       WHERE ft.id = ANY($1::text[])`, [fillIds]);
    return { actor: actor?.name ?? '', fills };
  }

  async writeFillerMessages(tx: Transaction, batchId: string, actorId: string, messages: FillerMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    // One statement for every fill of the event: the fillers FILL_RIGHTS_OF names (a department's members, set-based)
    // who hold 我的填报 (the page the message opens, as 我的待办 asks), not the actor.
    return insertMessagesSelect(managerOf(tx), batchId,
      `SELECT u.id, 'collection'::text, m.title, m.content, 'fill-task'::text, ft.id, m.link
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS m(fill_id, title, content, link)
            JOIN dc_fill_task ft ON ft.id = m.fill_id JOIN dc_allocation a ON a.id = ft.allocation_id
            JOIN app_user u ON ${FILLERS_SQL}
       WHERE u.id <> $5 AND ${holdsMenu('$6::text', 'u.id')}`,
      [messages.map((x) => x.fillId), messages.map((x) => x.title), messages.map((x) => x.content), messages.map((x) => x.link), actorId, FILL_PAGES.mine.menu]);
  }

  async setState(tx: Transaction, id: string, state: FillState, by: { userId: string; commit?: boolean; audit?: boolean; reason?: string | null }): Promise<void> {
    await query(managerOf(tx),
      `UPDATE dc_fill_task SET state = $2::text, updated_at = now(),
              committed_by = CASE WHEN $3 THEN $5 ELSE committed_by END, committed_at = CASE WHEN $3 THEN now() ELSE committed_at END,
              audited_by = CASE WHEN $4 THEN $5 ELSE audited_by END, audited_at = CASE WHEN $4 THEN now() ELSE audited_at END,
              rollback_reason = CASE WHEN $2::text = 'rollback' THEN $6 ELSE rollback_reason END
       WHERE id = $1`, [id, state, by.commit ?? false, by.audit ?? false, by.userId, by.reason ?? null]);
  }

  async addHistory(tx: Transaction, e: HistoryEntry): Promise<void> {
    await query(managerOf(tx),
      // clock_timestamp, not now(): a commit with rows writes save then commit in one transaction, in that order
      `INSERT INTO dc_fill_history (fill_task_id, action, actor_id, actor_name, reason, added, changed, removed, row_count, changes, at)
       SELECT $1, $2, u.id, u.name, $4, $5, $6, $7, $8, $9::jsonb, clock_timestamp() FROM app_user u WHERE u.id = $3`,
      [e.fillTaskId, e.action, e.actorId, e.reason ?? null, e.added ?? 0, e.changed ?? 0, e.removed ?? 0, e.rowCount, JSON.stringify(e.changes ?? [])]);
  }

  history(fillTaskId: string): Promise<FillHistory[]> {
    return query<FillHistory>(this.db,
      `SELECT id, action, actor_name AS "actorName", to_char(at, 'YYYY-MM-DD HH24:MI:SS') AS time, reason, added, changed, removed, row_count AS "rowCount", changes
       FROM dc_fill_history WHERE fill_task_id = $1 ORDER BY at DESC, id DESC`, [fillTaskId]);
  }

  async queryRows(f: RowFilter): Promise<Page<DataRow>> {
    const pageNum = f.pageNum ?? 1;
    const pageSize = f.pageSize ?? 10;
    const where = `WHERE ($1::text[] IS NULL OR r.fill_task_id = ANY($1::text[])) AND ($2::text IS NULL OR r.fill_task_id = $2)
                     AND ($3::text IS NULL OR r.task_id = $3) AND ($4::text IS NULL OR r.form_id = $4) AND ($5::text IS NULL OR a.department_id = $5)
                     AND ($6::text IS NULL OR r.values::text ILIKE $6) AND (NOT $7 OR ft.state = 'finished')`;
    const params = [f.fillTaskIds, f.fillTaskId ?? null, f.taskId ?? null, f.formId ?? null, f.departmentId ?? null, f.keyword ? likeContains(f.keyword) : null, f.finishedOnly ?? false];
    const [count] = await query<{ total: number }>(this.db, `SELECT COUNT(*)::int AS total FROM dc_row r JOIN dc_fill_task ft ON ft.id = r.fill_task_id JOIN dc_allocation a ON a.id = ft.allocation_id ${where}`, params);
    const total = count?.total ?? 0;
    const records = await query<DataRow>(this.db, `${ROWS} ${where} ORDER BY d.name NULLS LAST, r.fill_task_id, r.row_no LIMIT $8 OFFSET $9`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return { records, total, current: pageNum, pages: Math.ceil(total / pageSize) };
  }

  async readableFillIds(userId: string, orgId: string | null): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT ft.id FROM dc_fill_task ft JOIN dc_allocation a ON a.id = ft.allocation_id
       WHERE a.user_id = $1 OR a.auditor_id = $1 OR (a.department_id IS NOT NULL AND a.department_id = $2)`, [userId, orgId]);
    return rows.map((r) => r.id);
  }

  async dataCentreRows(tx: Transaction, fillTaskId: string): Promise<DataCentreRow[]> {
    return this.centreRows(managerOf(tx), `ft.id = $1`, [fillTaskId]);
  }

  async finishedRows(tx: Transaction, formId: string): Promise<{ code: string; rows: DataCentreRow[] } | null> {
    const m = managerOf(tx);
    const [form] = await query<{ code: string; version: number }>(m, `SELECT code, version FROM dc_form WHERE id = $1`, [formId]);
    if (!form) return null;
    return { code: form.code, rows: await this.centreRows(m, `ft.form_id = $1 AND ft.state = 'finished'`, [formId]) };
  }

  private async centreRows(runner: SqlRunner, where: string, params: unknown[]): Promise<DataCentreRow[]> {
    const rows = await query<Omit<DataCentreRow, 'cells'> & { values: Record<string, string | string[] | null> }>(runner,
      `SELECT r.id AS "rowId", ft.id AS "fillTaskId", ft.task_id AS "taskId", t.cycle, COALESCE(a.department_id, au.org_id) AS "departmentId",
              COALESCE(d.name, od.name) AS "departmentName", r.row_no AS "rowNo", r.label, r.values
       FROM dc_row r JOIN dc_fill_task ft ON ft.id = r.fill_task_id JOIN dc_task t ON t.id = ft.task_id JOIN dc_allocation a ON a.id = ft.allocation_id
            LEFT JOIN department d ON d.id = a.department_id LEFT JOIN app_user au ON au.id = a.user_id LEFT JOIN department od ON od.id = au.org_id
       WHERE ${where} ORDER BY ft.id, r.row_no`, params);
    return rows.map(({ values, ...r }) => ({ ...r, cells: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, dataCentreText(v)])) }));
  }
}
