// 诊断任务下发 (issue 32) under /api/herm-znfx/launch: the form's options, the launch and its progress, the launches,
// one launch's page, 催办 and 关闭周期.
import type {
  LaunchDetail, LaunchInput, LaunchLevel, LaunchOptions, LaunchOptionsQuery, LaunchProgress, LaunchStart, LaunchSummary, LaunchTask, LaunchUrgeResult,
} from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

export type {
  AuditorRule, LaunchAction, LaunchDetail, LaunchInput, LaunchLevel, LaunchOptions, LaunchProgress, LaunchScope, LaunchStart, LaunchState, LaunchSummary, LaunchTask,
  OwnerRule,
} from '@zhengai/contracts';
export { LAUNCH_LEVEL_NAMES, LAUNCH_STATE_NAMES } from '@zhengai/contracts';

const BASE = '/api/herm-znfx/launch';

/** GET /api/herm-znfx/launch/options?level&cycleTypeId&cycleValue&keyword — the form's options and whether the person may launch. */
export function getLaunchOptions(query: LaunchOptionsQuery, opts: GetOptions<LaunchOptions> = {}): Promise<LaunchOptions> {
  return get<LaunchOptions>(`${BASE}/options`, { ...query }, opts);
}

/** POST /api/herm-znfx/launch/start — the choice → { launchId, taskId }; poll getLaunchProgress every 1000 ms. */
export function startLaunch(input: LaunchInput, opts: RequestOptions<LaunchStart> = {}): Promise<LaunchStart> {
  return post<LaunchStart>(`${BASE}/start`, input, opts);
}

/** GET /api/herm-znfx/launch/progress?launchId — state, done of total objects, the step, a failure's reason. */
export function getLaunchProgress(launchId: string, opts: GetOptions<LaunchProgress> = {}): Promise<LaunchProgress> {
  return get<LaunchProgress>(`${BASE}/progress`, { launchId }, opts);
}

/** GET /api/herm-znfx/launch/list?pageNum&pageSize&level — the launches, newest first, with their actions. */
export function listLaunches(query: { pageNum: number; pageSize: number; level?: LaunchLevel }, opts: GetOptions<Page<LaunchSummary>> = {}): Promise<Page<LaunchSummary>> {
  return get<Page<LaunchSummary>>(`${BASE}/list`, { ...query }, opts);
}

/** GET /api/herm-znfx/launch/detail?launchId — counts by department and audit state, the overdue tasks. */
export function getLaunchDetail(launchId: string, opts: GetOptions<LaunchDetail> = {}): Promise<LaunchDetail> {
  return get<LaunchDetail>(`${BASE}/detail`, { launchId }, opts);
}

/** GET /api/herm-znfx/launch/tasks?launchId&departmentId&auditState&overdue&pageNum&pageSize — one launch's tasks. */
export function getLaunchTasks(
  query: { launchId: string; pageNum: number; pageSize: number; departmentId?: string; auditState?: string; overdue?: boolean },
  opts: GetOptions<Page<LaunchTask>> = {},
): Promise<Page<LaunchTask>> {
  return get<Page<LaunchTask>>(`${BASE}/tasks`, { ...query }, opts);
}

/** POST /api/herm-znfx/launch/urge — body { launchId, objTaskId? } (none: every overdue task) → { urged }. */
export function urgeLaunch(launchId: string, objTaskId: string | null, opts: RequestOptions<LaunchUrgeResult> = {}): Promise<LaunchUrgeResult> {
  return post<LaunchUrgeResult>(`${BASE}/urge`, { launchId, objTaskId }, opts);
}

/** POST /api/herm-znfx/launch/close — body { launchId } → the closed launch (诊断周期已关闭). */
export function closeLaunch(launchId: string, opts: RequestOptions<LaunchSummary> = {}): Promise<LaunchSummary> {
  return post<LaunchSummary>(`${BASE}/close`, { launchId }, opts);
}

/** POST /api/herm-znfx/launch/retry — body { launchId } → { launchId, taskId } of the next run. */
export function retryLaunch(launchId: string, opts: RequestOptions<LaunchStart> = {}): Promise<LaunchStart> {
  return post<LaunchStart>(`${BASE}/retry`, { launchId }, opts);
}
