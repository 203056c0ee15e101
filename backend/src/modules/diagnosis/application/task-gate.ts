import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { canHandleWarnings, canReadTask } from '../domain/task-access.js';
import { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import { DiagnosisRepository, type ObjTask } from './ports/diagnosis-repository.port.js';
import { TaskGrantsRepository } from './ports/task-grants-repository.port.js';
import { viewerOf, visibleTasksOf } from './viewer.js';
import type { VisibleTasks } from '../../../shared/kernel/visible-tasks.js';

export type { VisibleTasks };


@Injectable()
export class TaskGate {
  constructor(
    private readonly repo: DiagnosisRepository,
    private readonly access: LibraryAccessReader,
    private readonly grants: TaskGrantsRepository,
  ) {}

  /** The task, when the person may read it; else not found or no permission. */
  async read(userId: string, taskId: string): Promise<{ task: ObjTask; canHandle: boolean }> {
    const task = await this.repo.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    const viewer = await viewerOf(this.access, this.grants, userId, task.libraryId);
    if (!canReadTask(viewer, task)) throw new AppError('NO_PERMISSION');
    return { task, canHandle: canHandleWarnings(viewer, task) };
  }

  /** The task, when the person may handle its warnings. */
  async handle(userId: string, taskId: string): Promise<ObjTask> {
    const { task, canHandle } = await this.read(userId, taskId);
    if (!canHandle) throw new AppError('NO_PERMISSION');
    return task;
  }

  /** The filter of the tasks a person may read (as the task list applies it). */
  async visible(userId: string): Promise<VisibleTasks> {
    return visibleTasksOf(this.access, this.grants, userId);
  }
}
