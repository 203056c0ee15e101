// The diagnosis-improvement service (spec 001 §7 "Diagnosis and target-standard catalogue"), under
// /api/herm-znfx: an object's diagnosis tasks, their quality-point table, the rows' cause analysis and
// improvement measures, grades and the audit of a task.
import { get, post, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

const BASE = '/api/herm-znfx';

// ---------------------------------------------------------------------------------------------
// wire shapes (the spec's field names, 001 §3)

export type ObjectType = 'school' | 'department' | 'major' | 'course' | 'teacher' | 'student';
export type AuditState = 'draft' | 'submitted' | 'passed' | 'refused';
export type AuditAction = 'submit' | 'pass' | 'refuse';
/** A excellent, B good, C average, D not done; Y/N for have and whether points (001 §9). */
export type Grade = 'A' | 'B' | 'C' | 'D' | 'Y' | 'N';
/** How a point's value reads (zlx). */
export type ValueType = 'have' | 'whether' | 'percent' | 'integer' | 'float' | 'text';
/** Collection methods (cjfs) and display modes (xsfs) of a data source (001 §9). */
export type CollectMethod = 'report' | 'algorithm' | 'sql' | 'interface';
export type DisplayMode = 'table' | 'pie' | 'histogram' | 'line' | 'file';

/** An object's diagnosis task (task select). */
export interface DiagnosisTask {
  id: string;
  libraryId: string;
  libraryName: string;
  rwmc: string;
  objectType: ObjectType | string;
  objectCode: string;
  objectName: string;
  cycleValue: string;
  departmentId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  auditorId: string | null;
  auditorName: string | null;
  auditState: AuditState;
  /** 未提交 | 待审核 | 审核通过 | 审核不通过 */
  auditStateName: string;
  /** the share of graded points reaching their target, in percent; null before grading */
  score: number | null;
  /** whether the person may handle the task's warnings (owner, department head, administrators; any state) — task select only */
  canHandleWarnings?: boolean;
}

/** An attachment as the table carries it. */
export interface QualityFile {
  id: string;
  fileId: string;
  fileName: string;
  fileType: string;
  stage: string;
  url: string;
}

/** How a numeric result is graded against its target: more or less is better; b and c are shares of the target. */
export interface CalRule {
  direction: 'higher' | 'lower';
  b: number;
  c: number;
}

export interface Datasource {
  dataType: string | null;
  sjlx: string | null;
  calRule: string | null;
  jsgz: string | null;
  cjfs: CollectMethod | string;
  xsfs: DisplayMode | string;
}

/** A row of the quality-point table (001 §3 "Quality point row"). Values travel as the text people entered. */
export interface QualityRow {
  /** the point's id (the row key) */
  id: string;
  /** the point's code */
  zkdid: string;
  zkdmc: string;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  mbz: string | null;
  xzmbz: string | null;
  jgz: string | null;
  xzjgz: string | null;
  jgdj: Grade | null;
  sljsz: string | null;
  sldj: Grade | null;
  yyfx: string | null;
  gjcs: string | null;
  qualityFileList: QualityFile[];
  /** the level-1 indicator's display name */
  lb: string | null;
  /** display names of the indicators, level 1 first */
  indicatorPath: string[];
  gzdxid: string;
  dxrwid: string;
  fsdl: number | null;
  /** 1: the revised target and result may be entered */
  fsjzxz: number | null;
  zlx: ValueType;
  ration: string | null;
  calRule: CalRule | null;
  datasourceVos: Datasource[];
  unfin: boolean;
  dis: boolean;
}

/** quality/select: the whole table of a task, no paging. */
export interface QualityTable {
  task: DiagnosisTask;
  /** 一级指标 … as deep as the task's indicators go */
  levelTitles: string[];
  canEdit: boolean;
  canAudit: boolean;
  /** whether the person may handle this task's warnings (the server's rule) */
  canHandleWarnings: boolean;
  rows: QualityRow[];
}

/** A warning record of a point (001 §3 "Warning flow record"); filled by the monitoring issue. */
export interface WarningFlow {
  id: string;
  yjsj: string | null;
  yjz: string | null;
  jgz: string | null;
  zlx: string | null;
  clsj: string | null;
  clcs: string | null;
  yyfx: string | null;
}

/** quality/selectbyid: one row with its task and object names and its monitoring data (001 §3 "Quality-point detail"). */
export interface QualityPointDetail extends QualityRow {
  rwmc: string;
  gzdxmc: string;
  detailValue: unknown[];
  warningVo: { yjlx?: string | null; yjz?: string | null; yjzq?: string | null } | null;
  warningFlowVos: WarningFlow[];
  sharePos: Array<{ gxrmc?: string | null }>;
}

/** disqualified/update: the row's entries. jgz only for reported points; xzmbz and xzjgz only when fsjzxz is 1. */
export interface RowUpdate {
  id: string;
  gzdxid: string;
  yyfx: string;
  gjcs: string;
  jgz?: string | null;
  xzmbz?: string | null;
  xzjgz?: string | null;
}

export interface AuditResult {
  auditState: AuditState;
  auditStateName: string;
}

/** A step of audit/dynamic. */
export interface AuditStep {
  id: string | number;
  action: AuditAction;
  actionName: string;
  fromState: AuditState;
  toState: AuditState;
  toStateName: string;
  comment: string | null;
  userName: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// calls

/** GET /api/herm-znfx/task/select?pageNum&pageSize&libraryId&cycleValue — the tasks the person may open (pageSize 0: all). */
export function getDiagnosisTasks(
  query: { pageNum?: number; pageSize?: number; libraryId?: string; cycleValue?: string } = {},
  opts: GetOptions<Page<DiagnosisTask>> = {},
): Promise<Page<DiagnosisTask>> {
  const { pageNum = 1, pageSize = 10, libraryId, cycleValue } = query;
  return get<Page<DiagnosisTask>>(`${BASE}/task/select`, { pageNum, pageSize, libraryId: libraryId || undefined, cycleValue: cycleValue || undefined }, opts);
}

/** GET /api/herm-znfx/quality/select?objTaskId= — the task, its hierarchy titles, canEdit, canAudit and every row. */
export function getQualityTable(objTaskId: string, opts: GetOptions<QualityTable> = {}): Promise<QualityTable> {
  return get<QualityTable>(`${BASE}/quality/select`, { objTaskId }, opts);
}

/** GET /api/herm-znfx/quality/selectbyid?objTaskId=&zkdid= (the point's id) — the detail drawer. */
export function getQualityPoint(objTaskId: string, pointId: string, opts: GetOptions<QualityPointDetail> = {}): Promise<QualityPointDetail> {
  return get<QualityPointDetail>(`${BASE}/quality/selectbyid`, { objTaskId, zkdid: pointId }, opts);
}

/** POST /api/herm-znfx/disqualified/update — body { id, gzdxid, yyfx, gjcs, jgz?, xzmbz?, xzjgz? } → the saved row (保存成功). */
export function updateDisqualified(update: RowUpdate, opts: RequestOptions<QualityRow> = {}): Promise<QualityRow> {
  return post<QualityRow>(`${BASE}/disqualified/update`, update, opts);
}

/** POST /api/herm-znfx/quality/calresult?objTaskId= — grades every point → { graded, score }. */
export function calculateResults(objTaskId: string, opts: RequestOptions<{ graded: number; score: number | null }> = {}) {
  return post<{ graded: number; score: number | null }>(`${BASE}/quality/calresult`, undefined, { ...opts, params: { objTaskId } });
}

/** POST /api/herm-znfx/obj/refreshTarget?objTaskId= — grades again against the library's current targets → { graded, score }. */
export function refreshTarget(objTaskId: string, opts: RequestOptions<{ graded: number; score: number | null }> = {}) {
  return post<{ graded: number; score: number | null }>(`${BASE}/obj/refreshTarget`, undefined, { ...opts, params: { objTaskId } });
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

/** An upper or lower object's task: same cycle, on the parent or a child library. */
export interface LinkedTaskSummary {
  id: string;
  rwmc: string;
  /** the object's name */
  gzdxmc: string;
  objectName: string;
  libraryId: string;
  libraryName: string;
  cycleValue: string;
  auditState: AuditState;
  auditStateName: string;
}

export interface UpDownList {
  up: LinkedTaskSummary[];
  down: LinkedTaskSummary[];
}

/** updateDownList: points changed, lower tasks changed, lower tasks submitted or passed and left alone. */
export interface DownListResult {
  updated: number;
  tasks: number;
  skipped: Array<{ id: string; rwmc: string; auditStateName: string }>;
}

/** updateUpList: results changed, and points that had a usable lower result. */
export interface UpListResult {
  updated: number;
  points: number;
}

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
