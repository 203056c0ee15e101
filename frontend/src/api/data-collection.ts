// Data collection (数据采集, issue 15; 001 §7 data collection service) under /api/herm-sjgl: form directories,
// forms and versions, constants, collection tasks and allocations, fill tasks and the data. Routes and who may call
// them: backend/src/modules/data-collection/README.md.
import type {
  Allocation,
  BatchResult,
  FillAllowedActions,
  AllocationInput,
  CollectionTask,
  CollectionTaskInput,
  CollectionTaskQuery,
  CommitInput,
  Constant,
  ConstantImportResult,
  ConstantInput,
  ConstantType,
  ConstantTypeInput,
  DataImportResult,
  DataQuery,
  DataRow,
  DataSourceSql,
  DataSourceSqlQuery,
  FillHistory,
  FillTask,
  FillTaskDetail,
  FillTaskQuery,
  FormCreateInput,
  FormDesignInput,
  FormDetail,
  FormDirectoryInput,
  FormDirectoryNode,
  FormQuery,
  FormSummary,
  FormVersion,
  Page,
  RollbackInput,
  RowsInput,
  SyncResult,
  UniqueCheckResult,
} from '@zhengai/contracts';
import { get, getBlob, post, upload, type BlobResult, type GetOptions, type Query, type RequestOptions } from './request';

const SJGL = '/api/herm-sjgl';

// ————————————————————————————— form directories —————————————————————————————

/** GET /api/herm-sjgl/formDirectorys/tree. */
export function directoryTree(opts: GetOptions<FormDirectoryNode[]> = {}): Promise<FormDirectoryNode[]> {
  return get<FormDirectoryNode[]>(`${SJGL}/formDirectorys/tree`, undefined, opts);
}

/** POST /api/herm-sjgl/formDirectorys/add, or update with id. */
export function saveDirectory(input: FormDirectoryInput, opts: RequestOptions<FormDirectoryNode> = {}): Promise<FormDirectoryNode> {
  return post<FormDirectoryNode>(`${SJGL}/formDirectorys/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST /api/herm-sjgl/formDirectorys/delete {id}. */
export function deleteDirectory(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/formDirectorys/delete`, { id }, opts);
}

// ————————————————————————————— forms —————————————————————————————

/** GET /api/herm-sjgl/forms/list. */
export function listForms(query: FormQuery, opts: GetOptions<Page<FormSummary>> = {}): Promise<Page<FormSummary>> {
  return get<Page<FormSummary>>(`${SJGL}/forms/list`, query as Query, opts);
}

/** GET /api/herm-sjgl/forms/detail {id}: the design being edited and the versions published. */
export function formDetail(id: string, opts: GetOptions<FormDetail> = {}): Promise<FormDetail> {
  return get<FormDetail>(`${SJGL}/forms/detail`, { id }, opts);
}

/** GET /api/herm-sjgl/forms/version {id, version}. */
export function formVersion(id: string, version: number, opts: GetOptions<FormVersion> = {}): Promise<FormVersion> {
  return get<FormVersion>(`${SJGL}/forms/version`, { id, version }, opts);
}

/** POST /api/herm-sjgl/forms/add. */
export function addForm(input: FormCreateInput, opts: RequestOptions<FormDetail> = {}): Promise<FormDetail> {
  return post<FormDetail>(`${SJGL}/forms/add`, input, opts);
}

/** POST /api/herm-sjgl/forms/update: the whole design. */
export function updateForm(input: FormDesignInput, opts: RequestOptions<FormDetail> = {}): Promise<FormDetail> {
  return post<FormDetail>(`${SJGL}/forms/update`, input, opts);
}

/** POST /api/herm-sjgl/forms/delete {id}. */
export function deleteForm(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/forms/delete`, { id }, opts);
}

/** POST /api/herm-sjgl/forms/publish {id}: the design becomes the next version. */
export function publishForm(id: string, opts: RequestOptions<FormDetail> = {}): Promise<FormDetail> {
  return post<FormDetail>(`${SJGL}/forms/publish`, { id }, opts);
}

/** GET /api/herm-sjgl/forms/dataSourceSql: the SQL of "create a data source" for a column. */
export function dataSourceSql(query: DataSourceSqlQuery, opts: GetOptions<DataSourceSql> = {}): Promise<DataSourceSql> {
  return get<DataSourceSql>(`${SJGL}/forms/dataSourceSql`, query as Query, opts);
}

// ————————————————————————————— constants —————————————————————————————

/** GET /api/herm-sjgl/constantTypes/list. */
export function listConstantTypes(opts: GetOptions<ConstantType[]> = {}): Promise<ConstantType[]> {
  return get<ConstantType[]>(`${SJGL}/constantTypes/list`, undefined, opts);
}

/** POST /api/herm-sjgl/constantTypes/add, or update with id. */
export function saveConstantType(input: ConstantTypeInput, opts: RequestOptions<ConstantType> = {}): Promise<ConstantType> {
  return post<ConstantType>(`${SJGL}/constantTypes/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST /api/herm-sjgl/constantTypes/delete {id}. */
export function deleteConstantType(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/constantTypes/delete`, { id }, opts);
}

/** GET /api/herm-sjgl/constants/list {typeId}. */
export function listConstants(typeId: string, opts: GetOptions<Constant[]> = {}): Promise<Constant[]> {
  return get<Constant[]>(`${SJGL}/constants/list`, { typeId }, opts);
}

/** POST /api/herm-sjgl/constants/add, or update with id. */
export function saveConstant(input: ConstantInput, opts: RequestOptions<Constant> = {}): Promise<Constant> {
  return post<Constant>(`${SJGL}/constants/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST /api/herm-sjgl/constants/delete {id}. */
export function deleteConstant(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/constants/delete`, { id }, opts);
}

/** GET /api/herm-sjgl/constants/template: the import template (xlsx). */
export function constantTemplate(opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${SJGL}/constants/template`, undefined, opts);
}

/** POST /api/herm-sjgl/constants/import multipart: file, typeId. Any bad row refuses them all (data: the rows). */
export function importConstants(file: File, typeId: string, opts: RequestOptions<ConstantImportResult> = {}): Promise<ConstantImportResult> {
  const data = new FormData();
  data.append('file', file);
  data.append('typeId', typeId);
  return upload<ConstantImportResult>(`${SJGL}/constants/import`, data, opts);
}

// ————————————————————————————— collection tasks and allocations —————————————————————————————

/** GET /api/herm-sjgl/tasks/list. */
export function listTasks(query: CollectionTaskQuery, opts: GetOptions<Page<CollectionTask>> = {}): Promise<Page<CollectionTask>> {
  return get<Page<CollectionTask>>(`${SJGL}/tasks/list`, query as Query, opts);
}

/** GET /api/herm-sjgl/tasks/detail {id}. */
export function taskDetail(id: string, opts: GetOptions<CollectionTask> = {}): Promise<CollectionTask> {
  return get<CollectionTask>(`${SJGL}/tasks/detail`, { id }, opts);
}

/** POST /api/herm-sjgl/tasks/add, or update with id. */
export function saveTask(input: CollectionTaskInput, opts: RequestOptions<CollectionTask> = {}): Promise<CollectionTask> {
  return post<CollectionTask>(`${SJGL}/tasks/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST /api/herm-sjgl/tasks/delete {id}. */
export function deleteTask(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/tasks/delete`, { id }, opts);
}

/** POST /api/herm-sjgl/tasks/publish {id}: pins the forms' versions and makes the fill tasks. */
export function publishTask(id: string, opts: RequestOptions<CollectionTask> = {}): Promise<CollectionTask> {
  return post<CollectionTask>(`${SJGL}/tasks/publish`, { id }, opts);
}

/** GET /api/herm-sjgl/taskAllocations/list {taskId}. */
export function listAllocations(taskId: string, opts: GetOptions<Allocation[]> = {}): Promise<Allocation[]> {
  return get<Allocation[]>(`${SJGL}/taskAllocations/list`, { taskId }, opts);
}

/** POST /api/herm-sjgl/taskAllocations/add. */
export function addAllocations(input: AllocationInput, opts: RequestOptions<Allocation[]> = {}): Promise<Allocation[]> {
  return post<Allocation[]>(`${SJGL}/taskAllocations/add`, input, opts);
}

/** POST /api/herm-sjgl/taskAllocations/delete {id}. */
export function deleteAllocation(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/taskAllocations/delete`, { id }, opts);
}

// ————————————————————————————— fill tasks —————————————————————————————

/** GET /api/herm-sjgl/fillTasks/mine: what I fill. */
export function myFillTasks(query: FillTaskQuery, opts: GetOptions<Page<FillTask>> = {}): Promise<Page<FillTask>> {
  return get<Page<FillTask>>(`${SJGL}/fillTasks/mine`, query as Query, opts);
}

/** GET /api/herm-sjgl/fillTasks/toAudit: what I audit. */
export function fillTasksToAudit(query: FillTaskQuery, opts: GetOptions<Page<FillTask>> = {}): Promise<Page<FillTask>> {
  return get<Page<FillTask>>(`${SJGL}/fillTasks/toAudit`, query as Query, opts);
}

/** GET /api/herm-sjgl/fillTasks/ofTask {taskId}: a task's fills (managers). */
export function fillTasksOfTask(taskId: string, opts: GetOptions<FillTask[]> = {}): Promise<FillTask[]> {
  return get<FillTask[]>(`${SJGL}/fillTasks/ofTask`, { taskId }, opts);
}

/** GET /api/herm-sjgl/fillTasks/detail {id}: the fill, its form version, rows and options. */
export function fillTaskDetail(id: string, opts: GetOptions<FillTaskDetail> = {}): Promise<FillTaskDetail> {
  return get<FillTaskDetail>(`${SJGL}/fillTasks/detail`, { id }, opts);
}

/** GET /api/herm-sjgl/fillTasks/history {id}: newest first. */
export function fillHistory(id: string, opts: GetOptions<FillHistory[]> = {}): Promise<FillHistory[]> {
  return get<FillHistory[]>(`${SJGL}/fillTasks/history`, { id }, opts);
}

/** POST /api/herm-sjgl/fillTasks/commit {id, rows?}: rows given are saved and committed at once. */
export function commitFill(input: CommitInput, opts: RequestOptions<FillTask> = {}): Promise<FillTask> {
  return post<FillTask>(`${SJGL}/fillTasks/commit`, input, opts);
}

/** POST /api/herm-sjgl/fillTasks/audit {id}: passes; the rows go to the data centre. */
export function auditFill(id: string, opts: RequestOptions<FillTask> = {}): Promise<FillTask> {
  return post<FillTask>(`${SJGL}/fillTasks/audit`, { id }, opts);
}

/** GET /api/herm-sjgl/fillTasks/allowedActions?ids=a,b: what the person may do now on each fill (a page's rows). */
export function fillAllowedActions(ids: readonly string[], opts: GetOptions<FillAllowedActions[]> = {}): Promise<FillAllowedActions[]> {
  return get<FillAllowedActions[]>(`${SJGL}/fillTasks/allowedActions`, { ids: ids.join(',') }, opts);
}

/** POST /api/herm-sjgl/fillTasks/batchAudit {ids}: each fill passed or refused on its own; the summary. */
export function batchAuditFills(ids: readonly string[], opts: RequestOptions<BatchResult> = {}): Promise<BatchResult> {
  return post<BatchResult>(`${SJGL}/fillTasks/batchAudit`, { ids }, opts);
}

/** POST /api/herm-sjgl/fillTasks/rollback {id, reason}. */
export function rollbackFill(input: RollbackInput, opts: RequestOptions<FillTask> = {}): Promise<FillTask> {
  return post<FillTask>(`${SJGL}/fillTasks/rollback`, input, opts);
}

// ————————————————————————————— data —————————————————————————————

/** GET /api/herm-sjgl/datas/query: a fill's rows, or a task's form across fills (managers). */
export function queryData(query: DataQuery, opts: GetOptions<Page<DataRow>> = {}): Promise<Page<DataRow>> {
  return get<Page<DataRow>>(`${SJGL}/datas/query`, query as Query, opts);
}

/** POST /api/herm-sjgl/datas/updateOrInsert {fillTaskId, rows}: the rows replace the fill's rows (a draft). */
export function saveRows(input: RowsInput, opts: RequestOptions<DataRow[]> = {}): Promise<DataRow[]> {
  return post<DataRow[]>(`${SJGL}/datas/updateOrInsert`, input, opts);
}

/** POST /api/herm-sjgl/datas/uniqueCheck {fillTaskId, field, values}: the values other fills already hold. */
export function uniqueCheck(fillTaskId: string, field: string, values: string[], opts: RequestOptions<UniqueCheckResult> = {}): Promise<UniqueCheckResult> {
  return post<UniqueCheckResult>(`${SJGL}/datas/uniqueCheck`, { fillTaskId, field, values }, { ...opts, reads: true });
}

/** POST /api/herm-sjgl/datas/sync {formId}: rewrites the form's data-centre table from the audited fills. */
export function syncData(formId: string, opts: RequestOptions<SyncResult> = {}): Promise<SyncResult> {
  return post<SyncResult>(`${SJGL}/datas/sync`, { formId }, opts);
}

/** GET /api/herm-sjgl/datas/template {fillTaskId}: the fill's import template (xlsx). */
export function dataTemplate(fillTaskId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${SJGL}/datas/template`, { fillTaskId }, opts);
}

/** GET /api/herm-sjgl/datas/export: a fill's rows (fillTaskId) or a task's form (taskId, formId) as xlsx. */
export function exportData(query: Pick<DataQuery, 'fillTaskId' | 'taskId' | 'formId' | 'departmentId'>, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${SJGL}/datas/export`, query as Query, opts);
}

/** POST /api/herm-sjgl/datas/import multipart: file, fillTaskId. Any bad row refuses them all (data: the rows). */
export function importData(file: File, fillTaskId: string, opts: RequestOptions<DataImportResult> = {}): Promise<DataImportResult> {
  const data = new FormData();
  data.append('file', file);
  data.append('fillTaskId', fillTaskId);
  return upload<DataImportResult>(`${SJGL}/datas/import`, data, opts);
}
