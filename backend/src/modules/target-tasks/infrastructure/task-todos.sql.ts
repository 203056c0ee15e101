import { Injectable } from '@nestjs/common';
import { sqlText } from '../../../infrastructure/database/sql.js';
import { TargetTaskTodos, type TodoFragment } from '../../workbench/application/ports/todo-sources.port.js';
import { waitingCaseSql, waitingSql } from './task-access.sql.js';

/** Where a waiting task opens (its detail drawer, `?task=`): 部门任务 lists what the person audits, 我的任务 what they own. */
const TASK_PAGES = { audit: '/qualityManagement/annualWbs/department', todo: '/qualityManagement/annualWbs/personal' };

/**
 * 我的待办's target-task items (workbench's TargetTaskTodos): the moves waiting for the person ($1). The rule: the
 * module README "The home page's counts" (task-access.sql.ts WAITING); the list filter `waiting` is the same SQL
 * (waitingSql), so each group's count is the length of the task list the old counters linked to. One row a task and
 * kind: the first move waiting. No standing is read: WAITING names the person by the task's own columns.
 */
const me = '$1::varchar';
const item = (kind: 'audit' | 'todo', group: 'audits' | 'tasks') =>
  `SELECT 'targetTask:' || '${kind}:' || t.id AS id, 'targetTask' AS kind, '${group}' AS "group", ${waitingCaseSql(kind, me, 'asked')} AS asked,
          t.rwmc AS "objectName", COALESCE(${waitingCaseSql(kind, me, 'since')}, t.updated_at) AS since,
          to_char(t.jssj, 'YYYY-MM-DD') AS deadline, jsonb_build_object('path', ${sqlText(TASK_PAGES[kind])}, 'query', jsonb_build_object('task', t.id)) AS link
   FROM target_task t WHERE ${waitingSql(kind, me)}`;
const TASK_TODOS_SQL = `${item('audit', 'audits')} UNION ALL ${item('todo', 'tasks')}`;

@Injectable()
export class TaskTodosSql extends TargetTaskTodos {
  fragment(): TodoFragment {
    return { sql: TASK_TODOS_SQL, params: [] };
  }
}
