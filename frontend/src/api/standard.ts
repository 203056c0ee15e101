// The target-standard service (spec 001 §7 "Target-standard service"), under /api/herm-znfx: the libraries
// (目标标准) as cards, their copy and sync jobs, the indicator catalogue, the quality-point definitions, the
// grants and the spreadsheet of points; and the lookups of /api/user the library form needs.
import type {
  LibraryCreateRights,
  Access,
  CardMode,
  Catalog,
  CycleType,
  CycleValue,
  Dimension,
  GrantInput,
  Grant,
  ImportResult,
  IndicatorInput,
  IndicatorSaved,
  IndicatorUpdate,
  JobStart,
  PointCopyInput,
  PointDefinition,
  PointInput,
  SyncInput,
  TargetCopyInput,
  TargetInput,
  TargetLibrary,
  TargetQuery as TargetQueryWire,
  TaskProgress,
} from '@zhengai/contracts';
import { get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions, type UploadOptions } from './request';
import type { Page } from './types';

// The wire shapes are the contract's (001 §3 "Target standard", "Target card"); re-exported under the names pages use.
export type {
  Access,
  CardMode,
  Catalog,
  CatalogInUse,
  CycleType,
  CycleValue,
  DatasourceConfig,
  DatasourceDef,
  DatasourceInput,
  Dimension,
  Grant,
  ImportProblem,
  ImportResult,
  IndicatorNode,
  JobStart,
  PointDefinition,
  PointInput,
  SamplingPeriod,
  SubjectType,
  TargetInput,
  TargetLevel,
  TargetLibrary,
  TaskProgress,
} from '@zhengai/contracts';

const BASE = '/api/herm-znfx';
const USER = '/api/user';

/** The list's filters as pages hold them: the mode, and filters where null or empty means none. */
export type TargetQuery = { mode: CardMode } & { [K in Exclude<keyof TargetQueryWire, 'mode'>]?: TargetQueryWire[K] | null };

// ---------------------------------------------------------------------------------------------
// libraries

/** GET /api/herm-znfx/target/list?pageNum&pageSize&mode&parentId&targetLevelId&cycleValue&name — the cards of a mode. */
export function getTargets(query: TargetQuery, opts: GetOptions<Page<TargetLibrary>> = {}): Promise<Page<TargetLibrary>> {
  const { pageNum = 1, pageSize = 10, mode, parentId, targetLevelId, cycleValue, name } = query;
  return get<Page<TargetLibrary>>(
    `${BASE}/target/list`,
    { pageNum, pageSize, mode, parentId: parentId || undefined, targetLevelId: targetLevelId || undefined, cycleValue: cycleValue || undefined, name: name?.trim() || undefined },
    opts,
  );
}

/** GET /api/herm-znfx/target/rights — whether the person may create libraries (新增 and 复制 on the cards). */
export function getLibraryCreateRights(opts: GetOptions<LibraryCreateRights> = {}): Promise<LibraryCreateRights> {
  return get<LibraryCreateRights>(`${BASE}/target/rights`, {}, opts);
}

/** GET /api/herm-znfx/target/detail?id= — one library with the person's access. */
export function getTarget(id: string, opts: GetOptions<TargetLibrary> = {}): Promise<TargetLibrary> {
  return get<TargetLibrary>(`${BASE}/target/detail`, { id }, opts);
}

/** POST /api/herm-znfx/target/add — body { name, cycleValue, targetLevelId, dimensionId?, cycleTypeId?, treeLevel?, parentId? } (新增成功). */
export function addTarget(input: TargetInput, opts: RequestOptions<TargetLibrary> = {}): Promise<TargetLibrary> {
  return post<TargetLibrary>(`${BASE}/target/add`, input, opts);
}

/** POST /api/herm-znfx/target/update — body { id, …fields } (修改成功). */
export function updateTarget(id: string, input: Partial<TargetInput>, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/target/update`, { id, ...input }, opts);
}

/** POST /api/herm-znfx/target/delete — body { id }: to the recycle bin (删除成功). */
export function deleteTarget(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/target/delete`, { id }, opts);
}

/** POST /api/herm-znfx/target/recover — body { id }: back from the recycle bin (恢复成功). */
export function recoverTarget(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/target/recover`, { id }, opts);
}

/** POST /api/herm-znfx/target/purge — body { id }: for good (彻底删除成功); 409 while tasks use it. */
export function purgeTarget(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/target/purge`, { id }, opts);
}

/** POST /api/herm-znfx/target/copy — body { id, name, cycleValue? } → { taskId, libraryId }; poll checkStatus. */
export function copyTarget(input: TargetCopyInput, opts: RequestOptions<JobStart> = {}): Promise<JobStart> {
  return post<JobStart>(`${BASE}/target/copy`, { id: input.id, name: input.name, cycleValue: input.cycleValue || undefined }, opts);
}

/** POST /api/herm-znfx/quality/sync — body { parentId, childId? } → { taskId }; childId: one child inherits. */
export function syncQuality(input: SyncInput, opts: RequestOptions<JobStart> = {}): Promise<JobStart> {
  return post<JobStart>(`${BASE}/quality/sync`, { parentId: input.parentId, childId: input.childId || undefined }, opts);
}

/** GET /api/herm-znfx/target/checkStatus?taskId= — true when done, false while running; 409 with the reason when it failed. */
export function checkStatus(taskId: string, opts: GetOptions<boolean> = {}): Promise<boolean> {
  return get<boolean>(`${BASE}/target/checkStatus`, { taskId }, opts);
}

/** GET /api/herm-znfx/quality/taskResult?taskId= — { state, done, total, step, reason, libraryId, renamed } of a copy, sync or copy of points. */
export function getTaskResult(taskId: string, opts: GetOptions<TaskProgress> = {}): Promise<TaskProgress> {
  return get<TaskProgress>(`${BASE}/quality/taskResult`, { taskId }, opts);
}

/** POST /api/herm-znfx/quality/copy — body { sourceLibraryId, pointIds, indicatorId } → { taskId }; poll getTaskResult. */
export function copyPoints(input: PointCopyInput, opts: RequestOptions<JobStart> = {}): Promise<JobStart> {
  return post<JobStart>(`${BASE}/quality/copy`, input, opts);
}

// ---------------------------------------------------------------------------------------------
// catalogue

/** GET /api/herm-znfx/catalog/tree?libraryId= — { treeLevel, nodes } with display names and level titles. */
export function getCatalog(libraryId: string, opts: GetOptions<Catalog> = {}): Promise<Catalog> {
  return get<Catalog>(`${BASE}/catalog/tree`, { libraryId }, opts);
}

/** POST /api/herm-znfx/catalog/add — body { libraryId, name, parentId? } → { id, level }. */
export function addIndicator(input: Omit<IndicatorInput, 'sortOrder'>, opts: RequestOptions<IndicatorSaved> = {}) {
  return post<IndicatorSaved>(`${BASE}/catalog/add`, { ...input, parentId: input.parentId || undefined }, opts);
}

/** POST /api/herm-znfx/catalog/update — body { id, name?, parentId?, sortOrder? }. */
export function updateIndicator(input: IndicatorUpdate, opts: RequestOptions<unknown> = {}) {
  return post<unknown>(`${BASE}/catalog/update`, input, opts);
}

/** POST /api/herm-znfx/catalog/delete — body { id, cascade? }; 409 with data { children, points } unless cascade. */
export function deleteIndicator(id: string, cascade = false, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/catalog/delete`, cascade ? { id, cascade } : { id }, opts);
}

// ---------------------------------------------------------------------------------------------
// quality-point definitions

/** GET /api/herm-znfx/quality/definitions?libraryId=&indicatorId= — the indicator's points (every point of the library without indicatorId). */
export function getDefinitions(libraryId: string, indicatorId: string | null, opts: GetOptions<PointDefinition[]> = {}): Promise<PointDefinition[]> {
  return get<PointDefinition[]>(`${BASE}/quality/definitions`, { libraryId, indicatorId: indicatorId ?? undefined }, opts);
}

/** POST /api/herm-znfx/quality/definitions/add — body { libraryId, indicatorId, zkdmc, zlx, … }. */
export function addDefinition(input: PointInput & { libraryId: string; indicatorId: string }, opts: RequestOptions<PointDefinition> = {}) {
  return post<PointDefinition>(`${BASE}/quality/definitions/add`, input, opts);
}

/** POST /api/herm-znfx/quality/definitions/update — body { id, …fields }; datasources are replaced whole. */
export function updateDefinition(id: string, input: PointInput, opts: RequestOptions<PointDefinition> = {}) {
  return post<PointDefinition>(`${BASE}/quality/definitions/update`, { id, ...input }, opts);
}

/** POST /api/herm-znfx/quality/definitions/delete — body { id }. */
export function deleteDefinition(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/quality/definitions/delete`, { id }, opts);
}

// ---------------------------------------------------------------------------------------------
// grants

/** GET /api/herm-znfx/authority/list?libraryId= — who may write or read the library. */
export function getGrants(libraryId: string, opts: GetOptions<Grant[]> = {}): Promise<Grant[]> {
  return get<Grant[]>(`${BASE}/authority/list`, { libraryId }, opts);
}

/** POST /api/herm-znfx/authority/add — body { libraryId, subjectType, subjectId, authorityType }. */
export function addGrant(input: GrantInput, opts: RequestOptions<Grant> = {}) {
  return post<Grant>(`${BASE}/authority/add`, input, opts);
}

/** POST /api/herm-znfx/authority/update — body { id, authorityType }. */
export function updateGrant(id: string, authorityType: Access, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/authority/update`, { id, authorityType }, opts);
}

/** POST /api/herm-znfx/authority/delete — body { id }. */
export function deleteGrant(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/authority/delete`, { id }, opts);
}

// ---------------------------------------------------------------------------------------------
// the spreadsheet of points

/** GET /api/herm-znfx/quality/template?libraryId= — the empty import sheet (xlsx). */
export function downloadTemplate(libraryId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/quality/template`, { libraryId }, opts);
}

/** GET /api/herm-znfx/quality/export?libraryId= — '{name}质控点.xlsx'. */
export function exportPoints(libraryId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/quality/export`, { libraryId }, opts);
}

/** POST /api/herm-znfx/quality/import?libraryId= (multipart `file`) → { indicators, points }; 400 with data [{ row, reason }]. */
export function importPoints(libraryId: string, file: File, opts: UploadOptions<ImportResult> = {}) {
  const data = new FormData();
  data.append('file', file);
  return upload<ImportResult>(`${BASE}/quality/import`, data, { ...opts, params: { libraryId } });
}

// ---------------------------------------------------------------------------------------------
// lookups of /api/user

/** GET /api/user/cycleTypes — 年度 … */
export function getCycleTypes(opts: GetOptions<CycleType[]> = {}): Promise<CycleType[]> {
  return get<CycleType[]>(`${USER}/cycleTypes`, undefined, opts);
}

/** GET /api/user/cycleValues?typeName= — the cycles of a type (年度: 2025年 …). */
export function getCycleValues(typeName = '年度', opts: GetOptions<CycleValue[]> = {}): Promise<CycleValue[]> {
  return get<CycleValue[]>(`${USER}/cycleValues`, { typeName }, opts);
}

/** GET /api/user/dimensions?pageNum=1&pageSize=10000000 — every dimension (failure: 获取维度信息失败！, 000 §8). */
export function getDimensions(opts: GetOptions<Page<Dimension>> = {}): Promise<Page<Dimension>> {
  return get<Page<Dimension>>(`${USER}/dimensions`, { pageNum: 1, pageSize: 10_000_000 }, opts);
}
