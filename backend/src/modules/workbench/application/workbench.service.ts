import { Injectable } from '@nestjs/common';
import type { TodoCounts, WarningCount } from '@zhengai/contracts';
import { OpenWarningCounter } from './ports/open-warnings.port.js';
import { TaskCounter, type TaskWarningScope } from './ports/task-counts.port.js';

/** The answer of warningCount from its two maps: the sums travel with them (001 §7 item 14). */
export function warningCountOf(delayMap: Record<string, number>, processMap: Record<string, number>): WarningCount {
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const expired = sum(delayMap);
  const process = sum(processMap);
  return { totalWarningCount: expired + process, processWarningCount: process, expiredWarningCount: expired, delayMap, processMap };
}

/**
 * The home page's numbers. Open quality-point warnings come from the monitoring module (OpenWarningCounter); target
 * tasks' warnings and to-dos from the target-tasks module (TaskCounter), both bound by those modules.
 */
@Injectable()
export class WorkbenchService {
  constructor(
    private readonly warnings: OpenWarningCounter,
    private readonly tasks: TaskCounter,
  ) {}

  async warningCounts(userId: string, scope: TaskWarningScope): Promise<WarningCount> {
    const { delayMap, processMap } = await this.tasks.warningMaps(userId, scope);
    return warningCountOf(delayMap, processMap);
  }

  async todoCounts(userId: string): Promise<TodoCounts> {
    const [warnings, tasks] = await Promise.all([this.warnings.openFor(userId), this.tasks.todo(userId)]);
    return { tasks: tasks.tasks, warnings, audits: tasks.audits };
  }
}
