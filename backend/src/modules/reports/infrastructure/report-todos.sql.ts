import { Injectable } from '@nestjs/common';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import { sqlText, sqlTextList } from '../../../infrastructure/database/sql.js';
import { ReportTodos, type TodoFragment } from '../../workbench/application/ports/todo-sources.port.js';
import { REPORT_ROLE_CODES, reportTodoWaits, type ReportRole } from '../domain/report-flow.js';

/** Where a report opens (its page, `?report=`), with its review and reject buttons. */
const REPORT_PATH = '/qualityManagement/qualityReport';

/** The person ($1) is the role: the author by the row, the others by their role codes (REPORT_ROLE_CODES, as reportRolesOf). */
const isRole = (role: ReportRole): string =>
  role === 'author' ? 'q.author_id = $1' : `${roleCodesSql('$1::varchar')}::text[] && ARRAY[${sqlTextList(REPORT_ROLE_CODES[role])}]::text[]`;

const REPORT_TODOS_SQL = reportTodoWaits()
  .map(
    (w) => `SELECT 'qualityReport:' || q.id AS id, 'qualityReport' AS kind, ${sqlText(w.group)} AS "group", ${sqlText(w.asked)} AS asked,
                   q.report_name AS "objectName", q.updated_at AS since, NULL AS deadline,
                   jsonb_build_object('path', ${sqlText(REPORT_PATH)}, 'query', jsonb_build_object('report', q.id)) AS link
            FROM quality_report q WHERE q.deleted_at IS NULL AND q.state = ${sqlText(w.state)} AND ${isRole(w.role)}`,
  )
  .join(' UNION ALL ');

/**
 * 我的待办's report items (workbench's ReportTodos): the domain's REPORT_TODOS over REPORT_MOVES, one SELECT a (role,
 * state) wait — the person's roles from their codes inside the statement (REPORT_ROLE_CODES, which reportRolesOf
 * reads for every report move), authorship from the row.
 */
@Injectable()
export class ReportTodosSql extends ReportTodos {
  fragment(): TodoFragment {
    return { sql: REPORT_TODOS_SQL, params: [] };
  }
}
