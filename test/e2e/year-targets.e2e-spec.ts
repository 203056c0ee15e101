import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
/** Every target this suite makes is named with this prefix (and only those are counted or removed). */
const P = 'YTE测试';

jest.setTimeout(60_000);

interface Target {
  id: string;
  name: string;
  cycleYear: string;
  dimensionId: string | null;
  dimensionName: string | null;
  description: string | null;
  cjrmc: string | null;
  fbbm: string | null;
  taskCount: number;
}

/** Issue 13: year targets (list, add, update, delete, the option list), task types, and the schema's constraints. */
describe('year targets (issue 13)', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher: writes year targets
  let admin: Client;
  let rwfzr: Client; // u-owner: has the 年度目标任务 menu, reads only
  let zj: Client; // u-expert: no 年度目标任务 menu
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const ours = () => db.query(`SELECT id, name, cycle_year, dimension_id, description FROM year_target WHERE name LIKE $1 ORDER BY id`, [`${P}%`]) as Promise<unknown[]>;
  const add = (c: Client, body: object) => c.post(`${API}/yearTarget/add`, body);
  const list = (c: Client, query: string) => c.get(`${API}/yearTarget/list?${query}`);

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [fabu, admin, rwfzr, zj] = await Promise.all([as('fabu'), as('admin', 'Admin2026'), as('rwfzr'), as('zj')]);
  });
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM target_task WHERE year_target_id IN (SELECT id FROM year_target WHERE name LIKE $1)`, [`${P}%`]);
      await db.query(`DELETE FROM year_target WHERE name LIKE $1`, [`${P}%`]);
    }
    await t?.close();
  });

  it('the publisher adds, lists, updates and deletes a year target', async () => {
    const added = await add(fabu, { name: ` ${P}提升专业建设水平 `, cycleYear: '2031', dimensionId: 'dim-zlsc', description: '新增省级专业群2个' });
    expect(added.status).toBe(200);
    expect(added.body.meta).toEqual({ success: true, message: '新增成功' });
    const target = added.body.data as Target;
    expect(target).toMatchObject({
      name: `${P}提升专业建设水平`, cycleYear: '2031', dimensionId: 'dim-zlsc', dimensionName: '质量生成', description: '新增省级专业群2个',
      cjrmc: '王明', fbbm: '发展规划与质量管理处', taskCount: 0,
    });

    const found = await list(fabu, `name=${encodeURIComponent(`${P}提升`)}&cycleYear=2031`);
    expect(found.body.data).toMatchObject({ total: 1, current: 1, pages: 1, records: [{ id: target.id }] });
    expect((await list(fabu, `name=${encodeURIComponent(`${P}提升`)}&cycleYear=2030`)).body.data).toMatchObject({ total: 0, records: [] });

    const updated = await fabu.post(`${API}/yearTarget/update`, { id: target.id, name: `${P}专业建设`, cycleYear: '2032', dimensionId: 'dim-zyjs', description: '' });
    expect(updated.body).toMatchObject({ meta: { success: true, message: '修改成功' }, data: { id: target.id, name: `${P}专业建设`, cycleYear: '2032', dimensionId: 'dim-zyjs', description: null } });

    // Administrators write too.
    const byAdmin = await admin.post(`${API}/yearTarget/update`, { id: target.id, name: `${P}专业建设`, cycleYear: '2032', dimensionId: 'dim-zyjs', description: '管理员修改' });
    expect(byAdmin.body).toMatchObject({ meta: { success: true }, data: { description: '管理员修改' } });

    const deleted = await fabu.post(`${API}/yearTarget/delete`, { id: target.id });
    expect(deleted.body).toEqual(expect.objectContaining({ meta: { success: true, message: '删除成功' }, data: null }));
    expect(await ours()).toEqual([]);
    const again = await fabu.post(`${API}/yearTarget/delete`, { id: target.id });
    expect([again.status, again.body.meta]).toEqual([404, { success: false, message: '年度目标不存在' }]);
  });

  it('the option list (pageNum 1, pageSize 1000000) and the task types are there for every reader of the menu', async () => {
    const a = (await add(fabu, { name: `${P}选项甲`, cycleYear: '2033', dimensionId: 'dim-jczh' })).body.data as Target;
    const b = (await add(fabu, { name: `${P}选项乙`, cycleYear: '2033', dimensionId: 'dim-jdkz' })).body.data as Target;
    const options = await list(rwfzr, 'pageNum=1&pageSize=1000000');
    expect(options.status).toBe(200);
    const page = options.body.data as { records: Target[]; total: number; pages: number };
    expect(page.pages).toBe(1);
    expect(page.records.length).toBe(page.total);
    expect(page.records.filter((r) => r.name.startsWith(P)).map((r) => ({ id: r.id, name: r.name })).sort((x, y) => x.name.localeCompare(y.name)))
      .toEqual([{ id: a.id, name: a.name }, { id: b.id, name: b.name }].sort((x, y) => x.name.localeCompare(y.name)));

    // A page of one: pages counts them all.
    const one = (await list(rwfzr, 'pageNum=2&pageSize=1&cycleYear=2033')).body.data as { records: Target[]; total: number; current: number; pages: number };
    expect(one).toMatchObject({ total: 2, current: 2, pages: 2 });
    expect(one.records).toHaveLength(1);

    const types = await rwfzr.get(`${API}/NewSummaryAnalysis/getTaskTypeList`);
    expect(types.body).toMatchObject({ meta: { success: true }, data: [{ id: 'A', rwlxmc: '重点任务' }, { id: 'B', rwlxmc: '常规任务' }, { id: 'C', rwlxmc: '一般任务' }] });
    for (const id of [a.id, b.id]) expect((await fabu.post(`${API}/yearTarget/delete`, { id })).body.meta.success).toBe(true);
  });

  it('refuses writes of a reader, and every call of someone without the menu, changing nothing', async () => {
    const target = (await add(fabu, { name: `${P}只读`, cycleYear: '2034', dimensionId: 'dim-zcfw' })).body.data as Target;
    const before = await ours();
    for (const res of [
      await add(rwfzr, { name: `${P}读者新增`, cycleYear: '2034', dimensionId: 'dim-zcfw' }),
      await rwfzr.post(`${API}/yearTarget/update`, { id: target.id, name: `${P}读者修改`, cycleYear: '2034', dimensionId: 'dim-zcfw' }),
      await rwfzr.post(`${API}/yearTarget/delete`, { id: target.id }),
      await zj.get(`${API}/yearTarget/list`),
      await zj.get(`${API}/NewSummaryAnalysis/getTaskTypeList`),
    ]) expect(res.body).toEqual(expect.objectContaining(NO_PERMISSION));
    expect(await ours()).toEqual(before);
    expect((await list(rwfzr, `cycleYear=2034&name=${encodeURIComponent(P)}`)).body.data).toMatchObject({ total: 1 });
    await fabu.post(`${API}/yearTarget/delete`, { id: target.id });
  });

  it('yearTarget/rights answers the access table the writes check: the screens show their buttons by it (issue 30)', async () => {
    const rights = async (c: Client) => (await c.get(`${API}/yearTarget/rights`)).body;
    expect((await rights(fabu)).data).toEqual({ writesYearTargets: true, writesTasks: true });
    expect((await rights(admin)).data).toEqual({ writesYearTargets: true, writesTasks: true });
    expect((await rights(rwfzr)).data).toEqual({ writesYearTargets: false, writesTasks: false });
    expect(await rights(zj)).toEqual(expect.objectContaining(NO_PERMISSION));
  });

  it('refuses bad input with its reason, and a name taken in the same year', async () => {
    await add(fabu, { name: `${P}重名`, cycleYear: '2035', dimensionId: 'dim-zlsc' });
    const before = await ours();
    const cases: Array<[object, number, string]> = [
      [{ name: '  ', cycleYear: '2035', dimensionId: 'dim-zlsc' }, 400, '请输入年度目标名称'],
      [{ name: `${P}${'长'.repeat(200)}`, cycleYear: '2035', dimensionId: 'dim-zlsc' }, 400, '年度目标名称最多200个字符'],
      [{ name: `${P}年份`, cycleYear: '20355', dimensionId: 'dim-zlsc' }, 400, '年度须为2000到2100之间的四位年份'],
      [{ name: `${P}年份`, cycleYear: '', dimensionId: 'dim-zlsc' }, 400, '年度须为2000到2100之间的四位年份'],
      [{ name: `${P}维度`, cycleYear: '2035' }, 400, '请选择维度'],
      [{ name: `${P}维度`, cycleYear: '2035', dimensionId: 'dim-none' }, 400, '维度不存在'],
      [{ name: `${P}描述`, cycleYear: '2035', dimensionId: 'dim-zlsc', description: 'x'.repeat(1001) }, 400, '年度目标描述最多1000个字符'],
      [{ name: `${P}类型`, cycleYear: '2035', dimensionId: 'dim-zlsc', description: 5 }, 400, '描述必须是文本'], // the schemas' wording for a wrong type (issue 30)
      [{ name: `${P}重名`, cycleYear: '2035', dimensionId: 'dim-zyjs' }, 409, '该年度已有同名的年度目标'],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(fabu, body);
      expect([res.status, res.body.meta]).toEqual([status, { success: false, message }]);
    }
    expect(await ours()).toEqual(before);
    // The same name in another year is another target.
    expect((await add(fabu, { name: `${P}重名`, cycleYear: '2036', dimensionId: 'dim-zlsc' })).body.meta.success).toBe(true);
    const update = await fabu.post(`${API}/yearTarget/update`, { id: 'yte-none', name: `${P}无`, cycleYear: '2035', dimensionId: 'dim-zlsc' });
    expect([update.status, update.body.meta]).toEqual([404, { success: false, message: '年度目标不存在' }]);
  });

  it('refuses to delete a year target with tasks, and deletes it once they are gone', async () => {
    const target = (await add(fabu, { name: `${P}有任务`, cycleYear: '2037', dimensionId: 'dim-zlsc' })).body.data as Target;
    await db.query(`INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf) VALUES ('yte-task-1', $1, '建设专业群', 'A', '2037')`, [target.id]);
    expect((await list(fabu, `name=${encodeURIComponent(`${P}有任务`)}`)).body.data).toMatchObject({ records: [{ id: target.id, taskCount: 1 }] });
    const refused = await fabu.post(`${API}/yearTarget/delete`, { id: target.id });
    expect([refused.status, refused.body.meta]).toEqual([409, { success: false, message: '该年度目标下已有目标任务，不能删除，请先删除其目标任务' }]);
    expect(await db.query(`SELECT 1 FROM year_target WHERE id = $1`, [target.id])).toHaveLength(1);
    await db.query(`DELETE FROM target_task WHERE id = 'yte-task-1'`);
    expect((await fabu.post(`${API}/yearTarget/delete`, { id: target.id })).body.meta.success).toBe(true);
  });

  it('the database refuses codes the documents do not know, and a second warning of one task, kind and period', async () => {
    const target = (await add(fabu, { name: `${P}约束`, cycleYear: '2038', dimensionId: 'dim-zlsc' })).body.data as Target;
    await db.query(`INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf) VALUES ('yte-task-c', $1, '约束任务', 'B', '2038')`, [target.id]);
    const codeOf = async (sql: string, params: unknown[] = []) => {
      try {
        await db.query(sql, params);
        return 'accepted';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    const task = (column: string, value: unknown) => codeOf(`INSERT INTO target_task (year_target_id, rwmc, rwlx, rwnf, ${column}) VALUES ($1, '非法', 'A', '2038', $2)`, [target.id, value]);
    expect(await task('rwjd', 'doing')).toBe('23514');
    expect(await task('task_state', 'stopped')).toBe('23514');
    expect(await task('audit_state', 3)).toBe('23514');
    expect(await task('exam_type', 'grade')).toBe('23514');
    expect(await codeOf(`INSERT INTO target_task (year_target_id, rwmc, rwlx, rwnf) VALUES ($1, '非法', 'A', '2038~2039')`, [target.id])).toBe('23514');
    expect(await codeOf(`INSERT INTO target_task (year_target_id, rwmc, rwlx, rwnf) VALUES ($1, '非法', 'D', '2038')`, [target.id])).toBe('23503');
    expect(await codeOf(`INSERT INTO target_task (year_target_id, rwmc, rwlx, rwnf, kssj, jssj) VALUES ($1, '非法', 'A', '2038', '2038-06-01', '2038-05-01')`, [target.id])).toBe('23514');
    expect(await codeOf(`INSERT INTO year_target (name, cycle_year) VALUES ($1, '38')`, [`${P}年份`])).toBe('23514');
    expect(await codeOf(`INSERT INTO progress_report (task_id, kind, content) VALUES ('yte-task-c', 'weekly', '周报')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO progress_report (task_id, kind, content, audit_state) VALUES ('yte-task-c', 'process', '进展', 'passed')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO progress_report (task_id, kind, content, audit_state) VALUES ('yte-task-c', 'process', '进展', 'reject')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_urge (task_id, urge_type, to_user_id) VALUES ('yte-task-c', 2, 'u-owner')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_urge (task_id, urge_type, to_user_id, state) VALUES ('yte-task-c', 0, 'u-owner', 'acceptUrge')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_urge (task_id, urge_type, to_user_id, status) VALUES ('yte-task-c', 0, 'u-owner', 'notSet')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_urge (task_id, urge_type, to_user_id, status) VALUES ('yte-task-c', 0, 'u-owner', 'targetNotResolved')`)).toBe('accepted');
    expect(await codeOf(`INSERT INTO task_delay (task_id, new_end_date, reason, decision) VALUES ('yte-task-c', '2038-12-31', '延期', 'maybe')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_warning (task_id, kind, period_key) VALUES ('yte-task-c', 'late', '2038-05')`)).toBe('23514');
    expect(await codeOf(`INSERT INTO task_warning (task_id, kind, period_key) VALUES ('yte-task-c', 'expired', '2038-05')`)).toBe('accepted');
    expect(await codeOf(`INSERT INTO task_warning (task_id, kind, period_key) VALUES ('yte-task-c', 'expired', '2038-05')`)).toBe('23505');
    // One report waiting for review and one open delay request at a time.
    expect(await codeOf(`INSERT INTO progress_report (task_id, kind, content) VALUES ('yte-task-c', 'process', '第一次')`)).toBe('accepted');
    expect(await codeOf(`INSERT INTO progress_report (task_id, kind, content) VALUES ('yte-task-c', 'final', '第二次')`)).toBe('23505');
    expect(await codeOf(`INSERT INTO task_delay (task_id, new_end_date, reason) VALUES ('yte-task-c', '2038-12-31', '延期')`)).toBe('accepted');
    expect(await codeOf(`INSERT INTO task_delay (task_id, new_end_date, reason) VALUES ('yte-task-c', '2039-01-31', '再延期')`)).toBe('23505');
    // A year target with tasks cannot be deleted from under them, even by SQL; deleting the task takes its rows along.
    expect(await codeOf(`DELETE FROM year_target WHERE id = $1`, [target.id])).toBe('23503');
    expect(await codeOf(`INSERT INTO attachment (file_id, owner_type, owner_id, stage) VALUES ('none', 'target-task', 'yte-task-c', 'later')`)).toBe('23514');
    await db.query(`DELETE FROM target_task WHERE id = 'yte-task-c'`);
    expect(await db.query(`SELECT 1 FROM task_warning WHERE task_id = 'yte-task-c' UNION ALL SELECT 1 FROM progress_report WHERE task_id = 'yte-task-c'`)).toHaveLength(0);
  });
});
