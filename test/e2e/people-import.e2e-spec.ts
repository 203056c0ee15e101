import { ERROR_CODES, PEOPLE_IMPORT_COLUMNS } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import type { DataSource } from 'typeorm';
import { binary, type Client } from './support/files-fixtures.js';
import { rowsOfXlsx } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Issue 32, 数据管理's people: the people and department imports (all or nothing, idempotent, one initial password
// changed at first login), teachers and students as diagnosis objects, the 用户管理 list's filters.
// Accounts start with pi-, departments with PI.

const HEADER = [...PEOPLE_IMPORT_COLUMNS];
type Cells = Partial<Record<(typeof PEOPLE_IMPORT_COLUMNS)[number], string>>;

async function xlsx(header: readonly string[], rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('人员');
  sheet.addRow([...header]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const peopleSheet = (rows: Cells[]) => xlsx(HEADER, rows.map((r) => HEADER.map((h) => r[h] ?? '')));

describe('people and department imports (issue 32)', () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: Client;
  const upload = (path: string, bytes: Buffer, fields: Record<string, string> = {}) => {
    let req = admin.agent.post(withCsrf(path, t.config.csrfSecret));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', bytes, { filename: '导入.xlsx' });
  };
  const importPeople = (bytes: Buffer, fields?: Record<string, string>) => upload('/api/user/users/import', bytes, fields);
  const importDepartments = (bytes: Buffer) => upload('/api/user/departments/import', bytes);
  const count = async (sql: string, params: unknown[] = []) => Number((await ds.query(sql, params))[0].c);

  const GOOD: Cells[] = [
    { 账号: 'pi-t001', 姓名: '周老师', 部门: '机电工程学院', 人员类型: '教师', 角色: '专家、目标任务负责人', CAS账号: 'pi-cas-t001', 手机: '13800138001', 邮箱: 'zhou@example.edu.cn' },
    { 账号: 'pi-s001', 姓名: '吴同学', 部门: '二级学院/机电工程学院', 人员类型: '学生', 专业代码: 'PI-M01', 班级: '机电2501班', 年级: '2025' },
    { 账号: 'pi-w001', 姓名: '郑干事', 部门: '教务处', 人员类型: '教职工', 角色: '专家' },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    ds = await seed(t);
    admin = client(t);
    expect((await admin.login('admin', 'Admin2026')).status).toBe(200);
    await ds.query(`INSERT INTO diagnosis_object (id, level, code, name, department_id) VALUES ('pi-major-1', 'major', 'PI-M01', '机电一体化技术', 'd-jdgc'), ('pi-major-2', 'major', 'PI-M02', '工业机器人技术', 'd-jdgc')`);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the templates: the columns and an example row', async () => {
    const res = await binary(admin.agent.get(withCsrf('/api/user/users/importTemplate', t.config.csrfSecret)));
    expect(res.status).toBe(200);
    const rows = await rowsOfXlsx(res.body as Buffer);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(1);
    const deps = await rowsOfXlsx((await binary(admin.agent.get(withCsrf('/api/user/departments/importTemplate', t.config.csrfSecret)))).body as Buffer);
    expect(deps[0]).toEqual(['名称', '简称', '上级部门', '负责人账号']);
  });

  it('refuses a file with bad rows whole: every bad row reported, nothing stored', async () => {
    const people = await count(`SELECT count(*) AS c FROM app_user`);
    const res = await importPeople(await peopleSheet([
      GOOD[0]!,
      { 账号: 'PI-T001', 姓名: '重复', 人员类型: '教师' },
      { 账号: 'pi-x1', 姓名: '甲', 部门: '不存在的部门', 人员类型: '教职工', 角色: '校长' },
      { 账号: 'pi-x2', 姓名: '乙', 人员类型: '教职工', 手机: '12345' },
      { 账号: 'pi-x3', 姓名: '丙', 人员类型: '学生', 专业代码: 'PI-NONE' },
      { 账号: 'pi-x4', 姓名: '丁', 人员类型: '教职工', CAS账号: 'bmfzr-cas' },
      { 账号: 'pi-x5', 姓名: '戊', 人员类型: '老师' },
    ]));
    expect(res.status).toBe(400);
    expect(res.body.meta).toEqual({ success: false, message: '导入失败：文件中有错误，所有数据均未导入，请修改后重新导入' });
    expect(res.body.data.problems).toEqual([
      { row: 3, reason: '账号「PI-T001」与第2行重复' },
      { row: 4, reason: '部门「不存在的部门」不存在；角色「校长」不存在' },
      { row: 5, reason: '手机号码格式不正确' },
      { row: 6, reason: '专业代码「PI-NONE」不存在' },
      { row: 8, reason: '人员类型只能是教职工、教师或学生' },
    ]);
    expect(await count(`SELECT count(*) AS c FROM app_user`)).toBe(people);
    expect(await count(`SELECT count(*) AS c FROM diagnosis_object WHERE code LIKE 'pi-%'`)).toBe(0);
  });

  it('imports people with one initial password; teachers and students become diagnosis objects', async () => {
    const res = await importPeople(await peopleSheet(GOOD));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 3, updated: 0, unchanged: 0, problems: [] });
    const password = res.body.data.initialPassword as string;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{8,}$/);
    const people = await ds.query(
      `SELECT u.account, u.person_kind, u.org_id, u.cas_user, u.phone, u.must_change_password,
              array(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
       FROM app_user u WHERE u.account LIKE 'pi-%' ORDER BY u.account`,
    );
    expect(people).toEqual([
      // an empty 角色 cell: the role of the person's kind
      { account: 'pi-s001', person_kind: 'student', org_id: 'd-jdgc', cas_user: null, phone: null, must_change_password: true, roles: ['学生'] },
      { account: 'pi-t001', person_kind: 'teacher', org_id: 'd-jdgc', cas_user: 'pi-cas-t001', phone: '13800138001', must_change_password: true, roles: ['专家', '目标任务负责人'].sort() },
      { account: 'pi-w001', person_kind: 'staff', org_id: 'd-jwc', cas_user: null, phone: null, must_change_password: true, roles: ['专家'] },
    ]);
    const objects = await ds.query(`SELECT level, code, name, department_id, upper_id, class_name, grade, retired_at FROM diagnosis_object WHERE code LIKE 'pi-%' ORDER BY code`);
    expect(objects).toEqual([
      { level: 'student', code: 'pi-s001', name: '吴同学', department_id: 'd-jdgc', upper_id: 'pi-major-1', class_name: '机电2501班', grade: '2025', retired_at: null },
      { level: 'teacher', code: 'pi-t001', name: '周老师', department_id: 'd-jdgc', upper_id: null, class_name: null, grade: null, retired_at: null },
    ]);
    // one hash for all of them, hashed once
    expect(await count(`SELECT count(DISTINCT password_hash) AS c FROM app_user WHERE account LIKE 'pi-%'`)).toBe(1);

    // the first login must change the password before anything else
    const person = client(t);
    const login = await person.login('pi-t001', password);
    expect(login.body.data.mustChangePassword).toBe(true);
    const refused = await person.get('/api/user/departments');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ meta: { success: false, message: '请先修改初始密码' }, code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED });
    expect((await person.get('/api/user/tryLoginUserInfo')).body.data.mustChangePassword).toBe(true);
    const changed = await person.post('/api/user/password/update', { oldPassword: password, newPassword: 'Zhou2026new' });
    expect(changed.body.meta.success).toBe(true);
    expect((await person.get('/api/user/departments')).status).toBe(200);
    expect((await person.get('/api/user/tryLoginUserInfo')).body.data.mustChangePassword).toBe(false);
    expect((await client(t).login('pi-t001', 'Zhou2026new')).body.data.mustChangePassword).toBe(false);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await ds.query(`SELECT id, updated_at, access_version FROM app_user WHERE account LIKE 'pi-%' ORDER BY id`);
    const objects = await ds.query(`SELECT id, updated_at FROM diagnosis_object WHERE code LIKE 'pi-%' ORDER BY id`);
    const res = await importPeople(await peopleSheet(GOOD));
    expect(res.body.data).toEqual({ created: 0, updated: 0, unchanged: 3, initialPassword: null, problems: [] });
    expect(await ds.query(`SELECT id, updated_at, access_version FROM app_user WHERE account LIKE 'pi-%' ORDER BY id`)).toEqual(before);
    expect(await ds.query(`SELECT id, updated_at FROM diagnosis_object WHERE code LIKE 'pi-%' ORDER BY id`)).toEqual(objects);
  });

  it('updates a changed row: the person, their roles and their object; a new row gets a new password', async () => {
    const rows: Cells[] = [
      { ...GOOD[0]!, 姓名: '周明', 角色: '专家' },
      { ...GOOD[1]!, 专业代码: 'PI-M02', 班级: '机器人2501班' },
      { ...GOOD[2]!, 人员类型: '教师' },
      { 账号: 'pi-s002', 姓名: '孙同学', 部门: '机电工程学院', 人员类型: '学生', 专业代码: 'PI-M01', 年级: '2025' },
    ];
    const res = await importPeople(await peopleSheet(rows));
    expect(res.body.data).toMatchObject({ created: 1, updated: 3, unchanged: 0 });
    expect(res.body.data.initialPassword).toEqual(expect.any(String));
    expect(await ds.query(`SELECT name, person_kind FROM app_user WHERE account IN ('pi-t001', 'pi-w001') ORDER BY account`)).toEqual([
      { name: '周明', person_kind: 'teacher' },
      { name: '郑干事', person_kind: 'teacher' },
    ]);
    expect(await ds.query(`SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id JOIN app_user u ON u.id = ur.user_id WHERE u.account = 'pi-t001'`)).toEqual([{ name: '专家' }]);
    expect(await ds.query(`SELECT code, name, upper_id, class_name FROM diagnosis_object WHERE code LIKE 'pi-%' ORDER BY code`)).toEqual([
      { code: 'pi-s001', name: '吴同学', upper_id: 'pi-major-2', class_name: '机器人2501班' },
      { code: 'pi-s002', name: '孙同学', upper_id: 'pi-major-1', class_name: null },
      { code: 'pi-t001', name: '周明', upper_id: null, class_name: null },
      { code: 'pi-w001', name: '郑干事', upper_id: null, class_name: null },
    ]);
    // the person who changed their password keeps it
    expect((await client(t).login('pi-t001', 'Zhou2026new')).status).toBe(200);
    // back to staff: the teacher object is retired, kept for history
    const again = await importPeople(await peopleSheet([GOOD[2]!]));
    expect(again.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await ds.query(`SELECT retired_at IS NOT NULL AS retired FROM diagnosis_object WHERE code = 'pi-w001'`))[0].retired).toBe(true);
  });

  it('creates accounts without a usable password for a CAS-only school', async () => {
    const res = await importPeople(await peopleSheet([{ 账号: 'pi-c001', 姓名: '单点用户', 人员类型: '教职工', CAS账号: 'pi-cas-c001' }]), { casOnly: 'true' });
    expect(res.body.data).toMatchObject({ created: 1, initialPassword: null });
    expect(await ds.query(`SELECT must_change_password FROM app_user WHERE account = 'pi-c001'`)).toEqual([{ must_change_password: false }]);
    expect((await client(t).login('pi-c001', '!cas-only')).status).toBe(401);
  });

  it('lists people by part of name or account, department and person type, paged', async () => {
    const page = await admin.get('/api/user/users/common?pageNum=1&pageSize=2&userName=PI-S&personKind=student');
    expect(page.body.data).toMatchObject({ total: 2, current: 1, pages: 1 });
    expect(page.body.data.records.map((r: { account: string; personKind: string }) => [r.account, r.personKind])).toEqual([['pi-s001', 'student'], ['pi-s002', 'student']]);
    // by part of the name within a department (the demo's people may share it)
    const byName = await admin.get(`/api/user/users/common?userName=${encodeURIComponent('周')}&orgId=d-jdgc&pageSize=100`);
    const found = byName.body.data.records as Array<{ account: string; userName: string; orgId: string }>;
    expect(found.map((r) => r.account)).toContain('pi-t001');
    expect(found.every((r) => r.userName.includes('周') && r.orgId === 'd-jdgc')).toBe(true);
    const teachers = await admin.get('/api/user/users/common?pageNum=2&pageSize=1&personKind=staff&userName=pi-');
    expect(teachers.body.data).toMatchObject({ total: 2, current: 2, pages: 2 });
  });

  it('gives a teacher and a student imported with no role the role of their kind: they see 诊断改进 and their centre', async () => {
    const res = await importPeople(await peopleSheet([
      { 账号: 'pi-t101', 姓名: '无角色教师', 部门: '机电工程学院', 人员类型: '教师' },
      { 账号: 'pi-s101', 姓名: '无角色学生', 人员类型: '学生' },
      { 账号: 'pi-w101', 姓名: '无角色职工', 人员类型: '教职工' },
    ]));
    expect(res.body.data).toMatchObject({ created: 3, problems: [] });
    const password = res.body.data.initialPassword as string;
    const menusOf = async (account: string) => {
      const person = client(t);
      expect((await person.login(account, password)).status).toBe(200);
      expect((await person.post('/api/user/password/update', { oldPassword: password, newPassword: 'Role2026new' })).body.meta.success).toBe(true);
      const user = (await person.get('/api/user/tryLoginUserInfo')).body.data;
      return { roles: user.roles.map((r: { roleName: string }) => r.roleName), menus: user.menus as Record<string, { name: string; children?: Array<{ key: string; name: string }> }> };
    };
    for (const [account, role, centre] of [['pi-t101', '教师', 'ly_herm_teachDevelopCenter'], ['pi-s101', '学生', 'ly_herm_stuDevelopCenter']] as const) {
      const { roles, menus } = await menusOf(account);
      expect(roles).toEqual([role]);
      expect(Object.keys(menus).length).toBeGreaterThan(0);
      expect(menus[centre]).toBeDefined();
      expect(menus.ly_herm_qualityManagement?.children?.map((c) => c.name)).toContain('诊断改进');
      expect(menus.ly_herm_dataManagement).toBeUndefined();
    }
    // 教职工 have no default role (theirs differ by post)
    expect((await menusOf('pi-w101')).roles).toEqual([]);
    // the same file again: they have their roles, nothing changes
    expect((await importPeople(await peopleSheet([
      { 账号: 'pi-t101', 姓名: '无角色教师', 部门: '机电工程学院', 人员类型: '教师' },
      { 账号: 'pi-s101', 姓名: '无角色学生', 人员类型: '学生' },
    ]))).body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('imports departments all or nothing, parents after children, idempotent', async () => {
    const header = ['名称', '简称', '上级部门', '负责人账号'];
    const bad = await importDepartments(await xlsx(header, [
      ['PI甲', '', 'PI乙', ''],
      ['PI乙', '', 'PI甲', ''],
      ['PI丙', '', '没有这个部门', 'nobody'],
    ]));
    expect(bad.status).toBe(400);
    expect(bad.body.data.problems).toEqual([
      { row: 2, reason: '上级部门形成循环' },
      { row: 3, reason: '上级部门形成循环' },
      { row: 4, reason: '上级部门「没有这个部门」不存在' },
    ]);
    expect(await count(`SELECT count(*) AS c FROM department WHERE name LIKE 'PI%'`)).toBe(0);

    const rows = [
      ['PI办公室', '办', 'PI智能制造学院', 'pi-t001'],
      ['PI智能制造学院', '智造', '二级学院', ''],
      ['PI实训中心', '', '二级学院/PI智能制造学院', ''],
    ];
    const good = await importDepartments(await xlsx(header, rows));
    expect(good.body.data).toEqual({ created: 3, updated: 0, unchanged: 0, problems: [] });
    const tree = await ds.query(
      `SELECT d.name, p.name AS parent, d.short_name_chinese AS short, u.account AS head FROM department d JOIN department p ON p.id = d.parent_id
       LEFT JOIN app_user u ON u.id = d.charge_user_id WHERE d.name LIKE 'PI%' ORDER BY d.name`,
    );
    expect(tree).toEqual([
      { name: 'PI实训中心', parent: 'PI智能制造学院', short: null, head: null },
      { name: 'PI办公室', parent: 'PI智能制造学院', short: '办', head: 'pi-t001' },
      { name: 'PI智能制造学院', parent: '二级学院', short: '智造', head: null },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)));
    expect((await importDepartments(await xlsx(header, rows))).body.data).toEqual({ created: 0, updated: 0, unchanged: 3, problems: [] });
    const changed = await importDepartments(await xlsx(header, [['PI办公室', '综合办', 'PI智能制造学院', '']]));
    expect(changed.body.data).toEqual({ created: 0, updated: 1, unchanged: 0, problems: [] });
    expect(await ds.query(`SELECT short_name_chinese, charge_user_id FROM department WHERE name = 'PI办公室'`)).toEqual([{ short_name_chinese: '综合办', charge_user_id: null }]);
    // a person's department by its path
    const person = await importPeople(await peopleSheet([{ 账号: 'pi-w002', 姓名: '钱干事', 部门: 'PI智能制造学院/PI办公室', 人员类型: '教职工' }]));
    expect(person.body.data).toMatchObject({ created: 1 });
  });

  it('makes a teacher added or edited by hand a diagnosis object of their level, and retires it for staff', async () => {
    const added = await admin.post('/api/user/users/add', { account: 'pi-h001', userName: '手工教师', orgId: 'd-xxgc', personKind: 'teacher', password: 'Hand2026x' });
    expect(added.body.meta.success).toBe(true);
    const userId = added.body.data.userId as string;
    const objectOf = async () => (await ds.query(`SELECT level, code, name, department_id, retired_at IS NOT NULL AS retired FROM diagnosis_object WHERE user_id = $1`, [userId]))[0];
    expect(await objectOf()).toEqual({ level: 'teacher', code: 'pi-h001', name: '手工教师', department_id: 'd-xxgc', retired: false });
    const edit = (over: object) => admin.post('/api/user/users/update', { userId, account: 'pi-h001', userName: '手工教师', orgId: 'd-jdgc', sex: 1, enabled: true, ...over });
    expect((await edit({ userName: '手工老师' })).body.meta.success).toBe(true);
    expect(await objectOf()).toEqual({ level: 'teacher', code: 'pi-h001', name: '手工老师', department_id: 'd-jdgc', retired: false });
    expect((await edit({ personKind: 'staff' })).body.meta.success).toBe(true);
    expect((await objectOf()).retired).toBe(true);
    expect((await admin.get('/api/user/users/common?userName=pi-h001')).body.data.records[0]).toMatchObject({ personKind: 'staff', roles: [] });
    // an object of the level already coded by the account refuses the person, and nothing is written
    await ds.query(`INSERT INTO app_user (id, account, name, password_hash, person_kind) VALUES ('pi-holder', 'pi-holder', '占用者', '!', 'student')`);
    await ds.query(`INSERT INTO diagnosis_object (level, code, name, user_id) VALUES ('student', 'pi-h002', '占用', 'pi-holder')`);
    const people = await count(`SELECT count(*) AS c FROM app_user`);
    const taken = await admin.post('/api/user/users/add', { account: 'pi-h002', userName: '重码学生', personKind: 'student', password: 'Hand2026x' });
    expect(taken.body.meta).toEqual({ success: false, message: '诊改对象（学生）编码「pi-h002」已被其他对象使用' });
    expect(await count(`SELECT count(*) AS c FROM app_user`)).toBe(people);
  });

  it('refuses the imports to a person who is not an administrator, and a file that is no workbook', async () => {
    const reader = client(t);
    await reader.login('rwfzr', 'Demo2026');
    const before = await count(`SELECT count(*) AS c FROM app_user WHERE account LIKE 'pi-%'`);
    const res = await reader.agent.post(withCsrf('/api/user/users/import', t.config.csrfSecret)).attach('file', await peopleSheet(GOOD), { filename: 'a.xlsx' });
    expect(res.body.meta.success).toBe(false);
    expect(await count(`SELECT count(*) AS c FROM app_user WHERE account LIKE 'pi-%'`)).toBe(before);
    const junk = await importPeople(Buffer.from('not a workbook'));
    expect([junk.status, junk.body.meta.message]).toEqual([400, '文件类型错误']);
    const header = await importPeople(await xlsx(['账号', '姓名'], [['pi-z', '某']]));
    expect(header.body.data.problems).toEqual([{ row: 1, reason: '表头缺少「部门、人员类型、角色、CAS账号、手机、邮箱」列，请使用导入模板' }]);
  });
});
