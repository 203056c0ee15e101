import type { DataSource } from 'typeorm';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

// No request holds its transaction's connection while it waits for another one from the pool: with every connection
// so held (a slow moment on a deadline day, a task warning scan writing tens of thousands of warnings) nothing frees
// until the pool's 5 s timeout, and every caller gets 503 (issue 17: the writes bench saw 13–33 of them while a scan
// ran). On a pool of ONE connection such a request can never finish, so each deadline-day write below, done through
// an app whose pool has one connection, would answer 503 after 5 s instead of succeeding.
const ZNFX = '/api/herm-znfx';
const SJGL = '/api/herm-sjgl';
const P = 'one-conn';

type Client = ReturnType<typeof client>;

describe('every deadline-day write on a pool of one connection (issue 17)', () => {
  let seeded: TestApp;
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let owner: Client;

  const ok = async (c: Client, path: string, body: object) => {
    const res = await c.post(path, body);
    expect({ path, status: res.status, meta: res.body.meta }).toEqual({ path, status: 200, meta: expect.objectContaining({ success: true }) });
    return res.body.data;
  };

  /** What this suite put in by SQL, so the other suites of the run never see 陈静 with one more task or warning. */
  const removeFixtures = async () => {
    await db.query(`DELETE FROM warning_flow WHERE id LIKE '${P}-%'`);
    await db.query(`DELETE FROM quality_result WHERE obj_task_id LIKE '${P}-%'`);
    await db.query(`DELETE FROM obj_task WHERE id LIKE '${P}-%'`);
    await db.query(`DELETE FROM quality_point WHERE library_id LIKE '${P}-%'`);
    await db.query(`DELETE FROM target_library WHERE id LIKE '${P}-%'`);
    await db.query(`DELETE FROM target_task WHERE id LIKE '${P}-%'`);
    await db.query(`DELETE FROM year_target WHERE id LIKE '${P}-%'`);
  };

  beforeAll(async () => {
    // The demo data through an app with a normal pool (its seed holds an advisory lock on one connection meanwhile).
    seeded = await startTestApp();
    db = await seed(seeded);
    await removeFixtures();
    // 陈静's target task in execution, her diagnosis task with a missed point and its warning
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id, publish_department_id) VALUES ('${P}-yt', '单连接年度目标', '2026', 'u-publisher', 'd-zlb')`);
    await db.query(
      `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, publish_department_id, charge_department_id,
                                owner_id, auditor_id, creator_id, target_value, target_unit, rwjd, task_state, audit_state)
       VALUES ('${P}-t', '${P}-yt', '单连接任务', 'A', '2026', date '2026-01-01', date '2027-06-30', 'd-zlb', 'd-xxgc',
               'u-owner', 'u-auditor', 'u-publisher', 100, '项', 'executeing', 'normal', 1)`,
    );
    await db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ('${P}-lib', '单连接库', 'c-year', '2026', 'school', 'dim-zlsc', 1, 'u-publisher')`,
    );
    await db.query(
      `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, sort_order)
       VALUES ('${P}-p', '${P}-lib', 'ONE-1', '单连接点', '80', '90', 'float', '{"direction": "higher", "b": 0.9, "c": 0.8}', 'none', 0)`,
    );
    await db.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
       VALUES ('${P}-task', '${P}-lib', '单连接诊断任务', 'school', '${P}', '单连接学校', '2026', 'd-xxgc', 'u-owner', 'u-auditor')`,
    );
    await db.query(`INSERT INTO quality_result (id, obj_task_id, point_id, jgz) VALUES ('${P}-r', '${P}-task', '${P}-p', '50')`);
    await db.query(
      `INSERT INTO warning_flow (id, result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx)
       VALUES ('${P}-w', '${P}-r', '2026-11', now(), 'value', '<', '80', '50', 'float')`,
    );
    t = await startTestApp({ env: { DATABASE_POOL_MAX: '1', WARNING_SCAN_EVERY_MINUTES: '0' } });
    admin = client(t);
    owner = client(t);
    expect((await admin.login('admin', 'Admin2026')).status).toBe(200);
    expect((await owner.login('rwfzr', 'Demo2026')).status).toBe(200);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
    if (db) await removeFixtures();
    await seeded?.close();
  });

  it('reports progress of a target task (the move reads the person before its transaction)', async () => {
    await ok(owner, `${ZNFX}/targetTask/move`, { id: `${P}-t`, action: 'report', reportType: 'process', content: '单连接进度', valueReached: 10 });
    expect(await db.query(`SELECT content FROM progress_report WHERE task_id = '${P}-t'`)).toEqual([{ content: '单连接进度' }]);
  });

  it('saves a cause analysis and disposes a warning', async () => {
    await ok(owner, `${ZNFX}/disqualified/update`, { id: `${P}-p`, gzdxid: `${P}-task`, yyfx: '单连接原因', gjcs: '单连接措施' });
    await ok(owner, `${ZNFX}/warningflow/dispose`, { id: `${P}-w`, yyfx: '单连接原因', clcs: '单连接措施' });
    expect(await db.query(`SELECT r.yyfx, w.clcs FROM quality_result r JOIN warning_flow w ON w.result_id = r.id WHERE r.id = '${P}-r'`))
      .toEqual([{ yyfx: '单连接原因', clcs: '单连接措施' }]);
  });

  it('designs and publishes a form, allocates it, and a filler saves and commits (the fill reads its form in its transaction)', async () => {
    const code = `one_conn_${Date.now().toString(36)}`;
    const field = { key: 'name', label: '名称', component: 'text', validations: { require: true, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null };
    const directory = await ok(admin, `${SJGL}/formDirectorys/add`, { name: `单连接目录${code}` });
    const form = await ok(admin, `${SJGL}/forms/add`, { directoryId: directory.id, name: '单连接表', code, formType: 'floating' });
    await ok(admin, `${SJGL}/forms/update`, { id: form.id, directoryId: directory.id, name: '单连接表', code, formType: 'floating', description: null, fields: [field], fixedRows: [] });
    await ok(admin, `${SJGL}/forms/publish`, { id: form.id });
    const task = await ok(admin, `${SJGL}/tasks/add`, { name: '单连接采集', cycle: '2026', deadline: '2099-12-31', description: null, formIds: [form.id] });
    await ok(admin, `${SJGL}/taskAllocations/add`, { taskId: task.id, formId: form.id, userIds: ['u-admin'], auditorId: 'u-admin' });
    await ok(admin, `${SJGL}/tasks/publish`, { id: task.id });
    const [fill] = await db.query(`SELECT id FROM dc_fill_task WHERE task_id = $1`, [task.id]);
    await ok(admin, `${SJGL}/datas/updateOrInsert`, { fillTaskId: fill.id, rows: [{ values: { name: '草稿' } }] });
    await ok(admin, `${SJGL}/fillTasks/commit`, { id: fill.id, rows: [{ values: { name: '单连接填报' } }] });
    expect(await db.query(`SELECT f.state, r.values->>'name' AS name FROM dc_fill_task f JOIN dc_row r ON r.fill_task_id = f.id WHERE f.id = $1`, [fill.id]))
      .toEqual([{ state: 'unaudited', name: '单连接填报' }]);
  });
});
