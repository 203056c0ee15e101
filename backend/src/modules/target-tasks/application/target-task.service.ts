import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ALLOWED_EXTENSIONS, TASK_PAGE_TYPE_NAMES, type BatchResult, type Page, type TaskAllowedActions, type TaskBatchAction, type TargetTask, type TargetTaskDetail, type TargetTaskInput, type TargetTaskMove, type TargetTaskUpdateInput, type TaskListCounts, type UrgeStatus } from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { runBatch } from '../../../shared/batch.js';
import { everyRecord } from '../../../shared/pagination.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { mayWriteTasks } from '../../year-targets/domain/year-target-access.js';
import { canWriteFiles, managesCoops, rolesOf, sees, type TaskRelation, type TaskStanding } from '../domain/task-access.js';
import { allowedActions, move, type TaskRole } from '../domain/transitions.js';
import { TASK_EXPORT_HEADER, taskExportRow } from '../domain/task-export.js';
import { TASK_PAGE_PATHS, taskMessagesOf } from '../domain/task-messages.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { TaskPictureRepository } from './ports/task-picture.port.js';
import { TaskSheet } from './ports/task-sheet.port.js';
import {
  TargetTaskRepository,
  TaskAccessReader,
  type LockedTask,
  type MoveSideEffect,
  type TargetTaskFilter,
  type TargetTaskValues,
} from './ports/target-task-repository.port.js';
const NOT_FOUND = '目标任务不存在';

const optionalText = (v: string | null | undefined): string | null => v?.trim() || null;
const bad = (message: string): never => {
  throw new AppError('VALIDATION', message);
};

/** The yearly target service's target tasks: add, update, delete, detail, the list by page type and the moves. */
@Injectable()
export class TargetTaskService {
  constructor(
    private readonly tasks: TargetTaskRepository,
    private readonly access: TaskAccessReader,
    private readonly uow: UnitOfWork,
    private readonly picture: TaskPictureRepository,
    private readonly outbox: MessageOutbox,
    private readonly sheet: TaskSheet,
  ) {}

  /** Who the person is to target tasks (roles, departments headed and audited): the access table's input. */
  standing(userId: string): Promise<TaskStanding> {
    return this.access.standing(userId);
  }

  async list(userId: string, filter: TargetTaskFilter): Promise<Page<TargetTask>> {
    return this.tasks.list(filter, await this.access.standing(userId));
  }

  /**
   * 导出Excel: the rows the list shows under the same filters, every page, read through the list itself page after
   * page as the workbook streams out (the page type's name is the file's).
   */
  async export(userId: string, filter: Omit<TargetTaskFilter, 'pageNum' | 'pageSize'>): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const standing = await this.access.standing(userId);
    const tasks = this.tasks;
    async function* rows(): AsyncGenerator<string[]> {
      for await (const task of everyRecord((page) => tasks.list({ ...filter, ...page }, standing))) yield taskExportRow(task);
    }
    const name = TASK_PAGE_TYPE_NAMES[filter.pageType];
    return { fileName: `${name}.xlsx`, write: (out) => this.sheet.write({ name, header: TASK_EXPORT_HEADER, rows: rows() }, out) };
  }

  /** The figures beside the list of the same filter: its tasks, their open warnings and charge departments. */
  async listCounts(userId: string, filter: TargetTaskFilter): Promise<TaskListCounts> {
    return this.tasks.listCounts(filter, await this.access.standing(userId));
  }

  /** The person's relations to the task (domain/task-access.ts); NOT_FOUND when there is no such task. */
  private async relationsTo(userId: string, id: string): Promise<{ relations: Set<TaskRelation>; rwjd: TargetTask['rwjd'] }> {
    const found = await this.tasks.relations(await this.access.standing(userId), id);
    if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
    return found;
  }

  async detail(userId: string, id: string): Promise<TargetTaskDetail> {
    const [task, locked, { relations }] = await Promise.all([this.tasks.find(id), this.tasks.read(id), this.relationsTo(userId, id)]);
    if (!task || !locked) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!sees(relations)) throw new AppError('NO_PERMISSION');
    return { ...task, actions: allowedActions(locked.facts, rolesOf(relations)), canWriteFiles: canWriteFiles(relations, task.rwjd) };
  }

  /** Whether the person sees the task (the access table): false for a task that does not exist. */
  async sees(userId: string, id: string): Promise<boolean> {
    const found = await this.tasks.relations(await this.access.standing(userId), id);
    return found !== null && sees(found.relations);
  }

  /** Whether the person changes the task's files now (the access table's files column). */
  async writesFiles(userId: string, id: string): Promise<boolean> {
    const found = await this.tasks.relations(await this.access.standing(userId), id);
    return found !== null && canWriteFiles(found.relations, found.rwjd);
  }

  /** Whether the person adds, changes and removes the task's cooperations (the access table's coops column). */
  async managesCoops(userId: string, id: string): Promise<boolean> {
    const found = await this.tasks.relations(await this.access.standing(userId), id);
    return found !== null && managesCoops(found.relations);
  }

  /** The input as the contract's TargetTaskInput reads it (types, presence, lengths, formats); the references are checked here. */
  async add(userId: string, input: TargetTaskInput): Promise<TargetTask> {
    await this.mustWrite(userId);
    const values = await this.checked(input);
    const id = await this.uow.run((tx) => this.tasks.add(tx, values, userId));
    return this.found(id);
  }

  async update(userId: string, id: string, input: Omit<TargetTaskUpdateInput, 'id'>): Promise<TargetTask> {
    await this.mustWrite(userId);
    const current = await this.tasks.find(id);
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    // The place of a task in the tree is fixed once made: its year target and parent stay.
    const values = await this.checked({ ...input, yearTargetId: current.yearTargetId, parentId: current.parentId });
    const done = await this.uow.run((tx) => this.tasks.update(tx, id, values));
    if (!done) throw new AppError('NOT_FOUND', NOT_FOUND);
    return this.found(id);
  }

  async remove(userId: string, id: string): Promise<null> {
    await this.mustWrite(userId);
    const result = await this.tasks.remove(id);
    if (result.ok) return null;
    if (result.reason === 'notFound') throw new AppError('NOT_FOUND', NOT_FOUND);
    throw new AppError('CONFLICT', result.reason === 'hasChildren' ? '该任务下有子任务，不能删除' : '该任务已有进度上报，不能删除');
  }

  /** One move of the task's life: the domain decides, and the state, side rows and history are written in one transaction. */
  async move(userId: string, input: TargetTaskMove): Promise<TargetTaskDetail> {
    // Read before the transaction: a read on the pool while holding a transaction's connection waits for a second
    // one, and with every connection so held (a slow moment on a deadline day) nothing frees until the 5 s timeout.
    const standing = await this.access.standing(userId);
    await this.uow.run(async (tx) => {
      const task = await this.tasks.lock(tx, input.id);
      if (!task) throw new AppError('NOT_FOUND', NOT_FOUND);
      // Under the lock, on the transaction's own connection: the roles the access table gives.
      const roles: Set<TaskRole> = rolesOf((await this.tasks.relations(standing, input.id, tx))!.relations);
      if (roles.size === 0) throw new AppError('NO_PERMISSION');
      const result = move(task.facts, input.action, roles, {
        reason: input.reason ?? null,
        reportType: input.reportType,
        newEndDate: input.newEndDate ?? null,
        target: input.target ?? null,
      });
      if (!result.ok) throw new AppError('CONFLICT', result.message);
      if (input.action === 'report') await this.checkEvidence(tx, userId, input.fileIds ?? []);
      const reason = optionalText(input.reason);
      await this.tasks.writeMove(tx, {
        taskId: input.id,
        actorId: userId,
        action: input.action,
        from: task.facts,
        to: result.next,
        targetValue: input.action === 'define' ? Number(input.target) : null,
        reason,
        side: this.sideOf(input, task, result.reportAudit, result.urgeStatus, reason),
      });
      // The people the move hands the next step to, or whose work it decided, learn of it in the same transaction.
      const names = await this.tasks.messageNames(tx, input.id, userId);
      const messages = taskMessagesOf(input.action, {
        taskName: names.task,
        actorId: userId,
        actorName: names.actor,
        ownerId: task.ownerId,
        auditorId: task.auditorId,
        creatorId: task.creatorId,
        parentOwnerId: task.parentOwnerId,
        reason,
        newEndDate: input.action === 'grantDelay' ? task.facts.pendingDelay : (input.newEndDate ?? null),
        finalReport: task.facts.pendingReport === 'final',
      });
      await this.outbox.post(tx, messages.map((m) => ({
        userIds: m.userIds,
        kind: 'targetTask',
        title: m.title,
        content: m.content,
        objectType: 'target-task',
        objectId: input.id,
        link: `${TASK_PAGE_PATHS[m.page]}?task=${encodeURIComponent(input.id)}`,
      })));
    });
    return this.detail(userId, input.id);
  }

  /**
   * 批量下发 / 批量督办 (issue 34): `move` on each task in turn, each in its own transaction with its own refusal (the
   * single route's message), so who may do what stays written once, in the domain.
   */
  batchMove(userId: string, ids: readonly string[], action: TaskBatchAction): Promise<BatchResult> {
    return runBatch(ids, (id) => this.move(userId, { id, action }), async (id) => (await this.tasks.find(id))?.rwmc ?? null);
  }

  /** The moves the person may make now on each task (the detail's `actions`); a task they do not see or that is gone: none. */
  async allowedActionsOf(userId: string, ids: readonly string[]): Promise<TaskAllowedActions[]> {
    const standing = await this.access.standing(userId);
    const out: TaskAllowedActions[] = [];
    // One task after another: a page's worth (at most BATCH_MAX), two reads each, one pool connection at a time.
    for (const id of ids) {
      const [found, locked] = [await this.tasks.relations(standing, id), await this.tasks.read(id)];
      out.push({ id, actions: found && locked && sees(found.relations) ? allowedActions(locked.facts, rolesOf(found.relations)) : [] });
    }
    return out;
  }

  private sideOf(input: TargetTaskMove, task: LockedTask, reportAudit: 'pass' | 'childPass' | 'reject' | undefined, urgeStatus: UrgeStatus | undefined, reason: string | null): MoveSideEffect | null {
    switch (input.action) {
      case 'report': {
        const content = optionalText(input.content) ?? reason ?? '';
        return { kind: 'report', reportType: input.reportType ?? 'process', content, valueReached: input.valueReached ?? null, fileIds: [...new Set(input.fileIds ?? [])] };
      }
      case 'passReport':
      case 'rejectReport':
        return { kind: 'reportAudit', audit: reportAudit ?? 'pass', reason };
      case 'requestDelay':
        return { kind: 'delayRequest', oldEndDate: task.facts.jssj, newEndDate: input.newEndDate ?? '', reason: reason ?? '' };
      case 'grantDelay':
      case 'refuseDelay':
        return { kind: 'delayDecision', granted: input.action === 'grantDelay', reason };
      case 'urge':
        if (!task.ownerId) return bad('任务没有负责人，不能催办');
        return { kind: 'urge', status: urgeStatus ?? 'targetNotSet', toUserId: task.ownerId, message: reason };
      case 'acceptUrge':
        return { kind: 'acceptUrge' };
      case 'passAudit':
      case 'failAudit':
        return { kind: 'taskAudit', reason };
      default:
        return null;
    }
  }

  /** A report's evidence: merged files (stored doc files) the reporter uploaded, of the allowed types. */
  private async checkEvidence(tx: Transaction, userId: string, fileIds: string[]): Promise<void> {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return;
    const files = await this.picture.evidenceFiles(tx, ids);
    if (files.length !== ids.length) throw new AppError('NOT_FOUND', '佐证材料文件不存在或尚未合并完成');
    if (files.some((f) => f.uploaderId !== userId)) bad('佐证材料只能是本人上传的文件');
    if (files.some((f) => !(ALLOWED_EXTENSIONS as readonly string[]).includes(f.ext))) bad('佐证材料文件类型错误');
  }

  /** Only the year target publisher and administrators write tasks (year-targets' access table). */
  private async mustWrite(userId: string): Promise<void> {
    const { codes } = await this.access.standing(userId);
    if (!mayWriteTasks(codes)) throw new AppError('NO_PERMISSION');
  }

  private async found(id: string): Promise<TargetTask> {
    const task = await this.tasks.find(id);
    if (!task) throw new AppError('NOT_FOUND', NOT_FOUND);
    return task;
  }

  /** The domain's rules beyond the contract's: the end not before the start, and the references exist. */
  private async checked(input: TargetTaskInput): Promise<TargetTaskValues> {
    const { yearTargetId, rwmc, rwlx, rwnf, kssj, jssj, chargeDepartId, ownerId } = input;
    if (jssj < kssj) bad('结束时间不能早于开始时间');
    const parentId = input.parentId ?? null;
    const auditorId = input.auditorId ?? null;
    const jkr = input.jkr ?? null;
    const coopDepartIds = [...new Set(input.coopDepartIds ?? [])].filter((d) => d !== chargeDepartId);
    if (!(await this.tasks.yearTargetExists(yearTargetId))) bad('年度目标不存在');
    if (parentId !== null && (await this.tasks.parentYearTarget(parentId)) !== yearTargetId) bad('上级任务不存在或不属于该年度目标');
    if (!(await this.tasks.departmentsExist([chargeDepartId, ...coopDepartIds]))) bad('部门不存在');
    const people = [ownerId, auditorId, jkr].filter((x): x is string => x !== null);
    if (!(await this.tasks.usersExist(people))) bad('人员不存在');
    return { yearTargetId, parentId, rwmc, rwlx, examType: input.examType ?? 'score', rwnf, kssj, jssj, chargeDepartId, ownerId, auditorId, jkr, coopDepartIds, targetUnit: input.targetUnit ?? null };
  }
}
