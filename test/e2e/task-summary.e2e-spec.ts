import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
/** This suite's year target; the tasks it inserts hang under it (and are removed with it). */
const YT = 'tse-yt';
const Y = '2033';

jest.setTimeout(60_000);

interface Summary {
  type: string;
  year: string;
  department: { id: string; name: string; headName: string | null } | null;
  totals: { total: number; finished: number; completionRate: string; processWarnings: number; expiredWarnings: number };
  byState: Array<{ rwjd: string; name: string; count: number }>;
  byGroup: Array<{ group: string; name: string; count: number }>;
  byDepartment: Array<{ departId: string | null; departName: string | null; total: number; finished: number; processWarnings: number; expiredWarnings: number }>;
  byType: Array<{ rwlx: string; rwlxmc: string; total: number; finished: number }>;
  progress: Array<{ bucket: string; name: string; count: number }>;
  overdueTrend: Array<{ month: string; count: number }>;
}

/** Issue 13: the summary analysis (my / department / global) equals direct counts in the database, scoped per person. */
describe('task summary analysis (issue 13)', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher
  let admin: Client;
  let bmfzr: Client; // u-depthead, head of 教务处 (d-jwc)
  let bmshr: Client; // u-auditor, auditor in 教务处 (targetTaskDepartAuditor: reads 教务处's summary)
  let rwfzr: Client; // u-owner, no department headed
  let xld: Client; // u-leader
  let zj: Client; // u-expert, no summary menu
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const summaryOf = async (c: Client, params: Record<string, string>): Promise<Summary> => {
    const res = await c.get(`${API}/targetTask/summaryAnalysis?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ success: true });
    return res.body.data as Summary;
  };
  const refused = async (c: Client, params: Record<string, string>) => {
    const res = await c.get(`${API}/targetTask/summaryAnalysis?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.success).toBe(false);
    expect(res.body.data ?? null).toBeNull();
    return res.body.meta.message as string;
  };

  /**
   * The same figures counted directly, one plain COUNT per figure, over the tasks `where` picks (alias t), so the
   * answer is compared with the database and not with the service's own SQL.
   */
  const direct = async (where: string, params: unknown[], trendYear: string) => {
    const n = async (sql: string, extra: unknown[] = []): Promise<number> => Number((await db.query(sql, [...params, ...extra]))[0].n);
    const tasks = `SELECT t.id FROM target_task t WHERE ${where}`;
    const k = params.length;
    const byState: Record<string, number> = {};
    for (const r of (await db.query(`SELECT t.rwjd, count(*) AS n FROM target_task t WHERE ${where} GROUP BY t.rwjd`, params)) as Array<{ rwjd: string; n: string }>) byState[r.rwjd] = Number(r.n);
    const byDepartment: Record<string, { total: number; finished: number; processWarnings: number; expiredWarnings: number }> = {};
    for (const d of (await db.query(`SELECT DISTINCT t.charge_department_id AS id FROM target_task t WHERE ${where}`, params)) as Array<{ id: string | null }>) {
      const cond = d.id === null ? `t.charge_department_id IS NULL` : `t.charge_department_id = $${k + 1}`;
      const extra = d.id === null ? [] : [d.id];
      byDepartment[d.id ?? 'none'] = {
        total: await n(`SELECT count(*) AS n FROM target_task t WHERE ${where} AND ${cond}`, extra),
        finished: await n(`SELECT count(*) AS n FROM target_task t WHERE ${where} AND ${cond} AND t.rwjd IN ('hasDone', 'delayDone')`, extra),
        processWarnings: await n(`SELECT count(*) AS n FROM task_warning w JOIN target_task t ON t.id = w.task_id WHERE ${where} AND ${cond} AND w.kind = 'process' AND w.closed_at IS NULL`, extra),
        expiredWarnings: await n(`SELECT count(*) AS n FROM task_warning w JOIN target_task t ON t.id = w.task_id WHERE ${where} AND ${cond} AND w.kind = 'expired' AND w.closed_at IS NULL`, extra),
      };
    }
    const byType: Record<string, number> = {};
    for (const code of ['A', 'B', 'C']) byType[code] = await n(`SELECT count(*) AS n FROM target_task t WHERE ${where} AND t.rwlx = $${k + 1}`, [code]);
    const trend: Record<string, number> = {};
    for (let m = 1; m <= 12; m++) {
      const month = `${trendYear}-${String(m).padStart(2, '0')}`;
      trend[month] = await n(`SELECT count(*) AS n FROM task_warning w WHERE w.kind = 'expired' AND to_char(w.opened_at, 'YYYY-MM') = $${k + 1} AND w.task_id IN (${tasks})`, [month]);
    }
    return {
      total: await n(`SELECT count(*) AS n FROM target_task t WHERE ${where}`),
      finished: await n(`SELECT count(*) AS n FROM target_task t WHERE ${where} AND t.rwjd IN ('hasDone', 'delayDone')`),
      processWarnings: await n(`SELECT count(*) AS n FROM task_warning w WHERE w.kind = 'process' AND w.closed_at IS NULL AND w.task_id IN (${tasks})`),
      expiredWarnings: await n(`SELECT count(*) AS n FROM task_warning w WHERE w.kind = 'expired' AND w.closed_at IS NULL AND w.task_id IN (${tasks})`),
      byState,
      byDepartment,
      byType,
      trend,
    };
  };
  /** The answer reduced to the direct counts' shape. */
  const shapeOf = (s: Summary) => ({
    total: s.totals.total,
    finished: s.totals.finished,
    processWarnings: s.totals.processWarnings,
    expiredWarnings: s.totals.expiredWarnings,
    byState: Object.fromEntries(s.byState.filter((x) => x.count > 0).map((x) => [x.rwjd, x.count])),
    byDepartment: Object.fromEntries(s.byDepartment.map(({ departId, departName: _name, ...rest }) => [departId ?? 'none', rest])),
    byType: Object.fromEntries(s.byType.map((x) => [x.rwlx, x.total])),
    trend: Object.fromEntries(s.overdueTrend.map((x) => [x.month, x.count])),
  });

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [fabu, admin, bmfzr, bmshr, rwfzr, xld, zj] = await Promise.all([as('fabu'), as('admin', 'Admin2026'), as('bmfzr'), as('bmshr'), as('rwfzr'), as('xld'), as('zj')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, 'TSE汇总年度目标', $2, 'u-publisher')`, [YT, Y]);
    // id, charge department, owner, type, rwjd, task state, target value, years
    const tasks: Array<[string, string, string, string, string, string, number | null, string]> = [
      ['tse-1', 'd-jwc', 'u-owner', 'A', 'executeing', 'normal', 10, Y],
      ['tse-2', 'd-jwc', 'u-depthead', 'B', 'hasDone', 'finished', 10, Y],
      ['tse-3', 'd-xxgc', 'u-publisher', 'C', 'delayNotDone', 'normal', 4, Y],
      ['tse-4', 'd-xxgc', 'u-auditor', 'A', 'waitDefine', 'normal', null, Y],
      ['tse-5', 'd-zlb', 'u-owner', 'A', 'delayDone', 'finished', 100, Y],
      ['tse-6', 'd-jwc', 'u-publisher', 'B', 'executeing', 'normal', 5, '2034'],
      ['tse-7', 'd-xxgc', 'u-owner', 'B', 'notPushed', 'pause', 8, Y],
    ];
    for (const [id, dept, owner, rwlx, rwjd, state, target, years] of tasks) {
      await db.query(
        `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, auditor_id, creator_id, rwjd, task_state, target_value)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7::date, $8, $9, 'u-auditor', 'u-publisher', $10, $11, $12)`,
        [id, YT, `TSE任务${id.slice(4)}`, rwlx, years, `${years}-01-01`, `${years}-06-30`, dept, owner, rwjd, state, target],
      );
    }
    // 陈静 (u-owner) is the cooperation owner of tse-3 for 教务处.
    await db.query(`INSERT INTO target_task_coop_department (task_id, department_id, owner_id) VALUES ('tse-3', 'd-jwc', 'u-owner')`);
    // Reports: the last passed one counts; reviewing and rejected ones do not.
    const reports: Array<[string, string, number, string, string]> = [
      ['tse-1', 'process', 3, 'pass', '2033-02-01'],
      ['tse-1', 'process', 10, 'reviewing', '2033-03-01'],
      ['tse-2', 'final', 10, 'pass', '2033-03-01'],
      ['tse-3', 'process', 1, 'pass', '2033-02-01'],
      ['tse-3', 'process', 4, 'reject', '2033-03-01'],
      ['tse-5', 'process', 10, 'pass', '2033-02-01'],
      ['tse-5', 'final', 80, 'childPass', '2033-04-01'],
      ['tse-7', 'process', 0, 'pass', '2033-02-01'],
    ];
    for (const [task, kind, value, audit, at] of reports) {
      await db.query(
        `INSERT INTO progress_report (task_id, kind, content, value_reached, audit_state, audit_reason, reported_by, reported_at)
         VALUES ($1, $2, 'TSE进度', $3, $4::varchar, CASE WHEN $4::varchar = 'reject' THEN '不合格' END, 'u-owner', $5::timestamptz)`,
        [task, kind, value, audit, `${at} 10:00:00+08`],
      );
    }
    const warnings: Array<[string, string, string, string, string | null]> = [
      ['tse-1', 'process', 'p1', '2033-02-05', null],
      ['tse-1', 'process', 'p2', '2033-03-05', null],
      ['tse-1', 'expired', 'e1', '2033-03-05', null],
      ['tse-3', 'expired', 'e1', '2033-02-10', '2033-02-20'],
      ['tse-3', 'expired', 'e2', '2033-03-20', null],
      ['tse-4', 'process', 'p1', '2033-01-10', '2033-01-20'],
      ['tse-6', 'expired', 'e1', '2034-01-15', null],
    ];
    for (const [task, kind, period, opened, closed] of warnings) {
      await db.query(
        `INSERT INTO task_warning (task_id, kind, period_key, opened_at, closed_at) VALUES ($1, $2, $3, ($4 || ' 12:00:00')::timestamp, ($5 || ' 12:00:00')::timestamp)`,
        [task, kind, `tse-${period}`, opened, closed],
      );
    }
  });
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM target_task WHERE year_target_id = $1`, [YT]);
      await db.query(`DELETE FROM year_target WHERE id = $1`, [YT]);
    }
    await t?.close();
  });

  it('the global summary of the year target: the figures known by hand, and equal to direct counts', async () => {
    const s = await summaryOf(xld, { type: 'globalSummaryAnalysis', year: Y, yearTargetId: YT });
    expect(s.type).toBe('globalSummaryAnalysis');
    expect(s.year).toBe(Y);
    expect(s.department).toBeNull();
    // tse-1 … tse-5 and tse-7 are of 2033; tse-2 and tse-5 are finished.
    expect(s.totals).toEqual({ total: 6, finished: 2, completionRate: '33.33', processWarnings: 2, expiredWarnings: 2 });
    expect(s.byGroup).toEqual([
      { group: 'pause', name: '暂停', count: 2 },
      { group: 'normal', name: '正常', count: 2 },
      { group: 'finished', name: '已完成', count: 2 },
    ]);
    expect(s.byState.map((x) => x.rwjd)).toEqual(['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine', 'executeing', 'hasDone', 'delayNotDone', 'delayDone']);
    expect(s.byState.find((x) => x.rwjd === 'executeing')).toEqual({ rwjd: 'executeing', name: '执行中', count: 1 });
    expect(s.byType).toEqual([
      { rwlx: 'A', rwlxmc: '重点任务', total: 3, finished: 1 },
      { rwlx: 'B', rwlxmc: '常规任务', total: 2, finished: 1 },
      { rwlx: 'C', rwlxmc: '一般任务', total: 1, finished: 0 },
    ]);
    // Progress of the last passed report: tse-1 30 %, tse-2 100 %, tse-3 25 % (the later rejected one ignored),
    // tse-4 none, tse-5 80 % (childPass), tse-7 0 (value 0).
    expect(s.progress.map((x) => [x.bucket, x.count])).toEqual([['0', 2], ['0-25', 1], ['25-50', 1], ['50-75', 0], ['75-100', 1], ['100', 1]]);
    expect(s.overdueTrend).toHaveLength(12);
    expect(s.overdueTrend.filter((x) => x.count > 0)).toEqual([{ month: '2033-02', count: 1 }, { month: '2033-03', count: 2 }]);
    const jwc = s.byDepartment.find((d) => d.departId === 'd-jwc');
    expect(jwc).toEqual({ departId: 'd-jwc', departName: '教务处', total: 2, finished: 1, processWarnings: 2, expiredWarnings: 1 });
    expect(s.byDepartment[0]!.total).toBeGreaterThanOrEqual(s.byDepartment[s.byDepartment.length - 1]!.total);
    expect(shapeOf(s)).toEqual(await direct(`t.year_target_id = $1 AND $2 = ANY(string_to_array(t.rwnf, ','))`, [YT, Y], Y));
    // The publisher and the administrator read the same; the whole school (no filter) equals the database too.
    expect(await summaryOf(fabu, { type: 'globalSummaryAnalysis', year: Y, yearTargetId: YT })).toEqual(s);
    expect(await summaryOf(admin, { type: 'globalSummaryAnalysis', year: Y, yearTargetId: YT })).toEqual(s);
    const all = await summaryOf(admin, { type: 'globalSummaryAnalysis', year: Y });
    expect(shapeOf(all)).toEqual(await direct(`$1 = ANY(string_to_array(t.rwnf, ','))`, [Y], Y));
  });

  it('my summary counts what the person owns or coop-owns, for several people', async () => {
    const mine = `(t.owner_id = $2 OR EXISTS (SELECT 1 FROM target_task_coop_department co WHERE co.task_id = t.id AND co.owner_id = $2))`;
    // 陈静: owns tse-1, tse-5, tse-7 and coop-owns tse-3.
    const owner = await summaryOf(rwfzr, { type: 'mySummaryAnalysis', yearTargetId: YT, year: Y });
    expect(owner.totals).toMatchObject({ total: 4, finished: 1, completionRate: '25.00', processWarnings: 2, expiredWarnings: 2 });
    expect(shapeOf(owner)).toEqual(await direct(`t.year_target_id = $1 AND ${mine}`, [YT, 'u-owner'], Y));
    // 王明 owns tse-3 (2033) and tse-6 (2034): the year filters, and sets the trend's year.
    const publisher2034 = await summaryOf(fabu, { type: 'mySummaryAnalysis', yearTargetId: YT, year: '2034' });
    expect(publisher2034.totals.total).toBe(1);
    expect(publisher2034.overdueTrend.filter((x) => x.count > 0)).toEqual([{ month: '2034-01', count: 1 }]);
    const publisher = await summaryOf(fabu, { type: 'mySummaryAnalysis', yearTargetId: YT });
    expect(publisher.totals.total).toBe(2);
    expect(publisher.year).toBe(String(new Date().getFullYear()));
    expect(shapeOf(publisher)).toEqual(await direct(`t.year_target_id = $1 AND ${mine}`, [YT, 'u-publisher'], String(new Date().getFullYear())));
    // 李红 owns tse-2 only; the leader owns nothing here.
    const head = await summaryOf(bmfzr, { type: 'mySummaryAnalysis', yearTargetId: YT, year: Y });
    expect(head.totals).toMatchObject({ total: 1, finished: 1, completionRate: '100.00' });
    expect(shapeOf(head)).toEqual(await direct(`t.year_target_id = $1 AND ${mine}`, [YT, 'u-depthead'], Y));
    const leader = await summaryOf(xld, { type: 'mySummaryAnalysis', yearTargetId: YT, year: Y });
    expect(leader.totals).toEqual({ total: 0, finished: 0, completionRate: '0', processWarnings: 0, expiredWarnings: 0 });
    expect(leader.byType.map((x) => x.total)).toEqual([0, 0, 0]);
    expect(leader.progress.every((x) => x.count === 0)).toBe(true);
  });

  it('the department summary defaults to the first charge department and equals direct counts', async () => {
    const scopes = await bmfzr.get(`${API}/targetTask/summaryScopes`);
    expect(scopes.body.data).toEqual({
      types: ['mySummaryAnalysis', 'departmentSummaryAnalysis'],
      departments: [{ id: 'd-jwc', name: '教务处', headName: '李红' }],
      defaultDepartId: 'd-jwc',
    });
    const s = await summaryOf(bmfzr, { type: 'departmentSummaryAnalysis', yearTargetId: YT, year: Y });
    expect(s.department).toEqual({ id: 'd-jwc', name: '教务处', headName: '李红' });
    expect(s.totals).toMatchObject({ total: 2, finished: 1, completionRate: '50.00' });
    expect(shapeOf(s)).toEqual(await direct(`t.year_target_id = $1 AND $2 = ANY(string_to_array(t.rwnf, ',')) AND t.charge_department_id = $3`, [YT, Y, 'd-jwc'], Y));
    // The leader picks any department; 信息工程学院 has no head (未知 on the page).
    const xxgc = await summaryOf(xld, { type: 'departmentSummaryAnalysis', yearTargetId: YT, year: Y, chargeDepartId: 'd-xxgc' });
    expect(xxgc.department).toEqual({ id: 'd-xxgc', name: '信息工程学院', headName: null });
    expect(xxgc.totals).toMatchObject({ total: 3, finished: 0 });
    expect(shapeOf(xxgc)).toEqual(await direct(`t.year_target_id = $1 AND $2 = ANY(string_to_array(t.rwnf, ',')) AND t.charge_department_id = $3`, [YT, Y, 'd-xxgc'], Y));
    // The leader's default is a department of theirs or one that charges tasks, and the answer names it.
    const leaderScopes = (await xld.get(`${API}/targetTask/summaryScopes`)).body.data as { types: string[]; departments: Array<{ id: string }>; defaultDepartId: string };
    expect(leaderScopes.types).toEqual(['mySummaryAnalysis', 'departmentSummaryAnalysis', 'globalSummaryAnalysis']);
    expect(leaderScopes.departments.map((d) => d.id)).toEqual(expect.arrayContaining(['d-jwc', 'd-xxgc', 'd-zlb']));
    expect(leaderScopes.defaultDepartId).toBe(leaderScopes.departments[0]!.id);
    expect((await summaryOf(xld, { type: 'departmentSummaryAnalysis' })).department?.id).toBe(leaderScopes.defaultDepartId);
  });

  it('refuses a scope the person may not use, with no data', async () => {
    // A department head may not read another department, nor the whole school.
    expect(await refused(bmfzr, { type: 'departmentSummaryAnalysis', chargeDepartId: 'd-xxgc' })).toBe('用户无权访问该资源');
    await refused(bmfzr, { type: 'globalSummaryAnalysis' });
    // An owner heads no department: only their own summary.
    await refused(rwfzr, { type: 'departmentSummaryAnalysis' });
    await refused(rwfzr, { type: 'globalSummaryAnalysis' });
    expect((await rwfzr.get(`${API}/targetTask/summaryScopes`)).body.data).toEqual({ types: ['mySummaryAnalysis'], departments: [], defaultDepartId: null });
    // The department auditor reads their own department's summary first. Issue 30 (the rule changed on purpose): an
    // auditor sees the tasks they audit wherever they are charged, so 张伟 also summarises 信息工程学院, counting
    // exactly what his 部门任务 lists there; a department where he audits nothing stays refused.
    expect((await summaryOf(bmshr, { type: 'departmentSummaryAnalysis' })).department?.id).toBe('d-jwc');
    const xxgc = await summaryOf(bmshr, { type: 'departmentSummaryAnalysis', chargeDepartId: 'd-xxgc', yearTargetId: YT });
    const listed = (await bmshr.get(`${API}/targetTask/list?pageType=DEPARTMENT_TASK&chargeDepartId=d-xxgc&yearTargetId=${YT}`)).body.data.total as number;
    expect(xxgc.totals.total).toBe(listed);
    expect(listed).toBe(3);
    await refused(bmshr, { type: 'departmentSummaryAnalysis', chargeDepartId: 'd-dzb' });
    // Without the menu nothing answers (the expert).
    await refused(zj, { type: 'mySummaryAnalysis' });
    expect((await zj.get(`${API}/targetTask/summaryScopes`)).body.meta.success).toBe(false);
    // Bad input is refused with a Chinese message.
    const badType = await xld.get(`${API}/targetTask/summaryAnalysis?type=yearSummary`);
    expect(badType.status).toBe(400);
    expect(badType.body.meta).toEqual({ success: false, message: '汇总类型不正确' });
    const badYear = await xld.get(`${API}/targetTask/summaryAnalysis?type=globalSummaryAnalysis&year=20a3`);
    expect(badYear.body.meta).toEqual({ success: false, message: '年份须为四位年份' });
    const unknown = await xld.get(`${API}/targetTask/summaryAnalysis?type=departmentSummaryAnalysis&chargeDepartId=d-none`);
    expect(unknown.body.meta).toEqual({ success: false, message: '部门不存在' });
  });

  it("answers the school's own entry for the school selection", async () => {
    const res = await xld.get(`${API}/selectSchool/getSelectedSchoolList`);
    expect(res.body.meta.success).toBe(true);
    const [profile] = (await db.query(`SELECT id, school_name FROM school_profile ORDER BY created_at, id LIMIT 1`)) as Array<{ id: string; school_name: string }>;
    expect(res.body.data[0]).toMatchObject({ id: profile!.id, schoolName: profile!.school_name });
    expect(res.body.data).toHaveLength(Number((await db.query(`SELECT count(*) AS n FROM school_profile`))[0].n));
  });
});
