// The diagnosis-improvement service (spec 001 §7 "Diagnosis and target-standard catalogue"), under
// /api/herm-znfx: an object's diagnosis tasks, their quality-point table, the rows' cause analysis and
// improvement measures, grades and the audit of a task.
import type { AuditResult, AuditStep, DiagnosisTask, DiagnosisTaskCycles, DiagnosisTaskQuery, ObjectType, DownListResult, GradeResult, QualityPointDetail, QualityRow, QualityTable, RowUpdate, TaskScore, UpDownList, UpListResult } from '@zhengai/contracts';
import { get, getBlob, post, type BlobResult, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

// The wire shapes are the contract's (the spec's field names, 001 §3); re-exported under the names pages use.
export type {
  AuditAction,
  AuditResult,
  AuditState,
  AuditStep,
  CalRule,
  CollectMethod,
  Datasource,
  DiagnosisTask,
  DisplayMode,
  DownListResult,
  Grade,
  GradeResult,
  LinkedTaskSummary,
  ObjectType,
  QualityFile,
  QualityPointDetail,
  QualityRow,
  QualityTable,
  RowUpdate,
  UpDownList,
  UpListResult,
  ValueType,
  WarningRecord as WarningFlow,
} from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

// ---------------------------------------------------------------------------------------------
// calls

/**
 * GET /api/herm-znfx/task/select?pageNum&pageSize&libraryId&cycleValue&objectType&auditState&keyword — the tasks the
 * person may open that the filters keep, one page and their total (pageSize 0: all).
 */
export function getDiagnosisTasks(
  query: DiagnosisTaskQuery = {},
  opts: GetOptions<Page<DiagnosisTask>> = {},
): Promise<Page<DiagnosisTask>> {
  const { pageNum = 1, pageSize = 10, libraryId, cycleValue, objectType, auditState, keyword } = query;
  return get<Page<DiagnosisTask>>(
    `${BASE}/task/select`,
    {
      pageNum,
      pageSize,
      libraryId: libraryId || undefined,
      cycleValue: cycleValue || undefined,
      objectType: objectType || undefined,
      auditState: auditState || undefined,
      keyword: keyword?.trim() || undefined,
    },
    opts,
  );
}

/** GET /api/herm-znfx/task/cycles?objectType — the cycles of the tasks the person may open (of one level), newest first. */
export function getDiagnosisTaskCycles(objectType?: ObjectType | null, opts: GetOptions<DiagnosisTaskCycles> = {}): Promise<DiagnosisTaskCycles> {
  return get<DiagnosisTaskCycles>(`${BASE}/task/cycles`, { objectType: objectType || undefined }, opts);
}

/** GET /api/herm-znfx/quality/select?objTaskId= — the task, its hierarchy titles, isedit (edit mode), canAudit and every row. */
export function getQualityTable(objTaskId: string, opts: GetOptions<QualityTable> = {}): Promise<QualityTable> {
  return get<QualityTable>(`${BASE}/quality/select`, { objTaskId }, opts);
}

/** GET /api/herm-znfx/quality/selectExport?objTaskId= — 导出Excel: the task's quality-point table as .xlsx (质控点列表-<task>.xlsx). */
export function exportQualityTable(objTaskId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/quality/selectExport`, { objTaskId }, opts);
}

/** GET /api/herm-znfx/quality/selectbyid?objTaskId=&zkdid= (the row's zkdid: the point's code) — the detail drawer. */
export function getQualityPoint(objTaskId: string, zkdid: string, opts: GetOptions<QualityPointDetail> = {}): Promise<QualityPointDetail> {
  return get<QualityPointDetail>(`${BASE}/quality/selectbyid`, { objTaskId, zkdid }, opts);
}

/** POST /api/herm-znfx/disqualified/update — body { id, gzdxid, yyfx, gjcs, jgz?, xzmbz?, xzjgz? } → the saved row (保存成功). */
export function updateDisqualified(update: RowUpdate, opts: RequestOptions<QualityRow> = {}): Promise<QualityRow> {
  return post<QualityRow>(`${BASE}/disqualified/update`, update, opts);
}

/** POST /api/herm-znfx/quality/calresult?objTaskId= — grades every point → { graded, score }. */
export function calculateResults(objTaskId: string, opts: RequestOptions<GradeResult> = {}) {
  return post<GradeResult>(`${BASE}/quality/calresult`, undefined, { ...opts, params: { objTaskId } });
}

/** POST /api/herm-znfx/obj/refreshTarget?objTaskId= — grades again against the library's current targets → { graded, score }. */
export function refreshTarget(objTaskId: string, opts: RequestOptions<GradeResult> = {}) {
  return post<GradeResult>(`${BASE}/obj/refreshTarget`, undefined, { ...opts, params: { objTaskId } });
}

/** POST /api/herm-znfx/obj/calScore?objTaskId= — grades again and scores the task (share of points at A or Y, %) → { score }. */
export function calScore(objTaskId: string, opts: RequestOptions<TaskScore> = {}) {
  return post<TaskScore>(`${BASE}/obj/calScore`, undefined, { ...opts, params: { objTaskId } });
}

/** POST /api/herm-znfx/audit/submit — body { objTaskId, comment? } (the owner or the department head). */
export function submitAudit(objTaskId: string, comment?: string, opts: RequestOptions<AuditResult> = {}): Promise<AuditResult> {
  return post<AuditResult>(`${BASE}/audit/submit`, { objTaskId, comment: comment || undefined }, opts);
}

/** POST /api/herm-znfx/audit/pass — body { objTaskId, comment? } (the auditor). */
export function passAudit(objTaskId: string, comment?: string, opts: RequestOptions<AuditResult> = {}): Promise<AuditResult> {
  return post<AuditResult>(`${BASE}/audit/pass`, { objTaskId, comment: comment || undefined }, opts);
}

/** POST /api/herm-znfx/audit/refuse — body { objTaskId, comment } (the auditor; the reason is required). */
export function refuseAudit(objTaskId: string, comment: string, opts: RequestOptions<AuditResult> = {}): Promise<AuditResult> {
  return post<AuditResult>(`${BASE}/audit/refuse`, { objTaskId, comment }, opts);
}

/** GET /api/herm-znfx/audit/dynamic?objTaskId= — the task's audit history, oldest first. */
export function getAuditSteps(objTaskId: string, opts: GetOptions<AuditStep[]> = {}): Promise<AuditStep[]> {
  return get<AuditStep[]>(`${BASE}/audit/dynamic`, { objTaskId }, opts);
}

// ---------------------------------------------------------------------------------------------
// upper and lower objects (obj/updownList, updateDownList, updateUpList; the screen uses the synchronous calls)

/** GET /api/herm-znfx/obj/updownList?objTaskId= — the upper and lower objects' tasks of the same cycle. */
export function getUpDownList(objTaskId: string, opts: GetOptions<UpDownList> = {}): Promise<UpDownList> {
  return get<UpDownList>(`${BASE}/obj/updownList`, { objTaskId }, opts);
}

/** POST /api/herm-znfx/obj/updateDownList — body { objTaskId }: this task's targets become the lower tasks' revised targets. */
export function updateDownList(objTaskId: string, opts: RequestOptions<DownListResult> = {}): Promise<DownListResult> {
  return post<DownListResult>(`${BASE}/obj/updateDownList`, { objTaskId }, opts);
}

/** POST /api/herm-znfx/obj/updateUpList — body { objTaskId }: the lower tasks' results rolled up into this task, graded again. */
export function updateUpList(objTaskId: string, opts: RequestOptions<UpListResult> = {}): Promise<UpListResult> {
  return post<UpListResult>(`${BASE}/obj/updateUpList`, { objTaskId }, opts);
}
