// Monitoring and warnings (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §3; §7 items 2, 11, 12),
// under /api/herm-znfx: a point's sampled values, the warnings its rule opened and their handling, the counts,
// the person's open warnings, the scan an administrator starts, and the lookups of the point form (algorithms,
// a trial SQL query).
import { get, post, type GetOptions, type RequestOptions } from './request';
import type { DisplayMode, ValueType } from './diagnosis';
import type { Page } from './types';

const BASE = '/api/herm-znfx';

// ---------------------------------------------------------------------------------------------
// wire shapes (the spec's field names)

/** 数值比较 or 等级比较 (001 §9). */
export type WarningMode = 'value' | 'level';
export type Condition = '<' | '<=' | '=' | '>=' | '>';
/** 每年 / 每月 / 每周 / 每天 / 不限. */
export type WarningPeriod = 'year' | 'month' | 'week' | 'day' | 'none';
/** Warning grades, best first (001 §9: A to G). */
export type WarningGrade = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/** A point's warning rule: warn when the value (or its grade) stands in relation tj to yjz, once per yjzq. */
export interface WarningRule {
  yjlx: WarningMode;
  tj: Condition;
  yjz: string;
  yjzq: WarningPeriod;
}

/** One sampled value (001 §3 "Sampling record"); sj is 'YYYY-MM-DD HH:mm:ss'. */
export interface SamplingRecord {
  sj: string;
  cjz: string | null;
  zlx: ValueType | string;
}

/** A row of the warning table (001 §3 "Warning row"): one point of the task with its warnings. */
export interface WarningRow {
  zgzkdid: string;
  zkdmc: string;
  zlx: ValueType | string;
  yjz: string | null;
  /** of the latest handled warning */
  yyfx: string | null;
  clcs: string | null;
  clrmc: string | null;
  allNum: number;
  disposeNum: number;
  /** the latest warning (handled or not) */
  latestId: string | null;
  /** the latest warning waits for handling */
  open: boolean;
}

/** A warning record of a point (001 §3 "Warning flow record"); handled once clsj is set. */
export interface WarningRecord {
  id: string;
  yjsj: string;
  yjz: string;
  jgz: string | null;
  zlx: ValueType | string;
  tj: Condition | string;
  yjlx: WarningMode | string;
  clsj: string | null;
  clcs: string | null;
  yyfx: string | null;
  clrmc: string | null;
}

export interface TrendPoint {
  sj: string;
  jgz: string | number | null;
  yjz: string | number | null;
}

export interface WarningTrend {
  points: TrendPoint[];
}

export interface WarningCounts {
  allNum: number;
  disposeNum: number;
}

/** An open warning of the person (GET warningflow/mine). */
export interface MyWarning {
  id: string;
  zgzkdid: string;
  objTaskId: string;
  zkdmc: string;
  rwmc: string;
  gzdxmc: string;
  yjsj: string;
  yjz: string;
  tj?: Condition | string;
  jgz: string | null;
  zlx: ValueType | string;
}

export interface Disposal {
  id: string;
  yyfx: string;
  clcs: string;
}

/** The detail rows of one data source of the latest sample (quality/selectbyid detailValue). */
export interface DetailGroup {
  datasourceId: string | null;
  cjfs?: string | null;
  xsfs: DisplayMode | string;
  rows: Array<Record<string, unknown>>;
}

/** A value an algorithm reads from the object's task. */
export interface AlgorithmInput {
  name: string;
  description: string;
}

/** A named, versioned calculation an algorithm source may name (config { algorithmId, version }). */
export interface Algorithm {
  id: string;
  version: number | string;
  name: string;
  description?: string | null;
  formula?: string | null;
  inputs?: AlgorithmInput[];
}

export interface AlgorithmDetail {
  algoRithmDetails: Algorithm[];
}

/** What a trial SQL query answered: at most 1,000 rows. */
export interface SqlQueryResult {
  columns: string[];
  rows: Array<Record<string, unknown> | unknown[]>;
  truncated: boolean;
}

// ---------------------------------------------------------------------------------------------
// sampling and warnings of a task's points

/** GET /api/herm-znfx/quality/selectCollect?zgzkdid&objTaskId&startDate&endDate (YYYY-MM-DD) — sampled values, oldest first. */
export function getSamplingRecords(
  query: { zgzkdid: string; objTaskId: string; startDate?: string; endDate?: string },
  opts: GetOptions<SamplingRecord[]> = {},
): Promise<SamplingRecord[]> {
  return get<SamplingRecord[]>(`${BASE}/quality/selectCollect`, query, opts);
}

/** GET /api/herm-znfx/warningflow/list?objTaskId= — the task's points that have warnings, with counts. */
export function getWarningRows(objTaskId: string, opts: GetOptions<WarningRow[]> = {}): Promise<WarningRow[]> {
  return get<WarningRow[]>(`${BASE}/warningflow/list`, { objTaskId }, opts);
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
export function startWarningScan(opts: RequestOptions<{ jobId: string }> = {}): Promise<{ jobId: string }> {
  return post<{ jobId: string }>(`${BASE}/warning/scan`, undefined, opts);
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

/** Values of an SQL source's :dxbm, :dxmc and :zq for a trial run (absent ones run as null). */
export interface SqlParameterValues {
  dxbm?: string;
  dxmc?: string;
  zq?: string;
}

/** POST /api/herm-znfx/sql/query — body { sql, dxbm?, dxmc?, zq? } (administrators): a trial run → { columns, rows, truncated }. */
export function querySql(sql: string, parameters: SqlParameterValues = {}, opts: RequestOptions<SqlQueryResult> = {}): Promise<SqlQueryResult> {
  return post<SqlQueryResult>(`${BASE}/sql/query`, { sql, ...parameters }, opts);
}
