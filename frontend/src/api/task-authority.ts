// obj/authority (spec 001 §7 "obj: … authority"), under /api/herm-znfx: who reads and writes an object's task —
// its owner, auditor and department head, and the people granted read or write. The owner and administrators set it.
import type { TaskAuthority, TaskGrantAccess } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';

export type { TaskAuthority, TaskGrant, TaskGrantAccess, TaskHolder } from '@zhengai/contracts';

const BASE = '/api/herm-znfx/obj/authority';

/** GET /api/herm-znfx/obj/authority?objTaskId= — { holders, grants, canManage }. */
export function getTaskAuthority(objTaskId: string, opts: GetOptions<TaskAuthority> = {}): Promise<TaskAuthority> {
  return get<TaskAuthority>(BASE, { objTaskId }, opts);
}

/** POST /api/herm-znfx/obj/authority/add — body { objTaskId, userId, authorityType } (again: changes it) → the authority (授权成功). */
export function addTaskGrant(objTaskId: string, userId: string, authorityType: TaskGrantAccess, opts: RequestOptions<TaskAuthority> = {}): Promise<TaskAuthority> {
  return post<TaskAuthority>(`${BASE}/add`, { objTaskId, userId, authorityType }, opts);
}

/** POST /api/herm-znfx/obj/authority/delete — body { objTaskId, userId } → the authority (删除成功). */
export function removeTaskGrant(objTaskId: string, userId: string, opts: RequestOptions<TaskAuthority> = {}): Promise<TaskAuthority> {
  return post<TaskAuthority>(`${BASE}/delete`, { objTaskId, userId }, opts);
}
