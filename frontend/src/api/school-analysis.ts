// School analysis (智能分析, issue 16; 000 §7 school comparison and portrait calls) under /api/herm-znfx: schools and
// the person's screening, rival analysis, indicator data, 双高, operation monitoring, the data screen, portraits,
// card figures and the personal dashboard. Routes and who may call them: backend/src/modules/school-analysis/README.md.
import type {
  AnalysisQuery,
  AvgAnalysis,
  CardData,
  Dashboard,
  DashboardTile,
  DataScreen,
  DoubleSchool,
  IndicatorData,
  IndicatorDataQuery,
  OperationMonitoring,
  Page,
  Portrayal,
  PortrayalInput,
  PortrayalQuery,
  RankAnalysis,
  RivalQuery,
  RivalTable,
  School,
  SchoolHistory,
  SchoolImportResult,
  SchoolListQuery,
  SchoolOptions,
  SchoolScreen,
  SchoolScreenUpdate,
  TrendAnalysis,
} from '@zhengai/contracts';
import { get, getBlob, post, upload, type BlobResult, type GetOptions, type Query, type RequestOptions } from './request';

const ZNFX = '/api/herm-znfx';

/** A query's school codes travel comma-joined. */
function analysisParams(query: AnalysisQuery): Query {
  return { ...query, schoolCodes: query.schoolCodes.join(',') } as Query;
}

// ————————————————————————————— schools and the person's screening —————————————————————————————

/** GET schoolScreen/queryAllList: option lists (level, nature, province), indicators, years, bounds, own school. */
export function schoolOptions(opts: GetOptions<SchoolOptions> = {}): Promise<SchoolOptions> {
  return get<SchoolOptions>(`${ZNFX}/schoolScreen/queryAllList`, undefined, opts);
}

/** GET schoolScreen/querySchoolList: every matching school (the modal's virtual list). */
export function schoolList(query: SchoolListQuery, opts: GetOptions<School[]> = {}): Promise<School[]> {
  return get<School[]>(`${ZNFX}/schoolScreen/querySchoolList`, query as Query, opts);
}

/** GET schoolScreen/querySchoolScreen: the person's settings and selected schools. */
export function schoolScreen(opts: GetOptions<SchoolScreen> = {}): Promise<SchoolScreen> {
  return get<SchoolScreen>(`${ZNFX}/schoolScreen/querySchoolScreen`, undefined, opts);
}

/** POST schoolScreen/updateSchoolScreen: settings (level, nature, province) and/or the selection (bounded). */
export function updateSchoolScreen(input: SchoolScreenUpdate, opts: RequestOptions<SchoolScreen> = {}): Promise<SchoolScreen> {
  return post<SchoolScreen>(`${ZNFX}/schoolScreen/updateSchoolScreen`, input, opts);
}

/** POST schoolScreen/saveSchoolHistory {schoolCodes}. */
export function saveSchoolHistory(schoolCodes: string[], opts: RequestOptions<SchoolHistory> = {}): Promise<SchoolHistory> {
  return post<SchoolHistory>(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes }, opts);
}

/** GET schoolScreen/querySchoolHistory: the person's last selections, newest first. */
export function schoolHistory(opts: GetOptions<SchoolHistory[]> = {}): Promise<SchoolHistory[]> {
  return get<SchoolHistory[]>(`${ZNFX}/schoolScreen/querySchoolHistory`, undefined, opts);
}

// ————————————————————————————— rival analysis —————————————————————————————

/** POST rivalAnalysis/querySchoolRival: the schools' values of indicators in a year, with places. */
export function rivalTable(query: RivalQuery, opts: RequestOptions<RivalTable> = {}): Promise<RivalTable> {
  return post<RivalTable>(`${ZNFX}/rivalAnalysis/querySchoolRival`, query, { ...opts, reads: true });
}

/** GET rivalAnalysis/queryTrendAnalysis. */
export function trendAnalysis(query: AnalysisQuery, opts: GetOptions<TrendAnalysis> = {}): Promise<TrendAnalysis> {
  return get<TrendAnalysis>(`${ZNFX}/rivalAnalysis/queryTrendAnalysis`, analysisParams(query), opts);
}

/** GET rivalAnalysis/queryRankAnalysis. */
export function rankAnalysis(query: AnalysisQuery, opts: GetOptions<RankAnalysis> = {}): Promise<RankAnalysis> {
  return get<RankAnalysis>(`${ZNFX}/rivalAnalysis/queryRankAnalysis`, analysisParams(query), opts);
}

/** GET rivalAnalysis/queryAVGAnalysis. */
export function avgAnalysis(query: AnalysisQuery, opts: GetOptions<AvgAnalysis> = {}): Promise<AvgAnalysis> {
  return get<AvgAnalysis>(`${ZNFX}/rivalAnalysis/queryAVGAnalysis`, analysisParams(query), opts);
}

/** GET rivalAnalysis/queryDoubleSchool {schoolCodes: two, year}. */
export function doubleSchool(schoolCodes: [string, string], year: number | undefined, opts: GetOptions<DoubleSchool> = {}): Promise<DoubleSchool> {
  return get<DoubleSchool>(`${ZNFX}/rivalAnalysis/queryDoubleSchool`, { schoolCodes: schoolCodes.join(','), year }, opts);
}

// ————————————————————————————— indicator data, 双高, import —————————————————————————————

/** POST indicatorDataShow: one year's indicator values of the schools. */
export function indicatorData(query: IndicatorDataQuery, opts: RequestOptions<IndicatorData> = {}): Promise<IndicatorData> {
  return post<IndicatorData>(`${ZNFX}/indicatorDataShow`, query, { ...opts, reads: true });
}

/** GET indicatorDataShow/queryYears: the years holding values, ascending. */
export function indicatorYears(opts: GetOptions<number[]> = {}): Promise<number[]> {
  return get<number[]>(`${ZNFX}/indicatorDataShow/queryYears`, undefined, opts);
}

/** GET doubleHigh/queryYear: the years of 双高 lists. */
export function doubleHighYears(opts: GetOptions<number[]> = {}): Promise<number[]> {
  return get<number[]>(`${ZNFX}/doubleHigh/queryYear`, undefined, opts);
}

/** GET doubleHigh/getHighSchoolCode {year, kind}: the 双高 schools. */
export function doubleHighSchools(query: { year?: number; kind?: 'school' | 'major' }, opts: GetOptions<School[]> = {}): Promise<School[]> {
  return get<School[]>(`${ZNFX}/doubleHigh/getHighSchoolCode`, query as Query, opts);
}

/** GET schools/importTemplate: the import workbook (school columns, then one per indicator code). */
export function schoolImportTemplate(opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${ZNFX}/schools/importTemplate`, undefined, opts);
}

/** POST schools/import (file: .xlsx or .csv): all or nothing, every refused line reported. */
export function importSchools(file: File, opts: RequestOptions<SchoolImportResult> = {}): Promise<SchoolImportResult> {
  const data = new FormData();
  data.append('file', file);
  return upload<SchoolImportResult>(`${ZNFX}/schools/import`, data, opts);
}

/** POST schools/own {schoolCode}: the platform's own school. */
export function setOwnSchool(schoolCode: string, opts: RequestOptions<School> = {}): Promise<School> {
  return post<School>(`${ZNFX}/schools/own`, { schoolCode }, opts);
}

// ————————————————————————————— monitoring and the data screen —————————————————————————————

/** GET queryOperationMonitoring: the platform's live figures. */
export function operationMonitoring(opts: GetOptions<OperationMonitoring> = {}): Promise<OperationMonitoring> {
  return get<OperationMonitoring>(`${ZNFX}/queryOperationMonitoring`, undefined, opts);
}

/** GET dataScreen/overview: the data screen's one call. */
export function dataScreenOverview(opts: GetOptions<DataScreen> = {}): Promise<DataScreen> {
  return get<DataScreen>(`${ZNFX}/dataScreen/overview`, undefined, opts);
}

// ————————————————————————————— portraits —————————————————————————————

/** GET portrayal/queryCard: every card, paged (画像管理). */
export function portrayalCards(query: PortrayalQuery, opts: GetOptions<Page<Portrayal>> = {}): Promise<Page<Portrayal>> {
  return get<Page<Portrayal>>(`${ZNFX}/portrayal/queryCard`, query as Query, opts);
}

/** GET portrayal/queryMenu: every menu with its cards as children (画像管理). */
export function portrayalMenus(opts: GetOptions<Portrayal[]> = {}): Promise<Portrayal[]> {
  return get<Portrayal[]>(`${ZNFX}/portrayal/queryMenu`, undefined, opts);
}

/** GET portrayal/queryScreen: every screen with its cards as children (画像管理). */
export function portrayalScreens(opts: GetOptions<Portrayal[]> = {}): Promise<Portrayal[]> {
  return get<Portrayal[]>(`${ZNFX}/portrayal/queryScreen`, undefined, opts);
}

/** GET portrayal/queryPortrayalByAuth: the menus (with their cards) the person may read. */
export function portrayalsByAuth(query: { level?: string } = {}, opts: GetOptions<Portrayal[]> = {}): Promise<Portrayal[]> {
  return get<Portrayal[]>(`${ZNFX}/portrayal/queryPortrayalByAuth`, query as Query, opts);
}

/** GET portrayal/queryCardByAuth: the cards the person may read, paged. */
export function cardsByAuth(query: PortrayalQuery, opts: GetOptions<Page<Portrayal>> = {}): Promise<Page<Portrayal>> {
  return get<Page<Portrayal>>(`${ZNFX}/portrayal/queryCardByAuth`, query as Query, opts);
}

/** GET portrayal/queryScreenByAuth: the screens (with their cards) the person may read. */
export function screensByAuth(opts: GetOptions<Portrayal[]> = {}): Promise<Portrayal[]> {
  return get<Portrayal[]>(`${ZNFX}/portrayal/queryScreenByAuth`, undefined, opts);
}

/** POST portrayal/add, or portrayal/update with id. */
export function savePortrayal(input: PortrayalInput, opts: RequestOptions<Portrayal> = {}): Promise<Portrayal> {
  return post<Portrayal>(`${ZNFX}/portrayal/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST portrayal/delete {id}. */
export function deletePortrayal(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${ZNFX}/portrayal/delete`, { id }, opts);
}

/** GET portrayal/cardData {id}: a card's figures (only a card the person may read). */
export function cardData(id: string, opts: GetOptions<CardData> = {}): Promise<CardData> {
  return get<CardData>(`${ZNFX}/portrayal/cardData`, { id }, opts);
}

// ————————————————————————————— the personal dashboard —————————————————————————————

/** GET dashboard/query: the person's own dashboard tiles. */
export function myDashboard(opts: GetOptions<Dashboard> = {}): Promise<Dashboard> {
  return get<Dashboard>(`${ZNFX}/dashboard/query`, undefined, opts);
}

/** POST dashboard/save {tiles}. */
export function saveDashboard(tiles: DashboardTile[], opts: RequestOptions<Dashboard> = {}): Promise<Dashboard> {
  return post<Dashboard>(`${ZNFX}/dashboard/save`, { tiles }, opts);
}
