import { Injectable } from '@nestjs/common';
import { COLLECTION_MESSAGES, type Allocation, type AllocationInput, type CollectionTask, type CollectionTaskInput, type CollectionTaskQuery, type Page } from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { requireManager } from './collection-access.js';
import { CollectionAccessReader } from './ports/collection-access.port.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { tellFillers } from './fill-messages.js';
import { CollectionTaskRepository } from './ports/collection-task-repository.port.js';
import { FillRepository } from './ports/fill-repository.port.js';

/** Collection tasks and their allocations (managers only); publishing makes the fill tasks. */
@Injectable()
export class CollectionTaskService {
  constructor(
    private readonly tasks: CollectionTaskRepository,
    private readonly access: CollectionAccessReader,
    private readonly uow: UnitOfWork,
    private readonly fills: FillRepository,
    private readonly outbox: MessageOutbox,
  ) {}

  private async manager(userId: string): Promise<void> {
    requireManager(await this.access.standing(userId));
  }

  async list(userId: string, q: CollectionTaskQuery): Promise<Page<CollectionTask>> {
    await this.manager(userId);
    return this.tasks.list(q);
  }

  async detail(userId: string, id: string): Promise<CollectionTask> {
    await this.manager(userId);
    return this.found(id);
  }

  private async found(id: string): Promise<CollectionTask> {
    const task = await this.tasks.find(id);
    if (!task) throw new AppError('NOT_FOUND', '采集任务不存在');
    return task;
  }

  async save(userId: string, input: CollectionTaskInput): Promise<CollectionTask> {
    await this.manager(userId);
    const formIds = [...new Set(input.formIds)];
    if ((await this.tasks.missingForms(formIds)).length > 0) throw new AppError('VALIDATION', '表单不存在');
    const id = await this.uow.run(async (tx) => {
      if (!input.id) return this.tasks.insert(tx, userId, { ...input, formIds });
      await this.lockUnpublished(tx, input.id);
      await this.tasks.update(tx, { ...input, id: input.id, formIds });
      return input.id;
    });
    return this.found(id);
  }

  private async lockUnpublished(tx: Transaction, id: string): Promise<void> {
    const task = await this.tasks.lock(tx, id);
    if (!task) throw new AppError('NOT_FOUND', '采集任务不存在');
    if (task.publishState === 'published') throw new AppError('CONFLICT', COLLECTION_MESSAGES.taskPublished);
  }

  async remove(userId: string, id: string): Promise<null> {
    await this.manager(userId);
    await this.uow.run(async (tx) => {
      await this.lockUnpublished(tx, id);
      await this.tasks.remove(tx, id);
    });
    return null;
  }

  /** Every form published and allocated; pins the versions and makes the fill tasks, in one transaction. */
  async publish(userId: string, id: string): Promise<CollectionTask> {
    await this.manager(userId);
    await this.uow.run(async (tx) => {
      await this.lockUnpublished(tx, id);
      const forms = await this.tasks.formsToPublish(tx, id);
      const unpublished = forms.find((f) => f.version === 0);
      if (unpublished) throw new AppError('VALIDATION', COLLECTION_MESSAGES.formNotPublished(unpublished.name));
      const unallocated = forms.find((f) => f.allocations === 0);
      if (unallocated) throw new AppError('VALIDATION', COLLECTION_MESSAGES.noAllocation(unallocated.name));
      await this.tasks.markPublished(tx, id);
      await tellFillers(this.fills, this.outbox, tx, 'allocated', await this.tasks.makeFillTasks(tx, id), userId);
    });
    return this.found(id);
  }

  async allocations(userId: string, taskId: string): Promise<Allocation[]> {
    await this.manager(userId);
    await this.found(taskId);
    return this.tasks.allocations(taskId);
  }

  /** Adds allocations (existing ones kept); on a published task their fill tasks are made at once. */
  async allocate(userId: string, input: AllocationInput): Promise<Allocation[]> {
    await this.manager(userId);
    await this.found(input.taskId);
    if (!(await this.tasks.hasForm(input.taskId, input.formId))) throw new AppError('VALIDATION', '表单不在该采集任务中');
    const departmentIds = input.departmentIds ?? [];
    const userIds = input.userIds ?? [];
    if (departmentIds.length + userIds.length === 0) throw new AppError('VALIDATION', '请选择填报部门或填报人');
    if ((await this.tasks.missingParties(departmentIds, [...userIds, input.auditorId])).length > 0) throw new AppError('VALIDATION', '填报部门、填报人或审核人不存在');
    await this.uow.run(async (tx) => {
      const task = await this.tasks.lock(tx, input.taskId);
      await this.tasks.allocate(tx, input);
      if (task?.publishState === 'published') await tellFillers(this.fills, this.outbox, tx, 'allocated', await this.tasks.makeFillTasks(tx, input.taskId), userId);
    });
    return this.tasks.allocations(input.taskId);
  }

  async removeAllocation(userId: string, id: string): Promise<null> {
    await this.manager(userId);
    await this.uow.run(async (tx) => {
      const allocation = await this.tasks.findAllocation(tx, id);
      if (!allocation) throw new AppError('NOT_FOUND', '分配不存在');
      if (allocation.hasData) throw new AppError('CONFLICT', COLLECTION_MESSAGES.allocationHasData);
      await this.tasks.removeAllocation(tx, id);
    });
    return null;
  }
}
