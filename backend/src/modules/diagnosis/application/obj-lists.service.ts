import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { DownListResult, LinkedTaskSummary, ListJobStart, UpDownList, UpListResult } from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { readableStatus } from '../../../shared/jobs/job-reading.js';
import { groupBy } from '../../../shared/group-by.js';
import type { ErrorKind } from '../../../shared/errors/error-catalogue.js';
import { AUDIT_STATE_NAMES, isEditable, type AuditState } from '../domain/audit.js';
import { effective, gradeEntry } from '../../../shared/kernel/grade.js';
import { rolledValue, sameValue } from '../domain/rollup.js';
import { canReadTask, editRefusal, writesTask, type Viewer } from '../domain/task-access.js';
import { checkValue } from '../../../shared/kernel/value-types.js';
import { closedCycle, lockedTask, scoreOf } from './diagnosis.service.js';
import { viewerOf } from './viewer.js';
import { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import { DiagnosisRepository, type ObjTask } from './ports/diagnosis-repository.port.js';
import { ObjListsRepository, type LinkedTask, type TaskPoint } from './ports/obj-lists-repository.port.js';
import { TaskGrantsRepository } from './ports/task-grants-repository.port.js';

export type ListDirection = 'up' | 'down';

/** What an update-obj-lists job leaves as its result: the work done, or why it was refused (final, not retried). */
export type ObjListsOutcome =
  | { state: 'done'; direction: ListDirection; result: DownListResult | UpListResult }
  | { state: 'refused'; kind: ErrorKind; reason: string };

const JOB_ID = /^objlists-(up|down)-[0-9a-f-]{36}$/;
const JOB_FAILED = '更新上下级对象失败，请稍后重试';
const JOB_UNKNOWN = '任务不存在或已过期';
/** Why a lower task the caller may not write is skipped (its state is not the reason). */
const NOT_WRITER = '无权修改';
/** Why a lower task whose launch closed its cycle is skipped. */
const CYCLE_CLOSED = '诊断周期已关闭';

/**
 * An object's up and down lists (spec 001 §7 obj/updownList, updateDownList, updateUpList and their async
 * variants): the tasks of the same cycle on the library's parent and child libraries (for a task of a diagnosis object,
 * those of the objects above and below it: ObjListsRepository); targets pushed down as revised
 * targets, results rolled up (domain/rollup.ts) and graded as calresult grades them.
 */
@Injectable()
export class ObjListsService {
  private readonly logger = new Logger('ObjLists');

  constructor(
    private readonly tasks: DiagnosisRepository,
    private readonly access: LibraryAccessReader,
    private readonly lists: ObjListsRepository,
    private readonly uow: UnitOfWork,
    private readonly queue: JobQueue,
    private readonly grants: TaskGrantsRepository,
  ) {}

  private viewer(userId: string, libraryId: string): Promise<Viewer> {
    return viewerOf(this.access, this.grants, userId, libraryId);
  }

  private async task(taskId: string): Promise<ObjTask> {
    const task = await this.tasks.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    return task;
  }

  /** The task, when the person may edit it now (owner, department head or administrator, draft or refused). */
  private async editable(userId: string, taskId: string): Promise<ObjTask> {
    const task = await this.task(taskId);
    const refusal = editRefusal(await this.viewer(userId, task.libraryId), task);
    if (refusal === 'closed') throw closedCycle('edit');
    if (refusal === 'locked') throw lockedTask(task.auditState);
    if (refusal === 'forbidden') throw new AppError('NO_PERMISSION');
    return task;
  }

  /** obj/updownList: the upper and lower objects' tasks of the same cycle. */
  async updownList(userId: string, taskId: string): Promise<UpDownList> {
    const task = await this.task(taskId);
    if (!canReadTask(await this.viewer(userId, task.libraryId), task)) throw new AppError('NO_PERMISSION');
    const [up, down] = await Promise.all([this.lists.upperTasks(task), this.lists.lowerTasks(task)]);
    return { up: up.map(summary), down: down.map(summary) };
  }

  /**
   * obj/updateDownList: this task's effective targets (xzmbz over mbz) become the revised targets of the matching
   * points (origin = this point) of every lower task in draft or refused; those graded again. One transaction.
   */
  async updateDownList(userId: string, taskId: string): Promise<DownListResult> {
    const task = await this.editable(userId, taskId);
    // Who pushes writes only lower tasks they could write themselves (owner, department head, write grant, administrator).
    const viewer = await this.viewer(userId, task.libraryId);
    return this.uow.run(async (tx) => {
      const lower = await this.lists.lowerTasks(task, tx);
      // This task and the lower ones locked in one statement, in id order (as every writer of tasks locks them), before
      // any of their rows: a grading or a roll-up of one of them at the same moment waits its turn instead of deadlocking.
      // States read under lock: a submission of this task since the check wins, a lower task submitted meanwhile is
      // skipped, not overwritten.
      const states = await this.lists.lockTasks(tx, [task.id, ...lower.map((t) => t.id)]);
      editableState(states.get(task.id));
      const writers = await this.lists.writersOf(tx, lower.map((t) => t.id));
      const closed = await this.tasks.closedTasks(lower.map((t) => t.id), tx);
      const open: LinkedTask[] = [];
      const skipped: DownListResult['skipped'] = [];
      for (const t of lower) {
        const state = states.get(t.id);
        const parties = writers.get(t.id);
        if (state === undefined || parties === undefined) continue;
        if (!writesTask(viewer, { id: t.id, ...parties })) skipped.push({ id: t.id, rwmc: t.rwmc, auditStateName: AUDIT_STATE_NAMES[state], reason: NOT_WRITER });
        else if (closed.has(t.id)) skipped.push({ id: t.id, rwmc: t.rwmc, auditStateName: AUDIT_STATE_NAMES[state], reason: CYCLE_CLOSED });
        else if (isEditable(state)) open.push(t);
        else skipped.push({ id: t.id, rwmc: t.rwmc, auditStateName: AUDIT_STATE_NAMES[state] });
      }
      const targets = new Map<string, string>();
      for (const p of await this.lists.points(tx, [task.id])) {
        const target = effective(p.mbz, p.xzmbz);
        // Nothing to push from a point without a target: a lower revision stays.
        if (target !== null) targets.set(p.pointId, target.trim());
      }
      const lowerPoints = groupBy(await this.lists.points(tx, open.map((t) => t.id)), (p) => p.taskId);
      let updated = 0;
      let changedTasks = 0;
      for (const t of open) {
        const points = lowerPoints.get(t.id) ?? [];
        const changes: Array<{ pointId: string; value: string }> = [];
        for (const p of points) {
          const target = p.originId === null ? undefined : targets.get(p.originId);
          if (target === undefined || checkValue(p.zlx, target) !== null || sameValue(p.zlx, p.xzmbz, target)) continue;
          changes.push({ pointId: p.pointId, value: target });
          p.xzmbz = target;
        }
        if (changes.length === 0) continue;
        await this.lists.writeValues(tx, t.id, 'xzmbz', changes, userId);
        await this.regrade(tx, t.id, points);
        updated += changes.length;
        changedTasks += 1;
      }
      this.logger.log(`task ${task.id}: targets pushed down, ${updated} point(s) in ${changedTasks} task(s), ${skipped.length} skipped`);
      return { updated, tasks: changedTasks, skipped };
    });
  }

  /**
   * obj/updateUpList: the lower tasks' effective results (xzjgz over jgz) rolled up into this task's results point by
   * point (lower point's origin = this point), then every point graded again and the score, as calresult does.
   */
  async updateUpList(userId: string, taskId: string): Promise<UpListResult> {
    const task = await this.editable(userId, taskId);
    return this.uow.run(async (tx) => {
      await this.stillEditable(tx, task);
      const lower = await this.lists.lowerTasks(task, tx);
      const results = new Map<string, Array<string | null>>();
      for (const p of await this.lists.points(tx, lower.map((t) => t.id))) {
        if (p.originId === null) continue;
        const list = results.get(p.originId);
        const result = effective(p.jgz, p.xzjgz);
        if (list) list.push(result);
        else results.set(p.originId, [result]);
      }
      const points = await this.lists.points(tx, [task.id]);
      const changes: Array<{ pointId: string; value: string }> = [];
      let rolled = 0;
      for (const p of points) {
        const next = rolledValue(p.zlx, results.get(p.pointId) ?? []);
        if (next === null) continue;
        rolled += 1;
        if (sameValue(p.zlx, p.jgz, next)) continue;
        changes.push({ pointId: p.pointId, value: next });
        p.jgz = next;
      }
      await this.lists.writeValues(tx, task.id, 'jgz', changes, userId);
      await this.regrade(tx, task.id, points);
      this.logger.log(`task ${task.id}: results rolled up from ${lower.length} task(s), ${changes.length} of ${rolled} point(s) changed`);
      return { updated: changes.length, points: rolled };
    });
  }

  /** The async variants: access checked now, the same work done by the update-obj-lists job. */
  async start(userId: string, taskId: string, direction: ListDirection): Promise<ListJobStart> {
    await this.editable(userId, taskId);
    // A fresh id each time: pressing again after a change must run again.
    const jobId = `objlists-${direction}-${randomUUID()}`;
    await this.queue.enqueue('update-obj-lists', { objTaskId: taskId, direction, requesterId: userId }, { jobId });
    return { jobId };
  }

  /** The job's work: the same as the call, for the person who asked; a refusal is its result, since a retry would not mend it. */
  async runJob(direction: ListDirection, taskId: string, requesterId: string): Promise<ObjListsOutcome> {
    try {
      const result = direction === 'down' ? await this.updateDownList(requesterId, taskId) : await this.updateUpList(requesterId, taskId);
      return { state: 'done', direction, result };
    } catch (e) {
      if (e instanceof AppError) return { state: 'refused', kind: e.kind, reason: e.message };
      throw e;
    }
  }

  /**
   * obj/updateListStatus: true when done, false while waiting or running; a refusal or failure answers its message.
   * Only for who started it and administrators; anyone else is answered as for an unknown id.
   */
  async status(userId: string, jobId: string): Promise<boolean> {
    if (!JOB_ID.test(jobId)) throw new AppError('VALIDATION', '任务编号不正确');
    const unknown = new AppError('NOT_FOUND', JOB_UNKNOWN);
    const status = await readableStatus(this.queue, 'update-obj-lists', jobId, async (p) => p.requesterId === userId || (await this.access.isAdmin(userId)), unknown);
    if (!status) throw unknown;
    if (status.state === 'failed') throw new AppError('CONFLICT', status.failedReason ?? JOB_FAILED);
    // The handler always answers an outcome: none yet means the job finished between reading it and its state.
    if (status.state !== 'completed' || status.result === null) return false;
    const outcome = status.result as Partial<ObjListsOutcome>;
    if (outcome?.state === 'refused') throw new AppError(outcome.kind ?? 'CONFLICT', outcome.reason ?? JOB_FAILED);
    return true;
  }

  /** Locks this task and checks its state again: a submission between the check and the lock wins. */
  private async stillEditable(tx: Transaction, task: ObjTask): Promise<void> {
    editableState((await this.lists.lockTasks(tx, [task.id])).get(task.id));
  }

  /** Every point of the task graded again and its score, exactly as calresult does. */
  private async regrade(tx: Transaction, taskId: string, points: TaskPoint[]): Promise<void> {
    const grades = points.map((p) => ({ pointId: p.pointId, ...gradeEntry(p) }));
    await this.lists.saveGrades(tx, taskId, grades, scoreOf(grades.map((g) => g.jgdj)));
  }
}

/** A task's state as read under its lock: gone or no longer editable is refused. */
function editableState(state: AuditState | undefined): void {
  if (state === undefined) throw new AppError('NOT_FOUND', '诊断任务不存在');
  if (!isEditable(state)) throw lockedTask(state);
}

function summary(t: LinkedTask): LinkedTaskSummary {
  return {
    id: t.id,
    rwmc: t.rwmc,
    gzdxmc: t.objectName,
    objectName: t.objectName,
    libraryId: t.libraryId,
    libraryName: t.libraryName,
    cycleValue: t.cycleValue,
    auditState: t.auditState,
    auditStateName: AUDIT_STATE_NAMES[t.auditState],
  };
}

