import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  AUDITOR_RULE_NAMES, LAUNCH_LEVEL_NAMES, LAUNCH_LEVELS, LAUNCH_MESSAGES, LAUNCH_SCOPE_NAMES, LAUNCH_SCOPES, LAUNCH_STATE_NAMES, OWNER_RULE_NAMES,
  type LaunchDetail, type LaunchInputParsed, type LaunchLevel, type LaunchOptions, type LaunchOptionsQuery, type LaunchProgress, type LaunchStart,
  type LaunchSummary, type LaunchTask, type Page,
} from '@zhengai/contracts';
import { JobQueue, type JobStatus } from '../../../infrastructure/queue/job-queue.port.js';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { diagnosisMessageLink, messageAroundTaskName } from '../domain/diagnosis-messages.js';
import { paged } from '../../../shared/http/envelope.js';
import type { JobProgress } from '../../../shared/jobs/job-catalogue.js';
import { readableStatus, readJob } from '../../../shared/jobs/job-reading.js';
import { formatDate } from '../../../shared/kernel/format.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { AUDIT_STATE_NAMES, type AuditState } from '../domain/audit.js';
import {
  auditorRulesOf, cycleTypeFits, isOverdue, launchActionsOf, launchProblem, mayLaunch, optionActionsOf, ownerRulesOf, taskSuffixOf,
} from '../domain/launch-rules.js';
import { LaunchRepository, type Launch, type LaunchTaskRow } from './ports/launch-repository.port.js';

export type ProgressSink = (progress: JobProgress) => Promise<void>;
const nowhere: ProgressSink = async () => undefined;

/** The job's steps, as launch/progress shows them. */
export const LAUNCH_STEPS = { waiting: '排队中', reading: '读取诊断对象', creating: '创建诊断任务', done: '完成', failed: '失败' } as const;
export const LAUNCH_FAILED = '诊断任务下发失败，请稍后重试或联系管理员';
/** Objects a transaction: one INSERT … SELECT of their tasks and rows (10,000 × 20 points = 200,000 rows). */
export const LAUNCH_BATCH = 10_000;
const OPTION_LIMIT = 200;
const OVERDUE_LIMIT = 500;

export const launchJobId = (launchId: string, run: number) => `launch-${launchId}-${run}`;
export type LaunchOutcome = { state: 'done'; created: number } | { state: 'skipped' } | { state: 'failed'; reason: string };

const options = <K extends string>(keys: readonly K[], names: Record<K, string>) => keys.map((k) => ({ value: k, text: names[k] }));

/**
 * 诊断任务下发 (module README "Launching a diagnosis"): the options of the form, the launch (its row and its job
 * together), the job's work (one task an object, its rows, targets pushed down), its progress, the launches' list and
 * page, 催办 and closing the cycle. Publishers and administrators only (domain/launch-rules.ts LAUNCH_ROLES).
 */
@Injectable()
export class LaunchService {
  private readonly logger = new Logger('DiagnosisLaunch');

  constructor(
    private readonly repo: LaunchRepository,
    private readonly queue: JobQueue,
    private readonly uow: UnitOfWork,
    private readonly outbox: MessageOutbox,
  ) {}

  private today(): string {
    return formatDate(new Date());
  }

  /** The person's role codes, when they may launch; else no permission. */
  private async launcher(userId: string): Promise<{ codes: string[]; name: string }> {
    const standing = await this.repo.standing(userId);
    if (!mayLaunch(standing.codes)) throw new AppError('NO_PERMISSION', LAUNCH_MESSAGES.cannotLaunch);
    return standing;
  }

  private async launch(id: string): Promise<Launch> {
    const found = await this.repo.find(id);
    if (!found) throw new AppError('NOT_FOUND', LAUNCH_MESSAGES.notFound);
    return found;
  }

  async options(userId: string, q: LaunchOptionsQuery): Promise<LaunchOptions> {
    const { codes } = await this.launcher(userId);
    const level: LaunchLevel = q.level ?? 'school';
    const keyword = q.keyword?.trim() || null;
    const allTypes = await this.repo.cycleTypes();
    const cycleTypes = allTypes.filter((t) => cycleTypeFits(level, t.lxmc));
    const cycleTypeId = q.cycleTypeId && cycleTypes.some((t) => t.id === q.cycleTypeId) ? q.cycleTypeId : null;
    const cycleValues = cycleTypeId ? await this.repo.cycleValues(cycleTypeId) : [];
    const defaultCycleValue = cycleValues.find((v) => v.defaultsStatus === 1)?.cycleNumber ?? null;
    const cycleValue = q.cycleValue?.trim() || defaultCycleValue;
    const [libraries, departments, objects, people] = await Promise.all([
      cycleTypeId && cycleValue ? this.repo.libraries(level, cycleValue, cycleTypeId) : Promise.resolve([]),
      this.repo.departments(level),
      this.repo.objects(level, keyword, OPTION_LIMIT),
      this.repo.people(keyword, OPTION_LIMIT),
    ]);
    return {
      levels: options(LAUNCH_LEVELS, LAUNCH_LEVEL_NAMES),
      level,
      cycleTypes,
      cycleValues,
      defaultCycleValue,
      libraries,
      departments,
      objects,
      people,
      ownerRules: options(ownerRulesOf(level), OWNER_RULE_NAMES),
      auditorRules: options(auditorRulesOf(), AUDITOR_RULE_NAMES),
      scopes: options(LAUNCH_SCOPES, LAUNCH_SCOPE_NAMES),
      actions: optionActionsOf(codes),
    };
  }

  /** Checks the choice, stores the launch (launching) and queues its job; no job, no launch. */
  async start(userId: string, input: LaunchInputParsed): Promise<LaunchStart> {
    await this.launcher(userId);
    const ownerId = input.ownerRule === 'chosen' ? (input.ownerId?.trim() || null) : null;
    const auditorId = input.auditorRule === 'chosen' ? (input.auditorId?.trim() || null) : null;
    const [cycleTypeName, library] = await Promise.all([this.repo.cycleTypeName(input.cycleTypeId), this.repo.library(input.libraryId)]);
    const scopeIds = input.scope === 'all' ? [] : [...new Set(input.scopeIds)];
    const problem = launchProblem({ ...input, cycleTypeName, library, scopeIds, ownerId, auditorId }, this.today());
    if (problem) throw new AppError('VALIDATION', problem);
    const named = [ownerId, auditorId].filter((p): p is string => p !== null);
    const existing = await this.repo.existingPeople(named);
    if (named.some((p) => !existing.includes(p))) throw new AppError('VALIDATION', '所选人员不存在');
    const id = randomUUID();
    await this.repo.insert({
      id, level: input.level, cycleTypeId: input.cycleTypeId, cycleValue: input.cycleValue, libraryId: input.libraryId, scope: input.scope, scopeIds,
      ownerRule: input.ownerRule, ownerId, auditorRule: input.auditorRule, auditorId, startDate: input.startDate, endDate: input.endDate, creatorId: userId,
    });
    const taskId = launchJobId(id, 1);
    try {
      await this.queue.enqueue('launch-diagnosis', { launchId: id, run: 1, requesterId: userId }, { jobId: taskId });
    } catch (error) {
      // The row and its job together or not at all.
      this.logger.warn(`launch ${id} not queued, removed: ${error instanceof Error ? error.message : String(error)}`);
      await this.repo.discard(id);
      throw error;
    }
    return { launchId: id, taskId };
  }

  /** A failed launch runs its job again (objects with a task already are left: one task per object and library). */
  async retry(userId: string, launchId: string): Promise<LaunchStart> {
    const { codes } = await this.launcher(userId);
    const found = await this.launch(launchId);
    if (!launchActionsOf(codes, found.state).includes('retry')) throw new AppError('CONFLICT', `下发${LAUNCH_STATE_NAMES[found.state]}，不能重新下发`);
    const run = await this.repo.retry(launchId);
    if (run === null) throw new AppError('CONFLICT', '下发状态已变化，请刷新后重试');
    const taskId = launchJobId(launchId, run);
    try {
      await this.queue.enqueue('launch-diagnosis', { launchId, run, requesterId: userId }, { jobId: taskId });
    } catch (error) {
      await this.repo.fail(launchId, '下发任务未能提交（任务队列不可用），请稍后重试', run);
      throw error;
    }
    return { launchId, taskId };
  }

  /**
   * The job's work: the launch's objects without a task in its library, LAUNCH_BATCH a transaction, each batch one
   * INSERT … SELECT of tasks and quality rows; progress after each batch (done of total objects). Run twice, it makes
   * nothing twice. A refusal found (the library gone) fails the launch with its reason; a fault is thrown (retried,
   * and once failed for good the hook fails the launch).
   */
  async run(launchId: string, run: number, report: ProgressSink = nowhere): Promise<LaunchOutcome> {
    const found = await this.repo.find(launchId);
    if (!found || found.state !== 'launching' || found.runs !== run) return { state: 'skipped' };
    await report({ done: 0, total: 0, step: LAUNCH_STEPS.reading });
    const library = await this.repo.library(found.libraryId);
    if (!library || library.deleted || library.points === 0) {
      const reason = !library || library.deleted ? '目标标准不存在或已删除' : '目标标准还没有质控点';
      await this.repo.fail(launchId, reason, run);
      await report({ done: 0, total: 0, step: LAUNCH_STEPS.failed, reason });
      return { state: 'failed', reason };
    }
    const { objects, missing } = await this.repo.scopeCount(found);
    const suffix = taskSuffixOf(found.level, found.cycleValue);
    let done = 0;
    let created = 0;
    let after: string | null = null;
    const launched = messageAroundTaskName('launched', found.creatorName ?? '');
    await report({ done, total: missing, step: LAUNCH_STEPS.creating });
    for (;;) {
      const batch = await this.repo.nextObjects(found, after, LAUNCH_BATCH);
      if (batch.length === 0) break;
      // A batch's tasks and their owners' messages in one transaction (a fault rolls both back; the retry makes both).
      created += await this.uow.run((tx) => this.repo.createTasks(tx, found, batch, suffix, { batchId: this.outbox.openBatch(tx), ...launched, linkPrefix: diagnosisMessageLink('') }));
      done += batch.length;
      after = batch[batch.length - 1]!;
      await report({ done: Math.min(done, missing), total: missing, step: LAUNCH_STEPS.creating });
    }
    await this.repo.finish(launchId, { objectCount: objects, createdCount: created });
    await report({ done: missing, total: missing, step: LAUNCH_STEPS.done });
    return { state: 'done', created };
  }

  /** The job failed for good (its tries spent, its worker killed too often): the launch fails, its creator may retry. */
  async failForGood(launchId: string, run: number): Promise<void> {
    if (await this.repo.fail(launchId, LAUNCH_FAILED, run)) this.logger.warn(`launch ${launchId}: its job run ${run} failed for good`);
  }

  /** How far a launch's job is: done of total objects, the step, a failure's reason; polled every 1000 ms. */
  async progress(userId: string, launchId: string): Promise<LaunchProgress> {
    await this.launcher(userId);
    const found = await this.launch(launchId);
    const taskId = launchJobId(launchId, found.runs);
    const status = await readableStatus(this.queue, 'launch-diagnosis', taskId, async () => true, new AppError('NOT_FOUND', '任务不存在或已过期'));
    if (status?.state === 'failed') await this.failForGood(launchId, found.runs);
    if (!status || found.state !== 'launching') {
      const now = status?.state === 'failed' ? await this.launch(launchId) : found;
      const total = now.objectCount ?? 0;
      if (now.state === 'failed') return { launchId, taskId, state: 'failed', done: 0, total, step: LAUNCH_STEPS.failed, reason: now.failReason ?? LAUNCH_FAILED };
      if (now.state === 'launching') return { launchId, taskId, state: 'waiting', done: 0, total: 0, step: LAUNCH_STEPS.waiting, reason: null };
      const made = now.createdCount ?? 0;
      return { launchId, taskId, state: 'done', done: made, total: made, step: LAUNCH_STEPS.done, reason: null };
    }
    return { launchId, taskId, ...readingOf(status) };
  }

  async list(userId: string, q: PageQuery & { level?: LaunchLevel }): Promise<Page<LaunchSummary>> {
    const { codes } = await this.launcher(userId);
    const window = pageWindow(q);
    const { rows, total } = await this.repo.list({ level: q.level }, window);
    return paged(rows.map((l) => summaryOf(l, codes)), total, q.pageNum, window.size);
  }

  /** One launch's page: counts by department and audit state, the overdue tasks, what the person may do. */
  async detail(userId: string, launchId: string): Promise<LaunchDetail> {
    const { codes } = await this.launcher(userId);
    const found = await this.launch(launchId);
    const today = this.today();
    const [byDepartment, overdue] = await Promise.all([
      this.repo.counts(launchId, today),
      this.repo.tasks(launchId, { overdueBefore: today }, { skip: 0, take: OVERDUE_LIMIT }),
    ]);
    const totals = { draft: 0, submitted: 0, passed: 0, refused: 0, total: 0, overdue: 0 };
    for (const d of byDepartment) for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += d[k];
    return { launch: summaryOf(found, codes), totals, byDepartment, overdue: overdue.rows.map((t) => taskOf(t, today)) };
  }

  async tasks(userId: string, q: PageQuery & { launchId: string; departmentId?: string; auditState?: AuditState; overdue?: boolean }): Promise<Page<LaunchTask>> {
    await this.launcher(userId);
    await this.launch(q.launchId);
    const today = this.today();
    const window = pageWindow(q);
    const { rows, total } = await this.repo.tasks(q.launchId, { departmentId: q.departmentId || undefined, auditState: q.auditState, overdueBefore: q.overdue ? today : undefined }, window);
    return paged(rows.map((t) => taskOf(t, today)), total, q.pageNum, window.size);
  }

  /** 催办: one task's owner (not yet submitted), or every overdue task's owner; recorded on each task. */
  async urge(userId: string, launchId: string, taskId: string | null): Promise<{ urged: number }> {
    const { codes, name } = await this.launcher(userId);
    const found = await this.launch(launchId);
    if (!launchActionsOf(codes, found.state).includes('urge')) throw new AppError('CONFLICT', `下发${LAUNCH_STATE_NAMES[found.state]}，不能催办`);
    // The 催办 and its messages to the owners in one transaction.
    const text = { ...messageAroundTaskName('urged', name), linkPrefix: diagnosisMessageLink('') };
    const urged = await this.uow.run((tx) => this.repo.urge(tx, launchId, taskId, this.today(), { userId, userName: name }, { batchId: this.outbox.openBatch(tx), ...text }));
    if (urged === 0) throw new AppError('CONFLICT', LAUNCH_MESSAGES.nothingToUrge);
    return { urged };
  }

  /** 关闭周期: the launch (and the library's other open launches) closed; its tasks refuse edits, submissions and audits. */
  async close(userId: string, launchId: string): Promise<LaunchSummary> {
    const { codes } = await this.launcher(userId);
    const found = await this.launch(launchId);
    if (!launchActionsOf(codes, found.state).includes('close')) throw new AppError('CONFLICT', `下发${LAUNCH_STATE_NAMES[found.state]}，不能关闭周期`);
    if (!(await this.repo.close(launchId, userId))) throw new AppError('CONFLICT', '下发状态已变化，请刷新后重试');
    return summaryOf(await this.launch(launchId), codes);
  }
}

function readingOf(status: JobStatus<'launch-diagnosis'>) {
  const texts = { waiting: LAUNCH_STEPS.waiting, done: LAUNCH_STEPS.done, failed: LAUNCH_STEPS.failed, failedReason: LAUNCH_FAILED };
  const reported = status.progress?.total ?? 0;
  return readJob(status, texts, { done: reported, unreported: 0 });
}

function summaryOf(l: Launch, codes: readonly string[]): LaunchSummary {
  return {
    id: l.id, level: l.level, levelName: LAUNCH_LEVEL_NAMES[l.level], cycleTypeName: l.cycleTypeName, cycleValue: l.cycleValue,
    libraryId: l.libraryId, libraryName: l.libraryName, scope: l.scope, scopeName: LAUNCH_SCOPE_NAMES[l.scope],
    ownerRule: l.ownerRule, ownerRuleName: OWNER_RULE_NAMES[l.ownerRule], ownerName: l.ownerName,
    auditorRule: l.auditorRule, auditorRuleName: AUDITOR_RULE_NAMES[l.auditorRule], auditorName: l.auditorName,
    startDate: l.startDate, endDate: l.endDate, state: l.state, stateName: LAUNCH_STATE_NAMES[l.state], failReason: l.failReason,
    objectCount: l.objectCount, createdCount: l.createdCount, tasks: l.tasks, creatorName: l.creatorName, createdAt: l.createdAt, closedAt: l.closedAt,
    actions: launchActionsOf(codes, l.state),
  };
}

function taskOf(t: LaunchTaskRow, today: string): LaunchTask {
  return { ...t, auditStateName: AUDIT_STATE_NAMES[t.auditState], overdue: isOverdue(t.jssj, t.auditState, today) };
}
