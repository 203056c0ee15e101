import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { roleCodesOf } from '../../../infrastructure/database/role-codes.sql.js';
import { query } from '../../../infrastructure/database/sql.js';
import { ReportTodos, type TodoEntry } from '../../workbench/application/ports/todo-sources.port.js';
import { reportRolesOf, reportTodoWaits } from '../domain/report-flow.js';

/** Where a report opens (its page, `?report=`), with its review and reject buttons. */
const REPORT_PATH = '/qualityManagement/qualityReport';

/**
 * 我的待办's report items (workbench's ReportTodos): the domain's REPORT_TODOS over REPORT_MOVES — the person's roles
 * from their codes (reportRolesOf, as every report move reads them), authorship from the row.
 */
@Injectable()
export class ReportTodosPgReader extends ReportTodos {
  constructor(private readonly db: DataSource) {
    super();
  }

  async todos(userId: string): Promise<TodoEntry[]> {
    const roles = reportRolesOf({ isAuthor: false, codes: await roleCodesOf(this.db, userId) });
    const waits = reportTodoWaits().filter((w) => w.role === 'author' || roles.has(w.role));
    if (waits.length === 0) return [];
    const params: unknown[] = [userId];
    const p = (v: unknown) => (params.push(v), `$${params.length}`);
    const parts = waits.map(
      (w) => `SELECT 'qualityReport:' || q.id AS id, 'qualityReport' AS kind, ${p(w.group)}::text AS "group", ${p(w.asked)}::text AS asked,
                     q.report_name AS "objectName", q.updated_at AS since, NULL AS deadline,
                     jsonb_build_object('path', '${REPORT_PATH}', 'query', jsonb_build_object('report', q.id)) AS link
              FROM quality_report q WHERE q.deleted_at IS NULL AND q.state = ${p(w.state)}::text ${w.role === 'author' ? 'AND q.author_id = $1' : ''}`,
    );
    return query<TodoEntry>(this.db, parts.join(' UNION ALL '), params);
  }
}
