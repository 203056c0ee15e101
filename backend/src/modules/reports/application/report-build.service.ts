import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { REPORT_LEVEL_NAMES, REPORT_MESSAGES, type ReportBuildProgress, type ReportBuildStart, type ReportGenerateInput, type ReportScope, type ReportScopeOptions } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { JobQueue, type JobStatus } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import type { JobProgress } from '../../../shared/jobs/job-catalogue.js';
import { readableStatus, readJob } from '../../../shared/jobs/job-reading.js';
import { TaskGate } from '../../diagnosis/application/task-gate.js';
import { reportRolesOf } from '../domain/report-flow.js';
import { ReportCoverService } from './report-cover.service.js';
import { ReportDocumentWriting } from './report-document-writing.service.js';
import { ReportOverviewService } from './report-overview.service.js';
import { ReportTemplateService } from './report-template.service.js';
import { ReportService } from './report.service.js';
import { ReportRepository } from './ports/report-repository.port.js';

export type ProgressSink = (progress: JobProgress) => Promise<void>;
const nowhere: ProgressSink = async () => undefined;

/** The build's steps, as taskResult shows them. */
export const BUILD_STEPS = { waiting: '排队中', points: '统计质控点', word: '生成Word', done: '完成', failed: '失败' } as const;
const TOTAL = 3;
const BUILD_FAILED = '报告生成失败，请稍后重新生成或联系管理员';
/** A build whose job the queue no longer knows (Redis restarted empty, a request killed between the row and the job). */
export const BUILD_LOST = '生成任务已丢失，请重新生成';
/** A rebuild whose job could not be queued: the report was reset already, so it fails and may be rebuilt again. */
export const BUILD_NOT_QUEUED = '生成任务未能提交（任务队列不可用），请稍后重新生成';
/** A building report without its job for this long lost it: the row and its job are made in one request. */
export const BUILD_LOST_AFTER_MS = 2 * 60_000;
const SETTLE_BATCH = 200;
const TASK_ID = /^report-([A-Za-z0-9_-]{1,64})-(\d{1,6})$/;

export type BuildOutcome = { state: 'built' } | { state: 'skipped' } | { state: 'failed'; reason: string };

export const buildTaskId = (reportId: string, attempt: number) => `report-${reportId}-${attempt}`;

/**
 * 生成报告: checks the scopes (the person reads every diagnosed task of each), copies the template and cover into a
 * new report (building) and enqueues build-report, which computes and freezes the overview and tables and writes the
 * Word document; the author polls checkStatus / taskResult. Rebuild runs the same job again.
 */
@Injectable()
export class ReportBuildService {
  private readonly logger = new Logger('ReportBuild');

  constructor(
    private readonly reports: ReportRepository,
    private readonly flow: ReportService,
    private readonly overview: ReportOverviewService,
    private readonly templates: ReportTemplateService,
    private readonly covers: ReportCoverService,
    private readonly documents: ReportDocumentWriting,
    private readonly gate: TaskGate,
    private readonly queue: JobQueue,
    private readonly uow: UnitOfWork,
  ) {}

  /** Cycles known and the objects of the cycle (the newest when absent) whose diagnosed tasks the person reads. */
  async scopeOptions(userId: string, cycle: string | undefined): Promise<ReportScopeOptions> {
    const cycles = await this.overview.cycles();
    const chosen = cycle?.trim() || cycles[0];
    if (!chosen) return { cycles, scopes: [] };
    const objects = await this.overview.scopeObjects(chosen);
    const readable = new Set(await this.reports.readableTasks([...new Set(objects.flatMap((o) => o.taskIds))], await this.gate.visible(userId)));
    const scopes = objects.filter((o) => o.taskIds.length > 0 && o.taskIds.every((t) => readable.has(t))).map(({ cjlx, cjmc, cjname, cjdmid }) => ({ cjlx, cjmc, cjname, cjdmid }));
    return { cycles, scopes };
  }

  async generate(userId: string, input: ReportGenerateInput): Promise<ReportBuildStart> {
    const cycle = input.cycle.trim();
    const keys = dedupe(input.scopes);
    if (keys.length === 0) throw new AppError('VALIDATION', REPORT_MESSAGES.noScope);
    const objects = await this.overview.scopeObjects(cycle);
    const scopes: ReportScope[] = [];
    for (const key of keys) {
      const object = objects.find((o) => o.cjlx === key.cjlx && o.cjdmid === key.cjdmid);
      if (!object) throw new AppError('VALIDATION', REPORT_MESSAGES.noData);
      scopes.push({ cjlx: object.cjlx, cjmc: object.cjmc || REPORT_LEVEL_NAMES[object.cjlx], cjname: object.cjname, cjdmid: object.cjdmid });
    }
    if (!(await this.reports.readsScopes(scopes, cycle, await this.gate.visible(userId)))) throw new AppError('NO_PERMISSION', REPORT_MESSAGES.scopeNotReadable);
    const reportId = randomUUID();
    await this.create(userId, { id: reportId, reportName: input.reportName, cycle, scopes, templateId: input.templateId, coverId: input.coverId, principal: input.principal });
    const taskId = buildTaskId(reportId, 1);
    try {
      await this.queue.enqueue('build-report', { reportId, requesterId: userId }, { jobId: taskId });
    } catch (error) {
      // The row and its job together or not at all: no job, no report (a discard that fails too is settled later as lost).
      this.logger.warn(`report ${reportId} not queued, removed: ${error instanceof Error ? error.message : String(error)}`);
      await this.reports.discard(reportId);
      throw error;
    }
    return { taskId, reportId };
  }

  /**
   * A new report in building with its template and cover copied in (the defaults when not named) and its history's
   * first row; run() builds it. generate's second half, and the demo seed's.
   */
  async create(
    userId: string,
    input: { id: string; reportName: string; cycle: string; scopes: ReportScope[]; templateId?: string; coverId?: string; principal?: string },
  ): Promise<void> {
    const [{ templateId, template }, { coverId, cover }, standing] = await Promise.all([
      this.templates.forBuild(input.templateId || undefined),
      this.covers.forBuild(input.coverId || undefined),
      this.reports.standing(userId),
    ]);
    await this.uow.run(async (tx) => {
      await this.reports.insert(tx, {
        id: input.id, reportName: input.reportName.trim(), cycle: input.cycle, scopes: input.scopes, templateId, template, coverId, cover,
        principal: input.principal?.trim() || standing.name, authorId: userId,
      });
      await this.reports.addHistory(tx, { reportId: input.id, action: 'generate', actorId: userId, actorName: standing.name });
    });
  }

  /** The author builds a draft, rejected or failed report again from the live data (reviews and rejection go). */
  async rebuild(userId: string, id: string): Promise<ReportBuildStart> {
    const standing = await this.reports.standing(userId);
    await this.uow.run(async (tx) => {
      const report = await this.reports.lock(tx, id);
      if (!report) throw new AppError('NOT_FOUND', REPORT_MESSAGES.notFound);
      this.flow.allowed(report, 'rebuild', reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes }));
      await this.reports.resetForBuild(tx, id);
      await this.reports.addHistory(tx, { reportId: id, action: 'rebuild', actorId: userId, actorName: standing.name });
    });
    const taskId = buildTaskId(id, await this.reports.buildCount(id));
    try {
      await this.queue.enqueue('build-report', { reportId: id, requesterId: userId }, { jobId: taskId });
    } catch (error) {
      // Its frozen data went with the reset: the report fails (生成失败, the reason why), and its author may rebuild again.
      this.logger.warn(`report ${id} not queued for its rebuild: ${error instanceof Error ? error.message : String(error)}`);
      await this.failBuild(id, BUILD_NOT_QUEUED);
      throw error;
    }
    return { taskId, reportId: id };
  }

  /** A building report becomes failed (生成失败) with the reason and a buildFailed history row; false when no longer building. */
  private failBuild(reportId: string, reason: string): Promise<boolean> {
    return this.uow.run(async (tx) => {
      if (!(await this.reports.fail(tx, reportId, reason))) return false;
      await this.reports.addHistory(tx, { reportId, action: 'buildFailed', actorId: null, actorName: '系统', comment: reason });
      return true;
    });
  }

  /**
   * The build-report job failed for good without its handler recording it (its worker killed more often than
   * allowed, the database away when it tried): the report fails, unless a later build of it is the one running.
   */
  async failForGood(reportId: string, jobId: string): Promise<void> {
    if (jobId !== buildTaskId(reportId, await this.reports.buildCount(reportId))) return;
    if (await this.failBuild(reportId, BUILD_FAILED)) this.logger.warn(`report ${reportId}: its build ${jobId} failed for good`);
  }

  /**
   * Reports building for longer than BUILD_LOST_AFTER_MS whose job failed for good (the hook missed it) or is gone
   * (Redis restarted empty) become failed: 报告生成失败… or 生成任务已丢失，请重新生成. Run every minute by
   * ReportBuildKeeper, and on taskResult for its report. Answers how many; the queue unreachable stops the round.
   */
  async settleLostBuilds(now = new Date(), reportId?: string): Promise<number> {
    let settled = 0;
    for (const { id, builds } of await this.reports.staleBuilds(new Date(now.getTime() - BUILD_LOST_AFTER_MS), SETTLE_BATCH, reportId)) {
      let status: JobStatus<'build-report'> | null;
      try {
        status = await this.queue.status('build-report', buildTaskId(id, builds));
      } catch (error) {
        if (error instanceof AppError && error.kind === 'QUEUE_UNAVAILABLE') return settled;
        throw error;
      }
      const reason = status === null ? BUILD_LOST : status.state === 'failed' ? BUILD_FAILED : null;
      if (reason && (await this.failBuild(id, reason))) {
        this.logger.warn(`report ${id}: its build ${status === null ? 'was lost' : 'failed for good'}`);
        settled += 1;
      }
    }
    return settled;
  }

  /**
   * The job's work: compute from the live data, write the Word document, then freeze both (state draft). Any failure
   * marks the report failed with the reason. writeDocument false leaves the document to the first download's job (the
   * demo's seed, run in the API process).
   */
  async run(reportId: string, report: ProgressSink = nowhere, options: { writeDocument?: boolean } = {}): Promise<BuildOutcome> {
    const found = await this.reports.find(reportId);
    if (!found || found.state !== 'building') return { state: 'skipped' };
    try {
      await report({ done: 0, total: TOTAL, step: BUILD_STEPS.points });
      const computed = await this.overview.compute(found.scopes, found.cycle, found.template);
      const schoolName = options.writeDocument === false ? '' : await this.reports.schoolName();
      // The document, the frozen data and the history row commit together, under the document's lock (no older
      // document job stores over it); a report deleted or rebuilt meanwhile is left alone.
      const frozen = await this.documents.underLock(reportId, async (tx) => {
        let documentKey: string | null = null;
        if (options.writeDocument !== false) {
          await report({ done: 1, total: TOTAL, step: BUILD_STEPS.word });
          const builtAt = formatDateTime(new Date());
          const bytes = await this.documents.write({ ...found, overview: computed.overview, tables: computed.tables, score: computed.score, builtAt }, schoolName);
          documentKey = await this.documents.storeDocument(reportId, bytes);
        }
        if (!(await this.reports.freeze(tx, reportId, computed, documentKey))) return false;
        await this.reports.addHistory(tx, { reportId, action: 'built', actorId: null, actorName: '系统' });
        return true;
      });
      if (!frozen) return { state: 'skipped' };
      await report({ done: TOTAL, total: TOTAL, step: BUILD_STEPS.done });
      return { state: 'built' };
    } catch (error) {
      // A refusal's message is for the person; a fault's details (paths, SQL) only for the log.
      const reason = error instanceof AppError ? error.message : BUILD_FAILED;
      this.logger.warn(`report ${reportId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.uow.run(async (tx) => {
        if (await this.reports.fail(tx, reportId, reason)) await this.reports.addHistory(tx, { reportId, action: 'buildFailed', actorId: null, actorName: '系统', comment: reason });
      });
      await report({ done: 0, total: TOTAL, step: BUILD_STEPS.failed, reason });
      return { state: 'failed', reason };
    }
  }

  async checkStatus(userId: string, taskId: string): Promise<boolean> {
    const progress = await this.taskResult(userId, taskId);
    if (progress.state === 'failed') throw new AppError('CONFLICT', progress.reason ?? BUILD_FAILED);
    return progress.state === 'done';
  }

  /** How far a build is: for who started it and administrators; finished jobs expire, then the report's state tells. */
  async taskResult(userId: string, taskId: string): Promise<ReportBuildProgress> {
    const m = TASK_ID.exec(taskId);
    if (!m) throw new AppError('VALIDATION', '任务编号不正确');
    const reportId = m[1]!;
    const unknown = new AppError('NOT_FOUND', '任务不存在或已过期');
    const isAdmin = async () => (await this.reports.standing(userId)).codes.includes('admin');
    const status = await readableStatus(this.queue, 'build-report', taskId, async (p) => p.requesterId === userId || (await isAdmin()), unknown);
    // A build failed for good or lost that nothing recorded yet is recorded now (the hook missed it, Redis lost it).
    if (status?.state === 'failed') await this.failForGood(reportId, taskId);
    else if (!status) await this.settleLostBuilds(new Date(), reportId);
    if (!status) {
      const found = await this.reports.find(reportId);
      if (!found || (found.authorId !== userId && !(await isAdmin()))) throw unknown;
      const base = { taskId, reportId, total: TOTAL };
      if (found.state === 'building') return { ...base, state: 'waiting', done: 0, step: BUILD_STEPS.waiting, reason: null };
      if (found.state === 'failed') return { ...base, state: 'failed', done: 0, step: BUILD_STEPS.failed, reason: found.failReason };
      return { ...base, state: 'done', done: TOTAL, step: BUILD_STEPS.done, reason: null };
    }
    return progressOf(taskId, reportId, status);
  }
}

function progressOf(taskId: string, reportId: string, status: JobStatus<'build-report'>): ReportBuildProgress {
  const texts = { waiting: BUILD_STEPS.waiting, done: BUILD_STEPS.done, failed: BUILD_STEPS.failed, failedReason: BUILD_FAILED };
  return { taskId, reportId, ...readJob(status, texts, { done: TOTAL, unreported: TOTAL }) };
}

function dedupe<T extends { cjlx: string; cjdmid: string }>(scopes: readonly T[]): T[] {
  const seen = new Set<string>();
  return scopes.filter((s) => {
    const key = `${s.cjlx}\u0000${s.cjdmid}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
