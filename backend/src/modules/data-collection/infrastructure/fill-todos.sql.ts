import { Injectable } from '@nestjs/common';
import { sqlText, sqlTextList } from '../../../infrastructure/database/sql.js';
import { FillTodos, type TodoFragment } from '../../workbench/application/ports/todo-sources.port.js';
import { FILL_LISTS } from '../domain/fill-rights.js';
import { FILL_TODOS } from '../domain/fill-flow.js';
import { collectionStandingSql } from './collection-access.pg-reader.js';
import { FILL_PAGES, fillRelationSql, fillRightSql, holdsMenu } from './fill.pg-repository.js';

// FILL_TODOS over the two lists' rules (我的填报 fills, 待我审核 audits): a fill waits in one state for one move.
const waits = Object.entries(FILL_TODOS).map(([state, todo]) => ({ state, ...todo! }));
const inState = (move: 'commit' | 'audit') => sqlTextList(waits.filter((w) => w.move === move).map((w) => w.state));
const asked = `CASE ft.state ${waits.map((w) => `WHEN ${sqlText(w.state)} THEN ${sqlText(w.asked)}`).join(' ')} END`;
/** The person ($1) as the lists see them: their department and whether they manage, read inside the statement. */
const standing = collectionStandingSql('$1');
const who = fillRelationSql({ user: '$1', org: standing.org, manager: standing.manager });
const toAudit = `ft.state IN (${inState('audit')})`;

const FILL_TODOS_SQL = `SELECT 'fillTask:' || ft.id AS id, 'fillTask' AS kind, CASE WHEN ${toAudit} THEN 'audits' ELSE 'tasks' END AS "group",
         ${asked} AS asked, t.name || ' · ' || f.name || coalesce('（' || coalesce(d.name, u.name) || '）', '') AS "objectName",
         coalesce(ft.committed_at, ft.updated_at) AS since, to_char(t.deadline, 'YYYY-MM-DD') AS deadline,
         jsonb_build_object('path', CASE WHEN ${toAudit} THEN ${sqlText(FILL_PAGES.toAudit.path)} ELSE ${sqlText(FILL_PAGES.mine.path)} END, 'query', jsonb_build_object('fill', ft.id)) AS link
  FROM dc_fill_task ft JOIN dc_allocation a ON a.id = ft.allocation_id JOIN dc_task t ON t.id = ft.task_id JOIN dc_form f ON f.id = ft.form_id
       LEFT JOIN department d ON d.id = a.department_id LEFT JOIN app_user u ON u.id = a.user_id
  WHERE t.publish_state = 'published'
    AND ((ft.state IN (${inState('commit')}) AND ${fillRightSql(FILL_LISTS.mine, who)} AND ${holdsMenu(sqlTextList([FILL_PAGES.mine.menu]), '$1')})
         OR (${toAudit} AND ${fillRightSql(FILL_LISTS.toAudit, who)} AND ${holdsMenu(sqlTextList([FILL_PAGES.toAudit.menu]), '$1')}))`;

/**
 * 我的待办's fills (workbench's FillTodos): what the person fills or audits, as the two lists decide (fillRightSql
 * over fillRelationSql, the lists' own rule), the person's standing (collectionStandingSql) read inside the fragment.
 */
@Injectable()
export class FillTodosSql extends FillTodos {
  fragment(): TodoFragment {
    return { sql: FILL_TODOS_SQL, params: [] };
  }
}
