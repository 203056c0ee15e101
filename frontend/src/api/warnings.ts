// Monitoring and warnings (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §3; §7 items 2, 11, 12),
// under /api/herm-znfx: a point's sampled values, the warnings its rule opened and their handling, the counts,
// the person's open warnings, the scan an administrator starts, and the lookups of the point form (algorithms,
// a trial SQL query).
import type {
  Algorithm,
  AlgorithmDetail,
  Disposal,
  MyWarning,
  SamplingQuery,
  SamplingRecord,
  ScanStart,
  SqlParameterValues,
  SqlQueryResult,
  WarningCounts,
  WarningRecord,
  WarningRow,
  WarningTrend,
} from '@zhengai/contracts';
import { get, getBlob, post, type BlobResult, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

// The wire shapes are the contract's (the spec's field names); re-exported under the names pages use.
export type {
  Algorithm,
  AlgorithmDetail,
  AlgorithmInput,
  Condition,
  DetailGroup,
  Disposal,
  MyWarning,
  SamplingRecord,
  SqlParameterValues,
  SqlQueryResult,
  TrendPoint,
  WarningCounts,
  WarningGrade,
  WarningMode,
  WarningPeriod,
  WarningRecord,
  WarningRow,
  WarningRule,
  WarningTrend,
} from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

// ---------------------------------------------------------------------------------------------
// sampling and warnings of a task's points

/** GET /api/herm-znfx/quality/selectCollect?zgzkdid&objTaskId&startDate&endDate (YYYY-MM-DD) — sampled values, oldest first. */
export function getSamplingRecords(
  query: SamplingQuery,
  opts: GetOptions<SamplingRecord[]> = {},
): Promise<SamplingRecord[]> {
  return get<SamplingRecord[]>(`${BASE}/quality/selectCollect`, query, opts);
}

/** GET /api/herm-znfx/warningflow/list?objTaskId= — the task's points that have warnings, with counts. */
export function getWarningRows(objTaskId: string, opts: GetOptions<WarningRow[]> = {}): Promise<WarningRow[]> {
  return get<WarningRow[]>(`${BASE}/warningflow/list`, { objTaskId }, opts);
}

/** GET /api/herm-znfx/warningflow/export?objTaskId= — 导出Excel: the task's warning table as .xlsx (预警列表-<task>.xlsx). */
export function exportWarningRows(objTaskId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/warningflow/export`, { objTaskId }, opts);
}

/** GET /api/herm-znfx/warningflow/history?zgzkdid&objTaskId — a point's warnings, newest first. */
export function getWarningHistory(zgzkdid: string, objTaskId: string, opts: GetOptions<WarningRecord[]> = {}): Promise<WarningRecord[]> {
  return get<WarningRecord[]>(`${BASE}/warningflow/history`, { zgzkdid, objTaskId }, opts);
}

/** GET /api/herm-znfx/warningflow/trend?zgzkdid&objTaskId — { points: [{ sj, jgz, yjz }] }, oldest first. */
export function getWarningTrend(zgzkdid: string, objTaskId: string, opts: GetOptions<WarningTrend> = {}): Promise<WarningTrend> {
  return get<WarningTrend>(`${BASE}/warningflow/trend`, { zgzkdid, objTaskId }, opts);
}

/** POST /api/herm-znfx/warningflow/dispose — body { id, yyfx, clcs } → the record; 409 该预警已处理. */
export function disposeWarning(disposal: Disposal, opts: RequestOptions<WarningRecord> = {}): Promise<WarningRecord> {
  return post<WarningRecord>(`${BASE}/warningflow/dispose`, disposal, opts);
}

/** GET /api/herm-znfx/warningflow/counts?objTaskId= — { allNum, disposeNum }; without a task, every task the person sees. */
export function getWarningCounts(objTaskId?: string | null, opts: GetOptions<WarningCounts> = {}): Promise<WarningCounts> {
  return get<WarningCounts>(`${BASE}/warningflow/counts`, { objTaskId: objTaskId || undefined }, opts);
}

/** GET /api/herm-znfx/warningflow/mine?pageNum&pageSize — the person's open warnings, newest first. */
export function getMyWarnings(query: { pageNum?: number; pageSize?: number } = {}, opts: GetOptions<Page<MyWarning>> = {}): Promise<Page<MyWarning>> {
  const { pageNum = 1, pageSize = 10 } = query;
  return get<Page<MyWarning>>(`${BASE}/warningflow/mine`, { pageNum, pageSize }, opts);
}

/** POST /api/herm-znfx/warning/scan — (administrators) starts a scan now → { jobId }. */
export function startWarningScan(opts: RequestOptions<ScanStart> = {}): Promise<ScanStart> {
  return post<ScanStart>(`${BASE}/warning/scan`, undefined, opts);
}

/** GET /api/herm-znfx/warning/scanStatus?jobId= — true once the scan is done. */
export function getWarningScanStatus(jobId: string, opts: GetOptions<boolean> = {}): Promise<boolean> {
  return get<boolean>(`${BASE}/warning/scanStatus`, { jobId }, opts);
}

// ---------------------------------------------------------------------------------------------
// lookups of the point form

/** GET /api/herm-znfx/algorithm/list — the calculations an algorithm source may name. */
export function getAlgorithms(opts: GetOptions<Algorithm[]> = {}): Promise<Algorithm[]> {
  return get<Algorithm[]>(`${BASE}/algorithm/list`, undefined, opts);
}

/** GET /api/herm-znfx/algorithm/detail?Id&Version&Type=详情算法 — { algoRithmDetails }. */
export function getAlgorithmDetail(id: string, version: number | string, opts: GetOptions<AlgorithmDetail> = {}): Promise<AlgorithmDetail> {
  return get<AlgorithmDetail>(`${BASE}/algorithm/detail`, { Id: id, Version: version, Type: '详情算法' }, opts);
}

/** POST /api/herm-znfx/sql/query — body { sql, dxbm?, dxmc?, zq? } (administrators): a trial run → { columns, rows, truncated }. */
export function querySql(sql: string, parameters: SqlParameterValues = {}, opts: RequestOptions<SqlQueryResult> = {}): Promise<SqlQueryResult> {
  return post<SqlQueryResult>(`${BASE}/sql/query`, { sql, ...parameters }, { ...opts, reads: true });
}
