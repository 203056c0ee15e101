// 我的待办 (issue 34), under /api/todo.
import type { TodoList, TodoListQuery } from '@zhengai/contracts';
import { get, type GetOptions, type Query } from './request';

/** GET /api/todo/list — the items waiting for the person (group or kind, paged) with every group's count. */
export function getTodoList(query: Partial<TodoListQuery> = {}, opts: GetOptions<TodoList> = {}): Promise<TodoList> {
  return get<TodoList>('/api/todo/list', query as Query, opts);
}
