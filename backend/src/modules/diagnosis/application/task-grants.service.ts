import { Injectable } from '@nestjs/common';
import type { TaskAuthority, TaskHolder } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import { canManageGrants, canReadTask, type TaskGrantAccess } from '../domain/task-access.js';
import { DiagnosisRepository, type ObjTask } from './ports/diagnosis-repository.port.js';
import { TaskGrantsRepository } from './ports/task-grants-repository.port.js';
import { viewerOf } from './viewer.js';

/** Why a refused person may not change a task's grants. */
const NOT_MANAGER = '只有管理员或任务负责人可以设置任务权限';

/**
 * obj/authority (spec 001 §7): who reads and writes an object's task — its owner, auditor and department head by
 * their place, and the people granted read or write. Any reader of the task sees it; the owner and administrators
 * set the grants. What a grant allows is domain/task-access.ts's rule.
 */
@Injectable()
export class TaskGrantsService {
  constructor(
    private readonly tasks: DiagnosisRepository,
    private readonly access: LibraryAccessReader,
    private readonly grants: TaskGrantsRepository,
  ) {}

  async authority(userId: string, taskId: string): Promise<TaskAuthority> {
    const task = await this.task(taskId);
    const viewer = await viewerOf(this.access, this.grants, userId, task.libraryId);
    if (!canReadTask(viewer, task)) throw new AppError('NO_PERMISSION');
    return this.answer(task, canManageGrants(viewer, task));
  }

  async grant(userId: string, input: { objTaskId: string; userId: string; authorityType: TaskGrantAccess }): Promise<TaskAuthority> {
    const task = await this.managed(userId, input.objTaskId);
    if ((await this.grants.userName(input.userId)) === null) throw new AppError('VALIDATION', '用户不存在');
    if (input.userId === task.ownerId) throw new AppError('VALIDATION', '任务负责人已有该任务的全部权限');
    await this.grants.set(task.id, input.userId, input.authorityType, userId);
    return this.answer(task, true);
  }

  async revoke(userId: string, input: { objTaskId: string; userId: string }): Promise<TaskAuthority> {
    const task = await this.managed(userId, input.objTaskId);
    if (!(await this.grants.remove(task.id, input.userId))) throw new AppError('NOT_FOUND', '该用户没有此任务的授权');
    return this.answer(task, true);
  }

  private async task(taskId: string): Promise<ObjTask> {
    const task = await this.tasks.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    return task;
  }

  /** The task, when the person may set its grants (its owner or an administrator). */
  private async managed(userId: string, taskId: string): Promise<ObjTask> {
    const task = await this.task(taskId);
    if (!canManageGrants({ userId, isAdmin: await this.access.isAdmin(userId) }, task)) throw new AppError('NO_PERMISSION', NOT_MANAGER);
    return task;
  }

  private async answer(task: ObjTask, canManage: boolean): Promise<TaskAuthority> {
    const [grants, head] = await Promise.all([this.grants.list(task.id), task.departmentId ? this.grants.departmentHead(task.departmentId) : null]);
    const holders: TaskHolder[] = [];
    if (task.ownerId && task.ownerName) holders.push({ userId: task.ownerId, userName: task.ownerName, role: 'owner', reason: '任务负责人', authorityType: 'write' });
    if (task.auditorId && task.auditorName) holders.push({ userId: task.auditorId, userName: task.auditorName, role: 'auditor', reason: '审核人', authorityType: 'read' });
    if (head) holders.push({ userId: head.userId, userName: head.userName, role: 'departmentHead', reason: '部门负责人', authorityType: 'write' });
    return {
      objTaskId: task.id,
      canManage,
      holders,
      grants: grants.map((g) => ({ id: g.id, userId: g.userId, userName: g.userName, account: g.account, authorityType: g.access, createTime: formatDateTime(g.createdAt) })),
    };
  }
}
