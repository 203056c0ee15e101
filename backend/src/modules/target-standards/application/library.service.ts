import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TREE_LEVEL_DEFAULT, type JobStart, type LibraryAddInput, type LibraryCreateRights, type LibraryUpdateInput, type PointCopyInput, type TargetCopyInput, type TargetLibrary, type TaskProgress } from '@zhengai/contracts';
import { JobQueue, type JobStatus } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { readableStatus, readJob } from '../../../shared/jobs/job-reading.js';
import { formatDate, formatDateTime } from '../../../shared/kernel/format.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { libraryRelationsOf, libraryRightsOf, parentRefusal, type LibraryRights, type ListMode } from '../domain/library-rules.js';
import { finished, STEP_DONE, STEP_FAILED, STEP_WAITING } from '../domain/job-progress.js';
import { copyTaskId, pointsTaskId, syncTaskId, taskOf, type LibraryTask } from '../domain/library-task-id.js';
import { LibraryGate } from './library-gate.js';
import { CatalogRepository } from './ports/catalog-repository.port.js';
import { LibraryRepository, type LibraryFields, type LibraryRecord } from './ports/library-repository.port.js';
import { PointDefinitionRepository } from './ports/point-definition-repository.port.js';

/** What target/update changes: the fields sent (the contract's LibraryUpdateInput, read with its rules); the rest stay. */
export type LibraryChange = Omit<LibraryUpdateInput, 'id'>;

export type LibraryListQuery = PageQuery & { mode?: ListMode; parentId?: string; targetLevelId?: string; cycleValue?: string; name?: string };

const COPY_FAILED = '复制目标标准失败，请稍后重试';
const SYNC_FAILED = '同步质控点失败，请稍后重试';
const POINTS_FAILED = '复制质控点失败，请稍后重试';
/** What a job that threw (a fault, not a refusal) answers: never the exception's own text. */
const FAILED: Record<LibraryTask['job'], string> = { 'copy-target': COPY_FAILED, 'sync-quality': SYNC_FAILED, 'copy-points': POINTS_FAILED };
/** A library copy known only by its library (its job expired): all five stages done. */
const COPY_STAGE_COUNT = 5;
const TASK_UNKNOWN = '任务不存在或已过期';

/** Target-standard libraries (001 §2 card modes, §3, §4 copy and sync, §7 target list, detail, add, copy, update, delete, sync). */
@Injectable()
export class LibraryService {
  constructor(
    private readonly libraries: LibraryRepository,
    private readonly gate: LibraryGate,
    private readonly queue: JobQueue,
    private readonly catalog: CatalogRepository,
    private readonly points: PointDefinitionRepository,
  ) {}

  /** Whether the person may create libraries: the gate's rule that add and copy check. */
  async createRights(userId: string): Promise<LibraryCreateRights> {
    return { createsLibraries: await this.gate.mayCreate(userId) };
  }

  async list(userId: string, query: LibraryListQuery): Promise<Paged<TargetLibrary>> {
    const mode = query.mode ?? 'normal';
    if (mode === 'child' && !query.parentId) throw new AppError('VALIDATION', '请选择上级目标标准');
    const isAdmin = await this.gate.isAdmin(userId);
    const window = pageWindow(query);
    const { rows, total } = await this.libraries.list(
      { mode, parentId: query.parentId, targetLevelId: query.targetLevelId, cycleValue: query.cycleValue, name: query.name?.trim() || undefined, viewer: { userId, isAdmin } },
      window,
    );
    return paged(rows.map((r) => toCard(r, r.access, cardRights(r, r.access, userId, isAdmin))), total, query.pageNum, window.size);
  }

  async detail(userId: string, id: string): Promise<TargetLibrary> {
    const { library, access, rights } = await this.gate.open(userId, id, 'read');
    return toCard(library, access, rights);
  }

  /** The input as the contract's LibraryAddInput reads it (presence, limits, the level); the references are checked here. */
  async add(userId: string, input: LibraryAddInput): Promise<TargetLibrary> {
    await this.checkCreator(userId);
    const fields = await this.checkFields(userId, null, { cycleTypeId: null, dimensionId: null, treeLevel: TREE_LEVEL_DEFAULT, parentId: null, ...input });
    const id = randomUUID();
    await this.libraries.create(id, fields, userId);
    return this.detail(userId, id);
  }

  async update(userId: string, id: string, input: LibraryChange): Promise<TargetLibrary> {
    const { library } = await this.gate.open(userId, id, 'manage');
    const fields = await this.checkFields(userId, library, { ...fieldsOf(library), ...input });
    const deepest = await this.libraries.deepestIndicatorLevel(id);
    if (fields.treeLevel < deepest) throw new AppError('VALIDATION', `已有${deepest}级指标，指标层级不能小于${deepest}`);
    await this.libraries.update(id, fields);
    return this.detail(userId, id);
  }

  /** To the recycle bin. */
  async remove(userId: string, id: string): Promise<null> {
    await this.gate.open(userId, id, 'manage', { deleted: 'allow' });
    if (!(await this.libraries.setDeleted(id, true))) throw new AppError('CONFLICT', '目标标准已在回收站中');
    return null;
  }

  async recover(userId: string, id: string): Promise<TargetLibrary> {
    await this.gate.open(userId, id, 'manage', { deleted: 'allow' });
    if (!(await this.libraries.setDeleted(id, false))) throw new AppError('CONFLICT', '目标标准不在回收站中');
    return this.detail(userId, id);
  }

  /** Delete for good, from the recycle bin only, and never while objects' tasks use the library. */
  async purge(userId: string, id: string): Promise<null> {
    const { library } = await this.gate.open(userId, id, 'manage', { deleted: 'allow' });
    if (library.deletedAt === null) throw new AppError('CONFLICT', '请先删除到回收站，再彻底删除');
    const outcome = await this.libraries.purge(id);
    if (!outcome.purged) throw new AppError('CONFLICT', `该目标标准已被${outcome.tasks}个诊断任务使用，不能彻底删除`);
    return null;
  }

  /** Starts a copy: the new library's id is made here, so the job id (and a repeat of the same request) is fixed. */
  async copy(userId: string, input: TargetCopyInput): Promise<Required<JobStart>> {
    await this.checkCreator(userId);
    const { library } = await this.gate.open(userId, input.id, 'read');
    if (library.deletedAt !== null) throw new AppError('CONFLICT', '目标标准已删除，请先恢复');
    const { name } = input;
    const cycleValue = input.cycleValue ?? null;
    const libraryId = randomUUID();
    const taskId = copyTaskId(libraryId);
    await this.queue.enqueue('copy-target', { sourceId: library.id, libraryId, name, cycleValue, requesterId: userId }, { jobId: taskId });
    return { taskId, libraryId };
  }

  /**
   * Starts a sync from a parent into its children (or into one child: "inherit from parent"). The job id carries a
   * version of the parent and its children, so a double click runs once and a change makes a new run.
   */
  async sync(userId: string, input: { parentId: string; childId?: string | null }): Promise<JobStart> {
    const childId = input.childId ?? null;
    const parent = await this.gate.open(userId, input.parentId, 'read');
    if (parent.library.deletedAt !== null) throw new AppError('CONFLICT', '目标标准已删除，请先恢复');
    const children = await this.libraries.children(input.parentId, { live: true });
    if (childId !== null && !children.includes(childId)) throw new AppError('VALIDATION', '该目标标准不是此上级的子库');
    await this.checkSyncer(userId, parent.access, childId);
    if (childId === null && children.length === 0) throw new AppError('VALIDATION', '该目标标准没有子库');
    const taskId = syncTaskId(input.parentId, await this.libraries.syncVersion(input.parentId), childId);
    await this.queue.enqueue('sync-quality', { parentId: input.parentId, childId, requesterId: userId }, { jobId: taskId });
    return { taskId };
  }

  /**
   * quality/copy: chosen points of a library the person may read into an indicator of a library they may write, as a
   * job (answers its taskId at once). Codes the target holds already are renamed by the job (copyCodes).
   */
  async copyPoints(userId: string, input: PointCopyInput): Promise<JobStart> {
    const indicator = await this.catalog.find(input.indicatorId);
    if (!indicator) throw new AppError('NOT_FOUND', '指标不存在');
    await this.gate.open(userId, indicator.libraryId, 'write');
    const source = await this.gate.open(userId, input.sourceLibraryId, 'read');
    if (source.library.deletedAt !== null) throw new AppError('CONFLICT', '目标标准已删除，请先恢复');
    const pointIds = [...new Set(input.pointIds)];
    if ((await this.points.idsIn(source.library.id, pointIds)).length !== pointIds.length) throw new AppError('VALIDATION', '质控点不存在或不属于来源目标标准');
    const taskId = pointsTaskId(randomUUID());
    await this.queue.enqueue('copy-points', { sourceLibraryId: source.library.id, pointIds, targetLibraryId: indicator.libraryId, indicatorId: indicator.id, requesterId: userId }, { jobId: taskId });
    return { taskId };
  }

  /**
   * 001 §4: true when done, false while waiting or running; a failure answers its reason (success false). Only for
   * who started it and administrators (a sync's id is shared by design: also whoever may start that same sync); to
   * anyone else it answers as an unknown id, so nobody learns which jobs exist.
   */
  async checkStatus(userId: string, taskId: string): Promise<boolean> {
    const progress = await this.taskResult(userId, taskId);
    if (progress.state === 'failed') throw new AppError('CONFLICT', progress.reason ?? STEP_FAILED);
    return progress.state === 'done';
  }

  /**
   * The documents' "async task result" (quality/taskResult): checkStatus's answer with how far the job is (done of
   * total, the step) and, once failed, why. Who may see it is checkStatus's rule.
   */
  async taskResult(userId: string, taskId: string): Promise<TaskProgress> {
    const task = taskOf(taskId);
    if (!task) throw new AppError('VALIDATION', '任务编号不正确');
    const unknown = new AppError('NOT_FOUND', TASK_UNKNOWN);
    const status = await readableStatus(this.queue, task.job, taskId, (p) => this.mayWatch(userId, p), unknown);
    if (!status) {
      // Finished jobs are kept a week; after that a copy is known by its library, to its creator.
      const copy = task.job === 'copy-target' ? await this.libraries.find(task.libraryId) : null;
      if (copy && (copy.creatorId === userId || (await this.gate.isAdmin(userId)))) {
        return { taskId, state: 'done', ...finished(COPY_STAGE_COUNT), reason: null, libraryId: copy.id, renamed: [] };
      }
      throw unknown;
    }
    return progressOf(task, status);
  }

  /** Who may watch a copy or sync: its requester, an administrator, or (a sync) whoever may start the same sync. */
  private async mayWatch(userId: string, payload: { requesterId: string; parentId?: string; childId?: string | null }): Promise<boolean> {
    if (payload.requesterId === userId || (await this.gate.isAdmin(userId))) return true;
    if (payload.parentId === undefined) return false;
    try {
      const parent = await this.gate.open(userId, payload.parentId, 'read');
      await this.checkSyncer(userId, parent.access, payload.childId ?? null);
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  }

  /** A sync into every child: who writes the parent; inheriting into one child: who writes the parent or that child. */
  private async checkSyncer(userId: string, parentAccess: 'write' | 'read', childId: string | null): Promise<void> {
    if (parentAccess === 'write') return;
    if (childId === null) throw new AppError('NO_PERMISSION');
    await this.gate.open(userId, childId, 'write');
  }

  /** Creating a library (add, copy) takes the 目标标准 menu with write: experts read libraries, they never make them. */
  private async checkCreator(userId: string): Promise<void> {
    if (!(await this.gate.mayCreate(userId))) throw new AppError('NO_PERMISSION');
  }

  /**
   * The rules beyond the contract's: the dimension, cycle type and parent library a library is given exist (and the
   * parent may take it). `fields` are the library as it is to be; what did not change is not checked again.
   */
  private async checkFields(userId: string, current: LibraryRecord | null, fields: LibraryFields): Promise<LibraryFields> {
    const { dimensionId, cycleTypeId, parentId } = fields;
    if (dimensionId !== null && dimensionId !== current?.dimensionId && !(await this.libraries.dimensionExists(dimensionId))) throw new AppError('VALIDATION', '维度不存在');
    if (cycleTypeId !== null && cycleTypeId !== current?.cycleTypeId && !(await this.libraries.cycleTypeExists(cycleTypeId))) throw new AppError('VALIDATION', '周期类型不存在');
    if (parentId !== null && parentId !== current?.parentId) await this.checkParent(userId, current, parentId);
    return fields;
  }

  /** A child goes under a parent the person writes (addChild: a read grant is not enough, issue 30). */
  private async checkParent(userId: string, current: LibraryRecord | null, parentId: string): Promise<void> {
    const parent = await this.libraries.find(parentId);
    const hasChildren = current ? (await this.libraries.children(current.id, { live: false })).length > 0 : false;
    const refusal = parentRefusal({ libraryId: current?.id ?? null, parent: parent && { id: parent.id, parentId: parent.parentId, deleted: parent.deletedAt !== null }, hasChildren });
    if (refusal) throw new AppError('VALIDATION', refusal);
    await this.gate.open(userId, parentId, 'addChild');
  }
}

/** A job's status as a person reads it: a refusal (a completed job that answered refused) reads as a failure. */
function progressOf(task: LibraryTask, status: JobStatus): TaskProgress {
  const total = status.progress?.total ?? 0;
  const reading = readJob(status, { waiting: STEP_WAITING, done: STEP_DONE, failed: STEP_FAILED, failedReason: FAILED[task.job] }, { done: total, unreported: 0 });
  const renamed = reading.state === 'done' ? ((status.result as { renamed?: Array<{ from: string; to: string }> } | null)?.renamed ?? []) : [];
  return { taskId: status.id, ...reading, libraryId: task.job === 'copy-target' ? task.libraryId : null, renamed };
}

/** A library's fields as they are: what an update leaves out stays. */
function fieldsOf(r: LibraryRecord): LibraryFields {
  return { name: r.name, cycleTypeId: r.cycleTypeId, cycleValue: r.cycleValue, targetLevelId: r.targetLevelId, dimensionId: r.dimensionId, treeLevel: r.treeLevel, parentId: r.parentId };
}

/** A list row's rights: the list's SQL answers the strongest relation as access (write, read). */
function cardRights(r: LibraryRecord, access: 'write' | 'read', userId: string, isAdmin: boolean): LibraryRights {
  return libraryRightsOf(libraryRelationsOf({ isAdmin, isCreator: r.creatorId === userId, granted: access }), r.deletedAt !== null);
}

/** The spec's Target standard and Target card (001 §3) on the wire, with the person's rights (the card's buttons). */
export function toCard(r: LibraryRecord, access: 'write' | 'read', rights: LibraryRights): TargetLibrary {
  return {
    id: r.id,
    name: r.name,
    cycleTypeId: r.cycleTypeId,
    cycleValue: r.cycleValue,
    targetLevelId: r.targetLevelId,
    dimensionId: r.dimensionId,
    dimensionName: r.dimensionName,
    creator: r.creatorId,
    creatorName: r.creatorName,
    createTime: formatDateTime(r.createdAt),
    createdTime: formatDate(r.createdAt),
    treeLevel: r.treeLevel,
    targetType: r.targetType,
    parentId: r.parentId,
    parentName: r.parentName,
    child: r.childCount > 0,
    childCount: r.childCount,
    pointCount: r.pointCount,
    canEdit: rights.manage,
    access,
    rights,
    deleteTime: r.deletedAt ? formatDateTime(r.deletedAt) : null,
  };
}
