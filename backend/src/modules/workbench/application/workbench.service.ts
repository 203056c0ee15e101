import { Injectable } from '@nestjs/common';
import { OpenWarningCounter } from './ports/open-warnings.port.js';

export interface WarningCounts {
  /** task id → overdue (expired) warnings */
  delayMap: Record<string, number>;
  /** task id → process warnings */
  processMap: Record<string, number>;
}

export interface TodoCounts {
  tasks: number;
  warnings: number;
  audits: number;
}

/**
 * The home page's numbers. Open warnings come from the monitoring module; target tasks (and their warning maps and
 * audits) do not exist yet: the target-task module will count into these, until then there is nothing to count.
 */
@Injectable()
export class WorkbenchService {
  constructor(private readonly warnings: OpenWarningCounter) {}

  async warningCounts(_scope: { userId: string } | { departmentIds: string[] } | 'all'): Promise<WarningCounts> {
    return { delayMap: {}, processMap: {} };
  }

  async todoCounts(userId: string): Promise<TodoCounts> {
    return { tasks: 0, warnings: await this.warnings.openFor(userId), audits: 0 };
  }
}
