import { jest } from '@jest/globals';
import type { YearTargetCopyProgress } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { YearTargetCopyService } from '../../backend/src/modules/year-targets/application/year-target-copy.service.js';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

// Issue 13, yearTarget/copy: a year target with its whole task tree into another year, as a job with status polling
// (like the libraries' copy). The tree keeps its shape, names, types, departments and people; dates and years move by
// the years between; the state starts again with only an 'add' history row. Ids prefixed ytc-, years 2061–2064.
jest.setTimeout(60_000);

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const SOURCE = 'ytc-src';
const NAME = 'ytc推进“双高计划”专业群建设';

/** A task's copied facts, keyed by its path of names from the root (the ids differ). */
const TREE = `
  WITH RECURSIVE tree AS (
    SELECT t.id, t.rwmc::text AS path FROM target_task t WHERE t.year_target_id = $1 AND t.parent_id IS NULL
    UNION ALL
    SELECT c.id, tree.path || ' / ' || c.rwmc FROM target_task c JOIN tree ON c.parent_id = tree.id
  )
  SELECT tree.path, t.rwlx, t.exam_type AS "examType", t.rwnf, to_char(t.kssj, 'YYYY-MM-DD') AS kssj, to_char(t.jssj, 'YYYY-MM-DD') AS jssj,
         t.charge_department_id AS dept, t.owner_id AS owner, t.auditor_id AS auditor, t.supervisor_id AS supervisor, t.target_unit AS unit,
         t.target_value::float8 AS "targetValue", t.rwjd, t.task_state AS "taskState", t.audit_state AS "auditState", t.audit_reason AS "auditReason",
         t.creator_id AS creator,
         (SELECT coalesce(json_agg(json_build_array(c.department_id, c.owner_id) ORDER BY c.department_id), '[]') FROM target_task_coop_department c WHERE c.task_id = t.id) AS coops,
         (SELECT coalesce(json_agg(h.action ORDER BY h.at, h.id), '[]') FROM task_history h WHERE h.task_id = t.id) AS history,
         (SELECT count(*)::int FROM progress_report r WHERE r.task_id = t.id) + (SELECT count(*)::int FROM task_delay d WHERE d.task_id = t.id)
           + (SELECT count(*)::int FROM task_urge u WHERE u.task_id = t.id) + (SELECT count(*)::int FROM task_warning w WHERE w.task_id = t.id) AS "sideRows"
  FROM tree JOIN target_task t ON t.id = tree.id ORDER BY tree.path`;

interface TreeRow {
  path: string;
  rwlx: string;
  examType: string;
  rwnf: string;
  kssj: string;
  jssj: string;
  dept: string;
  owner: string;
  auditor: string;
  supervisor: string | null;
  unit: string | null;
  targetValue: number | null;
  rwjd: string;
  taskState: string;
  auditState: number;
  auditReason: string | null;
  creator: string;
  coops: Array<[string, string | null]>;
  history: string[];
  sideRows: number;
}

const moved = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

describe('yearTarget/copy: a year target and its task tree into another year, as a job', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // 王明, the year target publisher
  let bmfzr: Client; // 李红, a department head: reads, never writes year targets
  let rwfzr: Client; // 陈静, a task owner
  let admin: Client;

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const result = (c: Client, taskId: string) =>
    waitFor(async () => {
      const p = (await c.get(`${API}/yearTarget/taskResult?taskId=${encodeURIComponent(taskId)}`)).body.data as YearTargetCopyProgress | null;
      return p && (p.state === 'done' || p.state === 'failed') ? p : null;
    }, `copy ${taskId}`, 30_000);
  const counts = async () =>
    (await db.query(`SELECT (SELECT count(*) FROM year_target)::int AS targets, (SELECT count(*) FROM target_task)::int AS tasks,
                            (SELECT count(*) FROM task_history)::int AS history, (SELECT count(*) FROM target_task_coop_department)::int AS coops`))[0];

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    await db.query(`DELETE FROM target_task WHERE year_target_id IN (SELECT id FROM year_target WHERE id LIKE 'ytc-%' OR name LIKE 'ytc%')`);
    await db.query(`DELETE FROM year_target WHERE id LIKE 'ytc-%' OR name LIKE 'ytc%'`);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, dimension_id, description, creator_id, publish_department_id)
                    VALUES ($1, $2, '2061', 'dim-zlsc', '建成3个省级高水平专业群', 'u-publisher', 'd-zlb')`, [SOURCE, NAME]);
    // A tree three levels deep, in the middle of its life: audited, pushed, executing, reported, delayed, urged, warned.
    const task = (id: string, parent: string | null, rwmc: string, rwlx: string, more: Record<string, unknown>) =>
      db.query(
        `INSERT INTO target_task (id, year_target_id, parent_id, rwmc, rwlx, exam_type, rwnf, kssj, jssj, publish_department_id, charge_department_id,
                                  owner_id, auditor_id, supervisor_id, creator_id, target_value, target_unit, rwjd, task_state, audit_state, audit_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'd-zlb', $10, $11, $12, $13, 'u-publisher', $14, $15, $16, $17, $18, $19)`,
        [id, SOURCE, parent, rwmc, rwlx, more.exam ?? 'score', more.rwnf ?? '2061', more.kssj ?? '2061-01-10', more.jssj ?? '2061-12-31', more.dept ?? 'd-jwc',
          more.owner ?? 'u-depthead', more.auditor ?? 'u-auditor', more.supervisor ?? null, more.value ?? null, more.unit ?? '个', more.rwjd ?? 'executeing',
          more.state ?? 'normal', more.audit ?? 1, more.reason ?? null],
      );
    await task('ytc-1', null, '专业群建设', 'A', { rwnf: '2061,2062', supervisor: 'u-leader' });
    await task('ytc-1-1', 'ytc-1', '软件技术专业群', 'A', { dept: 'd-xxgc', owner: 'u-owner', kssj: '2061-02-28', jssj: '2061-11-30' });
    await task('ytc-1-1-1', 'ytc-1-1', '共享实训基地', 'B', { dept: 'd-xxgc', owner: 'u-owner', value: 1, rwjd: 'hasDone', state: 'finished' });
    await task('ytc-1-1-2', 'ytc-1-1', '课程标准12门', 'C', { dept: 'd-xxgc', owner: 'u-owner', value: 12, unit: '门', exam: 'level', rwjd: 'delayNotDone' });
    await task('ytc-1-2', 'ytc-1', '智能制造专业群', 'B', { dept: 'd-jdgc', rwjd: 'waitAccept', state: 'pause' });
    await task('ytc-2', null, '订单班10个', 'C', { rwjd: 'notPushed', audit: 2, reason: '请补充说明' });
    await db.query(`INSERT INTO target_task_coop_department (task_id, department_id, owner_id) VALUES ('ytc-1', 'd-xxgc', 'u-owner'), ('ytc-1', 'd-jdgc', NULL), ('ytc-1-1-2', 'd-jwc', 'u-depthead')`);
    await db.query(`INSERT INTO progress_report (task_id, kind, content, value_reached, audit_state) VALUES ('ytc-1-1-1', 'final', '完成', 1, 'pass'), ('ytc-1-1-2', 'process', '6门', 6, 'reviewing')`);
    await db.query(`INSERT INTO task_delay (task_id, new_end_date, reason) VALUES ('ytc-1-1-2', '2062-03-31', '延期')`);
    await db.query(`INSERT INTO task_urge (task_id, urge_type, to_user_id) VALUES ('ytc-1-2', 0, 'u-depthead')`);
    await db.query(`INSERT INTO task_warning (task_id, kind, period_key) VALUES ('ytc-1-1-2', 'process', '2061-Q1')`);
    await db.query(`INSERT INTO task_history (task_id, actor_id, action, from_state, to_state) SELECT id, 'u-publisher', 'add', NULL, 'notPushed' FROM target_task WHERE id LIKE 'ytc-%'`);
    await db.query(`INSERT INTO task_history (task_id, actor_id, action, from_state, to_state) VALUES ('ytc-1-1-2', 'u-owner', 'report', 'executeing', 'executeing')`);
    [fabu, bmfzr, rwfzr, admin] = await Promise.all([as('fabu'), as('bmfzr'), as('rwfzr'), as('admin', 'Admin2026')]);
  });
  afterAll(() => t.close());

  it('copies the whole tree into the next year: same shape and people, dates and years moved, states reset, the source untouched', async () => {
    const sourceBefore: TreeRow[] = await db.query(TREE, [SOURCE]);
    expect(sourceBefore).toHaveLength(6);
    const started = await fabu.post(`${API}/yearTarget/copy`, { id: SOURCE });
    expect(started.body.meta.success).toBe(true);
    const { taskId, yearTargetId, cycleYear } = started.body.data as { taskId: string; yearTargetId: string; cycleYear: string };
    expect(cycleYear).toBe('2062');
    expect(taskId).toBe(`ytcopy-${yearTargetId}`);
    expect(await result(fabu, taskId)).toEqual({ taskId, state: 'done', done: 4, total: 4, step: '完成', reason: null, yearTargetId });
    expect((await fabu.get(`${API}/yearTarget/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: true });

    const [target] = await db.query(`SELECT name, cycle_year AS "cycleYear", dimension_id AS "dimensionId", description, creator_id AS creator, publish_department_id AS fbbm FROM year_target WHERE id = $1`, [yearTargetId]);
    expect(target).toEqual({ name: NAME, cycleYear: '2062', dimensionId: 'dim-zlsc', description: '建成3个省级高水平专业群', creator: 'u-publisher', fbbm: 'd-zlb' });
    const copy: TreeRow[] = await db.query(TREE, [yearTargetId]);
    expect(copy.map((r) => r.path)).toEqual(sourceBefore.map((r) => r.path));
    for (const [i, c] of copy.entries()) {
      const s = sourceBefore[i]!;
      expect(c).toEqual({
        ...s,
        rwnf: s.rwnf.split(',').map((y) => String(Number(y) + 1)).join(','),
        kssj: moved(s.kssj, 1),
        jssj: moved(s.jssj, 1),
        targetValue: null,
        rwjd: 'notPushed',
        taskState: 'normal',
        auditState: 0,
        auditReason: null,
        history: ['add'],
        sideRows: 0,
      });
    }
    expect(copy.find((r) => r.path === '专业群建设')!.rwnf).toBe('2062,2063');
    expect(copy.find((r) => r.path === '专业群建设 / 软件技术专业群')!.kssj).toBe('2062-02-28');
    // the list shows it in its year, with its tasks, and the source is as it was
    const listed = (await fabu.get(`${API}/yearTarget/list?cycleYear=2062&name=ytc`)).body.data;
    expect(listed.records.map((r: { id: string; taskCount: number }) => [r.id, r.taskCount])).toEqual([[yearTargetId, 6]]);
    expect(await db.query(TREE, [SOURCE])).toEqual(sourceBefore);
  });

  it('moves dates by several years to the year asked for, 29 February included', async () => {
    await db.query(`UPDATE target_task SET kssj = '2060-02-29', jssj = '2061-12-31' WHERE id = 'ytc-2'`);
    await db.query(`UPDATE year_target SET cycle_year = '2060' WHERE id = $1`, [SOURCE]);
    try {
      const started = await fabu.post(`${API}/yearTarget/copy`, { id: SOURCE, cycleYear: '2063' });
      expect(started.body.data.cycleYear).toBe('2063');
      expect((await result(fabu, started.body.data.taskId)).state).toBe('done');
      const copy: TreeRow[] = await db.query(TREE, [started.body.data.yearTargetId]);
      expect(copy.find((r) => r.path === '订单班10个')).toMatchObject({ kssj: '2063-02-28', jssj: '2064-12-31', rwnf: '2064' });
    } finally {
      await db.query(`UPDATE year_target SET cycle_year = '2061' WHERE id = $1`, [SOURCE]);
      await db.query(`UPDATE target_task SET kssj = '2061-01-10' WHERE id = 'ytc-2'`);
    }
  });

  it('refuses a copy into a year that has a target of the same name, and writes nothing', async () => {
    // 2062 holds the first test's copy
    const before = await counts();
    const refused = await fabu.post(`${API}/yearTarget/copy`, { id: SOURCE, cycleYear: '2062' });
    expect([refused.status, refused.body.meta]).toEqual([409, { success: false, message: `2062年已有同名的年度目标「${NAME}」，不能复制` }]);
    // the job checks again under the year's lock (a name taken between the start and the run)
    const outcome = await t.app.get(YearTargetCopyService).run({ sourceId: SOURCE, yearTargetId: 'ytc-race', cycleYear: '2062', requesterId: 'u-publisher' });
    expect(outcome).toEqual({ state: 'refused', reason: `2062年已有同名的年度目标「${NAME}」，不能复制` });
    expect(await counts()).toEqual(before);
    // and a year that is no year, or the source's own
    for (const [cycleYear, message] of [['20621', '年度须为四位年份'], ['1999', '年度须为2000到2100之间的四位年份'], ['2061', '目标年度与原年度相同，请选择其他年度']]) {
      const bad = await fabu.post(`${API}/yearTarget/copy`, { id: SOURCE, cycleYear });
      expect(bad.body.meta).toEqual({ success: false, message });
    }
    expect((await fabu.post(`${API}/yearTarget/copy`, { id: 'ytc-none' })).body.meta).toEqual({ success: false, message: '年度目标不存在' });
    expect(await counts()).toEqual(before);
  });

  it('refuses whoever does not write year targets, and shows a copy only to its requester and administrators', async () => {
    const before = await counts();
    for (const c of [bmfzr, rwfzr]) expect((await c.post(`${API}/yearTarget/copy`, { id: SOURCE, cycleYear: '2064' })).body).toEqual(expect.objectContaining(NO_PERMISSION));
    expect(await counts()).toEqual(before);

    const started = await fabu.post(`${API}/yearTarget/copy`, { id: SOURCE, cycleYear: '2064' });
    const { taskId } = started.body.data as { taskId: string };
    expect((await result(fabu, taskId)).state).toBe('done');
    expect((await admin.get(`${API}/yearTarget/taskResult?taskId=${taskId}`)).body.data.state).toBe('done');
    for (const c of [bmfzr, rwfzr]) expect((await c.get(`${API}/yearTarget/taskResult?taskId=${taskId}`)).body.meta).toEqual({ success: false, message: '任务不存在或已过期' });
    expect((await fabu.get(`${API}/yearTarget/checkStatus?taskId=copy-x`)).body.meta).toEqual({ success: false, message: '任务编号不正确' });
  });
});
