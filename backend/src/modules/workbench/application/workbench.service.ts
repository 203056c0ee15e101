import { Injectable } from '@nestjs/common';
import type { TodoCounts, WarningCount } from '@zhengai/contracts';
import { OpenWarningCounter } from './ports/open-warnings.port.js';

/** The answer of warningCount from its two maps: the sums travel with them (001 §7 item 14). */
export function warningCountOf(delayMap: Record<string, number>, processMap: Record<string, number>): WarningCount {
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const expired = sum(delayMap);
  const process = sum(processMap);
  return { totalWarningCount: expired + process, processWarningCount: process, expiredWarningCount: expired, delayMap, processMap };
}

/**
 * The home page's numbers. Open warnings come from the monitoring module; target tasks (and their warning maps and
 * audits) do not exist yet: the target-task module will count into these, until then there is nothing to count.
 */
@Injectable()
export class WorkbenchService {
  constructor(private readonly warnings: OpenWarningCounter) {}

  async warningCounts(_scope: { userId: string } | { departmentIds: string[] } | 'all'): Promise<WarningCount> {
    return warningCountOf({}, {});
  }

  async todoCounts(userId: string): Promise<TodoCounts> {
    return { tasks: 0, warnings: await this.warnings.openFor(userId), audits: 0 };
  }
}
