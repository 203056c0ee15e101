import { Injectable } from '@nestjs/common';
import type { TaskCoop, TaskCoopDelete, TaskCoopInput, TaskCoopList } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { TargetTaskRepository, type LockedTask } from './ports/target-task-repository.port.js';
import { TaskCoopRepository } from './ports/task-picture.port.js';
import { TargetTaskService } from './target-task.service.js';

const NOT_FOUND = '目标任务不存在';

/**
 * Cooperation target tasks (001 §7 item 15 "cooperation target task: list, add, update and delete"): the
 * cooperating departments of a task and their cooperation owners (who then find the task under MY_COOP_TASK).
 * Readers: whoever sees the task; writers: the access table's coops column (domain/task-access.ts).
 */
@Injectable()
export class TaskCoopService {
  constructor(
    private readonly tasks: TargetTaskService,
    private readonly taskRows: TargetTaskRepository,
    private readonly coops: TaskCoopRepository,
  ) {}

  /** The cooperations and canManage: whether the person may write them (the buttons of the task detail). */
  async list(userId: string, taskId: string): Promise<TaskCoopList> {
    const task = await this.mustSee(userId, taskId);
    return { canManage: await this.tasks.managesCoops(userId, task), coops: await this.coops.list(taskId) };
  }

  /** The input as the contract's TaskCoopInput reads it (the department and the owner are there); the references are checked here. */
  async add(userId: string, input: TaskCoopInput): Promise<TaskCoop[]> {
    const task = await this.mustWrite(userId, input.taskId);
    const { departmentId } = input;
    if (departmentId === task.chargeDepartId) throw new AppError('VALIDATION', '责任部门不能同时是协同部门');
    if (!(await this.taskRows.departmentsExist([departmentId]))) throw new AppError('VALIDATION', '部门不存在');
    const ownerId = await this.owner(input.ownerId);
    if (!(await this.coops.add(input.taskId, departmentId, ownerId))) throw new AppError('CONFLICT', '该部门已是协同部门');
    return this.coops.list(input.taskId);
  }

  async update(userId: string, input: TaskCoopInput): Promise<TaskCoop[]> {
    await this.mustWrite(userId, input.taskId);
    const ownerId = await this.owner(input.ownerId);
    if (!(await this.coops.update(input.taskId, input.departmentId, ownerId))) throw new AppError('NOT_FOUND', '该部门不是协同部门');
    return this.coops.list(input.taskId);
  }

  async remove(userId: string, input: TaskCoopDelete): Promise<TaskCoop[]> {
    await this.mustWrite(userId, input.taskId);
    if (!(await this.coops.remove(input.taskId, input.departmentId))) throw new AppError('NOT_FOUND', '该部门不是协同部门');
    return this.coops.list(input.taskId);
  }

  private async owner(ownerId: string): Promise<string> {
    if (!(await this.taskRows.usersExist([ownerId]))) throw new AppError('VALIDATION', '人员不存在');
    return ownerId;
  }

  private async mustSee(userId: string, taskId: string): Promise<string> {
    if (!(await this.taskRows.read(taskId))) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!(await this.tasks.sees(userId, taskId))) throw new AppError('NO_PERMISSION');
    return taskId;
  }

  private async mustWrite(userId: string, taskId: string): Promise<LockedTask> {
    const task = await this.taskRows.read(taskId);
    if (!task) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!(await this.tasks.managesCoops(userId, taskId))) throw new AppError('NO_PERMISSION');
    return task;
  }
}
