import { Injectable } from '@nestjs/common';

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
 * The home page's numbers. Target tasks and warnings do not exist yet: the target-task and monitoring
 * modules will count into these; until then every scope truly has nothing to count.
 */
@Injectable()
export class WorkbenchService {
  async warningCounts(_scope: { userId: string } | { departmentIds: string[] } | 'all'): Promise<WarningCounts> {
    return { delayMap: {}, processMap: {} };
  }

  async todoCounts(_userId: string): Promise<TodoCounts> {
    return { tasks: 0, warnings: 0, audits: 0 };
  }
}
