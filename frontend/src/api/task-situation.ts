// One target task's detail (issue 13; 001 §7 yearly target service): its full picture (situation) and the moves of
// its life, under /api/herm-znfx. The lists of tasks are the list pages' module.
import type { AttachItem, AttachResult, TargetTaskDetail, TargetTaskMove, TaskCoop, TaskCoopList, TaskSituation } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';

export type {
  ProgressReport,
  TargetTask,
  TargetTaskDetail,
  TargetTaskMove,
  TaskDelay,
  TaskHistory,
  TaskCoop,
  TaskCoopList,
  TaskMoveAction,
  TaskSituation,
  TaskUrge,
  TaskWarning,
} from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

/**
 * GET /api/herm-znfx/targetTask/situation?id= — the task with the person's moves, progress and schedule status, its
 * path, children, reports (newest first), delays, urges, warnings, history (oldest first) and files.
 */
export function getTaskSituation(id: string, opts: GetOptions<TaskSituation> = {}): Promise<TaskSituation> {
  return get<TaskSituation>(`${BASE}/targetTask/situation`, { id }, opts);
}

/**
 * POST /api/herm-znfx/targetTask/move — body { id, action, reason?, reportType?, content?, valueReached?,
 * newEndDate?, target?, fileIds? } → the task with its next moves (操作成功); a refusal (409) names the state.
 */
export function moveTask(move: TargetTaskMove, opts: RequestOptions<TargetTaskDetail> = {}): Promise<TargetTaskDetail> {
  return post<TargetTaskDetail>(`${BASE}/targetTask/move`, move, opts);
}

/**
 * POST /api/herm-znfx/targetTask/file/add — body { taskId, files: [{ fileId, fileName, fileType }], stage: 'task' }:
 * one's own merged files become the task's files (导入成功！); the publisher, an administrator or the owner.
 */
export function addTaskFiles(taskId: string, files: readonly AttachItem[], opts: RequestOptions<AttachResult> = {}): Promise<AttachResult> {
  return post<AttachResult>(`${BASE}/targetTask/file/add`, { taskId, files, stage: 'task' }, opts);
}

/** POST /api/herm-znfx/targetTask/file/delete — body { id } (the attachment id): detaches a task file (删除成功). */
export function deleteTaskFile(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/targetTask/file/delete`, { id }, opts);
}

/**
 * GET /api/herm-znfx/targetTask/coop/list?taskId= — the cooperating departments with their cooperation owners, and
 * canManage: whether the person may add, change or remove them (the publisher, an administrator, the charge head).
 */
export function getTaskCoops(taskId: string, opts: GetOptions<TaskCoopList> = {}): Promise<TaskCoopList> {
  return get<TaskCoopList>(`${BASE}/targetTask/coop/list`, { taskId }, opts);
}

/** POST /api/herm-znfx/targetTask/coop/add — body { taskId, departmentId, ownerId } → the cooperations (新增成功). */
export function addTaskCoop(taskId: string, departmentId: string, ownerId: string, opts: RequestOptions<TaskCoop[]> = {}): Promise<TaskCoop[]> {
  return post<TaskCoop[]>(`${BASE}/targetTask/coop/add`, { taskId, departmentId, ownerId }, opts);
}

/** POST /api/herm-znfx/targetTask/coop/update — body { taskId, departmentId, ownerId }: another owner (修改成功). */
export function updateTaskCoop(taskId: string, departmentId: string, ownerId: string, opts: RequestOptions<TaskCoop[]> = {}): Promise<TaskCoop[]> {
  return post<TaskCoop[]>(`${BASE}/targetTask/coop/update`, { taskId, departmentId, ownerId }, opts);
}

/** POST /api/herm-znfx/targetTask/coop/delete — body { taskId, departmentId }: no longer cooperating (删除成功). */
export function deleteTaskCoop(taskId: string, departmentId: string, opts: RequestOptions<TaskCoop[]> = {}): Promise<TaskCoop[]> {
  return post<TaskCoop[]>(`${BASE}/targetTask/coop/delete`, { taskId, departmentId }, opts);
}
