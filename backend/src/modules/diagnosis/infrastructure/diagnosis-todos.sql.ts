import { Injectable } from '@nestjs/common';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import { sqlText, sqlTextList } from '../../../infrastructure/database/sql.js';
import { DiagnosisTodos, type TodoFragment } from '../../workbench/application/ports/todo-sources.port.js';
import { LAUNCH_ACTIONS_IN, LAUNCH_ROLES } from '../domain/launch-rules.js';
import { TASK_TODOS, withholders } from '../domain/task-access.js';

const IMPROVEMENT_PATH = '/qualityManagement/improvement';
const LAUNCH_PATH = '/qualityManagement/diagnosisLaunch';

/** The column naming each relation TASK_TODOS waits on. */
const NAMED: Record<(typeof TASK_TODOS)[number]['relation'], string> = { owner: 't.owner_id', auditor: 't.auditor_id' };

/** One (relation column, state, asked) a row: TASK_TODOS as SQL values, so the statement is the table. */
const TODO_ROWS = TASK_TODOS.flatMap((todo) =>
  Object.entries(todo.asked).map(([state, asked]) => ({ who: NAMED[todo.relation], state, asked, withheld: withholders(todo.right).map((r) => NAMED[r as keyof typeof NAMED]).filter(Boolean) })),
);

/** The launch states in which its publisher urges (LAUNCH_ACTIONS_IN). */
const URGING_STATES = Object.entries(LAUNCH_ACTIONS_IN).filter(([, actions]) => actions.includes('urge')).map(([state]) => state);

const tasks = TODO_ROWS.map(
  (r) => `SELECT 'diagnosisTask:' || t.id AS id, 'diagnosisTask' AS kind, '${r.state === 'submitted' ? 'audits' : 'tasks'}' AS "group", ${sqlText(r.asked)} AS asked,
                 t.rwmc AS "objectName", t.updated_at AS since, to_char(t.end_date, 'YYYY-MM-DD') AS deadline,
                 jsonb_build_object('path', ${sqlText(IMPROVEMENT_PATH)}, 'query', jsonb_build_object('task', t.id)) AS link
          FROM obj_task t LEFT JOIN diagnosis_launch dl ON dl.id = t.launch_id
          WHERE ${r.who} = $1 AND t.audit_state = ${sqlText(r.state)} AND dl.state IS DISTINCT FROM 'closed'
            ${r.withheld.map((w) => `AND ${w} IS DISTINCT FROM $1`).join(' ')}`,
);
// The publisher's standing (a launcher's role) read inside the statement, from the role codes' one SQL.
const launches = `
  SELECT 'diagnosisLaunch:' || l.id AS id, 'diagnosisLaunch' AS kind, 'tasks' AS "group", '催办逾期任务' AS asked,
         l.cycle_value || ' ' || lib.name || '（逾期 ' || late.n || ' 项）' AS "objectName", (l.end_date + 1)::timestamptz AS since, NULL AS deadline,
         jsonb_build_object('path', ${sqlText(LAUNCH_PATH)}, 'query', jsonb_build_object('launch', l.id)) AS link
  FROM diagnosis_launch l JOIN target_library lib ON lib.id = l.library_id
  JOIN LATERAL (SELECT count(*)::int AS n FROM obj_task t WHERE t.launch_id = l.id AND t.end_date < CURRENT_DATE AND t.audit_state IN ('draft', 'refused')) late ON late.n > 0
  WHERE l.creator_id = $1 AND l.state IN (${sqlTextList(URGING_STATES)}) AND (${roleCodesSql('$1::varchar')})::text[] && ARRAY[${sqlTextList(LAUNCH_ROLES)}]::text[]`;
const DIAGNOSIS_TODOS_SQL = [...tasks, launches].join(' UNION ALL ');

/**
 * 我的待办's diagnosis items (workbench's DiagnosisTodos): the tasks waiting for the person ($1) they name (domain
 * TASK_TODOS; a closed cycle waits for no one) and, for a publisher who may launch, their running launches with late
 * owners (past the end, not submitted: the launch page's `overdue`), to urge. The domain's tables as SQL literals.
 */
@Injectable()
export class DiagnosisTodosSql extends DiagnosisTodos {
  fragment(): TodoFragment {
    return { sql: DIAGNOSIS_TODOS_SQL, params: [] };
  }
}
