import { jest } from '@jest/globals';
import { OBJECT_IMPORT_HEADERS, type DiagnosisObject, type Page } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { binary, type Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Issue 32, 诊改对象: the objects of each level managed by administrators (publishers read them), their rules, retiring
// and restoring, list filters and paging, and the all-or-nothing Excel import. Everything this suite makes carries the
// prefix E2EO (codes, accounts) in a department of its own, so demo objects never count.
jest.setTimeout(120_000);

const API = '/api/herm-sjgl/diagnosisObjects';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const DEPT = 'd-e2eo';
const DEPT_NAME = 'E2EO对象学院';

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('诊改对象 (issue 32)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let publisher: Client; // 王明: reads the objects, manages none
  let owner: Client; // 陈静: neither

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).body.meta.success).toBe(true);
    return c;
  };
  const list = async (c: Client, params: Record<string, string | number>) => {
    const res = await c.get(`${API}/list?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);
    expect(res.body.meta).toEqual({ success: true, message: '' });
    return res.body.data as Page<DiagnosisObject>;
  };
  const add = (body: object) => admin.post(`${API}/add`, body);
  const addOk = async (body: object): Promise<string> => {
    const res = await add(body);
    expect(res.body.meta).toEqual({ success: true, message: '新增成功' });
    return res.body.data.id as string;
  };
  const upload = (c: Client, level: string, bytes: Buffer, filename = '导入.xlsx') =>
    c.agent.post(withCsrf(`${API}/import?level=${level}`, t.config.csrfSecret)).attach('file', bytes, { filename });
  const objectCount = async () => Number((await db.query(`SELECT count(*) AS n FROM diagnosis_object WHERE code LIKE 'E2EO%' OR code LIKE 'e2eo%'`))[0].n);
  const snapshot = async () => (await db.query(`SELECT md5(coalesce(string_agg(o::text, '|' ORDER BY o.id), '')) AS s FROM diagnosis_object o`))[0].s as string;

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    await db.query(`INSERT INTO department (id, name, parent_id, short_name_chinese) VALUES ($1, $2, 'd-ejxy', 'E2EO学院') ON CONFLICT DO NOTHING`, [DEPT, DEPT_NAME]);
    await db.query(`INSERT INTO department (id, name, parent_id) VALUES ('d-e2eo-2', 'E2EO第二学院', 'd-ejxy') ON CONFLICT DO NOTHING`);
    // students and teachers of this suite (no login: password_hash unusable)
    for (const [id, kind] of [['e2eo-s001', 'student'], ['e2eo-s002', 'student'], ['e2eo-s003', 'student'], ['e2eo-t001', 'teacher'], ['e2eo-t002', 'teacher']] as const) {
      await db.query(
        `INSERT INTO app_user (id, account, name, org_id, password_hash, person_kind) VALUES ($1, $1, $2, $3, 'no-login', $4) ON CONFLICT DO NOTHING`,
        [id, `对象${id.slice(-4)}`, DEPT, kind],
      );
    }
    [admin, publisher, owner] = await Promise.all([as('admin', 'Admin2026'), as('fabu'), as('rwfzr')]);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM diagnosis_object WHERE department_id IN ($1, 'd-e2eo-2') AND upper_id IS NOT NULL`, [DEPT]);
      await db.query(`DELETE FROM diagnosis_object WHERE department_id IN ($1, 'd-e2eo-2') OR code LIKE 'E2EO%'`, [DEPT]);
    }
    await t?.close();
  });

  it('answers each person\'s actions from the one table: administrators manage, publishers read, others nothing', async () => {
    expect((await admin.get(`${API}/actions`)).body.data).toEqual({ actions: ['read', 'add', 'edit', 'retire', 'restore', 'import'], importLevels: ['major', 'course', 'student'] });
    expect((await publisher.get(`${API}/actions`)).body.data).toEqual({ actions: ['read'], importLevels: [] });
    expect((await owner.get(`${API}/actions`)).body.data).toEqual({ actions: [], importLevels: [] });
  });

  it('refuses the list to a person who may not read, and every write to a publisher, changing nothing', async () => {
    const before = await snapshot();
    expect((await owner.get(`${API}/list`)).body).toMatchObject(NO_PERMISSION);
    expect((await owner.get(`${API}/options?level=major`)).body).toMatchObject(NO_PERMISSION);
    expect((await publisher.get(`${API}/list?level=major`)).body.meta.success).toBe(true);
    expect((await publisher.post(`${API}/add`, { level: 'major', code: 'E2EO-X', name: '不该有', departmentId: DEPT })).body).toMatchObject(NO_PERMISSION);
    expect((await publisher.post(`${API}/retire`, { id: 'whatever' })).body).toMatchObject(NO_PERMISSION);
    expect((await publisher.get(`${API}/template?level=major`)).body).toMatchObject(NO_PERMISSION);
    expect((await upload(publisher, 'major', await xlsx([[...OBJECT_IMPORT_HEADERS.major], ['E2EO-X', '不该有', DEPT_NAME, '']]))).body).toMatchObject(NO_PERMISSION);
    expect(await snapshot()).toBe(before);
  });

  it('adds objects by their level\'s rules, edits them, and refuses what breaks a rule', async () => {
    const missing = await add({ level: 'major', code: 'E2EO-M1', name: '软件技术' });
    expect([missing.status, missing.body.meta.message]).toEqual([400, '请选择所属部门']);
    const major = await addOk({ level: 'major', code: 'E2EO-M1', name: '软件技术', departmentId: DEPT, responsibleId: 'u-owner' });
    const dup = await add({ level: 'major', code: 'E2EO-M1', name: '重复', departmentId: DEPT });
    expect([dup.status, dup.body.meta.message]).toEqual([409, '该层级已有相同代码的对象']);
    // a course takes its major's department, whatever it sends
    const course = await addOk({ level: 'course', code: 'E2EO-C1', name: '程序设计', upperId: major, departmentId: 'd-jwc' });
    const noMajor = await add({ level: 'course', code: 'E2EO-C2', name: '数据库' });
    expect([noMajor.status, noMajor.body.meta.message]).toEqual([400, '请选择所属专业']);
    const courseUnderCourse = await add({ level: 'course', code: 'E2EO-C2', name: '数据库', upperId: course });
    expect(courseUnderCourse.body.meta.message).toBe('所属专业须为专业层级的对象');
    // a student is a person of kind student; a teacher one of kind teacher
    const wrongKind = await add({ level: 'student', userId: 'e2eo-t001', upperId: major });
    expect([wrongKind.status, wrongKind.body.meta.message]).toEqual([400, '该人员不是学生']);
    const student = await addOk({ level: 'student', userId: 'e2eo-s001', upperId: major, className: '软件1班', grade: '2025' });
    const twice = await add({ level: 'student', userId: 'e2eo-s001', upperId: major });
    expect([twice.status, twice.body.meta.message]).toEqual([409, '该层级已有相同代码的对象']);
    const teacher = await addOk({ level: 'teacher', userId: 'e2eo-t001' });

    const shown = (await list(admin, { departmentId: DEPT, pageSize: 50, state: 'all' })).records;
    expect(shown.map((o) => [o.level, o.code]).filter(([, c]) => c!.toLowerCase().startsWith('e2eo'))).toEqual([
      ['major', 'E2EO-M1'], ['course', 'E2EO-C1'], ['teacher', 'e2eo-t001'], ['student', 'e2eo-s001'],
    ]);
    const byId = new Map(shown.map((o) => [o.id, o]));
    expect(byId.get(course)).toMatchObject({ levelName: '课程', departmentId: DEPT, departmentName: DEPT_NAME, upperId: major, upperCode: 'E2EO-M1', upperName: '软件技术', retired: false });
    expect(byId.get(major)).toMatchObject({ responsibleId: 'u-owner', responsibleName: '陈静', responsibleAccount: 'rwfzr', upperId: null });
    expect(byId.get(student)).toMatchObject({ code: 'e2eo-s001', name: '对象s001', userId: 'e2eo-s001', userAccount: 'e2eo-s001', className: '软件1班', grade: '2025', departmentId: DEPT });
    expect(byId.get(teacher)).toMatchObject({ code: 'e2eo-t001', departmentId: DEPT, upperId: null });

    // edit: a course renamed; a major moved to another department takes its course and student along
    expect((await admin.post(`${API}/update`, { id: course, code: 'E2EO-C1', name: '程序设计基础', upperId: major })).body.meta).toEqual({ success: true, message: '修改成功' });
    expect((await admin.post(`${API}/update`, { id: major, code: 'E2EO-M1', name: '软件技术', departmentId: 'd-e2eo-2' })).body.meta.success).toBe(true);
    const moved = await list(admin, { departmentId: 'd-e2eo-2', state: 'all', pageSize: 10 });
    expect(moved.records.map((o) => o.code).sort()).toEqual(['E2EO-C1', 'E2EO-M1', 'e2eo-s001']);
    expect(moved.records.find((o) => o.id === course)?.name).toBe('程序设计基础');
    const gone = await admin.post(`${API}/update`, { id: 'no-such-object', code: 'X', name: 'X' });
    expect([gone.status, gone.body.meta.message]).toEqual([404, '诊改对象不存在']);

    // pickers: a department's live majors
    const options = (await publisher.get(`${API}/options?level=major&departmentId=d-e2eo-2`)).body.data;
    expect(options).toEqual([{ value: major, text: 'E2EO-M1 软件技术', code: 'E2EO-M1', name: '软件技术', departmentId: 'd-e2eo-2' }]);
  });

  it('keeps one school object', async () => {
    // the first one (unless the demo or another suite has one already)
    const first = await add({ level: 'school', code: 'E2EO-SCHOOL', name: '示范学校' });
    if (!first.body.meta.success) expect(first.body.meta.message).toBe('学校层级只能有一个对象');
    const second = await add({ level: 'school', code: 'E2EO-SCHOOL2', name: '第二所学校' });
    expect([second.status, second.body.meta.message]).toEqual([400, '学校层级只能有一个对象']);
  });

  it('retires and restores: kept for history, a major only without live courses and students, a course only under a live major', async () => {
    const major = await addOk({ level: 'major', code: 'E2EO-RM', name: '待停用专业', departmentId: DEPT });
    const course = await addOk({ level: 'course', code: 'E2EO-RC', name: '待停用课程', upperId: major });
    const refused = await admin.post(`${API}/retire`, { id: major });
    expect([refused.status, refused.body.meta.message]).toEqual([409, '该专业下还有1个未停用的课程或学生，请先停用或转到其他专业']);
    expect((await admin.post(`${API}/retire`, { id: course })).body.meta).toEqual({ success: true, message: '已停用' });
    expect((await admin.post(`${API}/retire`, { id: major })).body.meta.success).toBe(true);
    expect((await admin.post(`${API}/retire`, { id: major })).body.meta.message).toBe('该对象已停用');
    // live list leaves them out, the retired one shows them; pickers and edits refuse them
    expect((await list(admin, { keyword: 'E2EO-R' })).total).toBe(0);
    const retired = await list(admin, { keyword: 'E2EO-R', state: 'retired' });
    expect(retired.records.map((o) => [o.code, o.retired, /^\d{4}-\d{2}-\d{2}$/.test(o.retiredAt ?? '')])).toEqual([['E2EO-RM', true, true], ['E2EO-RC', true, true]]);
    expect((await admin.get(`${API}/options?level=major&keyword=E2EO-R`)).body.data).toEqual([]);
    expect((await admin.post(`${API}/update`, { id: course, code: 'E2EO-RC', name: '改名', upperId: major })).body.meta.message).toBe('已停用的对象不能修改，请先恢复');
    expect((await add({ level: 'course', code: 'E2EO-RC2', name: '新课', upperId: major })).body.meta.message).toBe('所属专业已停用');
    expect((await admin.post(`${API}/restore`, { id: course })).body.meta.message).toBe('所属专业已停用，请先恢复专业');
    expect((await admin.post(`${API}/restore`, { id: major })).body.meta).toEqual({ success: true, message: '已恢复' });
    expect((await admin.post(`${API}/restore`, { id: course })).body.meta.success).toBe(true);
    expect((await list(admin, { keyword: 'E2EO-R' })).total).toBe(2);
  });

  it('imports majors, courses and students all or nothing: every bad row reported, nothing stored; again unchanged; a changed row updates', async () => {
    const template = await binary(admin.get(`${API}/template?level=course`));
    expect(template.status).toBe(200);
    const header = new ExcelJS.Workbook();
    await header.xlsx.load(template.body as ArrayBuffer);
    expect((header.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['课程代码', '课程名称', '所属专业代码', '负责人账号']);

    const majors = [[...OBJECT_IMPORT_HEADERS.major], ['E2EO-IM1', '导入专业一', DEPT_NAME, 'rwfzr'], ['E2EO-IM2', '导入专业二', 'E2EO学院', '']];
    const badMajors = [...majors, ['E2EO-IM3', '坏部门', '没有这个学院', ''], ['E2EO-IM1', '重复', DEPT_NAME, ''], ['E2EO-IM4', '坏负责人', DEPT_NAME, 'nobody-e2eo']];
    const before = await objectCount();
    const refused = await upload(admin, 'major', await xlsx(badMajors));
    expect(refused.status).toBe(400);
    expect(refused.body.meta).toEqual({ success: false, message: '导入失败，请按提示修改后重新导入' });
    expect(refused.body.data).toEqual({
      created: 0, updated: 0, unchanged: 0,
      problems: [
        { row: 4, reason: '所属部门“没有这个学院”不存在' },
        { row: 5, reason: '专业代码“E2EO-IM1”与第2行重复' },
        { row: 6, reason: '账号“nobody-e2eo”的人员不存在' },
      ],
    });
    expect(await objectCount()).toBe(before);
    const wrongHeader = await upload(admin, 'major', await xlsx([['代码', '名称'], ['E2EO-X', 'x']]));
    expect(wrongHeader.body.data.problems).toEqual([{ row: 1, reason: '表头应为：专业代码、专业名称、所属部门、负责人账号' }]);
    // teachers come from the people import, not from here
    const teachers = await upload(admin, 'teacher', await xlsx([['工号'], ['e2eo-t002']]));
    expect([teachers.status, teachers.body.meta.message]).toEqual([400, '该层级不能从Excel导入']);
    const notXlsx = await upload(admin, 'major', Buffer.from('a,b'), '专业.csv');
    expect([notXlsx.status, notXlsx.body.meta.message]).toEqual([400, '文件类型错误，请导入 .xlsx 文件']);

    const good = await upload(admin, 'major', await xlsx(majors));
    expect(good.body).toMatchObject({ meta: { success: true, message: '导入成功！' }, data: { created: 2, updated: 0, unchanged: 0, problems: [] } });
    expect((await upload(admin, 'major', await xlsx(majors))).body.data).toEqual({ created: 0, updated: 0, unchanged: 2, problems: [] });
    const changed = [majors[0]!, majors[1]!, ['E2EO-IM2', '导入专业二（改）', DEPT_NAME, 'bmfzr']];
    expect((await upload(admin, 'major', await xlsx(changed))).body.data).toEqual({ created: 0, updated: 1, unchanged: 1, problems: [] });
    expect((await list(admin, { keyword: 'E2EO-IM2' })).records[0]).toMatchObject({ name: '导入专业二（改）', responsibleAccount: 'bmfzr', departmentId: DEPT });

    // courses under the imported majors: 25 of them, for the paging below
    const courses = [[...OBJECT_IMPORT_HEADERS.course], ...Array.from({ length: 25 }, (_, i) => [`E2EO-IC${String(i + 1).padStart(2, '0')}`, `导入课程${i + 1}`, i % 2 ? 'E2EO-IM1' : 'E2EO-IM2', ''])];
    const badCourse = await upload(admin, 'course', await xlsx([...courses, ['E2EO-IC99', '无专业', 'E2EO-NONE', '']]));
    expect(badCourse.body.data.problems).toEqual([{ row: 27, reason: '专业代码“E2EO-NONE”不存在' }]);
    expect((await upload(admin, 'course', await xlsx(courses))).body.data).toMatchObject({ created: 25, updated: 0, unchanged: 0 });

    // students: existing people of kind student, by account
    const students = [[...OBJECT_IMPORT_HEADERS.student], ['e2eo-s002', 'E2EO-IM1', '软件2班', '2024'], ['e2eo-s003', 'E2EO-IM2', '', '']];
    const badStudents = await upload(admin, 'student', await xlsx([...students, ['e2eo-t002', 'E2EO-IM1', '', ''], ['e2eo-nobody', 'E2EO-IM1', '', ''], ['e2eo-s002', 'E2EO-IM2', '', '']]));
    expect(badStudents.body.data.problems).toEqual([
      { row: 4, reason: '账号“e2eo-t002”的人员不是学生' },
      { row: 5, reason: '账号“e2eo-nobody”的人员不存在' },
      { row: 6, reason: '学号/账号“e2eo-s002”与第2行重复' },
    ]);
    expect((await upload(admin, 'student', await xlsx(students))).body.data).toMatchObject({ created: 2, unchanged: 0 });
    expect((await upload(admin, 'student', await xlsx(students))).body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const s2 = (await list(admin, { level: 'student', keyword: 'e2eo-s002' })).records[0];
    expect(s2).toMatchObject({ upperCode: 'E2EO-IM1', className: '软件2班', grade: '2024', departmentId: DEPT, name: '对象s002' });
  });

  it('lists by level, upper object, search and state, paged per spec 000 §9', async () => {
    const [im1] = (await list(admin, { level: 'major', keyword: 'E2EO-IM1' })).records;
    const page1 = await list(admin, { level: 'course', keyword: 'E2EO-IC', pageNum: 1, pageSize: 10 });
    expect([page1.total, page1.current, page1.pages, page1.records.length]).toEqual([25, 1, 3, 10]);
    expect(page1.records[0]!.code).toBe('E2EO-IC01');
    const page3 = await list(admin, { level: 'course', keyword: 'E2EO-IC', pageNum: 3, pageSize: 10 });
    expect(page3.records.map((o) => o.code)).toEqual(['E2EO-IC21', 'E2EO-IC22', 'E2EO-IC23', 'E2EO-IC24', 'E2EO-IC25']);
    const beyond = await list(admin, { level: 'course', keyword: 'E2EO-IC', pageNum: 9, pageSize: 10 });
    expect([beyond.total, beyond.records.length]).toEqual([25, 0]);
    // the lower objects of a major: its 12 courses and its student
    const lower = await list(admin, { upperId: im1!.id, pageSize: 0 });
    expect(lower.total).toBe(13);
    expect(new Set(lower.records.map((o) => o.level))).toEqual(new Set(['course', 'student']));
    expect((await list(admin, { level: 'course', upperId: im1!.id, keyword: '导入课程1' })).records.map((o) => o.code)).toEqual(['E2EO-IC10', 'E2EO-IC12', 'E2EO-IC14', 'E2EO-IC16', 'E2EO-IC18']);
    const bad = await admin.get(`${API}/list?level=department`);
    expect([bad.status, bad.body.meta.message]).toEqual([400, '层级不正确']);
  });
});
