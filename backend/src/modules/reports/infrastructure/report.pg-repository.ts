import { Injectable } from '@nestjs/common';
import { REPORT_STATE_NAMES, type ReportComment, type ReportHistoryEntry, type ReportOverview, type ReportRow, type ReportShare, type ReportShareOptions, type ReportTables } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, pageWithTotal, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import { visibleTasksCondition, visibleTasksParams } from '../../../infrastructure/database/visible-tasks.sql.js';
import type { VisibleTasks } from '../../../shared/kernel/visible-tasks.js';
import { frozenOverview, frozenTables, templateItems } from '../domain/overview.js';
import { REPORT_READS, REPORT_RELATIONS, type ReportRelation } from '../domain/report-access.js';
import {
  ReportRepository,
  type HistoryRow,
  type NewReport,
  type ReportListFilter,
  type ReportReader,
  type ReportRecord,
  type ReportStanding,
  type StateChange,
  type DocumentState,
} from '../application/ports/report-repository.port.js';

/**
 * A report's version: updated_at in microseconds, which every move, reset and freeze sets (shares and the document
 * do not). A document written from one version is stored only while the report is still at it.
 */
const VERSION = `(extract(epoch FROM r.updated_at) * 1000000)::bigint::text`;

const RECORD = `
  SELECT r.id, r.report_name AS "reportName", r.cycle_value AS cycle, r.scopes, r.template, r.cover, r.principal,
         r.author_id AS "authorId", COALESCE((SELECT u.name FROM app_user u WHERE u.id = r.author_id), '') AS "authorName",
         r.state, r.overview, r.tables, r.score::float8 AS score, to_char(r.built_at, 'YYYY-MM-DD HH24:MI:SS') AS "builtAt",
         r.fail_reason AS "failReason", r.expert_review AS "expertReview", r.school_review AS "schoolReview",
         r.reject_reason AS "rejectReason", r.document_key AS "documentKey", ${VERSION} AS version
  FROM quality_report r`;

/**
 * Whether the person reads all of a report's scopes (alias r): each scope has a diagnosed task in the cycle and none of
 * them is out of the person's reach. The visible-tasks parameters start at $first.
 */
const readsScopesSql = (first: number, scopes = 'r.scopes', cycle = 'r.cycle_value') => `(
  NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${scopes}) s
              WHERE NOT EXISTS (SELECT 1 FROM obj_task t WHERE t.object_type = s->>'cjlx' AND t.object_code = s->>'cjdmid' AND t.cycle_value = ${cycle}))
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${scopes}) s JOIN obj_task t ON t.object_type = s->>'cjlx' AND t.object_code = s->>'cjdmid' AND t.cycle_value = ${cycle}
                  WHERE NOT ${visibleTasksCondition(first)}))`;

/**
 * Each relation of REPORT_READS as SQL over quality_report r. The visible-tasks parameters are $1..$5 (the user is $2),
 * then $6 admin, $7 expert, $8 school, $9 the person's department.
 */
const RELATION_SQL: Record<ReportRelation, string> = {
  author: `r.author_id = $2`,
  admin: `$6::boolean`,
  sharer: `EXISTS (SELECT 1 FROM report_share sh WHERE sh.report_id = r.id
                   AND ((sh.target_type = 'user' AND sh.target_id = $2) OR (sh.target_type = 'department' AND sh.target_id = $9)))`,
  expert: `$7::boolean`,
  school: `$8::boolean`,
  scopeReader: readsScopesSql(1),
};

/** The list's reading rule, generated from REPORT_READS: some relation holds and reads in the report's state. */
export function readsCondition(params: unknown[]): string {
  const parts = REPORT_RELATIONS.map((relation) => {
    params.push(REPORT_READS[relation]);
    return `(r.state = ANY($${params.length}::text[]) AND ${RELATION_SQL[relation]})`;
  });
  return `(${parts.join('\n      OR ')})`;
}

@Injectable()
export class ReportPgRepository extends ReportRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async standing(userId: string): Promise<ReportStanding> {
    const rows = await query<ReportStanding>(this.db,
      `SELECT u.id AS "userId", u.name, u.org_id AS "departmentId",
              ${roleCodesSql('u.id')} AS codes
       FROM app_user u WHERE u.id = $1`, [userId]);
    return rows[0] ?? { userId, name: '', codes: [], departmentId: null };
  }

  async find(id: string, tx?: Transaction): Promise<ReportRecord | null> {
    const rows = await query<ReportRecord>(runnerOf(this.db, tx ?? null), `${RECORD} WHERE r.id = $1 AND r.deleted_at IS NULL`, [id]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async documentState(id: string): Promise<DocumentState | null> {
    const rows = await query<DocumentState>(this.db,
      `SELECT r.state, r.document_key AS "documentKey", ${VERSION} AS version FROM quality_report r WHERE r.id = $1 AND r.deleted_at IS NULL`, [id]);
    return rows[0] ?? null;
  }

  async lockDocument(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(`SELECT pg_advisory_xact_lock(hashtextextended('report-document:' || $1, 0))`, [id]);
  }

  async lock(tx: Transaction, id: string): Promise<ReportRecord | null> {
    const m = managerOf(tx);
    const locked = await query<{ id: string }>(m, `SELECT id FROM quality_report WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (locked.length === 0) return null;
    const rows = await query<ReportRecord>(m, `${RECORD} WHERE r.id = $1`, [id]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async page(filter: ReportListFilter, reader: ReportReader, window: { skip: number; take: number }): Promise<{ rows: ReportRow[]; total: number }> {
    const params: unknown[] = [...visibleTasksParams(reader.visible), reader.admin, reader.expert, reader.school, reader.departmentId];
    const where = [`r.deleted_at IS NULL`, readsCondition(params)];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.cycle) add((n) => `r.cycle_value = ${n}`, filter.cycle);
    if (filter.cjlx) add((n) => `EXISTS (SELECT 1 FROM jsonb_array_elements(r.scopes) s WHERE s->>'cjlx' = ${n})`, filter.cjlx);
    if (filter.state) add((n) => `r.state = ${n}`, filter.state);
    if (filter.name) add((n) => `r.report_name ILIKE ${n}`, likeContains(filter.name));
    const condition = where.join(' AND ');
    const { rows, total } = await pageWithTotal<Omit<ReportRow, 'stateName'>>(this.db, {
      select: `SELECT r.id, r.report_name AS "reportName", r.cycle_value AS cycle, r.scopes AS "reportHeaderVos", r.state, r.principal,
                      COALESCE((SELECT u.name FROM app_user u WHERE u.id = r.author_id), '') AS "authorName",
                      CASE WHEN r.score IS NULL THEN NULL ELSE to_char(r.score, 'FM990.00') END AS score,
                      to_char(r.created_at, 'YYYY-MM-DD') AS cjsj
               FROM quality_report r`,
      from: `FROM quality_report r WHERE ${condition}`,
      alias: 'r',
      order: 'r.created_at DESC, r.id DESC',
      params,
      take: window.take,
      skip: window.skip,
    });
    return { rows: rows.map((row) => ({ ...row, stateName: REPORT_STATE_NAMES[row.state] })), total };
  }

  async isSharedWith(reportId: string, userId: string, departmentId: string | null): Promise<boolean> {
    const rows = await query(this.db,
      `SELECT 1 FROM report_share WHERE report_id = $1 AND ((target_type = 'user' AND target_id = $2) OR (target_type = 'department' AND target_id = $3)) LIMIT 1`,
      [reportId, userId, departmentId]);
    return rows.length > 0;
  }

  async readsScopes(scopes: Array<{ cjlx: string; cjdmid: string }>, cycle: string, visible: VisibleTasks): Promise<boolean> {
    const rows = await query<{ ok: boolean }>(this.db, `SELECT ${readsScopesSql(1, '$6::jsonb', '$7')} AS ok`, [...visibleTasksParams(visible), JSON.stringify(scopes), cycle]);
    return rows[0]?.ok === true;
  }

  async readableTasks(taskIds: string[], visible: VisibleTasks): Promise<string[]> {
    if (taskIds.length === 0) return [];
    const rows = await query<{ id: string }>(this.db, `SELECT t.id FROM obj_task t WHERE t.id = ANY($6::varchar[]) AND ${visibleTasksCondition(1)}`, [...visibleTasksParams(visible), taskIds]);
    return rows.map((r) => r.id);
  }

  async insert(tx: Transaction, r: NewReport): Promise<void> {
    await managerOf(tx).query(
      `INSERT INTO quality_report (id, report_name, cycle_value, scopes, template_id, template, cover_id, cover, principal, author_id, state)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8::jsonb, $9, $10, 'building')`,
      [r.id, r.reportName, r.cycle, JSON.stringify(r.scopes), r.templateId, JSON.stringify(r.template), r.coverId, JSON.stringify(r.cover), r.principal, r.authorId],
    );
  }

  async changeState(tx: Transaction, id: string, c: StateChange): Promise<string> {
    // A review or rejection changes what the document shows, so the stored document goes (its job writes it again).
    const rows = await query<{ version: string }>(managerOf(tx),
      `UPDATE quality_report r SET state = $2,
              expert_review = CASE WHEN $3::boolean THEN $4::jsonb ELSE expert_review END,
              school_review = CASE WHEN $5::boolean THEN $6::jsonb ELSE school_review END,
              reject_reason = CASE WHEN $7::boolean THEN $8 ELSE reject_reason END,
              document_key = NULL, updated_at = now()
       WHERE r.id = $1 RETURNING ${VERSION} AS version`,
      [
        id, c.state,
        c.expertReview !== undefined, c.expertReview ? JSON.stringify(c.expertReview) : null,
        c.schoolReview !== undefined, c.schoolReview ? JSON.stringify(c.schoolReview) : null,
        c.rejectReason !== undefined, c.rejectReason ?? null,
      ],
    );
    return rows[0]!.version;
  }

  async resetForBuild(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(
      `UPDATE quality_report SET state = 'building', overview = NULL, tables = NULL, score = NULL, built_at = NULL, fail_reason = NULL,
              expert_review = NULL, school_review = NULL, reject_reason = NULL, document_key = NULL, updated_at = now()
       WHERE id = $1`, [id]);
  }

  async freeze(tx: Transaction, id: string, data: { overview: ReportOverview; tables: ReportTables; score: number | null }, documentKey: string | null): Promise<boolean> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `UPDATE quality_report SET overview = $2::jsonb, tables = $3::jsonb, score = $4, built_at = now(), state = 'draft', fail_reason = NULL, document_key = $5, updated_at = now()
       WHERE id = $1 AND state = 'building' AND deleted_at IS NULL RETURNING id`,
      [id, JSON.stringify(data.overview), JSON.stringify(data.tables), data.score, documentKey]);
    return rows.length > 0;
  }

  async fail(tx: Transaction, id: string, reason: string): Promise<boolean> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `UPDATE quality_report SET state = 'failed', fail_reason = $2, updated_at = now() WHERE id = $1 AND state = 'building' RETURNING id`, [id, reason.slice(0, 500)]);
    return rows.length > 0;
  }

  async discard(id: string): Promise<void> {
    await this.db.query(`DELETE FROM quality_report WHERE id = $1 AND state = 'building'`, [id]);
  }

  staleBuilds(before: Date, limit: number, id?: string): Promise<Array<{ id: string; builds: number }>> {
    return query(this.db,
      `SELECT r.id, (SELECT count(*)::int FROM report_history h WHERE h.report_id = r.id AND h.action IN ('generate', 'rebuild')) AS builds
       FROM quality_report r
       WHERE r.state = 'building' AND r.deleted_at IS NULL AND r.updated_at < $1 AND ($3::varchar IS NULL OR r.id = $3)
       ORDER BY r.updated_at LIMIT $2`,
      [before, limit, id ?? null]);
  }

  async setDocument(tx: Transaction, id: string, key: string, version: string): Promise<boolean> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `UPDATE quality_report r SET document_key = $2 WHERE r.id = $1 AND r.deleted_at IS NULL AND ${VERSION} = $3 RETURNING r.id`, [id, key, version]);
    return rows.length > 0;
  }

  async softDelete(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(`UPDATE quality_report SET deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  async addHistory(tx: Transaction | null, h: HistoryRow): Promise<void> {
    await runnerOf(this.db, tx).query(`INSERT INTO report_history (report_id, action, actor_id, actor_name, comment) VALUES ($1, $2, $3, $4, $5)`, [
      h.reportId, h.action, h.actorId, h.actorName.slice(0, 60), (h.comment ?? '').slice(0, 500),
    ]);
  }

  history(id: string): Promise<Array<Omit<ReportHistoryEntry, 'actionName'>>> {
    return query(this.db,
      `SELECT action, actor_name AS "actorName", to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS time, comment FROM report_history WHERE report_id = $1 ORDER BY id`, [id]);
  }

  async scopeObjectIds(scopes: ReadonlyArray<{ cjlx: string; cjdmid: string }>): Promise<Array<string | null>> {
    const rows = await query<{ id: string | null }>(this.db,
      // a scope names its tasks' object type and code (obj_task.object_code), whose tasks carry the object
      `SELECT (SELECT t.object_id FROM obj_task t
               WHERE t.object_type = s.scope->>'cjlx' AND t.object_code = s.scope->>'cjdmid' AND t.object_id IS NOT NULL LIMIT 1) AS id
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY s(scope, n) ORDER BY s.n`,
      [JSON.stringify(scopes)],
    );
    return rows.map((r) => r.id);
  }

  async buildCount(id: string): Promise<number> {
    const rows = await query<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM report_history WHERE report_id = $1 AND action IN ('generate', 'rebuild')`, [id]);
    return rows[0]?.n ?? 0;
  }

  shares(id: string): Promise<ReportShare[]> {
    return query(this.db,
      `SELECT sh.target_type AS "targetType", sh.target_id AS "targetId", sh.report_id || ':' || sh.target_type || ':' || sh.target_id AS id,
              COALESCE(CASE WHEN sh.target_type = 'user' THEN (SELECT u.name FROM app_user u WHERE u.id = sh.target_id)
                            ELSE (SELECT d.name FROM department d WHERE d.id = sh.target_id) END, '') AS "targetName",
              COALESCE((SELECT u.name FROM app_user u WHERE u.id = sh.shared_by), '') AS "sharedBy",
              to_char(sh.created_at, 'YYYY-MM-DD HH24:MI:SS') AS time
       FROM report_share sh WHERE sh.report_id = $1 ORDER BY sh.created_at, sh.target_type, sh.target_id`, [id]);
  }

  async addShares(tx: Transaction, id: string, targets: Array<{ type: 'user' | 'department'; id: string }>, by: string): Promise<void> {
    if (targets.length === 0) return;
    await managerOf(tx).query(
      `INSERT INTO report_share (report_id, target_type, target_id, shared_by)
       SELECT $1, t.type, t.id, $4 FROM unnest($2::varchar[], $3::varchar[]) AS t(type, id) ON CONFLICT DO NOTHING`,
      [id, targets.map((t) => t.type), targets.map((t) => t.id), by]);
  }

  async removeShare(tx: Transaction, id: string, type: 'user' | 'department', targetId: string): Promise<boolean> {
    const rows = await query(managerOf(tx), `DELETE FROM report_share WHERE report_id = $1 AND target_type = $2 AND target_id = $3 RETURNING report_id`, [id, type, targetId]);
    return rows.length > 0;
  }

  async shareOptions(name: string): Promise<ReportShareOptions> {
    const like = likeContains(name);
    const [users, departments] = await Promise.all([
      query<ReportShareOptions['users'][number]>(this.db,
        `SELECT u.id AS "userId", u.name AS "userName", (SELECT d.name FROM department d WHERE d.id = u.org_id) AS "departmentName"
         FROM app_user u WHERE ($1 = '%%' OR u.name ILIKE $1 OR u.account ILIKE $1) ORDER BY u.name, u.id LIMIT 50`, [like]),
      query<ReportShareOptions['departments'][number]>(this.db,
        `SELECT d.id AS "departmentId", d.name AS "departmentName" FROM department d WHERE ($1 = '%%' OR d.name ILIKE $1) ORDER BY d.sort_order, d.id LIMIT 50`, [like]),
    ]);
    return { users, departments };
  }

  async recipients(tx: Transaction, roleCodes: readonly string[], departmentIds: readonly string[]): Promise<string[]> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `SELECT ur.user_id AS id FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.code = ANY($1::text[])
       UNION SELECT u.id FROM app_user u WHERE u.org_id = ANY($2::text[])`,
      [[...roleCodes], [...departmentIds]]);
    return rows.map((r) => r.id);
  }

  existingUsers(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    return query(this.db, `SELECT id, name FROM app_user WHERE id = ANY($1::varchar[])`, [ids]);
  }

  existingDepartments(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    return query(this.db, `SELECT id, name FROM department WHERE id = ANY($1::varchar[])`, [ids]);
  }

  comments(id: string): Promise<ReportComment[]> {
    return query(this.db,
      `SELECT c.id, c.content, c.author_name AS "authorName", to_char(c.created_at, 'YYYY-MM-DD HH24:MI:SS') AS time,
              COALESCE((SELECT json_agg(json_build_object('userId', u.id, 'userName', u.name) ORDER BY array_position(c.mention_ids, u.id))
                        FROM app_user u WHERE u.id = ANY(c.mention_ids)), '[]'::json) AS mentions
       FROM report_comment c WHERE c.report_id = $1 ORDER BY c.created_at, c.id`, [id]);
  }

  async addComment(tx: Transaction, c: { reportId: string; authorId: string; authorName: string; content: string; mentionIds: string[] }): Promise<string> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `INSERT INTO report_comment (report_id, author_id, author_name, content, mention_ids) VALUES ($1, $2, $3, $4, $5::varchar[]) RETURNING id`,
      [c.reportId, c.authorId, c.authorName.slice(0, 60), c.content, c.mentionIds]);
    return rows[0]!.id;
  }

  async schoolName(): Promise<string> {
    const rows = await query<{ name: string }>(this.db, `SELECT school_name AS name FROM school_profile ORDER BY created_at, id LIMIT 1`);
    return rows[0]?.name ?? '';
  }
}

/** A report as read: one frozen or templated before section 4 reads it unchecked and empty (domain/overview.ts). */
function recordOf(row: ReportRecord): ReportRecord {
  return {
    ...row,
    template: { ...row.template, items: templateItems(row.template.items) },
    overview: row.overview && frozenOverview(row.overview),
    tables: row.tables && frozenTables(row.tables),
  };
}
