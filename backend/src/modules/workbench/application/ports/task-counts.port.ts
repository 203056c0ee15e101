/** Whose warnings warningCount counts: what the person may see, their own tasks, or some departments' (of those they may see). */
export type TaskWarningScope = { kind: 'all' } | { kind: 'personal' } | { kind: 'department'; departmentIds: string[] };

/** Open warnings by task id: expired ones (delayMap) and process ones (processMap). */
export interface TaskWarningMaps {
  delayMap: Record<string, number>;
  processMap: Record<string, number>;
}

/** The home page's target-task warning counts (served by the target-tasks module, which comes later in MODULE_ORDER). */
export abstract class TaskCounter {
  abstract warningMaps(userId: string, scope: TaskWarningScope): Promise<TaskWarningMaps>;
}
