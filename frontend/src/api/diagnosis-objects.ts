// 诊改对象 (issue 32): the school's objects of each level, under the data management base /api/herm-sjgl.
import type {
  DiagnosisObject, DiagnosisObjectActions, DiagnosisObjectId, DiagnosisObjectInput, DiagnosisObjectOption, DiagnosisObjectUpdate, ObjectImportLevel,
  ObjectImportResult, ObjectLevel, Page,
} from '@zhengai/contracts';
import { get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions } from './request';

export {
  OBJECT_IMPORT_HEADERS, OBJECT_IMPORT_LEVELS, OBJECT_LEVEL_NAMES, OBJECT_LEVELS, OBJECT_LIMITS,
  type DiagnosisObject, type DiagnosisObjectActions, type DiagnosisObjectOption, type ObjectAction, type ObjectImportLevel, type ObjectImportProblem,
  type ObjectImportResult, type ObjectLevel,
} from '@zhengai/contracts';

const BASE = '/api/herm-sjgl/diagnosisObjects';

export interface ObjectListQuery {
  pageNum: number;
  pageSize: number;
  level?: ObjectLevel;
  departmentId?: string | null;
  upperId?: string | null;
  keyword?: string;
  state?: 'live' | 'retired' | 'all';
}

/** GET /api/herm-sjgl/diagnosisObjects/actions — what the person may do on the page. */
export function getObjectActions(opts: GetOptions<DiagnosisObjectActions> = {}): Promise<DiagnosisObjectActions> {
  return get<DiagnosisObjectActions>(`${BASE}/actions`, undefined, opts);
}

/** GET /api/herm-sjgl/diagnosisObjects/list — paged, by level, department, upper object, code or name, state. */
export function listObjects(query: ObjectListQuery, opts: GetOptions<Page<DiagnosisObject>> = {}): Promise<Page<DiagnosisObject>> {
  return get<Page<DiagnosisObject>>(`${BASE}/list`, { ...query }, opts);
}

/** GET /api/herm-sjgl/diagnosisObjects/options — a picker's live objects of a level (a department's majors). */
export function objectOptions(query: { level: ObjectLevel; departmentId?: string | null; keyword?: string }, opts: GetOptions<DiagnosisObjectOption[]> = {}): Promise<DiagnosisObjectOption[]> {
  return get<DiagnosisObjectOption[]>(`${BASE}/options`, { ...query }, opts);
}

/** POST /api/herm-sjgl/diagnosisObjects/add */
export function addObject(body: DiagnosisObjectInput, opts: RequestOptions<DiagnosisObjectId> = {}): Promise<DiagnosisObjectId> {
  return post<DiagnosisObjectId>(`${BASE}/add`, body, opts);
}

/** POST /api/herm-sjgl/diagnosisObjects/update */
export function updateObject(body: DiagnosisObjectUpdate, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/update`, body, opts);
}

/** POST /api/herm-sjgl/diagnosisObjects/retire {id} */
export function retireObject(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/retire`, { id }, opts);
}

/** POST /api/herm-sjgl/diagnosisObjects/restore {id} */
export function restoreObject(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/restore`, { id }, opts);
}

/** GET /api/herm-sjgl/diagnosisObjects/template?level= — the level's import workbook. */
export function objectImportTemplate(level: ObjectImportLevel, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/template`, { level }, opts);
}

/** POST /api/herm-sjgl/diagnosisObjects/import?level= (file: .xlsx): all or nothing, every bad row reported. */
export function importObjects(level: ObjectImportLevel, file: File, opts: RequestOptions<ObjectImportResult> = {}): Promise<ObjectImportResult> {
  const data = new FormData();
  data.append('file', file);
  return upload<ObjectImportResult>(`${BASE}/import`, data, { ...opts, params: { level } });
}
