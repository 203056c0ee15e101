import { Injectable } from '@nestjs/common';
import { headedDepartmentsSql, isAdminSql } from '../../../infrastructure/database/visible-tasks.sql.js';
import { WarningTodos, type TodoFragment } from '../../workbench/application/ports/todo-sources.port.js';
import { OPEN_FROM, openWhere } from './warning-flow.pg-repository.js';

/**
 * 我的待办's warnings (workbench's WarningTodos; so also the home page's 待处理预警): the same rows as openCount and
 * warningflow/mine (OPEN_FROM, openWhere), the person ($1) an administrator or the head of departments as the
 * visible-tasks reach reads them, inside the statement.
 */
const WARNING_TODOS_SQL = `SELECT 'warning:' || f.id AS id, 'warning' AS kind, 'warnings' AS "group", '处理预警' AS asked,
         p.zkdmc || '（' || t.rwmc || '）' AS "objectName", f.yjsj AS since, NULL AS deadline,
         jsonb_build_object('path', '/qualityManagement/improvement', 'query', jsonb_build_object('task', t.id, 'point', r.point_id, 'tab', 'warnings')) AS link
  ${OPEN_FROM} JOIN quality_point p ON p.id = r.point_id WHERE ${openWhere(isAdminSql('$1'), '$1', headedDepartmentsSql('$1'))}`;

@Injectable()
export class WarningTodosSql extends WarningTodos {
  fragment(): TodoFragment {
    return { sql: WARNING_TODOS_SQL, params: [] };
  }
}
