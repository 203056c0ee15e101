import { ATTACHMENT_STAGES, ERROR_CODES } from '@zhengai/contracts';
import type request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildObjectYears } from './support/diagnosis-fixtures.js';
import { CHUNK, mergeResult, newGuid, PNG_1x1, requestMerge, sendChunk, sendChunks, tempFilesDir } from './support/files-fixtures.js';
import { xlsxOf } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { ownDatabase } from './support/own-database.js';
import { SETUP_TIMEOUT_MS, startTestApp, waitFor, withCsrf, type TestApp } from './support/test-app.js';

// The access walk: every operation of the app's own OpenAPI document, called without a session, as a reader where a
// writer is needed, and as a person of another department on another department's objects. Each route declares its
// rule (x-access, x-object: backend/src/shared/http/access.decorators.ts); a route without one fails here, and every
// refused call must leave every table as it was.

type Access = 'anyone' | 'signed-in' | 'admin' | 'menu';
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
}
interface SchemaObject {
  $ref?: string;
  type?: string;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  'x-access'?: Access;
  'x-object'?: { object: string; mode: 'read' | 'write' };
  'x-access-menus'?: string[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaObject> };
}
interface Walked {
  key: string;
  method: 'get' | 'post';
  path: string;
  op: Operation;
}

/** Who may call without a session: login and logout, CAS, the system setting, health, client configuration, and the download (for the system logo only). */
const PUBLIC = [
  'GET /api/client-config',
  'GET /api/docrepo/download',
  'GET /api/health',
  'GET /api/user/cas/callback',
  'GET /api/user/cas/login',
  'GET /api/user/systemSetting/{appId}',
  'POST /api/user/cas/callback',
  'POST /api/user/login',
  'POST /api/user/logout',
];

/** Bookkeeping the walk itself writes: sessions of its logins, failed-login counts of the anonymous login, CAS tickets. */
const BOOKKEEPING = /^(user_session|login_.*|cas_ticket)$/;

/** A refusal for want of authority: no permission, or (objects one may not see) not found. */
const REFUSALS: unknown[] = [ERROR_CODES.NO_PERMISSION, ERROR_CODES.NOT_FOUND];

const P = 'aw';
/** A person with no role (no menu at all), for the menus every role sees. */
const NO_ROLE = `${P}-norole`;
const EVERY_ROLE_MENUS = ['ly_herm_qualityReport', 'ly_herm_homePage'];
/** The 智能分析 reading pages and the data screen, which the reader (zj, an expert) holds: walked as the person without a role too. */
const READER_HELD_MENUS = [
  'ly_herm_intelligentAnalysis_rival', 'ly_herm_intelligentAnalysis_indicator', 'ly_herm_intelligentAnalysis_monitoring',
  'ly_herm_intelligentAnalysis_portrayal', 'ly_herm_intelligentAnalysis_subscription', 'ly_herm_dataScreen',
];
const FX = {
  library: `${P}-lib-2026`,
  task: `${P}-2026`,
  indicator: `${P}-lib-2026-a1`,
  leaf: `${P}-lib-2026-a1-b1-c1`,
  point: `${P}-lib-2026-p1`,
  person: 'u-depthead',
  department: `${P}-dept`,
  user: `${P}-user`,
  file: '',
  guid: '',
  mergedGuid: '',
  attachment: '',
  grant: '',
  warning: '',
  copyJob: '',
  listJob: '',
  taskFile: '',
};

/** Values by parameter or field name; overrides() below where an operation means something else by the name. */
function byName(name: string): unknown {
  const values: Record<string, unknown> = {
    pageNum: 1, pageSize: 10, objTaskId: FX.task, gzdxid: FX.task, zkdid: FX.point, zgzkdid: FX.point, libraryId: FX.library,
    parentId: undefined, indicatorId: FX.leaf, name: '访问演练', cycleValue: '2026', targetLevelId: 'school', comment: '访问演练',
    yyfx: '访问演练', gjcs: '访问演练', clcs: '访问演练', zkdmc: '访问演练', zlx: 'percent', fileId: FX.file, attachmentId: FX.file,
    ids: FX.file, guid: FX.guid, fileName: 'aw.png', stage: ATTACHMENT_STAGES[0], userIds: ['u-owner'], userId: FX.person,
    departmentId: FX.department, departmentName: '访问演练部门', account: 'aw-account', userName: '访问演练', password: 'Walk2026!x',
    oldPassword: 'Demo2026', newPassword: 'Walk2026!x', confirmPassword: 'Walk2026!x', appId: '001', sql: 'select 1', jobId: 'aw-job',
    taskId: FX.copyJob, Id: 'handled-warning-rate', Version: 1, Type: '详情算法', subjectType: 'user', subjectId: 'u-owner',
    authorityType: 'write', isUseDefaultAvatar: true, launchId: 'aw-launch',
  };
  return values[name];
}

/** A year target and a target task of 教务处 (李红 owns it, 陈静 has no part in it), made in beforeAll. */
const AW_YEAR_TARGET = `${P}-yt`;
const AW_TASK = `${P}-tt`;

/** A function: the ids the fixtures make are known only once beforeAll has run. */
const overrides = (): Record<string, Record<string, unknown>> => ({
  // 消息中心 (issue 34): a message id nobody holds; marking it changes nothing for anyone
  'POST /api/message/read': { ids: [`${P}-message`] },
  'GET /api/user/uis/users/{id}/user': { id: FX.person },
  // 我的待办 (issue 34): signed-in, the person's own items; walked with its filters
  'GET /api/todo/list': { group: 'audits', kind: 'targetTask' },
  'GET /api/user/users/relationInfo': { userId: FX.person },
  'GET /api/user/roles/{id}/users': { id: 'r-expert' },
  'POST /api/user/roles/{id}/users/add': { id: 'r-expert', userIds: [FX.user] },
  'POST /api/user/roles/{id}/users/remove': { id: 'r-expert', userIds: [FX.user] },
  'POST /api/user/menus/address': { key: 'ly_herm_PerformanceAppraisal', externalUrl: null },
  'POST /api/user/users/update': { userId: FX.user },
  'POST /api/user/users/delete': { userId: FX.user },
  'GET /api/user/avatar/{userId}': { userId: FX.person },
  'GET /api/herm-znfx/target/detail': { id: FX.library },
  'POST /api/herm-znfx/target/update': { id: FX.library },
  'POST /api/herm-znfx/target/delete': { id: FX.library },
  'POST /api/herm-znfx/target/recover': { id: FX.library },
  'POST /api/herm-znfx/target/purge': { id: FX.library },
  'POST /api/herm-znfx/target/copy': { id: FX.library },
  'POST /api/herm-znfx/quality/sync': { parentId: FX.library },
  'POST /api/herm-znfx/quality/copy': { sourceLibraryId: FX.library, pointIds: [FX.point] },
  'POST /api/herm-znfx/catalog/update': { id: FX.indicator },
  'POST /api/herm-znfx/catalog/delete': { id: FX.indicator },
  'POST /api/herm-znfx/quality/definitions/update': { id: FX.point },
  'POST /api/herm-znfx/quality/definitions/delete': { id: FX.point },
  'POST /api/herm-znfx/authority/update': { id: FX.grant },
  'POST /api/herm-znfx/authority/delete': { id: FX.grant },
  'POST /api/herm-znfx/disqualified/update': { id: FX.point },
  'POST /api/herm-znfx/launch/start': {
    level: 'school', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: FX.library, scope: 'all', ownerRule: 'responsible', auditorRule: 'departmentHead',
    startDate: '2026-01-01', endDate: '2099-12-31',
  },
  'POST /api/herm-znfx/quality/deleteFile': { id: FX.attachment },
  'POST /api/herm-znfx/warningflow/dispose': { id: FX.warning },
  'POST /api/herm-sjgl/dynamicYbpDy/updateList': { sourceId: `${P}-source`, list: [{ sfzid: `${P}-item` }] },
  'GET /api/herm-znfx/obj/updateListStatus': { jobId: FX.listJob },
  'GET /api/herm-znfx/quality/definitions': { indicatorId: undefined },
  'GET /api/docrepo/upload/mergeStatus': { guid: FX.mergedGuid },
  'POST /api/herm-znfx/yearTarget/add': { cycleYear: '2026', dimensionId: 'dim-zlsc' },
  'POST /api/herm-znfx/yearTarget/update': { id: 'yt-2026-1', cycleYear: '2026', dimensionId: 'dim-zlsc' },
  'POST /api/herm-znfx/yearTarget/delete': { id: 'yt-2026-1' },
  'POST /api/herm-znfx/yearTarget/copy': { id: AW_YEAR_TARGET, cycleYear: '2031' },
  'GET /api/herm-znfx/targetTask/list': { pageType: 'YEAR_TASK' },
  'GET /api/herm-znfx/targetTask/export': { pageType: 'YEAR_TASK' },
  'GET /api/herm-znfx/targetTask/listCounts': { pageType: 'YEAR_TASK' },
  'GET /api/herm-znfx/targetTask/detail': { id: AW_TASK },
  'POST /api/herm-znfx/targetTask/add': {
    yearTargetId: AW_YEAR_TARGET, rwmc: '访问演练任务', rwlx: 'A', rwnf: '2026', kssj: '2026-01-01', jssj: '2026-12-31', chargeDepartId: 'd-jwc', ownerId: 'u-depthead',
  },
  'POST /api/herm-znfx/targetTask/update': {
    id: AW_TASK, yearTargetId: AW_YEAR_TARGET, rwmc: '访问演练任务', rwlx: 'A', rwnf: '2026', kssj: '2026-01-01', jssj: '2026-12-31', chargeDepartId: 'd-jwc', ownerId: 'u-depthead',
  },
  'POST /api/herm-znfx/targetTask/delete': { id: AW_TASK },
  'POST /api/herm-znfx/targetTask/move': { id: AW_TASK, action: 'submitAudit' },
  'POST /api/herm-znfx/targetTask/batchMove': { ids: [AW_TASK], action: 'push' },
  'GET /api/herm-znfx/targetTask/allowedActions': { ids: AW_TASK },
  'GET /api/herm-znfx/targetTask/situation': { id: AW_TASK },
  'GET /api/herm-znfx/targetTask/catalog': { year: '2026' },
  'GET /api/herm-znfx/targetTask/coop/list': { taskId: AW_TASK },
  'POST /api/herm-znfx/targetTask/coop/add': { taskId: AW_TASK, departmentId: 'd-xxgc', ownerId: 'u-owner' },
  'POST /api/herm-znfx/targetTask/coop/update': { taskId: AW_TASK, departmentId: 'd-xxgc', ownerId: 'u-owner' },
  'POST /api/herm-znfx/targetTask/coop/delete': { taskId: AW_TASK, departmentId: 'd-xxgc' },
  'GET /api/herm-znfx/targetTask/file/list': { taskId: AW_TASK },
  'POST /api/herm-znfx/targetTask/file/add': { taskId: AW_TASK, stage: 'task', files: [{ fileId: FX.file, fileName: 'aw.png', fileType: 'png' }] },
  'POST /api/herm-znfx/targetTask/file/update': { id: FX.taskFile, fileName: 'aw2.png' },
  'POST /api/herm-znfx/targetTask/file/delete': { id: FX.taskFile },
  'GET /api/herm-znfx/targetTask/warningCondition': { yearTargetId: AW_YEAR_TARGET },
  'POST /api/herm-znfx/targetTask/warningCondition/update': { yearTargetId: AW_YEAR_TARGET, cadence: 'month', graceDays: 10 },
  'POST /api/herm-znfx/targetTask/warningScan': {},
  'GET /api/herm-znfx/targetTask/summaryAnalysis': { type: 'mySummaryAnalysis' },
  ...reportFills(),
  ...objectFills(),
  ...collectionFillFills(),
  ...collectionFormFills(),
  ...schoolSideFills(),
  ...portrayalFills(),
  ...centreFills(),
  ...messagePushFills(),
});

/** 消息推送设置 (administrators only; the walk's refusals come before any send) and 消息接收设置 (each person's own). */
function messagePushFills(): Record<string, Record<string, unknown>> {
  const smtp = { enabled: true, host: 'smtp.example.edu.cn', port: 465, secure: true, user: 'aw', from: 'aw@example.edu.cn' };
  const robot = { dingtalkUrl: 'https://oapi.dingtalk.com/robot/send?access_token=aw', wecomUrl: null };
  return {
    'POST /api/messagePush/smtp': smtp,
    'POST /api/messagePush/smtp/test': { to: 'aw@example.edu.cn' },
    'POST /api/messagePush/robot': robot,
    'POST /api/messagePush/robot/test': { channel: 'dingtalk' },
    'POST /api/messagePush/webhook': { name: '访问演练', url: 'https://hooks.example.edu.cn/aw', kinds: ['warning'], enabled: true },
    'POST /api/messagePush/webhook/delete': { id: 'aw-webhook' },
    'POST /api/messagePush/webhook/test': { id: 'aw-webhook' },
    'POST /api/messagePush/preferences': { preferences: [{ kind: 'warning', channel: 'email', enabled: false }] },
  };
}

/** 发展中心 (issue 33): menu routes, refused to the reader (an expert holds no centre) before any read. */
function centreFills(): Record<string, Record<string, unknown>> {
  return {
    'GET /api/herm-znfx/centre/cycles': { level: 'major' },
    'GET /api/herm-znfx/centre/overview': { level: 'major' },
    'GET /api/herm-znfx/centre/export': { level: 'major' },
    'GET /api/herm-znfx/centre/portrait': { objectId: `${P}-object` },
  };
}

/** 诊改对象 (issue 32): an object nobody made; a reader and another department are refused before any lookup. */
function objectFills(): Record<string, Record<string, unknown>> {
  const object = `${P}-object`;
  return {
    'GET /api/herm-sjgl/diagnosisObjects/options': { level: 'major' },
    'GET /api/herm-sjgl/diagnosisObjects/template': { level: 'major' },
    'POST /api/herm-sjgl/diagnosisObjects/import': { level: 'major' },
    'POST /api/herm-sjgl/diagnosisObjects/add': { level: 'major', code: 'AW-M1', name: '访问演练专业', departmentId: 'd-jwc' },
    'POST /api/herm-sjgl/diagnosisObjects/update': { id: object, code: 'AW-M1', name: '访问演练专业', departmentId: 'd-jwc' },
    'POST /api/herm-sjgl/diagnosisObjects/retire': { id: object },
    'POST /api/herm-sjgl/diagnosisObjects/restore': { id: object },
  };
}

/** School analysis, the portrait side (issue 16): the demo's cards; every one refused before it reads them. */
function portrayalFills(): Record<string, Record<string, unknown>> {
  const card = { kind: 'card', name: '访问演练卡片', cm: 'aw_card', level: 'school', content: { chart: 'pie', source: 'points-by-grade' }, roleIds: ['r-admin'] };
  return {
    'GET /api/herm-znfx/portrayal/cardData': { id: 'pt-card-grade' },
    'POST /api/herm-znfx/portrayal/add': card,
    'POST /api/herm-znfx/portrayal/update': { ...card, id: 'pt-card-grade', cm: 'card_points_grade' },
    'POST /api/herm-znfx/portrayal/delete': { id: 'pt-card-grade' },
    'POST /api/herm-znfx/dashboard/save': { tiles: [{ cardId: 'pt-card-grade' }] },
  };
}

/** School analysis, the school side (issue 16): codes nobody holds; the menus refuse the walk's callers before any lookup. */
function schoolSideFills(): Record<string, Record<string, unknown>> {
  const analysis = { indicator: 'students', schoolCodes: `${P}-s1,${P}-s2`, startYear: 2024, endYear: 2025 };
  return {
    'GET /api/herm-znfx/rivalAnalysis/queryTrendAnalysis': analysis,
    'GET /api/herm-znfx/rivalAnalysis/queryRankAnalysis': analysis,
    'GET /api/herm-znfx/rivalAnalysis/queryAVGAnalysis': analysis,
    'GET /api/herm-znfx/rivalAnalysis/queryDoubleSchool': { schoolCodes: `${P}-s1,${P}-s2`, year: 2025 },
    'POST /api/herm-znfx/rivalAnalysis/querySchoolRival': { schoolCodes: [`${P}-s1`, `${P}-s2`], year: 2025 },
    'POST /api/herm-znfx/schoolScreen/updateSchoolScreen': { schoolCodes: [`${P}-s1`, `${P}-s2`] },
    'POST /api/herm-znfx/schoolScreen/saveSchoolHistory': { schoolCodes: [`${P}-s1`, `${P}-s2`] },
    'POST /api/herm-znfx/indicatorDataShow': { year: 2025 },
    'GET /api/herm-znfx/doubleHigh/getHighSchoolCode': { year: 2019, kind: 'school' },
    'POST /api/herm-znfx/schools/own': { schoolCode: `${P}-s1` },
  };
}

/** Data collection, fill side (issue 15): ids nobody holds; the menus refuse the walk's readers before any lookup. */
function collectionFillFills(): Record<string, Record<string, unknown>> {
  const task = { id: `${P}-dc-task`, name: '访问演练采集', cycle: '2026', deadline: '2026-12-31', formIds: [`${P}-dc-form`] };
  const fill = `${P}-dc-fill`;
  return {
    'GET /api/herm-sjgl/tasks/detail': { id: task.id },
    'POST /api/herm-sjgl/tasks/add': { ...task, id: undefined },
    'POST /api/herm-sjgl/tasks/update': task,
    'POST /api/herm-sjgl/tasks/delete': { id: task.id },
    'POST /api/herm-sjgl/tasks/publish': { id: task.id },
    'GET /api/herm-sjgl/taskAllocations/list': { taskId: task.id },
    'POST /api/herm-sjgl/taskAllocations/add': { taskId: task.id, formId: `${P}-dc-form`, departmentIds: ['d-jwc'], userIds: [], auditorId: 'u-auditor' },
    'POST /api/herm-sjgl/taskAllocations/delete': { id: `${P}-dc-allocation` },
    'GET /api/herm-sjgl/fillTasks/ofTask': { taskId: task.id },
    'GET /api/herm-sjgl/fillTasks/detail': { id: fill },
    'GET /api/herm-sjgl/fillTasks/history': { id: fill },
    'POST /api/herm-sjgl/fillTasks/commit': { id: fill, rows: [] },
    'POST /api/herm-sjgl/fillTasks/audit': { id: fill },
    'POST /api/herm-sjgl/fillTasks/batchAudit': { ids: [fill] },
    'GET /api/herm-sjgl/fillTasks/allowedActions': { ids: fill },
    'POST /api/herm-sjgl/fillTasks/rollback': { id: fill, reason: '访问演练' },
    'GET /api/herm-sjgl/datas/template': { fillTaskId: fill },
    'GET /api/herm-sjgl/datas/query': { fillTaskId: fill, taskId: undefined },
    'GET /api/herm-sjgl/datas/export': { fillTaskId: fill, taskId: undefined },
    'POST /api/herm-sjgl/datas/updateOrInsert': { fillTaskId: fill, rows: [] },
    'POST /api/herm-sjgl/datas/uniqueCheck': { fillTaskId: fill, field: 'aw', values: ['aw'] },
    'POST /api/herm-sjgl/datas/sync': { formId: `${P}-dc-form` },
  };
}

/** Data collection's design side (issue 15): directories, forms, constants; every one refused before it reads them. */
function collectionFormFills(): Record<string, Record<string, unknown>> {
  const form = { directoryId: `${P}-dir`, name: '访问演练表单', code: 'aw_form', formType: 'floating' };
  const constant = { typeId: `${P}-ctype`, value: 'aw', text: '访问演练' };
  return {
    'POST /api/herm-sjgl/formDirectorys/update': { id: `${P}-dir` },
    'POST /api/herm-sjgl/formDirectorys/delete': { id: `${P}-dir` },
    'GET /api/herm-sjgl/forms/detail': { id: `${P}-form` },
    'GET /api/herm-sjgl/forms/version': { id: `${P}-form`, version: 1 },
    'GET /api/herm-sjgl/forms/dataSourceSql': { formId: `${P}-form`, field: 'aw_count', aggregate: 'sum' },
    'POST /api/herm-sjgl/forms/add': form,
    'POST /api/herm-sjgl/forms/update': { id: `${P}-form`, ...form, fields: [], fixedRows: [] },
    'POST /api/herm-sjgl/forms/delete': { id: `${P}-form` },
    'POST /api/herm-sjgl/forms/publish': { id: `${P}-form` },
    'POST /api/herm-sjgl/constantTypes/add': { code: 'aw_type', name: '访问演练' },
    'POST /api/herm-sjgl/constantTypes/update': { id: `${P}-ctype`, code: 'aw_type', name: '访问演练' },
    'POST /api/herm-sjgl/constantTypes/delete': { id: `${P}-ctype` },
    'GET /api/herm-sjgl/constants/list': { typeId: `${P}-ctype` },
    'POST /api/herm-sjgl/constants/add': constant,
    'POST /api/herm-sjgl/constants/update': { id: `${P}-const`, ...constant },
    'POST /api/herm-sjgl/constants/delete': { id: `${P}-const` },
  };
}

/** Quality reports (issue 14): the demo's 2026 report (in the expert review), its default template, a cover. */
function reportFills(): Record<string, Record<string, unknown>> {
  const report = 'qr-demo-2026';
  const items = [1, 2, 3].map((id) => ({ id, isChecked: true, name: `访问演练${id}`, text: '' }));
  const template = { name: '访问演练模板', items, preface: '', closing: '' };
  const layout = { titleTop: 30, titleSize: 36, titleColor: '#000000', align: 'center' };
  const byId = (keys: string[], id: string) => Object.fromEntries(keys.map((k) => [k, { id }]));
  return {
    ...byId(['detail', 'discussList', 'shareList', 'wordDownload', 'cover'].map((r) => `GET /api/herm-sjgl/report/${r}`), report),
    ...byId(['submit', 'delete', 'rebuild'].map((r) => `POST /api/herm-sjgl/report/${r}`), report),
    ...byId(['image', 'preview'].map((r) => `GET /api/herm-sjgl/reportCover/${r}`), `${P}-cover`),
    ...byId(['delete', 'setDefault'].map((r) => `POST /api/herm-sjgl/reportCover/${r}`), `${P}-cover`),
    ...byId(['delete', 'setDefault'].map((r) => `POST /api/herm-sjgl/reportTemplate/${r}`), 'rt-demo-default'),
    'GET /api/herm-sjgl/report/stamp': { id: report, kind: 'expert' },
    'POST /api/herm-sjgl/report/review': { id: report, fhjg: 'A', opinion: '访问演练' },
    'POST /api/herm-sjgl/report/reject': { id: report, reason: '访问演练' },
    'POST /api/herm-sjgl/report/discuss': { id: report, content: '访问演练', mentionIds: [] },
    'POST /api/herm-sjgl/report/share': { id: report, userIds: ['u-owner'], departmentIds: [] },
    'POST /api/herm-sjgl/report/unshare': { id: report, targetType: 'user', targetId: 'u-owner' },
    'POST /api/herm-sjgl/reportTemplate/add': template,
    'POST /api/herm-sjgl/reportTemplate/update': { id: 'rt-demo-default', ...template },
    'POST /api/herm-sjgl/reportCover/update': { id: `${P}-cover`, name: '访问演练封面', layout },
    'POST /api/herm-znfx/report/generate': { reportName: '访问演练报告', cycle: '2026', scopes: [{ cjlx: 'school', cjdmid: 'school-demo' }] },
    'GET /api/herm-znfx/report/checkStatus': { taskId: `report-${report}-1` },
    'GET /api/herm-znfx/report/taskResult': { taskId: `report-${report}-1` },
  };
}

function valueOf(key: string, name: string): unknown {
  const over = overrides()[key];
  return over && name in over ? over[name] : byName(name);
}

function operations(doc: OpenApiDocument): Walked[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method as 'get' | 'post', path, op })),
  );
}

function resolve(doc: OpenApiDocument, schema: SchemaObject): SchemaObject {
  return schema.$ref ? doc.components.schemas[schema.$ref.slice('#/components/schemas/'.length)]! : schema;
}

/** The operation's path and query with plausible values; a required parameter without one fails the walk. */
function urlOf(w: Walked): string {
  let path = w.path;
  const query = new URLSearchParams();
  const names = (w.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  // A GET's override may name a query parameter the document does not list (read by @Query('name') without a DTO).
  if (w.method === 'get') for (const extra of Object.keys(overrides()[w.key] ?? {})) if (!names.some((p) => p.name === extra)) names.push({ name: extra, in: 'query' });
  for (const p of names) {
    if (['csrfTimestamp', 'csrfToken', '_t'].includes(p.name)) continue;
    const value = valueOf(w.key, p.name);
    if (value === undefined) {
      if (p.required) throw new Error(`${w.key}: no value for the ${p.in} parameter ${p.name}; add one to the walk`);
      continue;
    }
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/** A JSON body of the operation's fields with plausible values (required ones must have one). */
function bodyOf(doc: OpenApiDocument, w: Walked): unknown {
  const content = w.op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (!json) return undefined;
  const root = resolve(doc, json);
  const shape = root.type === 'array' ? resolve(doc, root.items!) : root;
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(shape.properties ?? {})) {
    const value = valueOf(w.key, name);
    if (value === undefined && shape.required?.includes(name)) throw new Error(`${w.key}: no value for the body field ${name}; add one to the walk`);
    if (value !== undefined) body[name] = value;
  }
  return root.type === 'array' ? [body] : body;
}

type Agent = ReturnType<typeof client>['agent'];

async function call(t: TestApp, agent: Agent, doc: OpenApiDocument, w: Walked): Promise<request.Response> {
  const req = agent[w.method](withCsrf(urlOf(w), t.config.csrfSecret));
  const content = w.op.requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    if (w.key === 'POST /api/docrepo/upload/chunk') {
      return req.field('guid', FX.guid).field('chunk', '1').field('chunks', '2').attach('file', PNG_1x1, { filename: 'blob', contentType: 'application/octet-stream' });
    }
    const sheet = await xlsxOf([['一级指标', '二级指标', '三级指标', '质控点名称'], ['访问', '演练', '指标', '访问演练']]);
    return req.attach('file', sheet, { filename: '质控点.xlsx' });
  }
  const body = bodyOf(doc, w);
  return body === undefined ? req : req.send(body as object);
}

/** Row count and checksum of every table but the bookkeeping ones. */
async function snapshot(db: DataSource): Promise<Record<string, string>> {
  const tables: Array<{ name: string }> = await db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const out: Record<string, string> = {};
  for (const { name } of tables.filter((t) => !BOOKKEEPING.test(t.name))) {
    const [row] = await db.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`);
    out[name] = `${row.n} ${row.sum}`;
  }
  return out;
}

interface Seen {
  key: string;
  status: number;
  code: unknown;
  message: unknown;
}

describe('the access walk over every operation of /api/docs-json', () => {
  // Its own database and files: it writes as every person into every table (the demo's default report cover
  // included, stored in this suite's files folder), which no other suite must inherit.
  const own = ownDatabase('walk');
  const files = tempFilesDir();
  let t: TestApp;
  let db: DataSource;
  let doc: OpenApiDocument;
  let all: Walked[];
  const as: Record<string, ReturnType<typeof client>> = {};
  const counts: Record<string, { calls: number; refused: number; serverErrors: number }> = {};

  beforeAll(async () => {
    await own.create();
    t = await startTestApp({ runWorkers: true, env: { DATABASE_URL: own.url, FILES_DIR: files.dir, WARNING_SCAN_EVERY_MINUTES: '0' } });
    db = await seed(t);
    doc = (await t.http.get('/api/docs-json')).body as OpenApiDocument;
    all = operations(doc);
    for (const [who, password] of [['admin', 'Admin2026'], ['bmfzr', 'Demo2026'], ['fabu', 'Demo2026'], ['zj', 'Demo2026'], ['rwfzr', 'Demo2026']] as const) {
      as[who] = client(t);
      const login = await as[who].login(who, password);
      if (!login.body.meta?.success) throw new Error(`login ${who}: ${JSON.stringify(login.body)}`);
    }

    // Objects of 教务处: 李红 (bmfzr) owns the task, 王明 (fabu) created the library; experts read it (buildLibrary's
    // grants), 陈静 (rwfzr, 信息工程学院) has no part in either.
    await buildObjectYears(db, P, { name: '访问演练对象', owner: 'u-depthead', auditor: 'u-auditor', department: 'd-jwc' });
    FX.grant = (await db.query(`SELECT id::text FROM authority WHERE resource_id = $1 AND subject_id = 'u-auditor'`, [FX.library]))[0].id;
    const [result] = await db.query(`SELECT id FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [FX.task, FX.point]);
    const [warning] = await db.query(
      `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx) VALUES ($1, 'aw-1', now(), 'value', '<', '80', '70', 'percent') RETURNING id`,
      [result.id],
    );
    FX.warning = warning.id;
    await db.query(`INSERT INTO department (id, name, parent_id) VALUES ($1, '访问演练部门', 'd-zn') ON CONFLICT DO NOTHING`, [FX.department]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, '访问演练年度目标', '2026', 'u-publisher') ON CONFLICT DO NOTHING`, [AW_YEAR_TARGET]);
    await db.query(
      `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, auditor_id, creator_id)
       VALUES ($1, $2, '访问演练任务', 'A', '2026', '2026-01-01', '2026-12-31', 'd-jwc', 'u-depthead', 'u-auditor', 'u-publisher') ON CONFLICT DO NOTHING`,
      [AW_TASK, AW_YEAR_TARGET],
    );
    await db.query(`INSERT INTO app_user (id, account, name, org_id, password_hash) VALUES ($1, $1, '访问演练', $2, 'no-login') ON CONFLICT DO NOTHING`, [FX.user, FX.department]);
    // Every role sees 质量报告 (the expert too): its operations are refused to a person without a role (the expert's password).
    await db.query(`INSERT INTO app_user (id, account, name, org_id, password_hash) SELECT $1, $1, '访问演练无角色', $2, password_hash FROM app_user WHERE id = 'u-expert' ON CONFLICT DO NOTHING`, [NO_ROLE, FX.department]);
    as.noRole = client(t);
    const noRoleLogin = await as.noRole.login(NO_ROLE, 'Demo2026');
    if (!noRoleLogin.body.meta?.success) throw new Error(`login ${NO_ROLE}: ${JSON.stringify(noRoleLogin.body)}`);

    const bmfzr = as.bmfzr!;
    FX.mergedGuid = newGuid();
    await sendChunks(t, bmfzr, FX.mergedGuid, PNG_1x1);
    expect((await requestMerge(bmfzr, { guid: FX.mergedGuid, fileName: 'aw.png' })).body.meta.success).toBe(true);
    FX.file = String((await mergeResult(bmfzr, FX.mergedGuid)).data?.fileId);
    expect((await bmfzr.post('/api/docrepo/files/share', { fileId: FX.file, userIds: ['u-expert'] })).body.meta.success).toBe(true);
    const attached = await bmfzr.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${FX.point}&objTaskId=${FX.task}&stage=${ATTACHMENT_STAGES[0]}`, [{ fileId: FX.file, fileName: 'aw.png', fileType: 'png' }]);
    expect(attached.body.meta.success).toBe(true);
    FX.attachment = (await bmfzr.get(`/api/herm-znfx/quality/fileList?zgzkdid=${FX.point}&objTaskId=${FX.task}`)).body.data[0].id;
    // A file of the walk's target task (李红 owns the task; the files routes' rule is the task's).
    const taskFile = await bmfzr.post('/api/herm-znfx/targetTask/file/add', { taskId: AW_TASK, stage: 'task', files: [{ fileId: FX.file, fileName: 'aw.png', fileType: 'png' }] });
    expect(taskFile.body.meta.success).toBe(true);
    FX.taskFile = (await bmfzr.get(`/api/herm-znfx/targetTask/file/list?taskId=${AW_TASK}`)).body.data[0].id;
    FX.guid = newGuid();
    // Every chunk but the last is a whole one (614400 bytes); the walked call sends the last.
    expect((await sendChunk(t, bmfzr, FX.guid, 0, 2, Buffer.concat([PNG_1x1, Buffer.alloc(CHUNK - PNG_1x1.length)]))).body.meta.success).toBe(true);
    FX.listJob = (await bmfzr.post('/api/herm-znfx/obj/updateUpListAsync', { objTaskId: FX.task })).body.data.jobId;
    FX.copyJob = (await as.fabu!.post('/api/herm-znfx/target/copy', { id: FX.library, name: '访问演练副本' })).body.data.taskId;
    await waitFor(async () => (await bmfzr.get(`/api/herm-znfx/obj/updateListStatus?jobId=${FX.listJob}`)).body.data === true, 'the list job');
    await waitFor(async () => (await as.fabu!.get(`/api/herm-znfx/target/checkStatus?taskId=${FX.copyJob}`)).body.data === true, 'the copy job');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    console.log(`access walk: ${all?.length} operations; ${JSON.stringify(counts)}`);
    await t?.close();
    files.remove();
    await own.drop();
  });

  /** Calls each operation as `who` and returns what it answered, counting refusals and 5xx. */
  async function walk(who: string, agent: Agent, ops: Walked[], refused: (s: Seen) => boolean): Promise<Seen[]> {
    const seen: Seen[] = [];
    const count = (counts[who] ??= { calls: 0, refused: 0, serverErrors: 0 });
    for (const w of ops) {
      const res = await call(t, agent, doc, w);
      const s = { key: w.key, status: res.status, code: res.body?.code, message: res.body?.meta?.message };
      count.calls += 1;
      if (res.status >= 500) count.serverErrors += 1;
      if (refused(s)) count.refused += 1;
      seen.push(s);
    }
    return seen;
  }

  const refusedForAuthority = (s: Seen) => s.status < 500 && REFUSALS.includes(s.code);
  const refusedForSession = (s: Seen) => s.status === 401 && s.code === ERROR_CODES.NOT_LOGGED_IN;

  it('finds an access rule on every operation, and only the declared ones public', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((w) => !w.op['x-access']).map((w) => w.key)).toEqual([]);
    expect(all.filter((w) => w.op['x-access'] === 'anyone').map((w) => w.key).sort()).toEqual(PUBLIC);
    // Every required parameter and body field has a value to walk with.
    for (const w of all) {
      urlOf(w);
      bodyOf(doc, w);
    }
  });

  it('refuses every operation but the public ones without a session, and changes nothing', async () => {
    const before = await snapshot(db);
    const anonymous = client(t).agent;
    const seen = await walk('anonymous', anonymous, all, refusedForSession);
    // Public operations may answer; one that still checks an object (the download of a file not the logo) refuses too.
    const mayPass = new Set(all.filter((w) => w.op['x-access'] === 'anyone' && !w.op['x-object']).map((w) => w.key));
    expect(seen.filter((s) => s.status >= 500)).toEqual([]);
    expect(seen.filter((s) => !mayPass.has(s.key) && !refusedForSession(s))).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses a reader every write, administrator and menu operation, and changes nothing', async () => {
    const before = await snapshot(db);
    const writes = all.filter((w) => ['admin', 'menu'].includes(w.op['x-access']!) || w.op['x-object']?.mode === 'write');
    const everyone = (w: Walked) => (w.op['x-access-menus'] ?? []).some((m) => EVERY_ROLE_MENUS.includes(m) || READER_HELD_MENUS.includes(m));
    const seen = [
      ...(await walk('reader (zj)', as.zj!.agent, writes.filter((w) => !everyone(w)), refusedForAuthority)),
      ...(await walk('no role', as.noRole!.agent, writes.filter(everyone), refusedForAuthority)),
    ];
    expect(seen.filter((s) => !refusedForAuthority(s))).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses a person of another department every operation on that department\'s objects and every administrator operation, and changes nothing', async () => {
    const before = await snapshot(db);
    const foreign = all.filter((w) => w.op['x-access'] === 'admin' || w.op['x-object']);
    const seen = await walk('other department (rwfzr)', as.rwfzr!.agent, foreign, refusedForAuthority);
    expect(seen.filter((s) => !refusedForAuthority(s))).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  it('answers the same reads to whoever may make them, so the refusals above are about the person, not the values', async () => {
    const reads = all.filter((w) => w.op['x-object']?.mode === 'read');
    const isUpload = (w: Walked) => w.op['x-object']?.object === 'upload';
    // An upload is its sender's alone, administrators included.
    const seen = [
      ...(await walk('admin', as.admin!.agent, reads.filter((w) => !isUpload(w)), (s) => s.status !== 200 || (s.code !== undefined && s.code !== 0))),
      ...(await walk('owner (bmfzr)', as.bmfzr!.agent, reads.filter(isUpload), (s) => s.status !== 200 || s.code !== 0)),
    ];
    // Downloads answer the file (no envelope, so no code); every other read its envelope with code 0.
    expect(seen.filter((s) => s.status !== 200 || (s.code !== undefined && s.code !== 0))).toEqual([]);
  });
});
