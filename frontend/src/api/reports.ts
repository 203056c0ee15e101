// Quality reports (issue 14; 001 §2, §3, §7 items 15–16): templates, covers, reports, their review, discussion and
// shares under /api/herm-sjgl; the build job under /api/herm-znfx.
import type {
  CoverLayout,
  ReportBuildProgress,
  ReportBuildStart,
  ReportComment,
  ReportCover,
  ReportDetail,
  ReportDiscussInput,
  ReportGenerateInput,
  ReportLevel,
  ReportRejectInput,
  ReportReviewInput,
  ReportPage,
  ReportScopeOptions,
  ReportShare,
  ReportShareInput,
  ReportShareOptions,
  ReportState,
  ReportTemplate,
  ReportTemplateInput,
} from '@zhengai/contracts';
import { buildUrl, get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions } from './request';

export type {
  CoverLayout,
  ReportAction,
  ReportBuildProgress,
  ReportBuildStart,
  ReportComment,
  ReportCover,
  ReportDetail,
  ReportGenerateInput,
  ReportLevel,
  ReportPage,
  ReportRow,
  ReportScope,
  ReportScopeOptions,
  ReportShare,
  ReportShareOptions,
  ReportState,
  ReportTableKey,
  ReportTemplate,
  ReportTemplateInput,
  ReviewResult,
  ReviewVo,
} from '@zhengai/contracts';
export {
  COVER_IMAGE_EXTENSIONS,
  COVER_IMAGE_MAX_BYTES,
  OVERVIEW_ITEM_CHECKED,
  OVERVIEW_ITEM_IDS,
  OVERVIEW_ITEM_NAMES,
  REPORT_ACTION_NAMES,
  REPORT_CHART_SECTION,
  REPORT_LEVEL_NAMES,
  REPORT_LEVELS,
  REPORT_MESSAGES,
  REPORT_STATE_NAMES,
  REPORT_STATES,
  REPORT_TABLE_COLUMNS,
  REPORT_TABLE_KEYS,
  REPORT_TABLE_NAMES,
  REPORT_TABLE_SECTION,
  REVIEW_RESULT_NAMES,
  REVIEW_RESULTS,
  reportChartOption,
  reportTableCell,
  REPORT_CHART_KEYS,
  sectionSentences,
  shownSections,
} from '@zhengai/contracts';

const SJGL = '/api/herm-sjgl';
const ZNFX = '/api/herm-znfx';

export interface ReportListFilter {
  current: number;
  size: number;
  cycle?: string | null;
  cjlx?: ReportLevel | null;
  state?: ReportState | null;
  name?: string | null;
}

// ————————————————————————————— templates —————————————————————————————

/** GET /api/herm-sjgl/reportTemplate/list — every template, the default first. */
export function listTemplates(opts: GetOptions<ReportTemplate[]> = {}): Promise<ReportTemplate[]> {
  return get<ReportTemplate[]>(`${SJGL}/reportTemplate/list`, undefined, opts);
}

/** POST /api/herm-sjgl/reportTemplate/add or update (with id). */
export function saveTemplate(input: ReportTemplateInput, opts: RequestOptions<ReportTemplate> = {}): Promise<ReportTemplate> {
  return post<ReportTemplate>(`${SJGL}/reportTemplate/${input.id ? 'update' : 'add'}`, input, opts);
}

/** POST /api/herm-sjgl/reportTemplate/delete {id}. */
export function deleteTemplate(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/reportTemplate/delete`, { id }, opts);
}

/** POST /api/herm-sjgl/reportTemplate/setDefault {id}. */
export function setDefaultTemplate(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/reportTemplate/setDefault`, { id }, opts);
}

// ————————————————————————————— covers —————————————————————————————

/** GET /api/herm-sjgl/reportCover/list. */
export function listCovers(opts: GetOptions<ReportCover[]> = {}): Promise<ReportCover[]> {
  return get<ReportCover[]>(`${SJGL}/reportCover/list`, undefined, opts);
}

/** POST /api/herm-sjgl/reportCover/add multipart: file, name, layout (JSON). */
export function addCover(file: File, name: string, layout: CoverLayout, opts: RequestOptions<ReportCover> = {}): Promise<ReportCover> {
  const data = new FormData();
  data.append('file', file);
  data.append('name', name);
  data.append('layout', JSON.stringify(layout));
  return upload<ReportCover>(`${SJGL}/reportCover/add`, data, opts);
}

/** POST /api/herm-sjgl/reportCover/update {id, name, layout}. */
export function updateCover(id: string, name: string, layout: CoverLayout, opts: RequestOptions<ReportCover> = {}): Promise<ReportCover> {
  return post<ReportCover>(`${SJGL}/reportCover/update`, { id, name, layout }, opts);
}

/** POST /api/herm-sjgl/reportCover/delete {id}. */
export function deleteCover(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/reportCover/delete`, { id }, opts);
}

/** POST /api/herm-sjgl/reportCover/setDefault {id}. */
export function setDefaultCover(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/reportCover/setDefault`, { id }, opts);
}

// ————————————————————————————— reports —————————————————————————————

/**
 * GET /api/herm-sjgl/report/select?current&size&cycle&cjlx&state&name — the reports the person may read, newest first,
 * and whether they manage templates and covers (canManageTemplates).
 */
export function listReports(filter: ReportListFilter, opts: GetOptions<ReportPage> = {}): Promise<ReportPage> {
  const { current, size, cycle, cjlx, state, name } = filter;
  return get<ReportPage>(
    `${SJGL}/report/select`,
    { current, size, cycle: cycle || undefined, cjlx: cjlx || undefined, state: state || undefined, name: name?.trim() || undefined },
    opts,
  );
}

/** GET /api/herm-sjgl/report/detail?id=. */
export function getReport(id: string, opts: GetOptions<ReportDetail> = {}): Promise<ReportDetail> {
  return get<ReportDetail>(`${SJGL}/report/detail`, { id }, opts);
}

/** GET /api/herm-sjgl/report/scopeOptions?cycle= — the cycles known and the scopes of the cycle the person may report on. */
export function getScopeOptions(cycle: string | null, opts: GetOptions<ReportScopeOptions> = {}): Promise<ReportScopeOptions> {
  return get<ReportScopeOptions>(`${SJGL}/report/scopeOptions`, { cycle: cycle || undefined }, opts);
}

/** GET /api/herm-sjgl/report/shareOptions?name= — people and departments to share with or @mention. */
export function getShareOptions(name: string, opts: GetOptions<ReportShareOptions> = {}): Promise<ReportShareOptions> {
  return get<ReportShareOptions>(`${SJGL}/report/shareOptions`, { name: name.trim() || undefined }, opts);
}

/** POST /api/herm-sjgl/report/submit {id}. */
export function submitReport(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/report/submit`, { id }, opts);
}

/** POST /api/herm-sjgl/report/review — the expert's step (submitted) or the school's (expertPassed). */
export function reviewReport(input: ReportReviewInput, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/report/review`, input, opts);
}

/** POST /api/herm-sjgl/report/reject {id, reason}. */
export function rejectReport(input: ReportRejectInput, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/report/reject`, input, opts);
}

/** POST /api/herm-sjgl/report/delete {id}. */
export function deleteReport(id: string, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/report/delete`, { id }, opts);
}

/** POST /api/herm-sjgl/report/rebuild {id} — builds the report again from today's data. */
export function rebuildReport(id: string, opts: RequestOptions<ReportBuildStart> = {}): Promise<ReportBuildStart> {
  return post<ReportBuildStart>(`${SJGL}/report/rebuild`, { id }, opts);
}

/** GET /api/herm-sjgl/report/discussList?id=. */
export function listComments(id: string, opts: GetOptions<ReportComment[]> = {}): Promise<ReportComment[]> {
  return get<ReportComment[]>(`${SJGL}/report/discussList`, { id }, opts);
}

/** POST /api/herm-sjgl/report/discuss {id, content, mentionIds}. */
export function addComment(input: ReportDiscussInput, opts: RequestOptions<ReportComment> = {}): Promise<ReportComment> {
  return post<ReportComment>(`${SJGL}/report/discuss`, input, opts);
}

/** GET /api/herm-sjgl/report/shareList?id=. */
export function listShares(id: string, opts: GetOptions<ReportShare[]> = {}): Promise<ReportShare[]> {
  return get<ReportShare[]>(`${SJGL}/report/shareList`, { id }, opts);
}

/** POST /api/herm-sjgl/report/share {id, userIds, departmentIds} — the shares after it. */
export function shareReport(input: ReportShareInput, opts: RequestOptions<ReportShare[]> = {}): Promise<ReportShare[]> {
  return post<ReportShare[]>(`${SJGL}/report/share`, input, opts);
}

/** POST /api/herm-sjgl/report/unshare {id, targetType, targetId}. */
export function unshareReport(id: string, share: Pick<ReportShare, 'targetType' | 'targetId'>, opts: RequestOptions<boolean> = {}): Promise<boolean> {
  return post<boolean>(`${SJGL}/report/unshare`, { id, targetType: share.targetType, targetId: share.targetId }, opts);
}

/** GET /api/herm-sjgl/report/wordDownload?id= — the .docx (named by the server); a JSON answer is an error shown with its message. */
export function downloadReportWord(id: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${SJGL}/report/wordDownload`, { id }, opts);
}

/** GET /api/herm-sjgl/reportCover/preview?id= — a cover composed with a sample title. */
export function coverPreviewUrl(id: string): string {
  return buildUrl(`${SJGL}/reportCover/preview`, { id });
}

// ————————————————————————————— the build job —————————————————————————————

/** POST /api/herm-znfx/report/generate — starts the build job. */
export function generateReport(input: ReportGenerateInput, opts: RequestOptions<ReportBuildStart> = {}): Promise<ReportBuildStart> {
  return post<ReportBuildStart>(`${ZNFX}/report/generate`, input, opts);
}

/** GET /api/herm-znfx/report/taskResult?taskId= — the job's step and done/total. */
export function getBuildProgress(taskId: string, opts: GetOptions<ReportBuildProgress> = {}): Promise<ReportBuildProgress> {
  return get<ReportBuildProgress>(`${ZNFX}/report/taskResult`, { taskId }, opts);
}
