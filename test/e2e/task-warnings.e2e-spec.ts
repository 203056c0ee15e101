import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { TaskWarningService } from '../../backend/src/modules/target-tasks/application/task-warning.service.js';
import { addDays, warningsToOpen, type WarningConditions } from '../../backend/src/modules/target-tasks/domain/task-warnings.js';
import { formatDate } from '../../backend/src/shared/kernel/format.js';
import type { Client } from './support/files-fixtures.js';
import { ownDatabase } from './support/own-database.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
/** This suite's year target; its tasks are the only ones it makes, changes or removes. */
const YT = 'tw-yt';
/** Its own conditions: a report each month, no grace days. */
const MONTHLY: WarningConditions = { cadence: 'month', graceDays: 0 };

jest.setTimeout(90_000);

interface Row {
  task_id: string;
  kind: 'process' | 'expired';
  period_key: string;
}

/**
 * Issue 13 "Warnings for tasks": the warning conditions, the scan (against the domain's rule), the real warning counts
 * of the home page for each scope (against a direct count), expired warnings opening and closing, process warnings
 * closing by a report, and two scans at once.
 */
describe('task warnings (issue 13)', () => {
  let t: TestApp;
  let db: DataSource;
  let scanner: TaskWarningService;
  let admin: Client;
  let fabu: Client; // u-publisher, yearTargetPublisher
  let bmfzr: Client; // u-depthead, head of 教务处 (d-jwc)
  let bmshr: Client; // u-auditor, targetTaskDepartAuditor in 教务处
  let rwfzr: Client; // u-owner, 信息工程学院 (d-xxgc)
  let xld: Client; // u-leader, schoolLeader
  const today = formatDate(new Date());
  const ids = { running: 'tw-running', late: 'tw-late', waiting: 'tw-waiting', done: 'tw-done', paused: 'tw-paused', reported: 'tw-reported' };
  const mine = Object.values(ids);

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const act = (c: Client, id: string, action: string, extra: object = {}) => c.post(`${API}/targetTask/move`, { id, action, ...extra });
  const insertTask = (id: string, v: { charge: string; owner: string; auditor: string; rwjd: string; state?: string; kssj: string; jssj: string }) =>
    db.query(
      `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, auditor_id, creator_id, rwjd, task_state, audit_state, target_value)
       VALUES ($1, $2, $3, 'A', $4, $5::date, $6::date, $7, $8, $9, 'u-publisher', $10, $11, 1, 10)`,
      [id, YT, `预警测试${id}`, today.slice(0, 4), v.kssj, v.jssj, v.charge, v.owner, v.auditor, v.rwjd, v.state ?? (['hasDone', 'delayDone'].includes(v.rwjd) ? 'finished' : 'normal')],
    );
  /** This suite's open warnings, as (task, kind, period) rows. */
  const openRows = async (): Promise<Row[]> =>
    db.query(`SELECT task_id, kind, period_key FROM task_warning WHERE task_id = ANY($1::text[]) AND closed_at IS NULL ORDER BY task_id, kind, period_key`, [mine]);
  /** What the domain's rule opens for one of this suite's tasks, read back from the database. */
  const expectedOf = async (id: string): Promise<Row[]> => {
    const [task] = await db.query(
      `SELECT rwjd, task_state, to_char(kssj, 'YYYY-MM-DD') AS kssj, to_char(jssj, 'YYYY-MM-DD') AS jssj FROM target_task WHERE id = $1`, [id]);
    const reports = await db.query(
      `SELECT to_char(reported_at, 'YYYY-MM-DD') AS date, period_key AS "periodKey", audit_state AS audit FROM progress_report WHERE task_id = $1`, [id]);
    return warningsToOpen({ rwjd: task.rwjd, paused: task.task_state === 'pause', kssj: task.kssj, jssj: task.jssj, reports }, MONTHLY, today)
      .map((w) => ({ task_id: id, kind: w.kind, period_key: w.periodKey }));
  };
  const sortRows = (rows: Row[]) => [...rows].sort((a, b) => `${a.task_id} ${a.kind} ${a.period_key}`.localeCompare(`${b.task_id} ${b.kind} ${b.period_key}`));

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    scanner = t.app.get(TaskWarningService);
    [admin, fabu, bmfzr, bmshr, rwfzr, xld] = await Promise.all([as('admin', 'Admin2026'), as('fabu'), as('bmfzr'), as('bmshr'), as('rwfzr'), as('xld')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, '预警测试年度目标', $2, 'u-publisher')`, [YT, today.slice(0, 4)]);
    // In execution for 200 days, 100 to go: a process warning per month without a report.
    await insertTask(ids.running, { charge: 'd-jwc', owner: 'u-owner', auditor: 'u-auditor', rwjd: 'executeing', kssj: addDays(today, -200), jssj: addDays(today, 100) });
    // Delayed and past its end: expired, and the months it owed.
    await insertTask(ids.late, { charge: 'd-xxgc', owner: 'u-depthead', auditor: 'u-publisher', rwjd: 'delayNotDone', kssj: addDays(today, -100), jssj: addDays(today, -5) });
    await db.query(`INSERT INTO target_task_coop_department (task_id, department_id, owner_id) VALUES ($1, 'd-jwc', 'u-owner')`, [ids.late]);
    // Never started and past its end: expired only.
    await insertTask(ids.waiting, { charge: 'd-dzb', owner: 'u-leader', auditor: 'u-auditor', rwjd: 'waitDefine', kssj: addDays(today, -90), jssj: addDays(today, -10) });
    // Finished: nothing.
    await insertTask(ids.done, { charge: 'd-jwc', owner: 'u-depthead', auditor: 'u-auditor', rwjd: 'hasDone', kssj: addDays(today, -300), jssj: addDays(today, -30) });
    // Paused: no process warnings; still expired once past its end.
    await insertTask(ids.paused, { charge: 'd-jwc', owner: 'u-owner', auditor: 'u-auditor', rwjd: 'executeing', state: 'pause', kssj: addDays(today, -200), jssj: addDays(today, -1) });
    // Reported in its second month (a report dated in a period covers it).
    await insertTask(ids.reported, { charge: 'd-xxgc', owner: 'u-owner', auditor: 'u-auditor', rwjd: 'executeing', kssj: addDays(today, -150), jssj: addDays(today, 60) });
    await db.query(
      `INSERT INTO progress_report (task_id, kind, content, audit_state, reported_by, reported_at)
       VALUES ($1, 'process', '第二个月的进度', 'pass', 'u-owner', date_trunc('month', $2::date) + interval '1 month' + interval '3 days')`,
      [ids.reported, addDays(today, -150)]);
  });
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM target_task WHERE year_target_id = $1`, [YT]);
      await db.query(`DELETE FROM year_target WHERE id = $1`, [YT]);
    }
    await t?.close();
  });

  it('sets the warning conditions: publishers and administrators only; a year target inherits the school\'s until it has its own', async () => {
    const school = await rwfzr.get(`${API}/targetTask/warningCondition`);
    expect(school.body).toMatchObject({ meta: { success: true }, data: { yearTargetId: null, cadence: 'quarter', graceDays: 15, inherited: false } });
    const inherited = await rwfzr.get(`${API}/targetTask/warningCondition?yearTargetId=${YT}`);
    expect(inherited.body.data).toMatchObject({ yearTargetId: YT, cadence: 'quarter', graceDays: 15, inherited: true });

    const before = await db.query(`SELECT * FROM task_warning_condition ORDER BY id`);
    for (const c of [rwfzr, bmfzr, bmshr, xld]) {
      const refused = await c.post(`${API}/targetTask/warningCondition/update`, { yearTargetId: YT, cadence: 'month', graceDays: 0 });
      expect(refused.status).toBe(200);
      expect(refused.body.meta.success).toBe(false);
    }
    expect(await db.query(`SELECT * FROM task_warning_condition ORDER BY id`)).toEqual(before);

    const bad = await fabu.post(`${API}/targetTask/warningCondition/update`, { yearTargetId: YT, cadence: 'week', graceDays: 0 });
    expect(bad.body.meta).toEqual({ success: false, message: '请选择上报周期（每月、每季度、每半年）' });
    const tooLong = await fabu.post(`${API}/targetTask/warningCondition/update`, { yearTargetId: YT, cadence: 'month', graceDays: 91 });
    expect(tooLong.body.meta).toEqual({ success: false, message: '宽限天数须为0到90的整数' });
    // The body as the contract's TaskWarningConditionInput reads it (issue 30): null, wrong types, control characters.
    for (const [body, message] of [
      [{ yearTargetId: YT, cadence: null, graceDays: 0 }, '请选择上报周期（每月、每季度、每半年）'],
      [{ yearTargetId: YT, cadence: 'month', graceDays: null }, '宽限天数须为0到90的整数'],
      [{ yearTargetId: YT, cadence: 'month', graceDays: 1.5 }, '宽限天数须为0到90的整数'],
      [{ yearTargetId: 5, cadence: 'month', graceDays: 0 }, '年度目标必须是文本'],
      [{ yearTargetId: 'tw\tyt', cadence: 'month', graceDays: 0 }, '年度目标包含非法字符'],
    ] as const) {
      const res = await fabu.post(`${API}/targetTask/warningCondition/update`, body);
      expect({ body, status: res.status, meta: res.body.meta }).toEqual({ body, status: 400, meta: { success: false, message } });
    }
    const query = await fabu.get(`${API}/targetTask/warningCondition?yearTargetId=tw%09yt`);
    expect({ status: query.status, meta: query.body.meta }).toEqual({ status: 400, meta: { success: false, message: '年度目标包含非法字符' } });
    expect(await db.query(`SELECT * FROM task_warning_condition ORDER BY id`)).toEqual(before);

    const saved = await fabu.post(`${API}/targetTask/warningCondition/update`, { yearTargetId: YT, cadence: 'month', graceDays: 0 });
    expect(saved.body).toMatchObject({ meta: { success: true, message: '保存成功' }, data: { yearTargetId: YT, cadence: 'month', graceDays: 0, inherited: false } });
    // Saving again changes the row, adds none.
    await admin.post(`${API}/targetTask/warningCondition/update`, { yearTargetId: YT, cadence: 'month', graceDays: 0 });
    expect(await db.query(`SELECT cadence, grace_days FROM task_warning_condition WHERE year_target_id = $1`, [YT])).toEqual([{ cadence: 'month', grace_days: 0 }]);
    expect((await rwfzr.get(`${API}/targetTask/warningCondition`)).body.data).toMatchObject({ cadence: 'quarter', graceDays: 15 });
  });

  it('the scan opens what the domain rule says, once; only an administrator runs it on demand', async () => {
    expect((await fabu.post(`${API}/targetTask/warningScan`, {})).body.meta.success).toBe(false);
    const first = await admin.post(`${API}/targetTask/warningScan`, {});
    expect(first.body).toMatchObject({ meta: { success: true }, data: { opened: expect.any(Number), closed: expect.any(Number) } });
    const expected = sortRows((await Promise.all(mine.map(expectedOf))).flat());
    expect(await openRows()).toEqual(expected);
    // The cases the rule names, spelled out.
    const kinds = (id: string) => expected.filter((r) => r.task_id === id).map((r) => r.kind);
    expect(kinds(ids.running).length).toBeGreaterThanOrEqual(5);
    expect(kinds(ids.running)).not.toContain('expired');
    expect(expected).toContainEqual({ task_id: ids.late, kind: 'expired', period_key: `jssj:${addDays(today, -5)}` });
    expect(kinds(ids.late)).toContain('process');
    expect(kinds(ids.waiting)).toEqual(['expired']);
    expect(kinds(ids.done)).toEqual([]);
    expect(kinds(ids.paused)).toEqual(['expired']);
    const reportedMonth = (await db.query(`SELECT to_char(reported_at, 'YYYY-MM') AS m FROM progress_report WHERE task_id = $1`, [ids.reported]))[0].m;
    expect(expected.filter((r) => r.task_id === ids.reported).map((r) => r.period_key)).not.toContain(reportedMonth);
    expect(kinds(ids.reported).length).toBeGreaterThanOrEqual(3);
    // A second scan opens nothing of these again.
    await scanner.scan();
    expect(await openRows()).toEqual(expected);
    expect((await db.query(`SELECT count(*)::int AS n FROM task_warning WHERE task_id = ANY($1::text[])`, [mine]))[0].n).toBe(expected.length);
  });

  it('the list shows the real open counts; warningType and WARNING_TASK list only tasks with an open warning', async () => {
    const list = async (extra: string) => {
      const res = await admin.get(`${API}/targetTask/list?pageType=WARNING_TASK&yearTargetId=${YT}&pageSize=50${extra}`);
      expect(res.body.meta.success).toBe(true);
      return res.body.data.records as Array<{ id: string; processWarningCount: number; expiredWarningCount: number }>;
    };
    const rows = await openRows();
    const countOf = (id: string, kind: string) => rows.filter((r) => r.task_id === id && r.kind === kind).length;
    const all = await list('');
    expect(all.map((r) => r.id).sort()).toEqual(mine.filter((id) => id !== ids.done).sort());
    for (const r of all) {
      expect(r.processWarningCount).toBe(countOf(r.id, 'process'));
      expect(r.expiredWarningCount).toBe(countOf(r.id, 'expired'));
    }
    expect((await list('&warningType=expired')).map((r) => r.id).sort()).toEqual([ids.late, ids.paused, ids.waiting].sort());
    expect((await list('&warningType=process')).map((r) => r.id).sort()).toEqual([ids.late, ids.reported, ids.running].sort());
    // 001 §4: final is overdue's synonym in the target-task context
    expect((await list('&warningType=final')).map((r) => r.id).sort()).toEqual([ids.late, ids.paused, ids.waiting].sort());
    const bad = await admin.get(`${API}/targetTask/list?pageType=WARNING_TASK&warningType=soon`);
    expect(bad.body.meta).toEqual({ success: false, message: '预警类型不正确' });
  });

  it('warningCount equals a direct count in the database for each scope and person', async () => {
    // The scopes written out again in SQL, apart from the application's: see-all roles; else owned, audited, created,
    // charged or cooperated by the person's departments (headed, or their own as department auditor).
    const direct = async (userId: string, scope: 'all' | 'personal' | 'department', departments: string[] = []) => {
      const rows: Array<{ id: string; kind: string; n: number }> = await db.query(
        `WITH me AS (SELECT $1::varchar AS id),
              roles AS (SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1),
              depts AS (SELECT d.id FROM department d WHERE d.charge_user_id = $1
                        UNION SELECT u.org_id FROM app_user u WHERE u.id = $1 AND u.org_id IS NOT NULL
                          AND EXISTS (SELECT 1 FROM roles WHERE code IN ('targetTaskDepartHead', 'targetTaskDepartAuditor'))),
              seen AS (SELECT t.id, t.charge_department_id FROM target_task t
                       WHERE EXISTS (SELECT 1 FROM roles WHERE code IN ('admin', 'yearTargetPublisher', 'schoolLeader'))
                          OR t.owner_id = $1 OR t.auditor_id = $1 OR t.creator_id = $1 OR t.charge_department_id IN (SELECT id FROM depts)
                          -- issue 30: the supervisor and the parent task's owner (who passes its reports) see it too
                          OR t.supervisor_id = $1 OR EXISTS (SELECT 1 FROM target_task p WHERE p.id = t.parent_id AND p.owner_id = $1)
                          OR EXISTS (SELECT 1 FROM target_task_coop_department co WHERE co.task_id = t.id AND (co.owner_id = $1 OR co.department_id IN (SELECT id FROM depts)))),
              scoped AS (
                SELECT t.id FROM target_task t WHERE $2 = 'personal'
                  AND (t.owner_id = $1 OR EXISTS (SELECT 1 FROM target_task_coop_department co WHERE co.task_id = t.id AND co.owner_id = $1))
                UNION SELECT id FROM seen WHERE $2 = 'all'
                UNION SELECT id FROM seen WHERE $2 = 'department' AND charge_department_id = ANY($3::text[]))
         SELECT w.task_id AS id, w.kind, count(*)::int AS n FROM task_warning w WHERE w.closed_at IS NULL AND w.task_id IN (SELECT id FROM scoped)
         GROUP BY w.task_id, w.kind`,
        [userId, scope, departments]);
      const delayMap: Record<string, number> = {};
      const processMap: Record<string, number> = {};
      for (const r of rows) (r.kind === 'expired' ? delayMap : processMap)[r.id] = r.n;
      const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
      return { delayMap, processMap, expiredWarningCount: sum(delayMap), processWarningCount: sum(processMap), totalWarningCount: sum(delayMap) + sum(processMap) };
    };
    const people: Array<[Client, string]> = [[admin, 'u-admin'], [fabu, 'u-publisher'], [bmfzr, 'u-depthead'], [bmshr, 'u-auditor'], [rwfzr, 'u-owner'], [xld, 'u-leader']];
    const adminId = (await db.query(`SELECT id FROM app_user WHERE account = 'admin'`))[0].id as string;
    people[0][1] = adminId;
    let nonEmpty = 0;
    for (const [c, userId] of people) {
      const all = (await c.get('/api/user/warningCount')).body.data;
      const personal = (await c.get('/api/user/warningCount?queryType=personal')).body.data;
      const department = (await c.get('/api/user/warningCount?departmentCondition=d-jwc,d-xxgc')).body.data;
      expect({ userId, all }).toEqual({ userId, all: await direct(userId, 'all') });
      expect({ userId, personal }).toEqual({ userId, personal: await direct(userId, 'personal') });
      expect({ userId, department }).toEqual({ userId, department: await direct(userId, 'department', ['d-jwc', 'd-xxgc']) });
      if (personal.totalWarningCount > 0) nonEmpty += 1;
    }
    // The comparison means something: people differ, and this suite's tasks are in them.
    expect(nonEmpty).toBeGreaterThanOrEqual(2);
    const owner = (await rwfzr.get('/api/user/warningCount?queryType=personal')).body.data;
    expect(owner.processMap[ids.running]).toBeGreaterThan(0);
    expect(owner.delayMap[ids.late]).toBe(1); // a cooperation the person owns
    const head = (await bmfzr.get('/api/user/warningCount?departmentCondition=d-dzb')).body.data;
    expect(head.delayMap[ids.waiting]).toBeUndefined(); // 党政办 is not theirs to see
  });

  it('an expired warning appears when jssj passes and disappears as the task finishes (a final report passed)', async () => {
    const expiredOf = async (id: string) =>
      (await db.query(`SELECT period_key FROM task_warning WHERE task_id = $1 AND kind = 'expired' AND closed_at IS NULL`, [id])) as Array<{ period_key: string }>;
    expect(await expiredOf(ids.running)).toEqual([]);
    await db.query(`UPDATE target_task SET jssj = $2::date WHERE id = $1`, [ids.running, addDays(today, -1)]);
    await scanner.scan();
    expect(await expiredOf(ids.running)).toEqual([{ period_key: `jssj:${addDays(today, -1)}` }]);
    const before = (await rwfzr.get('/api/user/warningCount?queryType=personal')).body.data;
    expect(before.delayMap[ids.running]).toBe(1);

    expect((await act(rwfzr, ids.running, 'report', { reportType: 'final', content: '全部完成', valueReached: 10 })).body.meta).toEqual({ success: true, message: '操作成功' });
    const passed = await act(bmshr, ids.running, 'passReport');
    expect(passed.body).toMatchObject({ meta: { success: true }, data: { rwjd: 'hasDone', processWarningCount: 0, expiredWarningCount: 0 } });
    // Closed in the move's transaction, before any scan.
    expect(await db.query(`SELECT count(*)::int AS n FROM task_warning WHERE task_id = $1 AND closed_at IS NULL`, [ids.running])).toEqual([{ n: 0 }]);
    const after = (await rwfzr.get('/api/user/warningCount?queryType=personal')).body.data;
    expect(after.delayMap[ids.running]).toBeUndefined();
    expect(after.processMap[ids.running]).toBeUndefined();
    expect(after.totalWarningCount).toBe(before.totalWarningCount - before.delayMap[ids.running] - before.processMap[ids.running]);
    // A scan leaves it closed.
    await scanner.scan();
    expect(await db.query(`SELECT count(*)::int AS n FROM task_warning WHERE task_id = $1 AND closed_at IS NULL`, [ids.running])).toEqual([{ n: 0 }]);

    // A granted delay moves jssj: the old expired warning closes, and once the new date passes, a new one opens.
    await db.query(`UPDATE target_task SET jssj = $2::date WHERE id = $1`, [ids.waiting, addDays(today, 30)]);
    expect((await scanner.scan()).closed).toBeGreaterThanOrEqual(1);
    expect(await expiredOf(ids.waiting)).toEqual([]);
    await db.query(`UPDATE target_task SET jssj = $2::date WHERE id = $1`, [ids.waiting, addDays(today, -2)]);
    await scanner.scan();
    expect(await expiredOf(ids.waiting)).toEqual([{ period_key: `jssj:${addDays(today, -2)}` }]);
  });

  it('a process warning closes when a report answers its period; a rejected one answers nothing', async () => {
    const processOf = async (id: string) =>
      ((await db.query(`SELECT period_key FROM task_warning WHERE task_id = $1 AND kind = 'process' AND closed_at IS NULL ORDER BY period_start`, [id])) as Array<{ period_key: string }>).map((r) => r.period_key);
    const open = await processOf(ids.late);
    expect(open.length).toBeGreaterThanOrEqual(2);
    // 李红 owns it; the report answers the oldest missing month.
    expect((await act(bmfzr, ids.late, 'report', { reportType: 'process', content: '补报', valueReached: 3 })).body.meta.success).toBe(true);
    expect(await db.query(`SELECT period_key FROM progress_report WHERE task_id = $1`, [ids.late])).toEqual([{ period_key: open[0] }]);
    const scanned = await scanner.scan();
    expect(scanned.closed).toBeGreaterThanOrEqual(1);
    expect(await processOf(ids.late)).toEqual(open.slice(1));
    // The auditor rejects it: the closed warning stays closed (the owner reports again); the rest stay open.
    expect((await act(fabu, ids.late, 'rejectReport', { reason: '材料不全' })).body.meta.success).toBe(true);
    await scanner.scan();
    expect(await processOf(ids.late)).toEqual(open.slice(1));
    // The next report answers the next month, and passes.
    expect((await act(bmfzr, ids.late, 'report', { reportType: 'process', content: '再报', valueReached: 5 })).body.meta.success).toBe(true);
    expect((await act(fabu, ids.late, 'passReport')).body.meta.success).toBe(true);
    await scanner.scan();
    expect(await processOf(ids.late)).toEqual(open.slice(2));
  });

  it('two scans at once open no duplicates, and together open what one scan opens', async () => {
    await scanner.scan(); // everything else settles
    const settled = await openRows();
    const reset = () => db.query(`DELETE FROM task_warning WHERE task_id = ANY($1::text[]) AND closed_at IS NULL`, [mine]);
    await reset();
    const [a, b] = await Promise.all([scanner.scan(), scanner.scan()]);
    expect(await openRows()).toEqual(settled);
    expect(a.opened + b.opened).toBe(settled.length);
    const dup = await db.query(`SELECT task_id, kind, period_key FROM task_warning GROUP BY 1, 2, 3 HAVING count(*) > 1`);
    expect(dup).toEqual([]);
    await reset();
    const one = await scanner.scan();
    expect(one.opened).toBe(settled.length);
    expect(await openRows()).toEqual(settled);
  });

  // issue 30: 待办任务 counts the person's own tasks needing a move, 待审核 the tasks waiting for their audit (each the
  // length of the list it links to), so a report waiting for the auditor is in 待审核 only.
  it('todoCounts counts the person\'s own tasks waiting for a move and the tasks waiting for their audit', async () => {
    const todo = async (c: Client) => (await c.get('/api/user/todoCounts')).body.data as { tasks: number; warnings: number; audits: number };
    const before = await todo(bmshr);
    // A report waiting for 张伟 (the auditor of tw-reported).
    expect((await act(rwfzr, ids.reported, 'report', { reportType: 'process', content: '本月进度', valueReached: 4 })).body.meta.success).toBe(true);
    const after = await todo(bmshr);
    expect(after.audits).toBe(before.audits + 1);
    expect(after.tasks).toBe(before.tasks);
    const owner = await todo(rwfzr);
    expect((await act(bmshr, ids.reported, 'rejectReport', { reason: '请补充佐证' })).body.meta.success).toBe(true);
    // Rejected: it waits for the owner now, and no more for the auditor.
    expect((await todo(rwfzr)).tasks).toBe(owner.tasks + 1);
    expect(await todo(bmshr)).toMatchObject({ tasks: before.tasks, audits: before.audits });
  });

  it('a report due (an open process warning) waits for the owner until a report is sent', async () => {
    const todo = async () => ((await rwfzr.get('/api/user/todoCounts')).body.data as { tasks: number }).tasks;
    await insertTask('tw-due', { charge: 'd-jwc', owner: 'u-owner', auditor: 'u-auditor', rwjd: 'executeing', kssj: addDays(today, -200), jssj: addDays(today, 100) });
    const before = await todo();
    await scanner.scan();
    const [open] = await db.query(`SELECT count(*)::int AS n FROM task_warning WHERE task_id = 'tw-due' AND kind = 'process' AND closed_at IS NULL`);
    expect(open.n).toBeGreaterThan(1);
    expect(await todo()).toBe(before + 1);
    // Reported: it waits for the auditor now, though older periods stay open.
    expect((await act(rwfzr, 'tw-due', 'report', { reportType: 'process', content: '补报进度', valueReached: 2 })).body.meta.success).toBe(true);
    expect(await todo()).toBe(before);
  });
});

describe('a fresh start with demo data shows its task warnings at once (issue 31 item 18)', () => {
  const fresh = ownDatabase('tw_fresh', { empty: true });
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await fresh.drop();
  });

  it('answers the demo owner\'s warningCount with their open warnings right after boot, no schedule waited for', async () => {
    await fresh.create();
    // As npm start does on a new database: migrate at boot, load the demo, listen. Workers off, as in every e2e app:
    // no scheduled or delayed scan can have run.
    t = await startTestApp({ env: { DATABASE_URL: fresh.url }, runWorkers: false });
    const db = await seed(t);
    const owner = client(t);
    expect((await owner.login('rwfzr', 'Demo2026')).status).toBe(200);
    const personal = async () => (await owner.get('/api/user/warningCount?queryType=personal')).body.data as { totalWarningCount: number };
    const counts = await personal();
    expect(counts.totalWarningCount).toBeGreaterThan(0);
    // what the scheduled scan would find is already there: scanning now changes nothing she sees
    await t.app.get(TaskWarningService).scan();
    expect(await personal()).toEqual(counts);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM task_warning WHERE closed_at IS NULL`);
    expect(n).toBeGreaterThanOrEqual(counts.totalWarningCount);
  });
});
