import { jest } from '@jest/globals';
import {
  CENTRE_MESSAGES, CentreHomeSchema, formatPercent, CentreOverviewSchema, CentrePortraitSchema,
  type CentreFigures, type CentreLevel, type CentreOverview, type CentrePortrait, type CentreRow,
} from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { binary, type Client } from './support/files-fixtures.js';
import { buildLibrary } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

// Issue 33, the development centres: lists scoped per person by the one access table, every figure of an overview and
// a portrait against direct SQL, 改进有效率 against a hand-computed fixture, the export against the list, refusals.
// Everything here carries the prefix E2EC in two departments of its own and the cycles 2091 and 2092, which the demo
// never uses, so demo objects never count (they have no task in these cycles).
jest.setTimeout(120_000);

const API = '/api/herm-znfx/centre';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const D1 = 'd-e2ec';
const D2 = 'd-e2ec-2';
const [PREV, CUR] = ['2091', '2092'];
const LIB = { [PREV]: 'e2ec-lib-2091', [CUR]: 'e2ec-lib-2092' } as const;

// people: account = id, password Demo2026 (the publisher's hash); role ids as the migrations name them
const PEOPLE: Array<[id: string, name: string, org: string, kind: string, role: string]> = [
  ['e2ec-head', '中心院长', D1, 'staff', 'r-depthead'], // heads D1
  ['e2ec-mresp', '专业负责', D1, 'staff', 'r-depthead'], // heads nothing; responsible of major M1
  ['e2ec-t1', '教师一', D1, 'teacher', 'r-teacher'],
  ['e2ec-t2', '教师二', D2, 'teacher', 'r-teacher'],
  ['e2ec-s1', '学生一', D1, 'student', 'r-student'],
  ['e2ec-s2', '学生二', D2, 'student', 'r-student'],
];

// objects: id, level, code, name, department, responsible, upper, user
const OBJECTS: Array<[string, CentreLevel, string, string, string | null, string | null, string | null, string | null]> = [
  ['e2ec-m1', 'major', 'E2ECM1', 'E2EC专业一', D1, 'e2ec-mresp', null, null],
  ['e2ec-m2', 'major', 'E2ECM2', 'E2EC专业二', D2, null, null, null],
  ['e2ec-c1', 'course', 'E2ECC1', 'E2EC课程一', null, null, 'e2ec-m1', null], // its department through its major
  ['e2ec-c2', 'course', 'E2ECC2', 'E2EC课程二', D2, null, 'e2ec-m2', null],
  ['e2ec-ot1', 'teacher', 'e2ec-t1', '教师一', D1, 'e2ec-t1', null, 'e2ec-t1'],
  ['e2ec-ot2', 'teacher', 'e2ec-t2', '教师二', D2, 'e2ec-t2', null, 'e2ec-t2'],
  ['e2ec-os1', 'student', 'e2ec-s1', '学生一', null, 'e2ec-s1', 'e2ec-m1', 'e2ec-s1'],
  ['e2ec-os2', 'student', 'e2ec-s2', '学生二', D2, 'e2ec-s2', 'e2ec-m2', 'e2ec-s2'],
];

// tasks: object, cycle, state, score
const TASKS: Array<[string, string, string, number | null]> = [
  ['e2ec-m1', PREV, 'passed', 50], ['e2ec-m1', CUR, 'submitted', 40],
  ['e2ec-m2', PREV, 'passed', 60], ['e2ec-m2', CUR, 'passed', 70],
  ['e2ec-c1', CUR, 'draft', null], ['e2ec-c2', CUR, 'submitted', 80],
  ['e2ec-ot1', CUR, 'draft', 30], ['e2ec-ot2', CUR, 'passed', 90],
  ['e2ec-os1', CUR, 'refused', 20], ['e2ec-os2', CUR, 'draft', null],
];
const taskId = (object: string, cycle: string) => `${object}-${cycle}`;

// results: object, cycle, point n (FX-0000n; point 2 is made "lower is better"), jgz, grade, unfin, dis, gjcs
const RESULTS: Array<[string, string, number, string | null, string | null, boolean, boolean, string | null]> = [
  // M1 in 2091: four measures on unmet points and a met point with a text in gjcs (not a measure)
  ['e2ec-m1', PREV, 1, '60', 'C', false, true, '措施一'], // 2092: 80 met → 有效
  ['e2ec-m1', PREV, 2, '90', 'D', true, false, '措施二'], // lower is better; 2092: 85 still unmet → 改善
  ['e2ec-m1', PREV, 3, '50', 'D', true, false, '措施三'], // 2092: 40 → 未改善
  ['e2ec-m1', PREV, 4, '0', 'N', true, false, '措施四'], // no result in 2092 → 待评估
  ['e2ec-m1', PREV, 5, '80', 'A', false, false, '保持'],
  ['e2ec-m1', CUR, 1, '80', 'A', false, false, null],
  ['e2ec-m1', CUR, 2, '85', 'D', true, false, null],
  ['e2ec-m1', CUR, 3, '40', 'D', true, false, null],
  ['e2ec-m1', CUR, 5, '80', 'A', false, false, null],
  // M2: one measure, still unmet but better → rate 0
  ['e2ec-m2', PREV, 1, '60', 'C', true, false, '措施'],
  ['e2ec-m2', CUR, 1, '65', 'C', true, false, null],
  ['e2ec-m2', CUR, 3, '90', 'A', false, false, null],
  ['e2ec-c1', CUR, 1, '90', 'A', false, false, null],
  ['e2ec-c1', CUR, 3, null, 'D', true, false, null],
  ['e2ec-c2', CUR, 1, '50', 'D', true, false, null],
  ['e2ec-ot1', CUR, 1, '75', 'A', false, false, null],
  ['e2ec-ot2', CUR, 1, '55', 'D', true, false, null],
  ['e2ec-os1', CUR, 1, '70', 'B', false, true, null],
  ['e2ec-os2', CUR, 1, '99', 'A', false, false, null],
];

describe('发展中心 (issue 33)', () => {
  let t: TestApp;
  let db: DataSource;
  const clients: Record<string, Client> = {};

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).body.meta.success).toBe(true);
    return c;
  };
  const get = async (who: string, path: string, params: Record<string, string | number>) =>
    clients[who]!.get(`${API}/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);
  const overview = async (who: string, params: Record<string, string | number>): Promise<CentreOverview> => {
    const res = await get(who, 'overview', { cycle: CUR, pageSize: 0, ...params });
    expect(res.body.meta).toEqual({ success: true, message: '' });
    return CentreOverviewSchema.parse(res.body.data);
  };
  const portrait = async (who: string, objectId: string) => get(who, 'portrait', { objectId });
  const fixtureCodes = (rows: CentreRow[]) => rows.map((r) => r.code).filter((c) => /^(E2EC|e2ec-)/.test(c)).sort();

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    await db.query(`INSERT INTO department (id, name, parent_id) VALUES ($1, 'E2EC一学院', 'd-ejxy'), ($2, 'E2EC二学院', 'd-ejxy') ON CONFLICT DO NOTHING`, [D1, D2]);
    for (const [id, name, org, kind, role] of PEOPLE) {
      await db.query(
        `INSERT INTO app_user (id, account, name, org_id, password_hash, person_kind) SELECT $1, $1, $2, $3, password_hash, $4 FROM app_user WHERE id = 'u-publisher'`,
        [id, name, org, kind],
      );
      await db.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [id, role]);
    }
    await db.query(`UPDATE department SET charge_user_id = 'e2ec-head' WHERE id = $1`, [D1]);
    for (const [id, level, code, name, dept, resp, upper, user] of OBJECTS) {
      await db.query(
        `INSERT INTO diagnosis_object (id, level, code, name, department_id, responsible_id, upper_id, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, level, code, name, dept, resp, upper, user],
      );
    }
    for (const cycle of [PREV, CUR]) {
      await buildLibrary(db, LIB[cycle], { tree: [1, 1, 1], points: 5 }, { name: `E2EC${cycle}`, level: 'major', cycle });
      await db.query(`UPDATE quality_point SET cal_rule = jsonb_build_object('direction', 'lower', 'b', 0.9, 'c', 0.8), mbz = '70' WHERE library_id = $1 AND code = 'FX-00002'`, [LIB[cycle]]);
    }
    for (const [object, cycle, state, score] of TASKS) {
      await db.query(
        `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, audit_state, score, object_id)
         SELECT $1, $2, o.name || $3 || '年度质量诊断', o.level, o.code, o.name, $3, o.department_id, $4, $5, o.id FROM diagnosis_object o WHERE o.id = $6`,
        [taskId(object, cycle), LIB[cycle], cycle, state, score, object],
      );
    }
    for (const [object, cycle, n, jgz, grade, unfin, dis, gjcs] of RESULTS) {
      await db.query(
        `INSERT INTO quality_result (id, obj_task_id, point_id, jgz, jgdj, unfin, dis, yyfx, gjcs) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [`${taskId(object, cycle)}-r${n}`, taskId(object, cycle), `${LIB[cycle]}-p${n}`, jgz, grade, unfin, dis, gjcs ? `原因${n}` : null, gjcs],
      );
    }
    // warnings: M1 2092 point 2 one open and one handled, point 3 one open; M2 2092 point 1 one handled
    const warn = (result: string, period: string, handled: boolean) =>
      db.query(
        `INSERT INTO warning_flow (id, result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj) VALUES ($1, $2, $3, now() - interval '1 day', 'value', '<', '70', '60', 'percent', $4)`,
        [`${result}-w${period}`, result, period, handled ? new Date() : null],
      );
    await warn(`${taskId('e2ec-m1', CUR)}-r2`, 'a', false);
    await warn(`${taskId('e2ec-m1', CUR)}-r2`, 'b', true);
    await warn(`${taskId('e2ec-m1', CUR)}-r3`, 'a', false);
    await warn(`${taskId('e2ec-m2', CUR)}-r1`, 'a', true);
    for (const [who, account, password] of [['admin', 'admin', 'Admin2026'], ['leader', 'xld', 'Demo2026'], ['publisher', 'fabu', 'Demo2026']] as const) clients[who] = await as(account, password);
    for (const [id] of PEOPLE) clients[id] = await as(id);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM obj_task WHERE id LIKE 'e2ec-%'`);
      await db.query(`DELETE FROM diagnosis_object WHERE id LIKE 'e2ec-%' AND upper_id IS NOT NULL`);
      await db.query(`DELETE FROM diagnosis_object WHERE id LIKE 'e2ec-%'`);
    }
    await t?.close();
  });

  it('scopes each level\'s list to the person by the one access table', async () => {
    const listed = async (who: string, level: CentreLevel) => fixtureCodes((await overview(who, { level })).page.records);
    // administrators, leaders and publishers: every object
    for (const who of ['admin', 'leader', 'publisher']) {
      expect(await listed(who, 'major')).toEqual(['E2ECM1', 'E2ECM2']);
      expect(await listed(who, 'student')).toEqual(['e2ec-s1', 'e2ec-s2']);
    }
    // a department head: their department's objects, a course and a student through its major's department
    expect(await listed('e2ec-head', 'major')).toEqual(['E2ECM1']);
    expect(await listed('e2ec-head', 'course')).toEqual(['E2ECC1']);
    expect(await listed('e2ec-head', 'teacher')).toEqual(['e2ec-t1']);
    expect(await listed('e2ec-head', 'student')).toEqual(['e2ec-s1']);
    // nothing else either: the head's lists hold only this suite's objects of D1 (demo objects are elsewhere)
    expect((await overview('e2ec-head', { level: 'major' })).page.total).toBe(1);
    // a major's responsible person: the major and the courses and students below it, no teacher
    expect(await listed('e2ec-mresp', 'major')).toEqual(['E2ECM1']);
    expect(await listed('e2ec-mresp', 'course')).toEqual(['E2ECC1']);
    expect(await listed('e2ec-mresp', 'student')).toEqual(['e2ec-s1']);
    expect((await overview('e2ec-mresp', { level: 'teacher' })).page.total).toBe(0);
    // a teacher: themself; a student: themself (each list has one row in all)
    const teacher = await overview('e2ec-t1', { level: 'teacher' });
    expect(teacher.page.records.map((r) => r.code)).toEqual(['e2ec-t1']);
    expect(teacher.page.total).toBe(1);
    const student = await overview('e2ec-s1', { level: 'student' });
    expect(student.page.records.map((r) => r.code)).toEqual(['e2ec-s1']);
    // another level's centre is another menu
    expect((await get('e2ec-t1', 'overview', { level: 'major' })).body).toMatchObject(NO_PERMISSION);
    expect((await get('e2ec-s1', 'overview', { level: 'teacher' })).body).toMatchObject(NO_PERMISSION);
    expect((await get('e2ec-s1', 'portrait', { objectId: 'e2ec-os1' })).body.meta.success).toBe(true);
  });

  it('opens a portrait exactly for the objects the person\'s lists hold (one definition for both)', async () => {
    for (const who of ['e2ec-head', 'e2ec-mresp', 'e2ec-t1', 'e2ec-s1', 'e2ec-s2', 'publisher']) {
      for (const [id, level, code] of OBJECTS) {
        const list = await get(who, 'overview', { level, cycle: CUR, pageSize: 0, keyword: code });
        const listed = list.body.meta.success === true && (list.body.data as CentreOverview).page.records.some((r) => r.objectId === id);
        const res = await portrait(who, id);
        const opened = res.body.meta.success === true;
        if (opened !== listed) throw new Error(`${who} on ${id}: listed ${listed}, portrait ${opened} (${res.body.meta.message})`);
      }
    }
  });

  it('refuses an unreadable portrait like a missing one, and bad input with a 4xx envelope', async () => {
    for (const [who, id] of [['e2ec-t1', 'e2ec-ot2'], ['e2ec-head', 'e2ec-m2'], ['e2ec-s1', 'e2ec-os2'], ['e2ec-t1', 'no-such-object']]) {
      const res = await portrait(who!, id!);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ meta: { success: false, message: CENTRE_MESSAGES.notFound }, data: null });
    }
    for (const params of [{ level: 'school' }, { level: 'unknown' }, {}] as Array<Record<string, string>>) {
      const res = await get('admin', 'overview', params);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.meta.success).toBe(false);
      expect(res.body.meta.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await get('admin', 'overview', { level: 'major', sort: 'nonsense' })).body.meta.success).toBe(false);
    expect((await get('admin', 'cycles', { level: 'nope' })).body.meta.success).toBe(false);
  });

  it('answers every figure of a row and of the level as direct SQL counts them, and 改进有效率 as computed by hand', async () => {
    const o = await overview('e2ec-head', { level: 'major' });
    expect(o.cycle).toBe(CUR);
    const m1 = o.page.records.find((r) => r.objectId === 'e2ec-m1')!;
    // by hand: 2092 has points 1, 2, 3, 5; 2 and 3 unmet; grades A A D D; two open warnings;
    // the 2091 measures: 1 有效, 2 改善 (lower is better, 90 → 85), 3 未改善, 4 待评估 → 1 / 3 = 33.33
    expect(m1).toMatchObject({
      taskId: taskId('e2ec-m1', CUR), auditState: 'submitted', auditStateName: '待审核', score: 40, lastScore: 50,
      grades: { A: 2, B: 0, C: 0, D: 2, Y: 0, N: 0 }, points: 4, unmet: 2, openWarnings: 2, improvementRate: 33.33,
      departmentId: D1, departmentName: 'E2EC一学院', responsibleName: '专业负责',
    });
    // the same row against direct SQL
    const [sql] = await db.query(
      `SELECT count(*)::int AS points, count(*) FILTER (WHERE dis OR unfin)::int AS unmet, count(*) FILTER (WHERE jgdj = 'A')::int AS a,
              (SELECT count(*)::int FROM warning_flow f JOIN quality_result r ON r.id = f.result_id WHERE r.obj_task_id = $1 AND f.clsj IS NULL) AS open
       FROM quality_result WHERE obj_task_id = $1`, [taskId('e2ec-m1', CUR)]);
    expect([m1.points, m1.unmet, m1.grades.A, m1.openWarnings]).toEqual([sql.points, sql.unmet, sql.a, sql.open]);
    const m2 = (await overview('admin', { level: 'major', keyword: 'E2ECM2' })).page.records[0]!;
    expect(m2).toMatchObject({ score: 70, lastScore: 60, unmet: 1, openWarnings: 0, improvementRate: 0 });
    const c1 = (await overview('admin', { level: 'course', keyword: 'E2ECC1' })).page.records[0]!;
    expect(c1).toMatchObject({ upperId: 'e2ec-m1', upperName: 'E2EC专业一', departmentName: 'E2EC一学院', score: null, lastScore: null, improvementRate: null, unmet: 1 });

    // the level's figures of the head (their department only) against direct SQL over D1's majors
    const figuresBySql = async (cycle: string): Promise<Omit<CentreFigures, 'cycle' | 'measures' | 'effective' | 'improvementRate'>> => {
      const [f] = await db.query(
        `WITH t AS (SELECT t.* FROM obj_task t JOIN diagnosis_object o ON o.id = t.object_id WHERE o.level = 'major' AND o.department_id = $1 AND t.cycle_value = $2),
              r AS (SELECT r.* FROM quality_result r JOIN t ON t.id = r.obj_task_id)
         SELECT (SELECT count(*)::int FROM diagnosis_object WHERE level = 'major' AND department_id = $1) AS objects,
                (SELECT count(*)::int FROM t) AS tasks,
                (SELECT count(*)::int FROM t WHERE audit_state IN ('submitted', 'passed')) AS submitted,
                (SELECT count(*)::int FROM t WHERE audit_state = 'passed') AS passed,
                (SELECT count(*)::int FROM r) AS points,
                (SELECT count(*)::int FROM r WHERE NOT dis AND NOT unfin AND coalesce(xzjgz, jgz) IS NOT NULL) AS "pointsMet",
                (SELECT count(*)::int FROM warning_flow f JOIN r ON r.id = f.result_id) AS warnings,
                (SELECT count(*)::int FROM warning_flow f JOIN r ON r.id = f.result_id WHERE f.clsj IS NOT NULL) AS "warningsHandled"`,
        [D1, cycle]);
      return f;
    };
    expect(o.figures).toEqual({ cycle: CUR, ...(await figuresBySql(CUR)), measures: 4, effective: 1, improvementRate: 33.33 });
    expect(o.figures).toMatchObject({ objects: 1, tasks: 1, submitted: 1, passed: 0, points: 4, pointsMet: 2, warnings: 3, warningsHandled: 1 });
    expect(o.lastFigures).toEqual({ cycle: PREV, ...(await figuresBySql(PREV)), measures: 0, effective: 0, improvementRate: null });
    // the whole level for administrators: M1 and M2's measures (1 有效 of 3 judged, and 0 of 1) → 1 / 4 = 25
    const all = await overview('admin', { level: 'major' });
    expect(all.figures).toMatchObject({ measures: 5, effective: 1, improvementRate: 25 });
    const [{ tasks }] = await db.query(`SELECT count(*)::int AS tasks FROM obj_task WHERE object_type = 'major' AND cycle_value = $1 AND object_id IS NOT NULL`, [CUR]);
    expect(all.figures!.tasks).toBe(tasks);
    const [{ objects }] = await db.query(
      `SELECT count(*)::int AS objects FROM diagnosis_object o WHERE level = 'major' AND (retired_at IS NULL OR EXISTS (SELECT 1 FROM obj_task t WHERE t.object_id = o.id AND t.cycle_value = $1))`, [CUR]);
    expect(all.figures!.objects).toBe(objects);
    expect(all.page.total).toBe(objects);
  });

  it("answers a portrait's cycles, points, lowers, warnings and measures as stored, with 改进成效 beside each measure", async () => {
    const res = await portrait('e2ec-mresp', 'e2ec-m1');
    expect(res.body.meta.success).toBe(true);
    const p: CentrePortrait = CentrePortraitSchema.parse(res.body.data);
    expect(p).toMatchObject({ level: 'major', portraitName: '专业画像', code: 'E2ECM1', departmentName: 'E2EC一学院', responsibleName: '专业负责', retired: false, lowerLevel: 'course' });
    expect(p.cycles.map((c) => [c.cycle, c.auditState, c.score, c.unmet])).toEqual([[PREV, 'passed', 50, 4], [CUR, 'submitted', 40, 2]]);
    const unmetBySql = await db.query(
      `SELECT t.cycle_value AS cycle, count(*) FILTER (WHERE r.dis OR r.unfin)::int AS unmet, count(*) FILTER (WHERE r.jgdj = 'D')::int AS d
       FROM obj_task t JOIN quality_result r ON r.obj_task_id = t.id WHERE t.object_id = 'e2ec-m1' GROUP BY 1 ORDER BY 1`);
    expect(p.cycles.map((c) => ({ cycle: c.cycle, unmet: c.unmet, d: c.grades.D }))).toEqual(unmetBySql);
    expect(p.points.find((x) => x.code === 'FX-00001')!.values).toEqual([
      { cycle: PREV, value: 60, target: expect.any(Number), grade: 'C', met: false },
      { cycle: CUR, value: 80, target: expect.any(Number), grade: 'A', met: true },
    ]);
    expect(p.points.find((x) => x.code === 'FX-00004')!.values[1]).toEqual({ cycle: CUR, value: null, target: null, grade: null, met: null });
    expect(p.measures.map((m) => [m.code, m.effect, m.effectName, m.value, m.nextValue, m.nextCycle])).toEqual([
      ['FX-00001', 'effective', '有效', 60, 80, CUR],
      ['FX-00002', 'improved', '改善', 90, 85, CUR],
      ['FX-00003', 'notImproved', '未改善', 50, 40, CUR],
      ['FX-00004', 'pending', '待评估', 0, null, CUR],
    ]);
    // the portrait's rule in memory and the overview's in SQL agree
    expect(p.improvementRate).toBe(33.33);
    expect(p.lowers.map((l) => l.code)).toEqual(['E2ECC1']);
    const [{ n: warnings }] = await db.query(`SELECT count(*)::int AS n FROM warning_flow f JOIN quality_result r ON r.id = f.result_id JOIN obj_task t ON t.id = r.obj_task_id WHERE t.object_id = 'e2ec-m1'`);
    expect(p.warnings).toHaveLength(warnings);
    expect(p.warnings.filter((w) => w.handled).map((w) => w.stateName)).toEqual(['已处理']);
    expect(p.reports).toEqual([]);
    // M2's one measure was judged 改善 by SQL (rate 0) and by the portrait alike
    const m2 = CentrePortraitSchema.parse((await portrait('admin', 'e2ec-m2')).body.data);
    expect(m2.measures.map((m) => m.effect)).toEqual(['improved']);
    expect(m2.improvementRate).toBe(0);
  });

  it('sorts by any figure, pages per 000 §9 and filters by department, major and keyword', async () => {
    const codes = async (params: Record<string, string | number>) => (await overview('admin', { keyword: 'E2EC', ...params })).page.records.map((r) => r.code);
    expect(await codes({ level: 'major', sort: 'score', order: 'desc' })).toEqual(['E2ECM2', 'E2ECM1']);
    expect(await codes({ level: 'major', sort: 'improvementRate', order: 'asc' })).toEqual(['E2ECM2', 'E2ECM1']);
    expect(await codes({ level: 'major', sort: 'openWarnings', order: 'desc' })).toEqual(['E2ECM1', 'E2ECM2']);
    expect(await codes({ level: 'major', sort: 'unmet', order: 'asc' })).toEqual(['E2ECM2', 'E2ECM1']);
    expect(await codes({ level: 'major', sort: 'lastScore', order: 'asc' })).toEqual(['E2ECM1', 'E2ECM2']);
    expect(await codes({ level: 'course', majorId: 'e2ec-m2' })).toEqual(['E2ECC2']);
    expect(await codes({ level: 'student', departmentId: D1 })).toEqual(['e2ec-s1']);
    const paged = await overview('admin', { level: 'major', keyword: 'E2EC', sort: 'code', pageNum: 2, pageSize: 1 });
    expect(paged.page).toMatchObject({ total: 2, current: 2, pages: 2 });
    expect(paged.page.records.map((r) => r.code)).toEqual(['E2ECM2']);
    expect((await overview('admin', { level: 'major', keyword: 'E2EC', pageNum: 5, pageSize: 1 })).page).toMatchObject({ records: [], total: 2 });
    const cycles = await get('admin', 'cycles', { level: 'major' });
    expect(cycles.body.data.current).toBe(CUR);
    expect(cycles.body.data.cycles.slice(0, 2)).toEqual([CUR, PREV]);
  });

  it('exports exactly the rows of the list, in its order, with Chinese headers', async () => {
    const params = { level: 'major', cycle: CUR, keyword: 'E2EC', sort: 'score', order: 'desc' };
    const list = await overview('admin', params);
    const res = await binary(clients.admin!.get(`${API}/export?${new URLSearchParams(params)}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 3)).toEqual(['代码', '名称', '所属部门']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[6], r[16], r[17]])).toEqual(
      // scores and rates as the page shows them: percents with two decimals (issue 35)
      list.page.records.map((r) => [r.code, r.name, formatPercent(r.score, ''), String(r.openWarnings), formatPercent(r.improvementRate, '')]),
    );
    // the head's export is the head's list
    const head = await binary(clients['e2ec-head']!.get(`${API}/export?level=major&cycle=${CUR}`));
    const headBook = new ExcelJS.Workbook();
    await headBook.xlsx.load(head.body as ArrayBuffer);
    expect(headBook.worksheets[0]!.rowCount).toBe(2);
  });

  it("opens a major's centres to its responsible person by that fact, read-only, and closes them when it ends", async () => {
    const menuKeysOf = async (who: string): Promise<Set<string>> => {
      const res = await clients[who]!.get('/api/user/tryLoginUserInfo');
      const keys = new Set<string>();
      const walk = (n: { key: string; children?: unknown[] }) => {
        keys.add(n.key);
        (n.children as Array<{ key: string; children?: unknown[] }> | undefined)?.forEach(walk);
      };
      Object.values(res.body.data.menus as Record<string, { key: string }>).forEach(walk);
      return keys;
    };
    // a teacher (教师发展中心 only) is refused the major centre
    expect((await get('e2ec-t2', 'overview', { level: 'major', cycle: CUR })).body).toMatchObject(NO_PERMISSION);
    expect((await menuKeysOf('e2ec-t2')).has('ly_herm_majorDevelopCenter')).toBe(false);
    await db.query(`UPDATE diagnosis_object SET responsible_id = 'e2ec-t2' WHERE id = 'e2ec-m2'`);
    try {
      // the same session, no new login: the change of responsibility is a change of access
      const keys = await menuKeysOf('e2ec-t2');
      for (const key of ['ly_herm_majorDevelopCenter', 'ly_herm_majorDevelopCenter_overview', 'ly_herm_couseDevelopCenter_overview', 'ly_herm_stuDevelopCenter_overview']) {
        expect(keys.has(key)).toBe(true);
      }
      // the overview only: the centres' other pages still come from roles
      expect(keys.has('ly_herm_majorDevelopCenter_improvement')).toBe(false);
      expect(fixtureCodes((await overview('e2ec-t2', { level: 'major' })).page.records)).toEqual(['E2ECM2']);
      expect(fixtureCodes((await overview('e2ec-t2', { level: 'course' })).page.records)).toEqual(['E2ECC2']);
      expect(fixtureCodes((await overview('e2ec-t2', { level: 'student' })).page.records)).toEqual(['e2ec-s2']);
    } finally {
      await db.query(`UPDATE diagnosis_object SET responsible_id = NULL WHERE id = 'e2ec-m2'`);
    }
    expect((await get('e2ec-t2', 'overview', { level: 'major', cycle: CUR })).body).toMatchObject(NO_PERMISSION);
  });

  it('lands a teacher and a student on their own object (also right after login), others nowhere', async () => {
    expect(CentreHomeSchema.parse((await clients['e2ec-t1']!.get(`${API}/home`)).body.data)).toEqual({ level: 'teacher', objectId: 'e2ec-ot1', afterLogin: true });
    expect((await clients['e2ec-s2']!.get(`${API}/home`)).body.data).toEqual({ level: 'student', objectId: 'e2ec-os2', afterLogin: true });
    expect((await clients.admin!.get(`${API}/home`)).body.data).toEqual({ level: null, objectId: null, afterLogin: false });
    // a teacher who also holds a post keeps their centre's landing, but logs in to the home page and its to-dos
    await db.query(`INSERT INTO user_role (user_id, role_id) VALUES ('e2ec-t1', 'r-owner')`);
    try {
      expect((await clients['e2ec-t1']!.get(`${API}/home`)).body.data).toEqual({ level: 'teacher', objectId: 'e2ec-ot1', afterLogin: false });
    } finally {
      await db.query(`DELETE FROM user_role WHERE user_id = 'e2ec-t1' AND role_id = 'r-owner'`);
    }
  });

  // Last: it changes the fixture. The level's figures are kept in memory under the data stamp (README "Speed"):
  // a write through the app is seen by the very next request, another process's (a bare connection here) at once
  // its notice arrives.
  it("answers a level's figures and lists fresh right after a write that changes them, in every reader scope", async () => {
    const figures = async (who: string, level: CentreLevel, params: Record<string, string | number> = {}) => (await overview(who, { level, ...params })).figures!;
    const head = await figures('e2ec-head', 'major');
    const all = await figures('admin', 'major');
    // paged and sorted again: the same figures
    expect(await figures('e2ec-head', 'major', { sort: 'score', order: 'desc', pageNum: 1, pageSize: 1 })).toEqual(head);

    // the head handles M1's open warning on point 3 through the app
    const disposed = await clients['e2ec-head']!.post('/api/herm-znfx/warningflow/dispose', { id: `${taskId('e2ec-m1', CUR)}-r3-wa`, yyfx: '原因已查明', clcs: '已整改' });
    expect(disposed.body.meta).toMatchObject({ success: true });
    expect(await figures('e2ec-head', 'major')).toEqual({ ...head, warningsHandled: head.warningsHandled + 1 });
    expect(await figures('admin', 'major')).toEqual({ ...all, warningsHandled: all.warningsHandled + 1 });

    // the head submits teacher T1's draft task through the app
    const teachers = await figures('e2ec-head', 'teacher');
    const submitted = await clients['e2ec-head']!.post('/api/herm-znfx/audit/submit', { objTaskId: taskId('e2ec-ot1', CUR) });
    expect(submitted.body.meta).toEqual({ success: true, message: '提交成功' });
    expect(await figures('e2ec-head', 'teacher')).toEqual({ ...teachers, submitted: teachers.submitted + 1 });

    // another process passes M1's task (a connection outside the app's pool): seen once its notice is heard
    const other = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`UPDATE obj_task SET audit_state = 'passed' WHERE id = $1`, [taskId('e2ec-m1', CUR)]);
    } finally {
      await other.end();
    }
    let seen = await figures('e2ec-head', 'major');
    for (let i = 0; i < 50 && seen.passed === head.passed; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await figures('e2ec-head', 'major');
    }
    expect(seen).toMatchObject({ passed: head.passed + 1, warningsHandled: head.warningsHandled + 1 });

    // the lists are kept in their order too: a new major of the head's department is in the list at once
    const list = await overview('e2ec-head', { level: 'major', sort: 'code' });
    await db.query(`INSERT INTO diagnosis_object (id, level, code, name, department_id) VALUES ('e2ec-m3', 'major', 'E2ECM3', 'E2EC专业三', $1)`, [D1]);
    const grown = await overview('e2ec-head', { level: 'major', sort: 'code' });
    expect(grown.page.records.map((r) => r.code)).toEqual([...list.page.records.map((r) => r.code), 'E2ECM3']);
    expect(grown.figures!.objects).toBe(list.figures!.objects + 1);

    // rows are kept too: a department's and a responsible person's new names are in them at once
    const m1 = async () => (await overview('e2ec-head', { level: 'major', sort: 'code' })).page.records.find((r) => r.objectId === 'e2ec-m1')!;
    expect(await m1()).toMatchObject({ departmentName: 'E2EC一学院', responsibleName: '专业负责' });
    await db.query(`UPDATE department SET name = 'E2EC新一学院' WHERE id = $1`, [D1]);
    await db.query(`UPDATE app_user SET last_access_time = now() WHERE id = 'e2ec-mresp'`); // a sign-in: says nothing
    expect(await m1()).toMatchObject({ departmentName: 'E2EC新一学院', responsibleName: '专业负责' });
    await db.query(`UPDATE app_user SET name = '专业新负责' WHERE id = 'e2ec-mresp'`);
    expect(await m1()).toMatchObject({ departmentName: 'E2EC新一学院', responsibleName: '专业新负责' });
  });
});
