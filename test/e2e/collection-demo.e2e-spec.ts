import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SamplingService } from '../../backend/src/modules/warnings/application/sampling.service.js';
import { SqlReader } from '../../backend/src/modules/warnings/infrastructure/collect/sql-reader.js';
import { seedDemoData } from '../../backend/src/seed/demo-seed.js';
import { ownDatabase } from './support/own-database.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 15, the demo's data collection (backend/src/seed/demo-collection.ts): two published forms, the 2025 task
// audited, the 2026 task in progress, and the data centre's table the monitoring's SQL source XX-002 reads.
jest.setTimeout(120_000);

const SJGL = '/api/herm-sjgl';

describe('the data-collection demo', () => {
  let t: TestApp;
  let db: DataSource;

  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const fillsOf = async (taskName: string) =>
    (await db.query(
      `SELECT fo.code, a.department_id AS department, f.state, a.auditor_id AS auditor, f.committed_by AS "committedBy", f.audited_by AS "auditedBy",
              (SELECT count(*)::int FROM dc_row r WHERE r.fill_task_id = f.id) AS rows
       FROM dc_fill_task f JOIN dc_task t ON t.id = f.task_id JOIN dc_allocation a ON a.id = f.allocation_id JOIN dc_form fo ON fo.id = f.form_id
       WHERE t.name = $1 ORDER BY fo.code, a.department_id`,
      [taskName],
    )) as Array<{ code: string; department: string; state: string; auditor: string; committedBy: string | null; auditedBy: string | null; rows: number }>;

  // An empty database of its own: the demo is loaded below in two steps, and the other suites add forms and tasks.
  const own = ownDatabase('coldemo', { empty: true });

  beforeAll(async () => {
    await own.create();
    t = await startTestApp({ env: { DATABASE_URL: own.url } });
    db = t.app.get(DataSource);
    // A demo loaded before issue 15: everything but data collection, XX-002 reading a table made by hand …
    await seedDemoData(db);
    await db.query(`CREATE TABLE sjzx.graduate_employment (major varchar(60) PRIMARY KEY, employed int NOT NULL, matched int NOT NULL)`);
    await db.query(`INSERT INTO sjzx.graduate_employment VALUES ('软件技术', 186, 158)`);
    await db.query(
      `UPDATE point_datasource d SET config = '{"sql": "SELECT matched FROM sjzx.graduate_employment"}' FROM quality_point p
       WHERE d.point_id = p.id AND p.library_id = 'lib-school-2026' AND p.code = 'XX-002'`,
    );
    // … then started with the app: the forms make the table and the point reads the 2026 rows
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
    await own.drop();
  });

  it('has the two forms published in their directories, with the constants their selects take', async () => {
    const forms = await db.query(
      `SELECT f.code, f.name, f.form_type AS "formType", f.version, d.name AS directory, p.name AS parent, jsonb_array_length(f.fields)::int AS fields
       FROM dc_form f JOIN dc_form_directory d ON d.id = f.directory_id JOIN dc_form_directory p ON p.id = d.parent_id ORDER BY f.code`,
    );
    expect(forms).toEqual([
      { code: 'graduate_employment', name: '毕业生就业情况', formType: 'floating', version: 1, directory: '学生发展', parent: '状态数据', fields: 6 },
      { code: 'teacher_info', name: '专任教师信息', formType: 'floating', version: 1, directory: '师资队伍', parent: '状态数据', fields: 7 },
    ]);
    const admin = await as('admin', 'Admin2026');
    const list = await admin.get(`${SJGL}/forms/list?pageNum=1&pageSize=10`);
    expect(list.body.meta.success).toBe(true);
    expect(list.body.data.records.map((f: { code: string; publishState: string }) => [f.code, f.publishState]).sort()).toEqual([
      ['graduate_employment', 'published'],
      ['teacher_info', 'published'],
    ]);
    const teacher = (await db.query(`SELECT fields FROM dc_form WHERE code = 'teacher_info'`))[0].fields as Array<{ key: string; validations: unknown }>;
    expect(teacher.find((f) => f.key === 'teacher_no')?.validations).toEqual({ require: true, unique: true, custom: { pattern: '^T\\d{4}$', message: '工号格式为T加4位数字' } });
    const constants = await db.query(
      `SELECT ty.name, array_agg(c.text ORDER BY c.sort_order) AS texts FROM dc_constant_type ty JOIN dc_constant c ON c.type_id = ty.id GROUP BY ty.name ORDER BY ty.name`,
    );
    expect(constants).toEqual([
      { name: '专业', texts: ['软件技术', '计算机网络技术', '电子商务', '会计', '机电一体化技术'] },
      { name: '学历', texts: ['博士研究生', '硕士研究生', '本科'] },
      { name: '职称', texts: ['教授', '副教授', '讲师', '助教'] },
    ]);
  });

  it('has the 2025 task fully audited', async () => {
    const [task] = await db.query(`SELECT cycle, publish_state AS state FROM dc_task WHERE name = '2025年状态数据采集'`);
    expect(task).toEqual({ cycle: '2025', state: 'published' });
    expect(await fillsOf('2025年状态数据采集')).toEqual([
      { code: 'graduate_employment', department: 'd-jwc', state: 'finished', auditor: 'u-auditor', committedBy: 'u-depthead', auditedBy: 'u-auditor', rows: 5 },
      { code: 'teacher_info', department: 'd-xxgc', state: 'finished', auditor: 'u-depthead', committedBy: 'u-owner', auditedBy: 'u-depthead', rows: 6 },
    ]);
    const history = await db.query(
      `SELECT h.action, h.actor_name AS actor, to_char(h.at AT TIME ZONE current_setting('TimeZone'), 'YYYY-MM') AS month FROM dc_fill_history h
       JOIN dc_fill_task f ON f.id = h.fill_task_id JOIN dc_form fo ON fo.id = f.form_id JOIN dc_task t ON t.id = f.task_id
       WHERE t.name = '2025年状态数据采集' AND fo.code = 'graduate_employment' ORDER BY h.at, h.id`,
    );
    expect(history.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(['commit', 'audit']));
    expect(history.at(-1)).toEqual({ action: 'audit', actor: '张伟', month: '2025-12' });
  });

  it('has the 2026 task in progress: employment audited, teachers a draft at 信息工程学院 and committed at 教务处', async () => {
    const [task] = await db.query(`SELECT cycle, to_char(deadline, 'YYYY-MM-DD') AS deadline, publish_state AS state FROM dc_task WHERE name = '2026年状态数据采集'`);
    expect(task).toEqual({ cycle: '2026', deadline: '2026-12-15', state: 'published' });
    expect(await fillsOf('2026年状态数据采集')).toEqual([
      { code: 'graduate_employment', department: 'd-jwc', state: 'finished', auditor: 'u-auditor', committedBy: 'u-depthead', auditedBy: 'u-auditor', rows: 5 },
      { code: 'teacher_info', department: 'd-jwc', state: 'unaudited', auditor: 'u-auditor', committedBy: 'u-depthead', auditedBy: null, rows: 3 },
      { code: 'teacher_info', department: 'd-xxgc', state: 'uncommitted', auditor: 'u-depthead', committedBy: null, auditedBy: null, rows: 3 },
    ]);
    // 陈静 sees her draft, 张伟 the commit he must audit
    const owner = await as('rwfzr');
    const mine = await owner.get(`${SJGL}/fillTasks/mine?pageNum=1&pageSize=50`);
    expect(mine.body.data.records.map((f: { taskName: string; formName: string; state: string }) => `${f.taskName}|${f.formName}|${f.state}`).sort()).toEqual([
      '2025年状态数据采集|专任教师信息|finished',
      '2026年状态数据采集|专任教师信息|uncommitted',
    ]);
    const auditor = await as('bmshr');
    const toAudit = await auditor.get(`${SJGL}/fillTasks/toAudit?pageNum=1&pageSize=50&state=unaudited`);
    expect(toAudit.body.data.records.map((f: { formName: string; departmentName: string; committerName: string }) => [f.formName, f.departmentName, f.committerName])).toEqual([
      ['专任教师信息', '教务处', '李红'],
    ]);
  });

  it('fills sjzx.graduate_employment with both cycles, and XX-002\'s SQL reads the 2026 rate through the reader', async () => {
    const rows = await db.query(
      `SELECT cycle, major, graduates::int, employed::int, matched::int, department_name AS department FROM sjzx.graduate_employment ORDER BY cycle, major`,
    );
    expect(rows).toHaveLength(10);
    expect(rows.filter((r: { cycle: string }) => r.cycle === '2026').map((r: { major: string; employed: number; matched: number }) => [r.major, r.employed, r.matched])).toEqual([
      ['会计', 165, 139],
      ['机电一体化技术', 131, 112],
      ['电子商务', 120, 88],
      ['计算机网络技术', 142, 113],
      ['软件技术', 186, 158],
    ]);
    expect(rows.every((r: { graduates: number; employed: number; department: string }) => r.graduates > r.employed && r.department === '教务处')).toBe(true);
    // teacher_info holds only audited fills: the 2025 ones
    expect(await db.query(`SELECT cycle, count(*)::int AS n FROM sjzx.teacher_info GROUP BY cycle`)).toEqual([{ cycle: '2025', n: 6 }]);

    const [{ sql }] = await db.query(
      `SELECT d.config->>'sql' AS sql FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = 'lib-school-2026' AND p.code = 'XX-002'`,
    );
    expect(sql).toContain('WHERE cycle = :zq');
    const read = await t.app.get(SqlReader).query(sql, { dxbm: 'school-demo', dxmc: '诊改示范职业技术学院', zq: '2026' });
    expect(read.columns).toEqual(['全校对口就业率', '专业', '对口就业率', '就业人数', '对口就业人数']);
    expect(String(read.first)).toBe('81.99'); // 610 / 744
    expect(read.rows[0]).toMatchObject({ 专业: '会计', 就业人数: 165, 对口就业人数: 139 });
    // 2025's rows give another rate: the cycle filter is what keeps 2026 apart
    expect(String((await t.app.get(SqlReader).query(sql, { zq: '2025' })).first)).toBe('79.60'); // 558 / 701

    // and the scan samples it into the school's point
    await t.app.get(SamplingService).sampleDue(new Date());
    const [sample] = await db.query(
      `SELECT s.cjz FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.obj_task_id = 'task-school-2026' AND r.point_id = 'lib-school-2026-p2'
       ORDER BY s.sj DESC LIMIT 1`,
    );
    expect(sample.cjz).toBe('81.99');
  });

  it('loads once: seeding again adds nothing', async () => {
    const count = async () =>
      (await db.query(
        `SELECT (SELECT count(*) FROM dc_form)::int AS forms, (SELECT count(*) FROM dc_task)::int AS tasks, (SELECT count(*) FROM dc_row)::int AS rows,
                (SELECT count(*) FROM dc_fill_history)::int AS history, (SELECT count(*) FROM dc_constant)::int AS constants, (SELECT count(*) FROM sjzx.graduate_employment)::int AS centre`,
      ))[0];
    const before = await count();
    await seedDemoData(db, t.app);
    expect(await count()).toEqual(before);
    expect(before).toMatchObject({ forms: 2, tasks: 2, rows: 22, constants: 12, centre: 10 });
  });
});
