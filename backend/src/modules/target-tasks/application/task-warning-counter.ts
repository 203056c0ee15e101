import { Injectable } from '@nestjs/common';
import { TaskCounter, type TaskWarningMaps, type TaskWarningScope } from '../../workbench/application/ports/task-counts.port.js';
import { TaskWarningRepository } from './ports/task-warning-repository.port.js';
import { TargetTaskService } from './target-task.service.js';

/**
 * The home page's target-task numbers (workbench's TaskCounter port): open warnings by task within what the person
 * may see (the access table's predicates, as the task lists).
 */
@Injectable()
export class TaskWarningCounter extends TaskCounter {
  constructor(
    private readonly tasks: TargetTaskService,
    private readonly warnings: TaskWarningRepository,
  ) {
    super();
  }

  async warningMaps(userId: string, scope: TaskWarningScope): Promise<TaskWarningMaps> {
    if (scope.kind === 'department' && scope.departmentIds.length === 0) return { delayMap: {}, processMap: {} };
    return this.warnings.warningMaps(await this.tasks.standing(userId), scope);
  }
}
