import { Injectable } from '@nestjs/common';
import type { TodoCounts, TodoItem, TodoList, TodoListQuery, WarningCount } from '@zhengai/contracts';
import { formatDate } from '../../../shared/kernel/format.js';
import { isOverdue, kindCountsOf, sortTodos, todoCountsOf } from '../domain/todo-list.js';
import { TaskCounter, type TaskWarningScope } from './ports/task-counts.port.js';
import { DiagnosisTodos, FillTodos, ReportTodos, TargetTaskTodos, WarningTodos, type TodoSource } from './ports/todo-sources.port.js';

/** The answer of warningCount from its two maps: the sums travel with them (001 §7 item 14). */
export function warningCountOf(delayMap: Record<string, number>, processMap: Record<string, number>): WarningCount {
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const expired = sum(delayMap);
  const process = sum(processMap);
  return { totalWarningCount: expired + process, processWarningCount: process, expiredWarningCount: expired, delayMap, processMap };
}

/**
 * The home page's numbers and 我的待办. Target tasks' warnings come from the target-tasks module (TaskCounter); the
 * to-do list from one TodoSource per kind of object, each bound by the module that owns that object's rules. The
 * counters are counted from the same items as the list (workbench README).
 */
@Injectable()
export class WorkbenchService {
  private readonly sources: TodoSource[];

  constructor(
    private readonly tasks: TaskCounter,
    targetTasks: TargetTaskTodos,
    diagnosis: DiagnosisTodos,
    warnings: WarningTodos,
    reports: ReportTodos,
    fills: FillTodos,
  ) {
    this.sources = [targetTasks, diagnosis, warnings, reports, fills];
  }

  async warningCounts(userId: string, scope: TaskWarningScope): Promise<WarningCount> {
    const { delayMap, processMap } = await this.tasks.warningMaps(userId, scope);
    return warningCountOf(delayMap, processMap);
  }

  /** Every item waiting for the person, sorted (overdue first, then by deadline, then the oldest). */
  async todos(userId: string, now = new Date()): Promise<TodoItem[]> {
    const today = formatDate(now);
    const answers = await Promise.all(this.sources.map((s) => s.todos(userId)));
    return sortTodos(answers.flat().map((e) => ({ ...e, since: e.since.toISOString(), overdue: isOverdue(e.deadline, today) })));
  }

  async todoCounts(userId: string): Promise<TodoCounts> {
    return todoCountsOf(await this.todos(userId));
  }

  async todoList(userId: string, q: TodoListQuery): Promise<TodoList> {
    const all = await this.todos(userId);
    const inGroup = q.group ? all.filter((i) => i.group === q.group) : all;
    const shown = q.kind ? inGroup.filter((i) => i.kind === q.kind) : inGroup;
    const size = q.pageSize === 0 ? Math.max(shown.length, 1) : q.pageSize;
    const records = shown.slice((q.pageNum - 1) * size, q.pageNum * size);
    return { records, total: shown.length, current: q.pageNum, pages: Math.ceil(shown.length / size), counts: todoCountsOf(all), kinds: kindCountsOf(inGroup) };
  }
}
