import { Injectable } from '@nestjs/common';
import type { TodoCounts, WarningCount } from '@zhengai/contracts';
import { OpenWarningCounter } from './ports/open-warnings.port.js';

/**
 * The home page's numbers. Open warnings come from the monitoring module; target tasks (and their warning maps and
 * audits) do not exist yet: the target-task module will count into these, until then there is nothing to count.
 */
@Injectable()
export class WorkbenchService {
  constructor(private readonly warnings: OpenWarningCounter) {}

  async warningCounts(_scope: { userId: string } | { departmentIds: string[] } | 'all'): Promise<WarningCount> {
    return { delayMap: {}, processMap: {} };
  }

  async todoCounts(userId: string): Promise<TodoCounts> {
    return { tasks: 0, warnings: await this.warnings.openFor(userId), audits: 0 };
  }
}
