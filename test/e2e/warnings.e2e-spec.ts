import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SamplingService } from '../../backend/src/modules/warnings/application/sampling.service.js';
import { WarningScanService } from '../../backend/src/modules/warnings/application/warning-scan.service.js';
import { startFakeHttpSource, type FakeHttpSource } from './support/fake-http-source.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Rule = { yjlx: 'value' | 'level'; tj: string; yjz: string; yjzq: string };
interface PointSpec {
  name: string;
  zlx?: string;
  mbz?: string;
  rule: Rule | null;
  value: string | null;
  period?: string;
  source?: { cjfs: 'sql' | 'interface' | 'algorithm'; config: Record<string, unknown> };
}

/** Libraries this suite made; removed at the end (with their tasks, results and warnings) so other suites see the demo as it was. */
const made: string[] = [];

/** A library of its own with one task owned by 陈静 (rwfzr): each point its rule and reported value. */
async function makeTask(db: DataSource, points: PointSpec[]): Promise<{ taskId: string; pointIds: string[]; libraryId: string }> {
  const tag = randomUUID().slice(0, 8);
  const libraryId = `lib-w-${tag}`;
  const taskId = `task-w-${tag}`;
  made.push(libraryId);
  await db.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
     VALUES ($1, $2, 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`,
    [libraryId, `监测测试库${tag}`],
  );
  await db.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
     VALUES ($1, $2, '监测测试任务', 'major', $3, '监测专业', '2026', 'd-xxgc', 'u-owner', 'u-auditor')`,
    [taskId, libraryId, `major-${tag}`],
  );
  const pointIds: string[] = [];
  for (const [i, p] of points.entries()) {
    const id = `${libraryId}-p${i}`;
    pointIds.push(id);
    await db.query(
      `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
       VALUES ($1, $2, $3, $4, $5, $5, $6, '{"direction":"higher","b":0.9,"c":0.8}', $7, $8, $9)`,
      [id, libraryId, `W-${i}`, p.name, p.mbz ?? '100', p.zlx ?? 'float', p.period ?? 'month', p.rule, i],
    );
    if (p.source) {
      await db.query(`INSERT INTO point_datasource (point_id, sjlx, cjfs, xsfs, config) VALUES ($1, $2, $3, 'table', $4)`, [id, p.zlx ?? 'float', p.source.cjfs, p.source.config]);
    }
    if (p.value !== null) await db.query(`INSERT INTO quality_result (obj_task_id, point_id, jgz) VALUES ($1, $2, $3)`, [taskId, id, p.value]);
  }
  return { taskId, pointIds, libraryId };
}

const warningsOf = async (db: DataSource, taskId: string): Promise<Array<{ point_id: string; period_key: string; jgz: string; clsj: Date | null }>> =>
  db.query(`SELECT r.point_id, f.period_key, f.jgz, f.clsj FROM warning_flow f JOIN quality_result r ON r.id = f.result_id WHERE r.obj_task_id = $1 ORDER BY r.point_id, f.period_key`, [taskId]);

describe('monitoring: sampling, the scan and warning flows (spec 001 §2–4, §7)', () => {
  let t: TestApp;
  let db: DataSource;
  let sampling: SamplingService;
  let scanner: WarningScanService;
  let fake: FakeHttpSource;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const scanAt = async (at: Date) => {
    await sampling.sampleDue(at);
    return scanner.scan(at);
  };

  beforeAll(async () => {
    // The fake interface source listens on 127.0.0.1, an address sources may reach only when allow-listed.
    t = await startTestApp({ env: { COLLECT_ALLOWED_HOSTS: '127.0.0.1' } });
    db = await seed(t);
    sampling = t.app.get(SamplingService);
    scanner = t.app.get(WarningScanService);
    fake = await startFakeHttpSource();
  });
  afterAll(async () => {
    await db.query(`DELETE FROM target_library WHERE id = ANY($1)`, [made]);
    await fake.close();
    await t.close();
  });

  it('opens exactly one warning per breaching point and period, for every condition and mode', async () => {
    const rule = (tj: string, yjz: string, yjlx: 'value' | 'level' = 'value'): Rule => ({ yjlx, tj, yjz, yjzq: 'month' });
    const { taskId, pointIds } = await makeTask(db, [
      { name: '小于', rule: rule('<', '80'), value: '79.9' },
      { name: '小于等于', rule: rule('<=', '80'), value: '80' },
      { name: '等于', rule: rule('=', '80'), value: '80.0' },
      { name: '大于等于', rule: rule('>=', '80'), value: '80' },
      { name: '大于', rule: rule('>', '80'), value: '81' },
      { name: '百分比', zlx: 'percent', rule: rule('<', '90'), value: '85%' },
      { name: '有无', zlx: 'have', mbz: '1', rule: rule('=', '0'), value: '0' },
      { name: '等级', rule: rule('<', 'C', 'level'), value: '50' }, // 50 of target 100 grades D
      { name: '未触发', rule: rule('<', '80'), value: '85' },
      { name: '非数值', zlx: 'text', rule: rule('<', '80'), value: '良好' },
      { name: '无规则', rule: null, value: '1' },
      { name: '空值', rule: rule('<', '80'), value: null },
    ]);
    const november = new Date(2026, 10, 21, 10);
    await scanAt(november);
    const opened = await warningsOf(db, taskId);
    expect(opened.map((w) => w.point_id)).toEqual(pointIds.slice(0, 8));
    expect(new Set(opened.map((w) => w.period_key))).toEqual(new Set(['2026-11']));

    // The same period again, even with a changed breaching value: nothing new.
    await db.query(`UPDATE quality_result SET jgz = '70' WHERE obj_task_id = $1 AND point_id = $2`, [taskId, pointIds[0]]);
    await scanAt(new Date(2026, 10, 28, 10));
    expect(await warningsOf(db, taskId)).toHaveLength(8);

    // The next month is a new period: each still-breaching point warns once more.
    await scanAt(new Date(2026, 11, 2, 10));
    const december = (await warningsOf(db, taskId)).filter((w) => w.period_key === '2026-12');
    expect(december.map((w) => w.point_id)).toEqual(pointIds.slice(0, 8));
    expect(december[0]!.jgz).toBe('70');
  });

  it('opens no duplicates when two scans run at once', async () => {
    const { taskId } = await makeTask(db, Array.from({ length: 30 }, (_, i) => ({ name: `并发${i}`, rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'week' } as Rule, value: '10' })));
    const at = new Date(2026, 10, 18, 9);
    await sampling.sampleDue(at);
    const [a, b] = await Promise.all([scanner.scan(at), scanner.scan(at)]);
    const rows = await warningsOf(db, taskId);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.point_id)).size).toBe(30);
    // Both scans saw the breaches; together they opened each exactly once (plus whatever else the database holds).
    expect(a.breaches).toBeGreaterThanOrEqual(30);
    expect(b.breaches).toBeGreaterThanOrEqual(30);
  });

  it('records a source that times out or is refused, and the scan goes on', async () => {
    await db.query(`CREATE TABLE IF NOT EXISTS sjzx.w_rate (rate numeric)`);
    await db.query(`INSERT INTO sjzx.w_rate VALUES (60), (70)`);
    const before = (await db.query(`SELECT count(*)::int AS n FROM sjzx.w_rate`))[0].n;
    const rule: Rule = { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' };
    const { taskId, pointIds } = await makeTask(db, [
      { name: '接口超时', rule, value: null, source: { cjfs: 'interface', config: { url: `${fake.url}/never`, valuePath: 'data.value', timeoutMs: 300 } } },
      { name: 'SQL删除', rule, value: null, source: { cjfs: 'sql', config: { sql: 'DELETE FROM sjzx.w_rate' } } },
      { name: 'SQL正常', rule, value: null, source: { cjfs: 'sql', config: { sql: 'SELECT min(rate) FROM sjzx.w_rate' } } },
      { name: '接口正常', rule, value: null, source: { cjfs: 'interface', config: { url: `${fake.url}/json`, valuePath: 'data.value', rowsPath: 'data.rows' } } },
      { name: '填报', rule, value: '50' },
    ]);
    const started = Date.now();
    const outcome = await sampling.sampleDue(new Date(2026, 10, 21, 11));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.failed).toBeGreaterThanOrEqual(2);
    const failures: Array<{ point_id: string; message: string }> = await db.query(
      `SELECT d.point_id, f.message FROM collection_failure f JOIN point_datasource d ON d.id = f.datasource_id WHERE d.point_id = ANY($1) ORDER BY d.point_id`,
      [pointIds],
    );
    expect(failures.map((f) => f.point_id)).toEqual([pointIds[0], pointIds[1]]);
    expect(failures[0]!.message).toMatch(/接口超过.*秒未响应/);
    expect(failures[1]!.message).toBe('只能执行 SELECT 查询');
    expect((await db.query(`SELECT count(*)::int AS n FROM sjzx.w_rate`))[0].n).toBe(before);

    await scanner.scan(new Date(2026, 10, 21, 11));
    const warned = (await warningsOf(db, taskId)).map((w) => [w.point_id, w.jgz]);
    // min(rate) 60 and the report 50 warn; the interface's 87.5 does not.
    expect(warned).toEqual([[pointIds[2], '60'], [pointIds[4], '50']]);
    const detail: Array<{ detail: unknown }> = await db.query(
      `SELECT s.detail FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.obj_task_id = $1 AND r.point_id = $2`,
      [taskId, pointIds[3]],
    );
    expect(detail[0]!.detail).toEqual([{ major: '软件技术', rate: 92.5 }, { major: '电子商务', rate: 82.5 }]);
  });

  it('samples nothing from a source at an internal address, directly or by a redirect, and records why (issue 31 item 15)', async () => {
    const rule: Rule = { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' };
    const port = new URL(fake.url).port;
    // 127.0.0.1 is allow-listed in this app; 127.0.0.2 (written 2130706434) and the metadata address are not.
    const { pointIds } = await makeTask(db, [
      { name: '元数据地址', rule, value: null, source: { cjfs: 'interface', config: { url: 'http://169.254.169.254/latest/meta-data', valuePath: 'data.value' } } },
      { name: '重定向内网', rule, value: null, source: { cjfs: 'interface', config: { url: `${fake.url}/redirect?to=${encodeURIComponent(`http://2130706434:${port}/json`)}`, valuePath: 'data.value' } } },
    ]);
    await sampling.sampleDue(new Date(2026, 10, 21, 13));
    const failures: Array<{ point_id: string; message: string }> = await db.query(
      `SELECT d.point_id, f.message FROM collection_failure f JOIN point_datasource d ON d.id = f.datasource_id WHERE d.point_id = ANY($1) ORDER BY d.point_id`,
      [pointIds],
    );
    expect(failures).toEqual([
      { point_id: pointIds[0], message: '数据源地址不允许访问内网地址' },
      { point_id: pointIds[1], message: '数据源地址不允许访问内网地址' },
    ]);
    const sampled = await db.query(`SELECT s.id FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.point_id = ANY($1)`, [pointIds]);
    expect(sampled).toEqual([]);
  });

  it('samples an SQL source with :dxmc and :zq for each object\'s task, with that task\'s values bound', async () => {
    await db.query(`CREATE TABLE IF NOT EXISTS sjzx.w_major (major text, year text, rate numeric)`);
    await db.query(`INSERT INTO sjzx.w_major VALUES ('监测专业', '2026', 75), ('另一专业', '2026', 91), ('监测专业', '2025', 99)`);
    const sql = 'SELECT rate, major FROM w_major WHERE major = :dxmc AND year = :zq';
    const { taskId, pointIds, libraryId } = await makeTask(db, [
      { name: '按对象SQL', rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }, value: null, source: { cjfs: 'sql', config: { sql } } },
    ]);
    // A second object, and one whose name would break a query built from strings.
    const [other, sly] = [`${taskId}-b`, `${taskId}-c`];
    for (const [id, name] of [[other, '另一专业'], [sly, "监测专业' OR '1'='1"]]) {
      await db.query(
        `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
         VALUES ($1, $2, $3, 'major', $1, $4, '2026', 'd-xxgc', 'u-owner', 'u-auditor')`,
        [id, libraryId, `${name}任务`, name],
      );
    }
    const at = new Date(2026, 10, 22, 11);
    await sampling.sampleDue(at);
    const samples: Array<{ task: string; cjz: string | null; detail: unknown }> = await db.query(
      `SELECT r.obj_task_id AS task, s.cjz, s.detail FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.point_id = $1 ORDER BY r.obj_task_id`,
      [pointIds[0]],
    );
    expect(samples.map((x) => [x.task, x.cjz])).toEqual([[taskId, '75'], [other, '91'], [sly, null]]);
    expect(samples[0]!.detail).toEqual([{ rate: '75', major: '监测专业' }]);
    expect(samples[2]!.detail).toEqual([]);
    await scanner.scan(at);
    expect((await warningsOf(db, taskId)).map((w) => w.jgz)).toEqual(['75']);
    expect(await warningsOf(db, other)).toEqual([]);
  });

  it('handles a warning once, counts it as handled, and checks the texts on the server', async () => {
    const { taskId, pointIds } = await makeTask(db, [
      { name: '待处理一', rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }, value: '10' },
      { name: '待处理二', rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }, value: '20' },
    ]);
    await scanAt(new Date(2026, 10, 21, 12));
    const owner = await as('rwfzr');
    expect((await owner.get(`/api/herm-znfx/warningflow/counts?objTaskId=${taskId}`)).body.data).toEqual({ allNum: 2, disposeNum: 0 });
    const history = (await owner.get(`/api/herm-znfx/warningflow/history?objTaskId=${taskId}&zgzkdid=${pointIds[0]}`)).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ yjz: '80', jgz: '10', tj: '<', clsj: null });
    expect(history[0].yjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const id = history[0].id as string;

    for (const [body, message] of [
      [{ id, yyfx: '', clcs: '措施' }, '此项必填'],
      [{ id, yyfx: '原因' }, '此项必填'],
      [{ id, yyfx: '原'.repeat(501), clcs: '措施' }, '最多只能输入500个字符'],
      // issue 30: read through the contract, a null id, a wrong type and a control character are refused by name
      [{ id: null, yyfx: '原因', clcs: '措施' }, '请选择预警'],
      [{ id, yyfx: 5, clcs: '措施' }, '原因分析必须是文本'],
      [{ id, yyfx: '原因', clcs: '措\u0007施' }, '处理措施包含非法字符'],
    ] as const) {
      const res = await owner.post('/api/herm-znfx/warningflow/dispose', body);
      expect(res.status).toBe(400);
      expect(res.body.meta).toEqual({ success: false, message });
    }
    // Someone who may read but not handle (the auditor) is refused.
    const auditor = await as('bmshr');
    expect((await auditor.post('/api/herm-znfx/warningflow/dispose', { id, yyfx: '原因', clcs: '措施' })).body.meta).toEqual({ success: false, message: '用户无权访问该资源' });
    expect((await db.query(`SELECT clsj FROM warning_flow WHERE id = $1`, [id]))[0].clsj).toBeNull();

    const ok = await owner.post('/api/herm-znfx/warningflow/dispose', { id, yyfx: '原'.repeat(500), clcs: '加强过程跟踪' });
    expect(ok.body.meta).toEqual({ success: true, message: '处理成功' });
    expect(ok.body.data).toMatchObject({ clcs: '加强过程跟踪', clrmc: '陈静' });
    expect(ok.body.data.clsj).not.toBeNull();
    const again = await owner.post('/api/herm-znfx/warningflow/dispose', { id, yyfx: '再次', clcs: '再次' });
    expect(again.status).toBe(409);
    expect(again.body.meta.message).toBe('该预警已处理');
    expect((await db.query(`SELECT clcs FROM warning_flow WHERE id = $1`, [id]))[0].clcs).toBe('加强过程跟踪');

    expect((await owner.get(`/api/herm-znfx/warningflow/counts?objTaskId=${taskId}`)).body.data).toEqual({ allNum: 2, disposeNum: 1 });
    const table = (await owner.get(`/api/herm-znfx/warningflow/list?objTaskId=${taskId}`)).body.data;
    expect(table).toEqual([
      expect.objectContaining({ zgzkdid: pointIds[1], zkdmc: '待处理二', yjz: '80', allNum: 1, disposeNum: 0, open: true, clrmc: null }),
      expect.objectContaining({ zgzkdid: pointIds[0], zkdmc: '待处理一', allNum: 1, disposeNum: 1, open: false, clcs: '加强过程跟踪', clrmc: '陈静' }),
    ]);
    const mine = (await owner.get('/api/herm-znfx/warningflow/mine?pageNum=1&pageSize=100000')).body.data;
    const ids = mine.records.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(id);
    expect(mine.records.some((r: { zgzkdid: string; objTaskId: string }) => r.zgzkdid === pointIds[1] && r.objTaskId === taskId)).toBe(true);
    // The screens learn who may handle from the server: the table and the task list say so.
    expect((await owner.get(`/api/herm-znfx/quality/select?objTaskId=${taskId}`)).body.data.canHandleWarnings).toBe(true);
    expect((await auditor.get(`/api/herm-znfx/quality/select?objTaskId=${taskId}`)).body.data.canHandleWarnings).toBe(false);
    const listed = (await auditor.get('/api/herm-znfx/task/select?pageNum=1&pageSize=1000')).body.data.records as Array<{ id: string; canHandleWarnings: boolean }>;
    expect(listed.find((r) => r.id === taskId)).toMatchObject({ canHandleWarnings: false });
    // The home page's to-do count is the same number, and the auditor, who handles nothing, has none.
    expect((await owner.get('/api/user/todoCounts')).body.data.warnings).toBe(mine.total);
    expect(mine.total).toBeGreaterThan(0);
    expect((await auditor.get('/api/user/todoCounts')).body.data.warnings).toBe(0);
  });

  it('answers the drawer, the trend and the samples of a point', async () => {
    const { taskId, pointIds } = await makeTask(db, [{ name: '趋势', zlx: 'percent', rule: { yjlx: 'value', tj: '<', yjz: '90', yjzq: 'day' }, value: '80', period: 'day' }]);
    for (const day of [15, 16, 17]) {
      await db.query(`UPDATE quality_result SET jgz = $3 WHERE obj_task_id = $1 AND point_id = $2`, [taskId, pointIds[0], String(70 + day)]);
      await scanAt(new Date(2026, 10, day, 9));
    }
    const owner = await as('rwfzr');
    const drawer = (await owner.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${taskId}&zkdid=${pointIds[0]}`)).body.data;
    expect(drawer.warningVo).toEqual({ yjlx: 'value', tj: '<', yjz: '90', yjzq: 'day', yjzqmc: '每天' });
    expect(drawer.warningFlowVos.map((f: { jgz: string }) => f.jgz)).toEqual(['87', '86', '85']);
    const trend = (await owner.get(`/api/herm-znfx/warningflow/trend?objTaskId=${taskId}&zgzkdid=${pointIds[0]}`)).body.data;
    expect(trend.points.map((p: { jgz: string; yjz: string }) => [p.jgz, p.yjz])).toEqual([['85', '90'], ['86', '90'], ['87', '90']]);
    const samples = (await owner.get(`/api/herm-znfx/quality/selectCollect?objTaskId=${taskId}&zgzkdid=${pointIds[0]}&startDate=2026-11-16&endDate=2026-11-17`)).body.data;
    expect(samples).toEqual([
      { sj: '2026-11-16 09:00:00', cjz: '86', zlx: 'percent' },
      { sj: '2026-11-17 09:00:00', cjz: '87', zlx: 'percent' },
    ]);
    const bad = await owner.get(`/api/herm-znfx/quality/selectCollect?objTaskId=${taskId}&zgzkdid=${pointIds[0]}&startDate=2026-11-18&endDate=2026-11-01`);
    expect(bad.body.meta).toEqual({ success: false, message: '开始日期不能晚于结束日期' });
    // Someone the task does not concern reads nothing.
    const outsider = await as('bmfzr');
    expect((await outsider.get(`/api/herm-znfx/warningflow/history?objTaskId=${taskId}&zgzkdid=${pointIds[0]}`)).body.meta.message).toBe('用户无权访问该资源');
  });

  it('demo data holds a year of samples with open and handled warnings', async () => {
    const [stats] = await db.query(`
      SELECT count(DISTINCT s.result_id)::int AS rows, min(s.sj) AS first,
             (SELECT count(*)::int FROM warning_flow WHERE clsj IS NULL) AS open, (SELECT count(*)::int FROM warning_flow WHERE clsj IS NOT NULL) AS handled
      FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.obj_task_id LIKE 'task-%-2026'`);
    expect(stats.rows).toBeGreaterThan(20);
    expect(Date.now() - new Date(stats.first).getTime()).toBeGreaterThan(300 * 86_400_000);
    expect(stats.open).toBeGreaterThan(0);
    expect(stats.handled).toBeGreaterThan(0);

    // The school's 专业对口就业率 is read by SQL from the data centre: value and detail rows for the drawer.
    // now: the demo holds this point's samples before the current period, which the first scan reads
    await sampling.sampleDue(new Date());
    const publisher = await as('fabu');
    const drawer = (await publisher.get('/api/herm-znfx/quality/selectbyid?objTaskId=task-school-2026&zkdid=lib-school-2026-p2')).body.data;
    expect(drawer.detailValue).toEqual([expect.objectContaining({ cjfs: 'sql', xsfs: 'histogram' })]);
    expect(drawer.detailValue[0].rows).toHaveLength(5);
    expect(drawer.detailValue[0].rows[0]).toMatchObject({ 专业: '会计', 就业人数: 165, 对口就业人数: 139 });
    const [sample] = await db.query(
      `SELECT s.cjz FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.obj_task_id = 'task-school-2026' AND r.point_id = 'lib-school-2026-p2'
       ORDER BY s.sj DESC LIMIT 1`,
    );
    expect(sample.cjz).toBe('81.99');
    // The collected value is the row's current result, graded against the target (70): A.
    expect(drawer.jgz).toBe('81.99');
    expect(drawer.jgdj).toBe('A');
    // Detail rows keep the SQL's column order (the table's columns and the chart read it).
    expect(Object.keys(drawer.detailValue[0].rows[0])).toEqual(['全校对口就业率', '专业', '对口就业率', '就业人数', '对口就业人数']);
  });

  it('stores a point\'s warning rule and source config, and refuses a bad rule', async () => {
    const admin = await as('admin', 'Admin2026');
    const { pointIds } = await makeTask(db, [{ name: '规则', rule: null, value: null }]);
    const rule = { yjlx: 'value', tj: '>=', yjz: '5', yjzq: 'week' };
    const ok = await admin.post('/api/herm-znfx/quality/definitions/update', {
      id: pointIds[0], warningRule: rule, samplingPeriod: 'week',
      datasources: [{ sjlx: 'float', cjfs: 'sql', xsfs: 'table', config: { sql: ' SELECT 1 ' } }],
    });
    expect(ok.body.meta.success).toBe(true);
    expect(ok.body.data).toMatchObject({ warningRule: rule, samplingPeriod: 'week', datasources: [{ cjfs: 'sql', config: { sql: 'SELECT 1' } }] });
    const bad = await admin.post('/api/herm-znfx/quality/definitions/update', { id: pointIds[0], warningRule: { yjlx: 'level', tj: '<', yjz: 'H', yjzq: 'month' } });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe('预警等级只能是 A 到 G');
    expect((await db.query(`SELECT warning_rule FROM quality_point WHERE id = $1`, [pointIds[0]]))[0].warning_rule).toEqual(rule);

    // SQL and interface sources are an administrator's: the library's creator may keep them, not set them.
    const creator = await as('fabu');
    const sql = [{ sjlx: 'float', cjfs: 'sql', xsfs: 'table', config: { sql: 'SELECT 2' } }];
    const refused = await creator.post('/api/herm-znfx/quality/definitions/update', { id: pointIds[0], datasources: sql });
    expect(refused.body).toMatchObject({ meta: { success: false, message: '用户无权访问该资源' }, data: { reason: '只有管理员可以设置 SQL 或接口数据源' } });
    const hook = [{ sjlx: 'float', cjfs: 'interface', xsfs: 'table', config: { url: 'http://169.254.169.254/latest', valuePath: 'a' } }];
    expect((await creator.post('/api/herm-znfx/quality/definitions/update', { id: pointIds[0], datasources: hook })).body.meta.success).toBe(false);
    const kept = await creator.post('/api/herm-znfx/quality/definitions/update', {
      id: pointIds[0], zkdmc: '规则（改名）', datasources: [{ sjlx: 'float', cjfs: 'sql', xsfs: 'line', config: { sql: 'SELECT 1' } }],
    });
    expect(kept.body.meta.success).toBe(true);
    expect((await db.query(`SELECT config FROM point_datasource WHERE point_id = $1`, [pointIds[0]]))[0].config).toEqual({ sql: 'SELECT 1' });
  });

  it('keeps a person\'s subscriptions', async () => {
    const owner = await as('rwfzr');
    const saved = await owner.post('/api/herm-sjgl/dynamicYbpDy/updateList', { type: 'portrayal', sourceId: 'card-1', list: [{ sfzid: 'p1', sfbb: 'v1' }, { sfzid: 'p2' }] });
    expect(saved.body.data.map((s: { sfzid: string }) => s.sfzid)).toEqual(['p1', 'p2']);
    await owner.post('/api/herm-sjgl/dynamicYbpDy/updateList', { type: 'portrayal', sourceId: 'card-1', list: [{ sfzid: 'p2', lw: '首页' }] });
    const bySource = (await owner.get('/api/herm-sjgl/analysis/dynamicYbpDyquery?sourceId=card-1&type=portrayal')).body.data;
    expect(bySource).toEqual([expect.objectContaining({ sfzid: 'p2', lw: '首页', type: 'portrayal', sourceId: 'card-1' })]);
    const all = (await owner.get('/api/herm-sjgl/dynamicYbpDy/query')).body.data;
    expect(all).toHaveLength(1);
    const other = await as('xld');
    expect((await other.get('/api/herm-sjgl/dynamicYbpDy/query')).body.data).toEqual([]);
    const bad = await owner.post('/api/herm-sjgl/dynamicYbpDy/updateList', { sourceId: 'card-1', list: [{ sfbb: 'x' }] });
    expect(bad.body.meta).toEqual({ success: false, message: '第1项缺少订阅对象' });
    // issue 30: null, a wrong type or a tab is refused by name, and the person's items stay as they were
    for (const [body, message] of [
      [{ sourceId: 'card-1', list: null }, '订阅列表不正确'],
      [{ sourceId: 'card\t1', list: [{ sfzid: 'p3' }] }, '订阅来源包含非法字符'],
      [{ sourceId: 'card-1', list: [{ sfzid: 5 }] }, '订阅列表第1项「订阅对象」必须是文本'],
      [{ sourceId: null, list: [{ sfzid: 'p3' }] }, '缺少订阅来源'],
    ] as const) {
      const res = await owner.post('/api/herm-sjgl/dynamicYbpDy/updateList', body);
      expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
    }
    expect((await owner.get('/api/herm-sjgl/dynamicYbpDy/query')).body.data).toEqual([expect.objectContaining({ sfzid: 'p2', lw: '首页', sourceId: 'card-1' })]);
  });
});
