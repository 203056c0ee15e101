import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { groupBy } from '../../../shared/group-by.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { afterAudit, AUDIT_STATE_NAMES, isEditable, taskStateOf, type AuditAction, type AuditState } from '../domain/audit.js';
import { calRuleOf, gradeEntry, scoreOf } from '../../../shared/kernel/grade.js';
import { displayIndicatorName, levelTitle } from '../../target-standards/domain/indicator-names.js';
import { storedPaths } from '../../target-standards/domain/indicator-tree.js';
import { auditClosed, canAuditTask, canHandleWarnings, canManageGrants, canReadTask, canRecalculate, editRefusal, writesTask, type Viewer } from '../domain/task-access.js';
import { CLOSED_MESSAGES } from '../domain/launch-rules.js';
import { DIAGNOSIS_MESSAGE_TO, diagnosisMessageLink, diagnosisMessageOf } from '../domain/diagnosis-messages.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { checkDiagnosisText, TEXT_MAX } from '../domain/text-rules.js';
import { sameValue } from '../domain/rollup.js';
import { checkValue } from '../../../shared/kernel/value-types.js';
import { PointMonitoringReader } from './ports/point-monitoring-reader.port.js';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { TaskGrantsRepository } from './ports/task-grants-repository.port.js';
import { viewerOf, visibleTasksOf } from './viewer.js';
import { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import { DiagnosisRepository, type TaskFilter, type Datasource, type IndicatorRow, type ObjTask, type PointRow } from './ports/diagnosis-repository.port.js';

export interface DiagnosisEdit {
  yyfx?: unknown;
  gjcs?: unknown;
  jgz?: string | null;
  xzmbz?: string | null;
  xzjgz?: string | null;
}

/** The quality review of an object's task (spec 001 §2, §3, §7): its table, grades, entries and audit. */
@Injectable()
export class DiagnosisService {
  constructor(
    private readonly repo: DiagnosisRepository,
    private readonly access: LibraryAccessReader,
    private readonly monitoring: PointMonitoringReader,
    private readonly grants: TaskGrantsRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: MessageOutbox,
  ) {}

  private viewer(userId: string, libraryId: string): Promise<Viewer> {
    return viewerOf(this.access, this.grants, userId, libraryId);
  }

  private async readable(userId: string, taskId: string): Promise<{ task: ObjTask; viewer: Viewer }> {
    const task = await this.repo.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    const viewer = await this.viewer(userId, task.libraryId);
    if (!canReadTask(viewer, task)) throw new AppError('NO_PERMISSION');
    return { task, viewer };
  }

  /** The tasks a person may open: all for administrators, else their own, their departments' and their libraries'. */
  async tasks(userId: string, query: PageQuery & TaskFilter): Promise<Paged<WireTask & { canHandleWarnings: boolean }>> {
    const visibleTo = await visibleTasksOf(this.access, this.grants, userId);
    const window = pageWindow(query);
    const { libraryId, cycleValue, objectType, auditState, keyword } = query;
    const { rows, total } = await this.repo.tasks({ libraryId, cycleValue, objectType, auditState, keyword, visibleTo }, window);
    // Library grants never make a handler: a viewer without them answers the same.
    const viewer: Viewer = { userId, isAdmin: visibleTo.all, libraryAccess: null, headsDepartments: visibleTo.departmentIds };
    return paged(rows.map((t) => ({ ...toWireTask(t), canHandleWarnings: canHandleWarnings(viewer, t) })), total, query.pageNum, window.size);
  }

  /** The cycles of the tasks a person may open (of one level), newest first: the cards' cycle filter. */
  async taskCycles(userId: string, objectType?: string): Promise<{ cycles: string[] }> {
    const visibleTo = await visibleTasksOf(this.access, this.grants, userId);
    return { cycles: await this.repo.taskCycles({ objectType, visibleTo }) };
  }

  /** The quality-point table of a task: every point, no paging, with hierarchy columns and attachments. */
  async table(userId: string, taskId: string) {
    const { task, viewer } = await this.readable(userId, taskId);
    const { rows, sources, indicators, files } = await this.repo.table(taskId, task.libraryId);
    const paths = indicatorPaths(indicators);
    const depth = Math.max(0, ...rows.map((r) => (r.indicatorId ? (paths.get(r.indicatorId)?.length ?? 0) : 0)));
    const sourcesByPoint = groupBy(sources, (s) => s.pointId);
    const filesByPoint = groupBy(files, (f) => f.pointId);
    return {
      task: toWireTask(task),
      levelTitles: Array.from({ length: depth }, (_, i) => levelTitle(i + 1)),
      isedit: editRefusal(viewer, task) === null,
      canAudit: canAuditTask(viewer, task) && task.auditState === 'submitted',
      canHandleWarnings: canHandleWarnings(viewer, task),
      canRecalculate: canRecalculate(viewer, task),
      canManageGrants: canManageGrants(viewer, task),
      rows: rows.map((r) => toWireRow(r, task.id, paths, sourcesByPoint.get(r.pointId) ?? [], filesByPoint.get(r.pointId) ?? [])),
    };
  }

  /**
   * One point of a task with its task and object names (the detail drawer). zkdid is the row's zkdid, the point's
   * code (unique in the task's library), so a row and its call agree; a point id (older links) is read too.
   */
  async row(userId: string, taskId: string, zkdid: string) {
    const { task } = await this.readable(userId, taskId);
    const { rows, sources, indicators, files } = await this.repo.table(taskId, task.libraryId, zkdid);
    const row = rows.find((r) => r.code === zkdid) ?? rows.find((r) => r.pointId === zkdid);
    if (!row) throw new AppError('NOT_FOUND', '质控点不存在');
    const pointId = row.pointId;
    const wire = toWireRow(row, task.id, indicatorPaths(indicators), sources.filter((s) => s.pointId === pointId), files.filter((f) => f.pointId === pointId));
    const [monitoring, grants] = await Promise.all([this.monitoring.monitoring(task.id, pointId), this.grants.list(task.id)]);
    // A point is shared through its task's grants (obj/authority): gxrmc names each person granted.
    return { ...wire, rwmc: task.rwmc, gzdxmc: task.objectName, ...monitoring, sharePos: grants.map((g) => ({ gxrmc: g.userName })) };
  }

  /**
   * "Set disqualified update": saves a row's cause analysis and improvement measure (each required, at most
   * 500 characters) and, where the point allows it, its result and revised values; the grade follows.
   */
  async saveRow(userId: string, taskId: string, pointId: string, edit: DiagnosisEdit): Promise<ReturnType<typeof toWireRow>> {
    const task = await this.repo.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    const viewer = await this.viewer(userId, task.libraryId);
    const refusal = editRefusal(viewer, task);
    if (refusal === 'closed') throw closedCycle('edit');
    if (refusal === 'locked') throw lockedTask(task.auditState);
    if (refusal === 'forbidden') throw new AppError('NO_PERMISSION');
    // The spec's exact texts as the message; which field broke the rule travels in data.
    for (const field of ['yyfx', 'gjcs'] as const) {
      const problem = checkDiagnosisText(edit[field]);
      if (problem) throw new AppError('VALIDATION', problem, { field });
    }
    const [rows, sources] = await Promise.all([this.repo.rows(taskId, task.libraryId, pointId), this.repo.datasources(task.libraryId, pointId)]);
    const row = rows.find((r) => r.pointId === pointId);
    if (!row) throw new AppError('NOT_FOUND', '质控点不存在');
    const entry = { ...row };
    // A typed result wins over the samples of a point read from a source; cleared, the latest sample is the result again
    // (warnings README). Revised values only where allowed (fsjzxz).
    const reported = sources.length === 0 || sources.some((s) => s.cjfs === 'report');
    // the same value sent back (a sampled '85%' the editor shows as 85) leaves the result and its source as they are
    if (edit.jgz !== undefined && !sameValue(row.zlx, valueOrNull(edit.jgz), row.jgz)) {
      entry.jgz = valueOrNull(edit.jgz);
      entry.jgzSource = entry.jgz === null ? null : 'typed';
      const sampled = entry.jgz === null && !reported ? await this.monitoring.latestSampledValue(taskId, pointId) : null;
      if (sampled !== null) Object.assign(entry, { jgz: sampled, jgzSource: 'sampled' });
    }
    if (row.fsjzxz === 1) {
      if (edit.xzmbz !== undefined) entry.xzmbz = valueOrNull(edit.xzmbz);
      if (edit.xzjgz !== undefined) entry.xzjgz = valueOrNull(edit.xzjgz);
    }
    for (const [field, label] of [['jgz', '结果值'], ['xzmbz', '修正目标值'], ['xzjgz', '修正结果值']] as const) {
      const problem = checkValue(row.zlx, entry[field]);
      if (problem) throw new AppError('VALIDATION', `${label}：${problem}`, { field });
    }
    const graded = gradeEntry(entry);
    const saved = { ...entry, ...graded, yyfx: (edit.yyfx as string).trim(), gjcs: (edit.gjcs as string).trim() };
    // the task's score follows the new grade, written with it (the demo's audited tasks showed 得分 未知 without it)
    const state = await this.repo.saveEntry(taskId, pointId, saved, userId);
    if (state === null) throw new AppError('NOT_FOUND', '诊断任务不存在');
    if (!isEditable(state)) throw lockedTask(state);
    const paths = indicatorPaths(await this.repo.indicators(task.libraryId));
    return toWireRow({ ...row, ...saved }, taskId, paths, sources, []);
  }

  /** calresult / refreshTarget: every grade of the task again from the current targets and results, and the score. */
  async recalculate(userId: string, taskId: string): Promise<{ graded: number; score: number | null }> {
    const { task, viewer } = await this.readable(userId, taskId);
    if (!canRecalculate(viewer, task)) throw task.cycleClosed && writesTask(viewer, task) ? closedCycle('edit') : new AppError('NO_PERMISSION');
    // The task locked first, then its rows read and graded under the lock: a roll-up, a push or another grading of the
    // task at the same moment waits its turn (no deadlock), and the grades written are those of the values stored.
    return this.uow.run(async (tx) => {
      if ((await this.repo.lockTask(tx, taskId)) === null) throw new AppError('NOT_FOUND', '诊断任务不存在');
      const rows = await this.repo.rows(taskId, task.libraryId, undefined, tx);
      const grades = rows.map((r) => ({ pointId: r.pointId, ...gradeEntry(r) }));
      const score = scoreOf(grades.map((g) => g.jgdj));
      await this.repo.saveGrades(tx, taskId, grades, score);
      return { graded: grades.filter((g) => g.jgdj !== null).length, score };
    });
  }

  /** submit, pass or refuse, recorded with who and when; submitting needs an analysis and a measure for every point that misses. */
  async audit(user: { userId: string; userName: string }, taskId: string, action: AuditAction, comment: string | null) {
    const task = await this.repo.task(taskId);
    if (!task) throw new AppError('NOT_FOUND', '诊断任务不存在');
    const viewer = await this.viewer(user.userId, task.libraryId);
    const to = afterAudit(task.auditState, action);
    if (action === 'submit') {
      const refusal = editRefusal(viewer, task);
      if (refusal === 'forbidden') throw new AppError('NO_PERMISSION');
      if (refusal === 'closed') throw closedCycle('submit');
    } else if (auditClosed(viewer, task)) {
      throw closedCycle('audit');
    } else if (!canAuditTask(viewer, task)) {
      throw new AppError('NO_PERMISSION');
    }
    if (!to) throw new AppError('CONFLICT', `任务${AUDIT_STATE_NAMES[task.auditState]}，不能${ACTION_NAMES[action]}`);
    if (comment !== null && [...comment].length > TEXT_MAX) throw new AppError('VALIDATION', '审核意见最多只能输入500个字符');
    if (action === 'refuse' && !comment?.trim()) throw new AppError('VALIDATION', '请填写不通过的原因');
    if (action === 'submit') {
      const missing = (await this.repo.rows(taskId, task.libraryId)).filter((r) => (r.dis || r.unfin) && (!r.yyfx?.trim() || !r.gjcs?.trim()));
      if (missing.length > 0) throw new AppError('VALIDATION', `还有${missing.length}个未达标的质控点未填写原因分析和改进措施`);
    }
    const note = comment?.trim() || null;
    await this.uow.run(async (tx) => {
      const moved = await this.repo.audit(tx, taskId, task.auditState, to, { action, comment: note, userId: user.userId, userName: user.userName });
      if (!moved) throw new AppError('CONFLICT', '任务状态已变化，请刷新后重试');
      // The person who acts next (the auditor of a submission) or whose work was decided (the owner) learns of it here.
      const recipient = DIAGNOSIS_MESSAGE_TO[action] === 'owner' ? task.ownerId : task.auditorId;
      const text = diagnosisMessageOf(action, task.rwmc, user.userName, note);
      await this.outbox.post(tx, recipient && recipient !== user.userId
        ? [{ userIds: [recipient], kind: 'diagnosis', ...text, objectType: 'obj-task', objectId: taskId, link: diagnosisMessageLink(taskId) }]
        : []);
    });
    return { auditState: to, auditStateName: AUDIT_STATE_NAMES[to] };
  }

  async auditSteps(userId: string, taskId: string) {
    await this.readable(userId, taskId);
    // createdAt as JSON writes a Date (ISO 8601), so the contract's string is the same text.
    return (await this.repo.auditSteps(taskId)).map((s) => ({ ...s, actionName: ACTION_NAMES[s.action], toStateName: AUDIT_STATE_NAMES[s.toState], createdAt: s.createdAt.toISOString() }));
  }
}

const ACTION_NAMES: Record<AuditAction, string> = { submit: '提交', pass: '审核通过', refuse: '审核不通过' };

function valueOrNull(v: string | null): string | null {
  return v === null || v.trim() === '' ? null : v.trim();
}

/**
 * A task as the documents' card names it (001 §3 "Recycle or task card"): jkrmc the supervisor is its auditor, zqz
 * its cycle, rwzt its task state (taskStateOf), kssj/jssj its start and end; the clearer names stay for the screens.
 */
export type WireTask = ObjTask & { auditStateName: string; jkrmc: string | null; zqz: string; rwzt: ReturnType<typeof taskStateOf> };
function toWireTask(t: ObjTask): WireTask {
  return { ...t, auditStateName: AUDIT_STATE_NAMES[t.auditState], jkrmc: t.auditorName, zqz: t.cycleValue, rwzt: taskStateOf(t.auditState) };
}

// The score's rule lives in the shared kernel (the demo seed scores its tasks with it too).
export { scoreOf };

/** The refusal of an edit, a submission or an audit of a task whose launch closed the cycle (results kept). */
export function closedCycle(what: keyof typeof CLOSED_MESSAGES): AppError {
  return new AppError('CONFLICT', CLOSED_MESSAGES[what]);
}

/** The refusal of an edit to a task that is not editable in this state (submitted or passed). */
export function lockedTask(state: AuditState): AppError {
  return new AppError('CONFLICT', `任务${AUDIT_STATE_NAMES[state]}，不能修改`);
}

/** Each indicator's path of display names (001 §9 renames) from the first level down. */
function indicatorPaths(indicators: IndicatorRow[]): Map<string, string[]> {
  const stored = storedPaths(indicators.map((i) => ({ ...i, sortOrder: 0 })));
  return new Map([...stored].map(([id, path]) => [id, path.map(displayIndicatorName)]));
}

/** The spec's quality-point row (001 §3); wire names as the spec has them. */
function toWireRow(r: PointRow, taskId: string, paths: Map<string, string[]>, sources: Datasource[], files: Array<{ id: string; fileId: string; fileName: string; fileType: string; stage: string }>) {
  const path = r.indicatorId ? (paths.get(r.indicatorId) ?? []) : [];
  return {
    id: r.pointId,
    zkdid: r.code,
    zkdmc: r.zkdmc,
    nh: r.nh,
    zdbz: r.zdbz,
    bzz: r.bzz,
    mbz: r.mbz,
    xzmbz: r.xzmbz,
    jgz: r.jgz,
    xzjgz: r.xzjgz,
    jgdj: r.jgdj,
    sljsz: r.sljsz,
    sldj: r.sldj,
    yyfx: r.yyfx,
    gjcs: r.gjcs,
    qualityFileList: files.map((f) => ({ id: f.id, fileId: f.fileId, fileName: f.fileName, fileType: f.fileType, stage: f.stage, url: `/api/docrepo/download?attachmentId=${encodeURIComponent(f.fileId)}` })),
    lb: path[0] ?? null,
    indicatorPath: path,
    gzdxid: taskId,
    dxrwid: taskId,
    fsdl: r.fsdl,
    fsjzxz: r.fsjzxz,
    zlx: r.zlx,
    ration: r.ration,
    calRule: calRuleOf(r.calRule),
    datasourceVos: sources.map((s) => ({ dataType: s.sjlx, sjlx: s.sjlx, calRule: s.jsgz, jsgz: s.jsgz, cjfs: s.cjfs, xsfs: s.xsfs })),
    unfin: r.unfin,
    dis: r.dis,
  };
}
