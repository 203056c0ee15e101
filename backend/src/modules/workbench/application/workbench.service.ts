import { Injectable } from '@nestjs/common';
import type { TodoCounts, TodoList, TodoListQuery, WarningCount } from '@zhengai/contracts';
import { formatDate } from '../../../shared/kernel/format.js';
import { isOverdue, kindCountsOf, todoCountsOf } from '../domain/todo-list.js';
import { TaskCounter, type TaskWarningScope } from './ports/task-counts.port.js';
import { TodoListReader } from './ports/todo-list-reader.port.js';

/** The answer of warningCount from its two maps: the sums travel with them (001 §7 item 14). */
export function warningCountOf(delayMap: Record<string, number>, processMap: Record<string, number>): WarningCount {
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const expired = sum(delayMap);
  const process = sum(processMap);
  return { totalWarningCount: expired + process, processWarningCount: process, expiredWarningCount: expired, delayMap, processMap };
}

/**
 * The home page's numbers and 我的待办. Target tasks' warnings come from the target-tasks module (TaskCounter); the
 * to-do list from one statement over every source's fragment (TodoListReader), each fragment given by the module that
 * owns that object's rules. The counters are counted from the same items as the list (workbench README).
 */
@Injectable()
export class WorkbenchService {
  constructor(
    private readonly tasks: TaskCounter,
    private readonly todos: TodoListReader,
  ) {}

  async warningCounts(userId: string, scope: TaskWarningScope): Promise<WarningCount> {
    const { delayMap, processMap } = await this.tasks.warningMaps(userId, scope);
    return warningCountOf(delayMap, processMap);
  }

  async todoCounts(userId: string, now = new Date()): Promise<TodoCounts> {
    const { tally } = await this.todos.read(userId, { today: formatDate(now), group: null, kind: null, limit: 0, offset: 0 });
    return todoCountsOf(tally);
  }

  /** One group or kind, paged (pageSize 0: all on page 1), in the list's order; the counts of every item. */
  async todoList(userId: string, q: TodoListQuery, now = new Date()): Promise<TodoList> {
    const today = formatDate(now);
    const all = q.pageSize === 0;
    // A page far past the end skips everything: its offset kept an exact integer (pageNum may be any safe integer).
    const window = all ? { limit: q.pageNum === 1 ? null : 0, offset: 0 } : { limit: q.pageSize, offset: Math.min((q.pageNum - 1) * q.pageSize, Number.MAX_SAFE_INTEGER) };
    const { tally, items } = await this.todos.read(userId, { today, group: q.group ?? null, kind: q.kind ?? null, ...window });
    const inGroup = q.group ? tally.filter((t) => t.group === q.group) : tally;
    const total = (q.kind ? inGroup.filter((t) => t.kind === q.kind) : inGroup).reduce((sum, t) => sum + t.n, 0);
    const size = all ? Math.max(total, 1) : q.pageSize;
    const records = items.map((e) => ({ ...e, since: e.since.toISOString(), overdue: isOverdue(e.deadline, today) }));
    return { records, total, current: q.pageNum, pages: Math.ceil(total / size), counts: todoCountsOf(tally), kinds: kindCountsOf(inGroup) };
  }
}
