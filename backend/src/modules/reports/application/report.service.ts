import { Injectable } from '@nestjs/common';
import {
  REPORT_MESSAGES,
  REPORT_STATE_NAMES,
  REVIEW_RESULT_NAMES,
  type ReportAction,
  type ReportComment,
  type ReportDetail,
  type ReportDiscussInput,
  type ReportListQuery,
  type ReportPage,
  type ReportRejectInput,
  type ReportReviewInput,
  type ReportShare,
  type ReportShareInput,
  type ReportShareOptions,
  type ReviewVo,
} from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime, formatFloat } from '../../../shared/kernel/format.js';
import { TaskGate } from '../../diagnosis/application/task-gate.js';
import { mayManageTemplates, mayRead, relationsReadingIn, type ReportRelation } from '../domain/report-access.js';
import { actionsOf, checkMove, reportRolesOf, reviewStepOf, type ReportRole } from '../domain/report-flow.js';
import { QUALITY_REPORT_PATH, REPORT_NEXT_REVIEWERS, reportMentionMessage, reportMoveMessage, reportShareMessage, type ReportMessageText } from '../domain/report-messages.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { coverUrlOf, historyName, stampUrlOf } from './report-names.js';
import { ReportDocumentJobs } from './report-document-jobs.js';
import { ReportRepository, type ReportRecord, type ReportStanding, type StateChange, type StoredReview } from './ports/report-repository.port.js';

const notFound = () => new AppError('NOT_FOUND', REPORT_MESSAGES.notFound);

/** What the person is to one report: who they are, their roles on it, whether they read it. */
export interface ReportStandingOn {
  standing: ReportStanding;
  roles: Set<ReportRole>;
  reads: boolean;
}

/** The report list, page and moves (submit, review, reject, delete), shares and discussion. */
@Injectable()
export class ReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly gate: TaskGate,
    private readonly uow: UnitOfWork,
    private readonly documentJobs: ReportDocumentJobs,
    private readonly outbox: MessageOutbox,
  ) {}

  /** A message about the report to each of `userIds` but the actor, in the move's transaction. */
  private tell(tx: Transaction, report: ReportRecord, userIds: Array<string | null>, actorId: string, text: ReportMessageText, kind: 'report' | 'mention' = 'report'): Promise<void> {
    const to = [...new Set(userIds.filter((id): id is string => !!id && id !== actorId))];
    return this.outbox.post(tx, to.length ? [{ userIds: to, kind, ...text, objectType: 'quality-report', objectId: report.id, link: `${QUALITY_REPORT_PATH}?report=${encodeURIComponent(report.id)}` }] : []);
  }

  async list(userId: string, q: ReportListQuery): Promise<ReportPage> {
    const standing = await this.reports.standing(userId);
    const roles = reportRolesOf({ isAuthor: false, codes: standing.codes });
    const visible = await this.gate.visible(userId);
    const { rows, total } = await this.reports.page(
      { cycle: q.cycle?.trim() || undefined, cjlx: q.cjlx, state: q.state, name: q.name?.trim() || undefined },
      { userId, departmentId: standing.departmentId, admin: roles.has('admin'), expert: roles.has('expert'), school: roles.has('school'), visible },
      { skip: (q.current - 1) * q.size, take: q.size },
    );
    return { records: rows, total, current: q.current, pages: Math.ceil(total / q.size), canManageTemplates: mayManageTemplates(standing.codes) };
  }

  /**
   * The person's standing on a report: their relations to it, as far as REPORT_READS needs them in its state (the
   * share and scope checks cost a query each, so they are made only when the roles do not settle it).
   */
  async standingOn(userId: string, report: ReportRecord): Promise<ReportStandingOn> {
    const standing = await this.reports.standing(userId);
    const roles = reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes });
    const relations = new Set<ReportRelation>(roles);
    if (mayRead(report.state, relations)) return { standing, roles, reads: true };
    const worth = relationsReadingIn(report.state);
    if (worth.includes('sharer') && (await this.reports.isSharedWith(report.id, userId, standing.departmentId))) relations.add('sharer');
    else if (worth.includes('scopeReader') && (await this.reports.readsScopes(report.scopes, report.cycle, await this.gate.visible(userId)))) relations.add('scopeReader');
    return { standing, roles, reads: mayRead(report.state, relations) };
  }

  /** The report when the person reads it: else not found or no permission. */
  async readable(userId: string, id: string): Promise<{ report: ReportRecord } & ReportStandingOn> {
    const report = await this.reports.find(id);
    if (!report) throw notFound();
    const on = await this.standingOn(userId, report);
    if (!on.reads) throw new AppError('NO_PERMISSION');
    return { report, ...on };
  }

  async detail(userId: string, id: string): Promise<ReportDetail> {
    const { report, roles } = await this.readable(userId, id);
    const [history, scopeObjectIds] = await Promise.all([this.reports.history(id), this.reports.scopeObjectIds(report.scopes)]);
    return {
      id: report.id,
      reportName: report.reportName,
      cycle: report.cycle,
      reportHeaderVos: report.scopes,
      scopeObjectIds,
      principal: report.principal,
      createTimeFmt: report.builtAt ?? '',
      score: report.score === null ? null : formatFloat(report.score),
      state: report.state,
      stateName: REPORT_STATE_NAMES[report.state],
      authorName: report.authorName,
      templateName: report.template.name,
      coverUrl: coverUrlOf(report.id),
      preface: report.template.preface,
      closing: report.template.closing,
      overview: report.overview,
      tables: report.tables,
      expertReviewVo: reviewVoOf(report.id, 'expert', report.expertReview),
      schoolReviewVo: reviewVoOf(report.id, 'school', report.schoolReview),
      rejectReason: report.state === 'rejected' ? report.rejectReason : null,
      failReason: report.state === 'failed' ? report.failReason : null,
      actions: actionsOf(report, roles),
      canDiscuss: true,
      history: history.map((h) => ({ ...h, actionName: historyName(h.action) })),
    };
  }

  submit(userId: string, id: string): Promise<ReportDetail> {
    return this.move(userId, id, () => 'submit', () => ({}), '');
  }

  review(userId: string, input: ReportReviewInput): Promise<ReportDetail> {
    return this.move(
      userId,
      input.id,
      (report, roles) => reviewStepOf(report.state, roles),
      (_report, standing, action) => {
        const review: StoredReview = { fhjg: input.fhjg, opinion: input.opinion.trim(), reviewerId: userId, reviewer: standing.name, time: formatDateTime(new Date()) };
        return action === 'expertReview' ? { expertReview: review } : { schoolReview: review };
      },
      `${REVIEW_RESULT_NAMES[input.fhjg]}：${input.opinion.trim()}`,
    );
  }

  reject(userId: string, input: ReportRejectInput): Promise<ReportDetail> {
    const reason = input.reason.trim();
    return this.move(userId, input.id, () => 'reject', () => ({ rejectReason: reason }), reason);
  }

  async remove(userId: string, id: string): Promise<true> {
    const standing = await this.reports.standing(userId);
    await this.uow.run(async (tx) => {
      const report = await this.reports.lock(tx, id);
      if (!report) throw notFound();
      this.allowed(report, 'delete', reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes }));
      await this.reports.addHistory(tx, { reportId: id, action: 'delete', actorId: userId, actorName: standing.name });
      await this.reports.softDelete(tx, id);
    });
    return true;
  }

  /** One move: the domain decides on the locked report, and the state and its history row commit together. */
  private async move(
    userId: string,
    id: string,
    actionOf: (report: ReportRecord, roles: Set<ReportRole>) => ReportAction,
    change: (report: ReportRecord, standing: ReportStanding, action: ReportAction) => Omit<StateChange, 'state'>,
    comment: string,
  ): Promise<ReportDetail> {
    const standing = await this.reports.standing(userId);
    const version = await this.uow.run(async (tx) => {
      const report = await this.reports.lock(tx, id);
      if (!report) throw notFound();
      const roles = reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes });
      const action = actionOf(report, roles);
      const next = this.allowed(report, action, roles);
      const changed = await this.reports.changeState(tx, id, { state: next!, ...change(report, standing, action) });
      await this.reports.addHistory(tx, { reportId: id, action, actorId: userId, actorName: standing.name, comment });
      const message = reportMoveMessage(action, report.reportName, standing.name, action === 'reject' ? comment : null);
      if (message) {
        const to = message.to === 'author' ? [report.authorId] : await this.reports.recipients(tx, REPORT_NEXT_REVIEWERS[action] ?? [], []);
        await this.tell(tx, report, to, userId, message.text);
      }
      return changed;
    });
    // The move cleared the document: the worker writes it again now, with the move (the queue away: on the next download).
    await this.documentJobs.afterMove(id, version);
    return this.detail(userId, id);
  }

  /** The state after the move, or the refusal: no permission without the role, a conflict naming the state. */
  allowed(report: ReportRecord, action: ReportAction, roles: Set<ReportRole>) {
    const verdict = checkMove(report.state, action, roles);
    if (verdict.ok) return verdict.next;
    if (verdict.reason === 'role') throw new AppError('NO_PERMISSION');
    throw new AppError('CONFLICT', verdict.message);
  }

  async discussList(userId: string, id: string): Promise<ReportComment[]> {
    await this.readable(userId, id);
    return this.reports.comments(id);
  }

  /** A comment of a reader; everyone it @mentions must read the report too. */
  async discuss(userId: string, input: ReportDiscussInput): Promise<ReportComment> {
    const { report, standing } = await this.readable(userId, input.id);
    const mentionIds = [...new Set(input.mentionIds ?? [])];
    const people = await this.reports.existingUsers(mentionIds);
    if (people.length !== mentionIds.length) throw new AppError('VALIDATION', '被@的人不存在');
    for (const person of mentionIds) {
      if (!(await this.standingOn(person, report)).reads) throw new AppError('VALIDATION', REPORT_MESSAGES.mentionNotReader);
    }
    const commentId = await this.uow.run(async (tx) => {
      const id = await this.reports.addComment(tx, { reportId: report.id, authorId: userId, authorName: standing.name, content: input.content.trim(), mentionIds });
      await this.tell(tx, report, mentionIds, userId, reportMentionMessage(report.reportName, standing.name, input.content.trim()), 'mention');
      return id;
    });
    const comments = await this.reports.comments(report.id);
    return comments.find((c) => c.id === commentId)!;
  }

  async shareList(userId: string, id: string): Promise<ReportShare[]> {
    await this.readable(userId, id);
    return this.reports.shares(id);
  }

  async share(userId: string, input: ReportShareInput): Promise<ReportShare[]> {
    const userIds = [...new Set(input.userIds ?? [])];
    const departmentIds = [...new Set(input.departmentIds ?? [])];
    if (userIds.length + departmentIds.length === 0) throw new AppError('VALIDATION', '请选择共享的人员或部门');
    const [users, departments] = await Promise.all([this.reports.existingUsers(userIds), this.reports.existingDepartments(departmentIds)]);
    if (users.length !== userIds.length) throw new AppError('VALIDATION', '共享的人员不存在');
    if (departments.length !== departmentIds.length) throw new AppError('VALIDATION', '共享的部门不存在');
    const standing = await this.reports.standing(userId);
    await this.uow.run(async (tx) => {
      const report = await this.reports.lock(tx, input.id);
      if (!report) throw notFound();
      this.allowed(report, 'share', reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes }));
      await this.reports.addShares(tx, report.id, [...userIds.map((id) => ({ type: 'user' as const, id })), ...departmentIds.map((id) => ({ type: 'department' as const, id }))], userId);
      const names = [...users.map((u) => u.name), ...departments.map((d) => d.name)];
      await this.reports.addHistory(tx, { reportId: report.id, action: 'share', actorId: userId, actorName: standing.name, comment: names.join('、') });
      const members = await this.reports.recipients(tx, [], departmentIds);
      await this.tell(tx, report, [...userIds, ...members], userId, reportShareMessage(report.reportName, standing.name));
    });
    return this.reports.shares(input.id);
  }

  async unshare(userId: string, input: { id: string; targetType: 'user' | 'department'; targetId: string }): Promise<true> {
    const standing = await this.reports.standing(userId);
    // Read before the transaction (no second pool connection while holding one); the delete below decides.
    const share = (await this.reports.shares(input.id)).find((s) => s.targetType === input.targetType && s.targetId === input.targetId);
    await this.uow.run(async (tx) => {
      const report = await this.reports.lock(tx, input.id);
      if (!report) throw notFound();
      this.allowed(report, 'share', reportRolesOf({ isAuthor: report.authorId === userId, codes: standing.codes }));
      // The history names whom the share was taken from, as the share's own entry does.
      if (!share || !(await this.reports.removeShare(tx, report.id, input.targetType, input.targetId))) throw new AppError('NOT_FOUND', '该共享不存在');
      await this.reports.addHistory(tx, { reportId: report.id, action: 'unshare', actorId: userId, actorName: standing.name, comment: share.targetName });
    });
    return true;
  }

  shareOptions(name: string | undefined): Promise<ReportShareOptions> {
    return this.reports.shareOptions((name ?? '').trim());
  }
}

function reviewVoOf(id: string, kind: 'expert' | 'school', review: StoredReview | null): ReviewVo | null {
  if (!review) return null;
  return { fhjg: review.fhjg, fhjgmc: REVIEW_RESULT_NAMES[review.fhjg], opinion: review.opinion, reviewer: review.reviewer, time: review.time, stampUrl: stampUrlOf(id, kind) };
}
