import { jest } from '@jest/globals';
import { LaunchDetailSchema, LaunchOptionsSchema, LaunchProgressSchema, type LaunchDetail, type LaunchProgress, type LaunchSummary } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { launchLibrary, launchObjects, launchPerson } from './support/launch-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';
import { ownDatabase } from './support/own-database.js';

// Issue 32, 诊断任务下发: a publisher launches a level's diagnosis; a job makes one task an object with its quality
// rows, targets pushed down and last cycle's results linked; owners and auditors see the tasks through the one access
// definition; a closed cycle refuses edits. Ids prefixed dl-.
jest.setTimeout(120_000);

const API = '/api/herm-znfx';
const NO_PERMISSION = '用户无权访问该资源';
const POINTS = 6;

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const START = day(0);
const END = day(60);

type Card = { id: string; rwmc: string; jkrmc: string | null; zqz: string; rwzt: string; kssj: string; jssj: string; objectCode: string; ownerId: string | null; urgeCount: number; cycleClosed: boolean };

describe('诊断任务下发: launching a diagnosis for every object of a level (issue 32)', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher 王明: launches
  let rwfzr: Client; // u-owner 陈静: responsible for 软件技术, a teacher herself
  let bmshr: Client; // u-auditor 张伟: the teachers' chosen auditor
  let bmfzr: Client; // u-depthead 李红: head of 教务处

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const launch = async (body: Record<string, unknown>, by: Client = fabu) => {
    const res = await by.post(`${API}/launch/start`, { startDate: START, endDate: END, scopeIds: [], ...body });
    return res.body as { meta: { success: boolean; message: string }; data: { launchId: string; taskId: string } | null };
  };
  const progress = async (launchId: string): Promise<LaunchProgress> => {
    const res = await fabu.get(`${API}/launch/progress?launchId=${launchId}`);
    expect(res.body.meta.success).toBe(true);
    return LaunchProgressSchema.parse(res.body.data);
  };
  /** Polls as the page does (every 1000 ms) until the job has ended; answers every answer seen. */
  const watch = async (launchId: string, timeoutMs = 30_000): Promise<LaunchProgress[]> => {
    const seen: LaunchProgress[] = [];
    await waitFor(async () => {
      const p = await progress(launchId);
      seen.push(p);
      if (p.state === 'done' || p.state === 'failed') return true;
      await new Promise((r) => setTimeout(r, 1000));
      return false;
    }, `launch ${launchId}`, timeoutMs);
    return seen;
  };
  const launched = async (body: Record<string, unknown>) => {
    const answer = await launch(body);
    expect(answer.meta).toEqual({ success: true, message: '已开始下发' });
    const seen = await watch(answer.data!.launchId);
    expect(seen.at(-1)).toMatchObject({ state: 'done', step: '完成', reason: null });
    return answer.data!.launchId;
  };
  const tasksOf = (launchId: string) =>
    db.query(`SELECT id, object_id AS "objectId", object_type AS "objectType", object_code AS "objectCode", rwmc, owner_id AS "ownerId", auditor_id AS "auditorId",
                     department_id AS "departmentId", cycle_value AS "cycleValue", to_char(start_date, 'YYYY-MM-DD') AS kssj, to_char(end_date, 'YYYY-MM-DD') AS jssj,
                     (SELECT count(*)::int FROM quality_result r WHERE r.obj_task_id = t.id) AS rows
              FROM obj_task t WHERE launch_id = $1 ORDER BY object_code`, [launchId]) as Promise<Array<Record<string, unknown>>>;
  const cards = async (c: Client): Promise<Card[]> => {
    const res = await c.get(`${API}/task/select?pageSize=0`);
    expect(res.body.meta.success).toBe(true);
    return (res.body.data.records as Card[]).filter((r) => r.objectCode.startsWith('DL-'));
  };
  const summary = async (launchId: string): Promise<LaunchSummary> => {
    const res = await fabu.get(`${API}/launch/list?pageSize=0`);
    return (res.body.data.records as LaunchSummary[]).find((l) => l.id === launchId)!;
  };

  // Its own database, without the demo's objects (20 majors, 301 teachers, 3,000 students): "all of a level" is then
  // this suite's objects, and 陈静 is free to be its teacher object.
  const own = ownDatabase('launch');

  beforeAll(async () => {
    await own.create();
    t = await startTestApp({ runWorkers: true, env: { DATABASE_URL: own.url } });
    db = await seed(t);
    await db.query(`UPDATE obj_task SET object_id = NULL`);
    await db.query(`DELETE FROM diagnosis_object WHERE upper_id IS NOT NULL`);
    await db.query(`DELETE FROM diagnosis_object`);
    await launchLibrary(db, 'dl-school', 'school', '2026', { tree: [1, 1, 2], points: POINTS });
    await launchLibrary(db, 'dl-major', 'major', '2026', { tree: [1, 1, 2], points: POINTS });
    await launchLibrary(db, 'dl-major-2025', 'major', '2025', { tree: [1, 1, 2], points: POINTS });
    await launchLibrary(db, 'dl-major-b', 'major', '2026', { tree: [1, 1, 1], points: 2 });
    await launchLibrary(db, 'dl-major-c', 'major', '2026', { tree: [1, 1, 1], points: 2 }, { parentId: 'dl-major-b' });
    await launchLibrary(db, 'dl-course', 'course', '2025-2026-2', { tree: [1, 1, 2], points: POINTS }, { parentId: 'dl-major' });
    await launchLibrary(db, 'dl-teacher', 'teacher', '2026', { tree: [1, 1, 2], points: POINTS });
    await launchLibrary(db, 'dl-student', 'student', '2025-2026-2', { tree: [1, 1, 2], points: POINTS });
    await launchPerson(db, 'dl-teacher2', '下发教师', 'teacher', 'd-xxgc');
    await launchPerson(db, 'dlstu1', '下发学生一', 'student', null);
    await launchPerson(db, 'dlstu2', '下发学生二', 'student', null);
    await launchObjects(db, [
      { id: 'dl-s1', level: 'school', code: 'DL-S1', name: '下发示范学院', departmentId: 'd-zlb', responsibleId: 'u-publisher' },
      { id: 'dl-m1', level: 'major', code: 'DL-M1', name: '下发软件技术', departmentId: 'd-jwc', responsibleId: 'u-owner' },
      { id: 'dl-m2', level: 'major', code: 'DL-M2', name: '下发机电一体化', departmentId: 'd-xxgc', responsibleId: 'u-depthead' },
      { id: 'dl-m3', level: 'major', code: 'DL-M3', name: '下发已撤销专业', departmentId: 'd-jwc', responsibleId: 'u-owner', retired: true },
      { id: 'dl-mf', level: 'major', code: 'DL-MF', name: '下发失败专业', departmentId: 'd-jwc', responsibleId: 'u-owner' },
      { id: 'dl-c1', level: 'course', code: 'DL-C1', name: '下发Java程序设计', upperId: 'dl-m1', responsibleId: 'u-owner' },
      { id: 'dl-c2', level: 'course', code: 'DL-C2', name: '下发PLC技术', upperId: 'dl-m2', responsibleId: 'u-depthead' },
      { id: 'dl-t1', level: 'teacher', code: 'DL-T1', name: '陈静', departmentId: 'd-xxgc', userId: 'u-owner' },
      { id: 'dl-t2', level: 'teacher', code: 'DL-T2', name: '下发教师', departmentId: 'd-xxgc', userId: 'dl-teacher2' },
      { id: 'dl-st1', level: 'student', code: 'DL-ST1', name: '下发学生一', upperId: 'dl-m1', userId: 'dlstu1' },
      { id: 'dl-st2', level: 'student', code: 'DL-ST2', name: '下发学生二', upperId: 'dl-m2', userId: 'dlstu2' },
    ]);
    [fabu, rwfzr, bmshr, bmfzr] = await Promise.all([as('fabu'), as('rwfzr'), as('bmshr'), as('bmfzr')]);
  });
  afterAll(async () => {
    await t?.close();
    await own.drop();
  });

  it('refuses whoever is no publisher or administrator, and stores nothing', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM diagnosis_launch`))[0].n;
    const options = await rwfzr.get(`${API}/launch/options?level=major`);
    expect(options.body.meta).toEqual({ success: false, message: NO_PERMISSION });
    const refused = await launch({ level: 'major', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-major', scope: 'all', ownerRule: 'responsible', auditorRule: 'departmentHead' }, rwfzr);
    expect(refused.meta.success).toBe(false);
    expect((await db.query(`SELECT count(*)::int AS n FROM diagnosis_launch`))[0].n).toBe(before);
    expect((await db.query(`SELECT count(*)::int AS n FROM obj_task WHERE library_id LIKE 'dl-%'`))[0].n).toBe(0);
  });

  it('offers the level\'s cycle types (学期 for courses), a type\'s values with its default, and the audited libraries', async () => {
    const course = LaunchOptionsSchema.parse((await fabu.get(`${API}/launch/options?level=course`)).body.data);
    expect(course.cycleTypes.map((c) => c.lxmc)).toEqual(['学期']);
    expect(course.cycleValues).toEqual([]);
    expect(course.ownerRules.map((r) => r.value)).toEqual(['responsible', 'chosen']);
    expect(course.actions).toEqual(['launch']);
    const term = LaunchOptionsSchema.parse((await fabu.get(`${API}/launch/options?level=course&cycleTypeId=c-term`)).body.data);
    expect(term.defaultCycleValue).toBe('2025-2026-2');
    expect(term.libraries.map((l) => l.id)).toContain('dl-course');
    const student = LaunchOptionsSchema.parse((await fabu.get(`${API}/launch/options?level=student&cycleTypeId=c-term`)).body.data);
    expect(student.ownerRules.map((r) => r.value)).toEqual(['responsible', 'self', 'chosen']);
    const major = LaunchOptionsSchema.parse((await fabu.get(`${API}/launch/options?level=major&cycleTypeId=c-year&cycleValue=2026`)).body.data);
    expect(major.cycleTypes.map((c) => c.lxmc)).toEqual(['年度']);
    expect(major.libraries.map((l) => l.id)).toEqual(expect.arrayContaining(['dl-major', 'dl-major-b']));
    expect(major.libraries.map((l) => l.id)).not.toContain('dl-major-2025');
    expect(major.objects.map((o) => o.code)).not.toContain('DL-M3');
  });

  it('refuses a launch that breaks its rules, with the reason', async () => {
    const base = { level: 'course', cycleTypeId: 'c-term', cycleValue: '2025-2026-2', libraryId: 'dl-course', scope: 'all', ownerRule: 'responsible', auditorRule: 'departmentHead' };
    expect((await launch({ ...base, cycleTypeId: 'c-year', cycleValue: '2026' })).meta.message).toBe('课程层面按学期诊断，请选择学期周期');
    expect((await launch({ ...base, libraryId: 'dl-major' })).meta.message).toBe('目标标准不是所选层面的');
    expect((await launch({ ...base, ownerRule: 'self' })).meta.message).toBe('只有教师和学生层面可以由本人负责');
    expect((await launch({ ...base, auditorRule: 'chosen' })).meta.message).toBe('请选择审核人');
    expect((await launch({ ...base, startDate: END, endDate: START })).meta.message).toBe('开始日期不能晚于结束日期');
    expect((await launch({ ...base, startDate: day(-30), endDate: day(-1) })).meta.message).toBe('结束日期不能早于今天');
    expect((await launch({ ...base, scope: 'picked' })).meta.message).toBe('请选择诊断对象');
  });

  let schoolLaunch: string;
  let majorLaunch: string;

  it('launches the school level: the responsible person owns it, a chosen person audits it', async () => {
    schoolLaunch = await launched({ level: 'school', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-school', scope: 'all', ownerRule: 'responsible', auditorRule: 'chosen', auditorId: 'u-leader' });
    expect(await tasksOf(schoolLaunch)).toEqual([
      expect.objectContaining({ objectId: 'dl-s1', objectType: 'school', objectCode: 'DL-S1', rwmc: '下发示范学院2026年度质量诊断', ownerId: 'u-publisher', auditorId: 'u-leader',
        departmentId: 'd-zlb', cycleValue: '2026', kssj: START, jssj: END, rows: POINTS }),
    ]);
  });

  it('launches the major level by departments: retired majors skipped, auditors the heads of their departments', async () => {
    // last cycle: 下发软件技术's 2025 task (another code then: found by its object) with a result on the first point
    await db.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, owner_id, audit_state, object_id)
       VALUES ('dl-m1-2025', 'dl-major-2025', '下发软件技术2025年度质量诊断', 'major', 'DL-M1-OLD', '下发软件技术', '2025', NULL, 'passed', 'dl-m1')`,
    );
    await db.query(`INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj) VALUES ('dl-m1-2025', 'dl-major-2025-p1', '77', 'B')`);
    majorLaunch = await launched({ level: 'major', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-major', scope: 'departments', scopeIds: ['d-jwc', 'd-xxgc'], ownerRule: 'responsible', auditorRule: 'departmentHead' });
    const tasks = await tasksOf(majorLaunch);
    expect(tasks.map((x) => [x.objectCode, x.ownerId, x.auditorId, x.rows])).toEqual([
      ['DL-M1', 'u-owner', 'u-depthead', POINTS],
      ['DL-M2', 'u-depthead', null, POINTS], // 信息工程学院 has no head
      ['DL-MF', 'u-owner', 'u-depthead', POINTS],
    ]);
    expect(await summary(majorLaunch)).toMatchObject({ state: 'running', stateName: '进行中', objectCount: 3, createdCount: 3, tasks: 3, actions: ['urge', 'close'] });
    // 上期结果: the new task reads last cycle's result of the same object
    const table = await fabu.get(`${API}/quality/select?objTaskId=${tasks[0]!.id}`);
    expect(table.body.data.rows.find((r: { zkdid: string }) => r.zkdid === 'FX-00001')).toMatchObject({ sljsz: '77', sldj: 'B' });
  });

  it('launches the course level with a chosen owner: the major task\'s revised targets are pushed down', async () => {
    const m1 = (await tasksOf(majorLaunch))[0]!.id as string;
    await db.query(`UPDATE quality_result SET xzmbz = '99' WHERE obj_task_id = $1 AND point_id = 'dl-major-p1'`, [m1]);
    const id = await launched({ level: 'course', cycleTypeId: 'c-term', cycleValue: '2025-2026-2', libraryId: 'dl-course', scope: 'all', ownerRule: 'chosen', ownerId: 'u-depthead', auditorRule: 'departmentHead' });
    const tasks = await tasksOf(id);
    expect(tasks.map((x) => [x.objectCode, x.rwmc, x.ownerId, x.auditorId, x.departmentId])).toEqual([
      ['DL-C1', '下发Java程序设计2025-2026-2学期质量诊断', 'u-depthead', 'u-depthead', 'd-jwc'], // its major's department
      ['DL-C2', '下发PLC技术2025-2026-2学期质量诊断', 'u-depthead', null, 'd-xxgc'],
    ]);
    const targets = await db.query(`SELECT obj_task_id AS task, point_id AS point, xzmbz FROM quality_result WHERE obj_task_id = ANY($1) AND xzmbz IS NOT NULL`, [tasks.map((x) => x.id)]);
    expect(targets).toEqual([{ task: tasks[0]!.id, point: 'dl-course-p1', xzmbz: '99' }]);
  });

  it('launches the teacher level: each teacher owns their own task, a chosen auditor audits them', async () => {
    const id = await launched({ level: 'teacher', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-teacher', scope: 'all', ownerRule: 'self', auditorRule: 'chosen', auditorId: 'u-auditor' });
    expect((await tasksOf(id)).map((x) => [x.objectCode, x.ownerId, x.auditorId])).toEqual([['DL-T1', 'u-owner', 'u-auditor'], ['DL-T2', 'dl-teacher2', 'u-auditor']]);
  });

  let studentLaunches: string[] = [];
  it('launches the student level for picked students, then again for all: the second adds only the missing one', async () => {
    const body = { level: 'student', cycleTypeId: 'c-term', cycleValue: '2025-2026-2', libraryId: 'dl-student', ownerRule: 'self', auditorRule: 'departmentHead' };
    const first = await launched({ ...body, scope: 'picked', scopeIds: ['dl-st1'] });
    expect((await tasksOf(first)).map((x) => [x.objectCode, x.ownerId, x.auditorId, x.departmentId])).toEqual([['DL-ST1', 'dlstu1', 'u-depthead', 'd-jwc']]);
    const second = await launched({ ...body, scope: 'all' });
    expect((await tasksOf(second)).map((x) => x.objectCode)).toEqual(['DL-ST2']);
    expect(await summary(second)).toMatchObject({ objectCount: 2, createdCount: 1 });
    const third = await launched({ ...body, scope: 'all' });
    expect(await tasksOf(third)).toEqual([]);
    expect((await db.query(`SELECT count(*)::int AS n FROM obj_task WHERE library_id = 'dl-student'`))[0].n).toBe(2);
    studentLaunches = [first, second, third];
  });

  it('owners and auditors see their new tasks in 诊断改进 at once, with the card fields', async () => {
    const mine = await cards(rwfzr);
    // 陈静: responsible for 下发软件技术 (and the failing major), and a teacher herself
    expect(mine.map((c) => c.objectCode).sort()).toEqual(['DL-M1', 'DL-MF', 'DL-T1']);
    expect(mine.find((c) => c.objectCode === 'DL-T1')).toMatchObject({ rwmc: '陈静2026年度质量诊断', jkrmc: '张伟', zqz: '2026', rwzt: 'normal', kssj: START, jssj: END });
    const student = await as('dlstu1');
    expect((await cards(student)).map((c) => c.objectCode)).toEqual(['DL-ST1']);
    const teacher = await as('dl-teacher2');
    expect((await cards(teacher)).map((c) => c.objectCode)).toEqual(['DL-T2']);
    // the teachers' chosen auditor reads both teachers' tasks, nothing else of the launches
    expect((await cards(bmshr)).map((c) => c.objectCode).sort()).toEqual(['DL-T1', 'DL-T2']);
    // the school's chosen auditor
    expect((await cards(await as('xld'))).map((c) => c.objectCode)).toEqual(['DL-S1']);
  });

  it('counts a launch\'s tasks by department and state, lists the overdue ones and urges their owners', async () => {
    const tasks = await tasksOf(majorLaunch);
    await db.query(`UPDATE obj_task SET end_date = $2::date, start_date = $2::date - 30 WHERE id = $1`, [tasks[0]!.id, day(-2)]);
    await db.query(`UPDATE obj_task SET audit_state = 'submitted' WHERE id = $1`, [tasks[1]!.id]);
    const detail = LaunchDetailSchema.parse((await fabu.get(`${API}/launch/detail?launchId=${majorLaunch}`)).body.data) as LaunchDetail;
    expect(detail.totals).toEqual({ draft: 2, submitted: 1, passed: 0, refused: 0, total: 3, overdue: 1 });
    expect(detail.byDepartment.map((d) => [d.departmentName, d.draft, d.submitted, d.overdue])).toEqual(expect.arrayContaining([['教务处', 2, 0, 1], ['信息工程学院', 0, 1, 0]]));
    expect(detail.overdue.map((o) => o.objectCode)).toEqual(['DL-M1']);
    // each 催办 tells the task's owner (消息中心, issue 34), in the same transaction; a refused one tells nobody
    const urgeMessages = async () => (await db.query(
      `SELECT m.user_id AS "user", m.title, m.content, m.link FROM message m WHERE m.kind = 'diagnosis' AND m.title = '诊断任务催办' AND m.object_id = ANY($1::varchar[]) ORDER BY m.created_at, m.object_id`,
      [tasks.map((x) => x.id)])) as Array<{ user: string; title: string; content: string; link: string }>;
    expect(await urgeMessages()).toEqual([]);
    const all = await fabu.post(`${API}/launch/urge`, { launchId: majorLaunch });
    expect(all.body).toMatchObject({ meta: { success: true, message: '已催办1个任务' }, data: { urged: 1 } });
    expect(await urgeMessages()).toEqual([{
      user: tasks[0]!.ownerId, title: '诊断任务催办', content: `王明催办了诊断任务「${String(tasks[0]!.rwmc)}」，已过结束日期，请尽快填报并提交诊断`,
      link: `/qualityManagement/improvement?task=${String(tasks[0]!.id)}`,
    }]);
    const one = await fabu.post(`${API}/launch/urge`, { launchId: majorLaunch, objTaskId: tasks[2]!.id });
    expect(one.body.data).toEqual({ urged: 1 });
    expect((await urgeMessages()).map((m) => m.user)).toEqual([tasks[0]!.ownerId, tasks[2]!.ownerId]);
    // a submitted task is not the owner's turn
    expect((await fabu.post(`${API}/launch/urge`, { launchId: majorLaunch, objTaskId: tasks[1]!.id })).body.meta).toEqual({ success: false, message: '没有需要催办的任务' });
    expect((await rwfzr.post(`${API}/launch/urge`, { launchId: majorLaunch })).body.meta.success).toBe(false);
    expect(await urgeMessages()).toHaveLength(2);
    const card = (await cards(rwfzr)).find((c) => c.objectCode === 'DL-M1')!;
    expect(card.urgeCount).toBe(1);
  });

  it('closing the cycle refuses edits, submissions and audits of its tasks; their results stay readable', async () => {
    const tasks = await tasksOf(majorLaunch);
    const [m1, m2] = [tasks[0]!.id as string, tasks[1]!.id as string];
    const closed = await fabu.post(`${API}/launch/close`, { launchId: majorLaunch });
    expect(closed.body).toMatchObject({ meta: { success: true, message: '诊断周期已关闭' }, data: { state: 'closed', stateName: '已关闭', actions: [] } });
    const edit = await rwfzr.post(`${API}/disqualified/update`, { id: 'dl-major-p1', gzdxid: m1, yyfx: '原因', gjcs: '措施', jgz: '80' });
    expect(edit.body.meta).toEqual({ success: false, message: '诊断周期已关闭，不能修改' });
    expect((await rwfzr.post(`${API}/audit/submit`, { objTaskId: m1 })).body.meta).toEqual({ success: false, message: '诊断周期已关闭，不能提交' });
    // 李红 heads 教务处 but m2 (信息工程学院) is audited by its library's … nobody: an administrator then
    const admin = await as('admin', 'Admin2026');
    expect((await admin.post(`${API}/audit/pass`, { objTaskId: m2 })).body.meta).toEqual({ success: false, message: '诊断周期已关闭，不能审核' });
    const table = await rwfzr.get(`${API}/quality/select?objTaskId=${m1}`);
    expect(table.body.meta.success).toBe(true);
    expect(table.body.data.isedit).toBe(false);
    expect(table.body.data.task).toMatchObject({ cycleClosed: true });
    expect((await fabu.post(`${API}/launch/urge`, { launchId: majorLaunch })).body.meta.success).toBe(false);
    // the library's cycle is closed: no new launch of it
    const again = await launch({ level: 'major', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-major', scope: 'all', ownerRule: 'responsible', auditorRule: 'departmentHead' });
    expect(again.meta).toEqual({ success: false, message: '该目标标准的诊断周期已关闭' });
    // other launches' tasks are untouched
    expect((await bmfzr.get(`${API}/quality/select?objTaskId=${(await tasksOf(studentLaunches[0]!))[0]!.id}`)).body.data.isedit).toBe(true);
  });

  it('a job failing for good leaves a failed launch its creator retries', async () => {
    await db.query(`
      CREATE OR REPLACE FUNCTION dl_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.object_code = 'DL-MF' THEN RAISE EXCEPTION 'dl: refused by the test'; END IF; RETURN NEW; END $$`);
    await db.query(`CREATE TRIGGER dl_fail BEFORE INSERT ON obj_task FOR EACH ROW EXECUTE FUNCTION dl_fail()`);
    try {
      const answer = await launch({ level: 'major', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-major-b', scope: 'picked', scopeIds: ['dl-mf', 'dl-m1'], ownerRule: 'responsible', auditorRule: 'departmentHead' });
      const launchId = answer.data!.launchId;
      const seen = await watch(launchId, 60_000);
      expect(seen.at(-1)).toMatchObject({ state: 'failed', step: '失败', reason: '诊断任务下发失败，请稍后重试或联系管理员' });
      expect(await summary(launchId)).toMatchObject({ state: 'failed', stateName: '下发失败', actions: ['retry', 'close'] });
      expect(await tasksOf(launchId)).toEqual([]);
      await db.query(`DROP TRIGGER dl_fail ON obj_task`);
      const retried = await fabu.post(`${API}/launch/retry`, { launchId });
      expect(retried.body.data.taskId).toBe(`launch-${launchId}-2`);
      expect((await watch(launchId)).at(-1)).toMatchObject({ state: 'done' });
      expect((await tasksOf(launchId)).map((x) => x.objectCode)).toEqual(['DL-M1', 'DL-MF']);
      expect(await summary(launchId)).toMatchObject({ state: 'running' });
    } finally {
      await db.query(`DROP TRIGGER IF EXISTS dl_fail ON obj_task`);
      await db.query(`DROP FUNCTION IF EXISTS dl_fail()`);
    }
  });

  it('a push down from an open upper task leaves a lower task of a closed cycle alone', async () => {
    // 下发软件技术's task in the child library, its cycle closed; its upper task in dl-major-b (the retried launch) is open
    const lowerLaunch = await launched({ level: 'major', cycleTypeId: 'c-year', cycleValue: '2026', libraryId: 'dl-major-c', scope: 'picked', scopeIds: ['dl-m1'], ownerRule: 'responsible', auditorRule: 'departmentHead' });
    const [lower] = await tasksOf(lowerLaunch);
    expect((await fabu.post(`${API}/launch/close`, { launchId: lowerLaunch })).body.meta.success).toBe(true);
    const [upper] = await db.query(`SELECT id FROM obj_task WHERE library_id = 'dl-major-b' AND object_id = 'dl-m1'`);
    await db.query(`UPDATE quality_result SET xzmbz = '66' WHERE obj_task_id = $1 AND point_id = 'dl-major-b-p1'`, [upper.id]);
    const pushed = await rwfzr.post(`${API}/obj/updateDownList`, { objTaskId: upper.id });
    expect(pushed.body.meta.success).toBe(true);
    expect(pushed.body.data).toMatchObject({ updated: 0, tasks: 0, skipped: [{ id: lower!.id, reason: '诊断周期已关闭' }] });
    expect(await db.query(`SELECT xzmbz FROM quality_result WHERE obj_task_id = $1 AND xzmbz IS NOT NULL`, [lower!.id])).toEqual([]);
  });

  it('refuses to delete a person with diagnosis tasks (their object\'s, owned or audited) and changes nothing; 停用 still works', async () => {
    const admin = await as('admin', 'Admin2026');
    const remove = (userId: string) => admin.post('/api/user/users/delete', { userId });
    const snapshot = async (userId: string) => ({
      person: await db.query(`SELECT id, account, name, enabled, person_kind, updated_at FROM app_user WHERE id = $1`, [userId]),
      objects: await db.query(`SELECT id, code, retired_at FROM diagnosis_object WHERE user_id = $1`, [userId]),
      tasks: await db.query(`SELECT id, object_id, owner_id, auditor_id FROM obj_task WHERE owner_id = $1 OR auditor_id = $1 OR object_id IN (SELECT id FROM diagnosis_object WHERE user_id = $1) ORDER BY id`, [userId]),
      roles: await db.query(`SELECT role_id FROM user_role WHERE user_id = $1 ORDER BY role_id`, [userId]),
      sessions: (await db.query(`SELECT count(*)::int AS n FROM user_session WHERE user_id = $1`, [userId]))[0].n,
    });
    const refused = async (userId: string) => {
      const before = await snapshot(userId);
      const res = await remove(userId);
      expect([res.status, res.body.meta]).toEqual([409, { success: false, message: '该人员已有诊断任务，不能删除；可将其停用' }]);
      expect(await snapshot(userId)).toEqual(before);
      return before;
    };
    // a teacher who owns their own object's task; one signed in keeps their session
    const teacher = await as('dl-teacher2');
    const held = await refused('dl-teacher2');
    expect(held.tasks).toHaveLength(1);
    expect(held.sessions).toBeGreaterThan(0);
    expect((await cards(teacher)).map((c) => c.objectCode)).toEqual(['DL-T2']);
    // their object's task alone (owned by someone else) is enough, and so is auditing tasks (张伟, the teachers' auditor)
    const [task] = held.tasks as Array<{ id: string }>;
    await db.query(`UPDATE obj_task SET owner_id = 'u-owner' WHERE id = $1`, [task!.id]);
    try {
      await refused('dl-teacher2');
    } finally {
      await db.query(`UPDATE obj_task SET owner_id = 'dl-teacher2' WHERE id = $1`, [task!.id]);
    }
    expect((await refused('u-auditor')).objects).toEqual([]);

    // the way out: disable the person (they can no longer sign in), their tasks kept
    const disable = await admin.post('/api/user/users/update', { userId: 'dl-teacher2', account: 'dl-teacher2', userName: '下发教师', orgId: 'd-xxgc', sex: 1, enabled: false });
    expect(disable.body.meta.success).toBe(true);
    expect((await client(t).login('dl-teacher2', 'Demo2026')).body.meta.success).toBe(false);
    expect((await snapshot('dl-teacher2')).tasks).toEqual(held.tasks);

    // a teacher without tasks is deleted, their object with them
    await launchPerson(db, 'dl-free', '无任务教师', 'teacher', 'd-xxgc');
    await launchObjects(db, [{ id: 'dl-t3', level: 'teacher', code: 'DL-T3', name: '无任务教师', departmentId: 'd-xxgc', userId: 'dl-free' }]);
    const deleted = await remove('dl-free');
    expect(deleted.body.meta.success).toBe(true);
    expect(await snapshot('dl-free')).toMatchObject({ person: [], objects: [], tasks: [] });
  });
});
