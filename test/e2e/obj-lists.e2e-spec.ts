import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import type { Client } from './support/files-fixtures.js';
import { buildFamily as build, entriesOf, removeFamilies, setEntries, snapshotTasks } from './support/obj-lists-fixtures.js';
import { seedDemoData } from '../../backend/src/seed/demo-seed.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };

// argon2 logins and the job's round trips take longer than Jest's default 5 s.
jest.setTimeout(60_000);

type Summary = { id: string; rwmc: string; gzdxmc: string; cycleValue: string; auditState: string; auditStateName: string };

describe('objects\' up and down lists: targets pushed down, results rolled up (spec 001 §7)', () => {
  let t: TestApp;
  let db: DataSource;
  let owner: Client; // 陈静: owner of every fixture task
  let expert: Client; // 赵专家: reads the parent library through the expert role, edits nothing
  const families: string[] = [];
  const buildFamily = (database: DataSource, prefix: string) => {
    families.push(prefix);
    return build(database, prefix);
  };
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const scoreOf = async (taskId: string) => (await db.query(`SELECT score::float8 AS score FROM obj_task WHERE id = $1`, [taskId]))[0].score as number | null;
  /** Polls obj/updateListStatus as a browser would (as who started the job), until it is no longer false; answers the last envelope. */
  const jobResult = (jobId: string, by: Client = owner) =>
    waitFor(async () => {
      const res = await by.get(`${API}/obj/updateListStatus?jobId=${encodeURIComponent(jobId)}`);
      return res.body.meta.success && res.body.data === false ? null : (res.body as { meta: { success: boolean; message: string }; data: unknown; code: number });
    }, `job ${jobId}`, 30_000);

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    [owner, expert] = await Promise.all([as('rwfzr'), as('zj')]);
  });
  afterAll(async () => {
    if (db) {
      await removeFamilies(db, families);
      // the objects of the relation-based cases (their tasks went with the libraries)
      await db.query(`DELETE FROM diagnosis_object WHERE code LIKE 'OBJREL-%' AND upper_id IS NOT NULL`);
      await db.query(`DELETE FROM diagnosis_object WHERE code LIKE 'OBJREL-%'`);
      await db.query(`DELETE FROM app_user WHERE id LIKE 'objrel-%'`);
    }
    await t?.close();
  });

  /**
   * The family's tasks as diagnosis objects' tasks (issue 32): up is major MU's, up2 (added on the parent) major MX's;
   * a is course CA's and c student SC's, both under MU; b is course CB's under MX; d keeps no object.
   */
  const withObjects = async (prefix: string, task: Record<string, string>) => {
    const code = (k: string) => `OBJREL-${prefix}-${k}`;
    await db.query(`INSERT INTO app_user (id, account, name, org_id, password_hash, person_kind) VALUES ($1, $1, '关系学生', 'd-xxgc', 'no-login', 'student')`, [`objrel-${prefix}`]);
    const add = async (k: string, level: string, upper: string | null, userId: string | null = null) =>
      (await db.query(
        `INSERT INTO diagnosis_object (level, code, name, department_id, upper_id, user_id) VALUES ($1, $2, $2, 'd-xxgc', $3, $4) RETURNING id`,
        [level, code(k), upper, userId],
      ))[0].id as string;
    const mu = await add('MU', 'major', null);
    const mx = await add('MX', 'major', null);
    const up2 = `${prefix}-up2`;
    await db.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, object_id)
       SELECT $1, library_id, 'MX2026年度质量诊断', object_type, $1, 'MX', cycle_value, department_id, owner_id, auditor_id, $2 FROM obj_task WHERE id = $3`,
      [up2, mx, task.up],
    );
    const link = (taskId: string, objectId: string) => db.query(`UPDATE obj_task SET object_id = $2 WHERE id = $1`, [taskId, objectId]);
    await link(task.up!, mu);
    await link(task.a!, await add('CA', 'course', mu));
    await link(task.c!, await add('SC', 'student', mu, `objrel-${prefix}`));
    await link(task.b!, await add('CB', 'course', mx));
    return { up2 };
  };

  it('lists the upper and lower objects\' tasks of the same cycle, only to who may read the task', async () => {
    const { task } = await buildFamily(db, 'ls');
    const res = await expert.get(`${API}/obj/updownList?objTaskId=${task.up}`);
    expect(res.body.meta.success).toBe(true);
    const { up, down } = res.body.data as { up: Summary[]; down: Summary[] };
    expect(up).toEqual([]);
    // Not the 2025 task, not the task on a child in the recycle bin.
    expect(down.map((d) => d.id).sort()).toEqual([task.a, task.b, task.c, task.d].sort());
    expect(down.find((d) => d.id === task.b)).toEqual(expect.objectContaining({ rwmc: 'ls计算机网络2026年度质量诊断', gzdxmc: 'ls计算机网络', cycleValue: '2026', auditState: 'refused', auditStateName: '审核不通过' }));
    const lower = (await owner.get(`${API}/obj/updownList?objTaskId=${task.a}`)).body.data as { up: Summary[]; down: Summary[] };
    expect(lower.up.map((u) => [u.id, u.auditStateName])).toEqual([[task.up, '未提交']]);
    expect(lower.down).toEqual([]);
    // 李红 heads another department and has no grant on the library.
    const outsider = await as('bmfzr');
    expect((await outsider.get(`${API}/obj/updownList?objTaskId=${task.up}`)).body).toMatchObject(NO_PERMISSION);
    const missing = await owner.get(`${API}/obj/updownList?objTaskId=no-such-task`);
    expect(missing.status).toBe(404);
    expect(missing.body.meta.message).toBe('诊断任务不存在');
  });

  it('pushes the effective targets down to matching points of draft and refused lower tasks only, grades them, reports the skipped', async () => {
    const { lib, task } = await buildFamily(db, 'dn');
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    await setEntries(db, task.a, lib.a, { count: { xzmbz: '10' }, rate: { jgz: '80' }, own: { xzmbz: '7' } });
    const untouched = [task.up, task.c, task.d, task.old, task.gone];
    const before = await snapshotTasks(db, untouched);

    const res = await owner.post(`${API}/obj/updateDownList`, { objTaskId: task.up });
    expect(res.body.meta.success).toBe(true);
    // A: rate, has, is, avg (count already 10); B: all five points with a target; the text point has none.
    expect(res.body.data).toMatchObject({ updated: 9, tasks: 2 });
    expect((res.body.data.skipped as Array<{ id: string }>).sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: task.c, rwmc: 'dn大数据技术2026年度质量诊断', auditStateName: '待审核' },
      { id: task.d, rwmc: 'dn物联网技术2026年度质量诊断', auditStateName: '审核通过' },
    ]);

    const a = await entriesOf(db, task.a);
    // The revised target wins over the parent's mbz; the lower task is graded against it (80 of 85: B).
    expect(a.rate).toMatchObject({ xzmbz: '85', jgz: '80', jgdj: 'B' });
    expect(a.count?.xzmbz).toBe('10');
    expect(a.has?.xzmbz).toBe('1');
    expect(a.avg?.xzmbz).toBe('3.5');
    expect(a.note?.xzmbz ?? null).toBeNull();
    expect(a.own?.xzmbz).toBe('7');
    const b = await entriesOf(db, task.b);
    expect(Object.fromEntries(Object.entries(b).filter(([, e]) => e.xzmbz !== null).map(([k, e]) => [k, e.xzmbz]))).toEqual({ rate: '85', count: '10', has: '1', is: '1', avg: '3.5' });
    expect(b.rate?.jgdj).toBe('D');
    expect(await snapshotTasks(db, untouched)).toBe(before);

    // Pushing again changes nothing and counts nothing.
    const again = await owner.post(`${API}/obj/updateDownList`, { objTaskId: task.up });
    expect(again.body.data).toMatchObject({ updated: 0, tasks: 0 });
    expect(again.body.data.skipped).toHaveLength(2);
  });

  it('rolls the lower results up into the upper task (mean, any, all) and grades it exactly as calresult does', async () => {
    const { lib, task } = await buildFamily(db, 'ru');
    await setEntries(db, task.a, lib.a, { rate: { jgz: '80' }, count: { jgz: '10' }, has: { jgz: '0' }, is: { jgz: '1' }, note: { jgz: '好' }, avg: { jgz: '3' }, own: { jgz: '100' } });
    await setEntries(db, task.b, lib.b, { rate: { jgz: '90', xzjgz: '91' }, count: { jgz: '13' }, has: { jgz: '1' }, is: { jgz: '0' }, avg: { jgz: '' } });
    await setEntries(db, task.c, lib.c, { rate: { jgz: '75' }, count: { jgz: 'abc' } });
    await setEntries(db, task.old, lib.a, { rate: { jgz: '0' }, count: { jgz: '0' }, has: { jgz: '1' } });
    await setEntries(db, task.gone, lib.gone, { rate: { jgz: '0' }, count: { jgz: '0' }, is: { jgz: '0' } });
    await setEntries(db, task.up, lib.parent, { count: { jgz: '12' }, note: { jgz: '原文' } });
    const lowers = [task.a, task.b, task.c, task.d, task.old, task.gone];
    const before = await snapshotTasks(db, lowers);

    const res = await owner.post(`${API}/obj/updateUpList`, { objTaskId: task.up });
    expect(res.body.meta.success).toBe(true);
    // count: (10 + 13) / 2 = 11.5 → 12, already there; note is text.
    expect(res.body.data).toEqual({ updated: 4, points: 5 });
    const up = await entriesOf(db, task.up);
    expect(Object.fromEntries(Object.entries(up).map(([k, e]) => [k, [e.jgz, e.jgdj]]))).toEqual({
      rate: ['82', 'A'], // (80 + 91 + 75) / 3 against 80
      count: ['12', 'A'],
      has: ['1', 'Y'],
      is: ['0', 'N'],
      note: ['原文', null],
      avg: ['3', 'D'], // 3 of 3.5 (86%, C of the target) is below the standard 3.5: D (issue 35)
    });
    expect(await scoreOf(task.up)).toBe(60);
    expect(await snapshotTasks(db, lowers)).toBe(before);

    // calresult over the same rows finds nothing to change: one grading, not two.
    const graded = await owner.post(`${API}/quality/calresult?objTaskId=${task.up}`);
    expect(graded.body.data).toEqual({ graded: 5, score: 60 });
    expect(await entriesOf(db, task.up)).toEqual(up);
  });

  it('four recalculations at once, ten times over, all answer 200 and leave the figures consistent (issue 31 item 13)', async () => {
    const { lib, task } = await buildFamily(db, 'cc');
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85', jgz: '70' }, count: { jgz: '9' } });
    await setEntries(db, task.a, lib.a, { rate: { jgz: '80' }, count: { jgz: '10' }, has: { jgz: '1' }, is: { jgz: '0' }, avg: { jgz: '3' } });
    await setEntries(db, task.b, lib.b, { rate: { jgz: '90' }, count: { jgz: '13' }, has: { jgz: '0' }, is: { jgz: '1' }, avg: { jgz: '4' } });
    const calls = () => [
      owner.post(`${API}/obj/refreshTarget?objTaskId=${task.up}`),
      owner.post(`${API}/obj/calScore?objTaskId=${task.up}`),
      owner.post(`${API}/obj/updateDownList`, { objTaskId: task.up }),
      owner.post(`${API}/obj/updateUpList`, { objTaskId: task.up }),
    ];
    const answers = await Promise.all(Array.from({ length: 10 }, calls).flat());
    expect(answers).toHaveLength(40);
    expect(answers.map((r) => [r.status, r.body.meta?.success, r.body.meta?.message])).toEqual(answers.map(() => [200, true, expect.anything()]));

    // Consistent: each task's score is that of its stored grades, and doing each once more changes nothing.
    const [{ stale }] = await db.query(
      `SELECT count(*)::int AS stale FROM obj_task t WHERE t.id = ANY($1::varchar[]) AND t.score IS DISTINCT FROM (
         SELECT round(100.0 * count(*) FILTER (WHERE r.jgdj IN ('A', 'Y')) / nullif(count(*), 0), 2)
         FROM quality_result r WHERE r.obj_task_id = t.id AND r.jgdj IS NOT NULL)`,
      [[task.up, task.a, task.b]],
    );
    expect(stale).toBe(0);
    const lowerBefore = [await entriesOf(db, task.a), await entriesOf(db, task.b)];
    expect((await owner.post(`${API}/obj/updateUpList`, { objTaskId: task.up })).body.data).toEqual({ updated: 0, points: 5 });
    expect((await owner.post(`${API}/obj/updateDownList`, { objTaskId: task.up })).body.data).toMatchObject({ updated: 0, tasks: 0 });
    const score = await scoreOf(task.up);
    expect((await owner.post(`${API}/obj/refreshTarget?objTaskId=${task.up}`)).body.data).toEqual({ graded: 5, score });
    const up = await entriesOf(db, task.up);
    expect(Object.fromEntries(Object.entries(up).map(([k, e]) => [k, [e.xzmbz, e.jgz, e.jgdj]]))).toEqual({
      rate: ['85', '85', 'A'], // (80 + 90) / 2 against the revised 85
      count: [null, '12', 'A'], // (10 + 13) / 2 = 11.5 → 12
      has: [null, '1', 'Y'], // any
      is: [null, '0', 'N'], // all
      note: [null, null, null],
      avg: [null, '3.5', 'A'],
    });
    expect(score).toBe(80);
    expect([await entriesOf(db, task.a), await entriesOf(db, task.b)]).toEqual(lowerBefore);
    // the revised target reached both lower tasks, graded there
    expect([lowerBefore[0]!.rate, lowerBefore[1]!.rate]).toEqual([
      expect.objectContaining({ xzmbz: '85', jgz: '80', jgdj: expect.any(String) }),
      expect.objectContaining({ xzmbz: '85', jgz: '90', jgdj: 'A' }),
    ]);
  });

  it('refuses a reader every write with the no-permission envelope, and nothing changes', async () => {
    const { lib, task } = await buildFamily(db, 'rd');
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    await setEntries(db, task.a, lib.a, { rate: { jgz: '80' } });
    const all = Object.values(task);
    const before = await snapshotTasks(db, all);
    expect((await expert.get(`${API}/obj/updownList?objTaskId=${task.up}`)).body.meta.success).toBe(true);
    for (const call of ['updateDownList', 'updateUpList', 'updateDownListAsync', 'updateUpListAsync']) {
      const res = await expert.post(`${API}/obj/${call}`, { objTaskId: task.up });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(NO_PERMISSION);
    }
    // The job checks again: one enqueued for the reader past the request is refused the same way.
    const jobId = `objlists-down-${randomUUID()}`;
    await t.app.get(JobQueue).enqueue('update-obj-lists', { objTaskId: task.up, direction: 'down', requesterId: 'u-expert' }, { jobId });
    expect(await jobResult(jobId, expert)).toMatchObject(NO_PERMISSION);
    expect(await snapshotTasks(db, all)).toBe(before);
  });

  it('refuses a submitted upper task with 409, and nothing changes', async () => {
    const { lib, task } = await buildFamily(db, 'sb');
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    await setEntries(db, task.a, lib.a, { rate: { jgz: '80' } });
    await db.query(`UPDATE obj_task SET audit_state = 'submitted' WHERE id = $1`, [task.up]);
    const all = Object.values(task);
    const before = await snapshotTasks(db, all);
    for (const call of ['updateDownList', 'updateUpList', 'updateDownListAsync', 'updateUpListAsync']) {
      const res = await owner.post(`${API}/obj/${call}`, { objTaskId: task.up });
      expect(res.status).toBe(409);
      expect(res.body.meta).toEqual({ success: false, message: '任务待审核，不能修改' });
    }
    expect(await snapshotTasks(db, all)).toBe(before);
  });

  it('does the same work as a job: answers a job id at once, then updateListStatus turns true', async () => {
    const { lib, task } = await buildFamily(db, 'as');
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    await setEntries(db, task.a, lib.a, { rate: { jgz: '80' } });
    await setEntries(db, task.b, lib.b, { rate: { jgz: '91' }, has: { jgz: '1' } });
    const skipped = await snapshotTasks(db, [task.c, task.d, task.old, task.gone]);

    const down = await owner.post(`${API}/obj/updateDownListAsync`, { objTaskId: task.up });
    expect(down.body.meta.success).toBe(true);
    const downJob = down.body.data.jobId as string;
    expect(downJob).toMatch(/^objlists-down-/);
    expect(await jobResult(downJob)).toMatchObject({ meta: { success: true }, data: true });
    expect((await entriesOf(db, task.a)).rate).toMatchObject({ xzmbz: '85', jgdj: 'B' });
    expect((await entriesOf(db, task.b)).avg?.xzmbz).toBe('3.5');
    expect(await snapshotTasks(db, [task.c, task.d, task.old, task.gone])).toBe(skipped);

    const up = await owner.post(`${API}/obj/updateUpListAsync`, { objTaskId: task.up });
    const upJob = up.body.data.jobId as string;
    expect(upJob).not.toBe(downJob);
    expect(await jobResult(upJob)).toMatchObject({ meta: { success: true }, data: true });
    const upper = await entriesOf(db, task.up);
    expect(upper.rate).toMatchObject({ jgz: '85.5', xzmbz: '85', jgdj: 'A' }); // (80 + 91) / 2
    expect(upper.has).toMatchObject({ jgz: '1', jgdj: 'Y' });

    expect((await owner.get(`${API}/obj/updateListStatus?jobId=merge-123`)).body.meta.message).toBe('任务编号不正确');
    const unknown = await owner.get(`${API}/obj/updateListStatus?jobId=objlists-up-${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('reads the objects\' relations for tasks of diagnosis objects: a major\'s courses and students below it, a course\'s major above', async () => {
    const { lib, task } = await buildFamily(db, 'rel');
    const { up2 } = await withObjects('rel', task);
    const lists = async (id: string) => (await owner.get(`${API}/obj/updownList?objTaskId=${id}`)).body.data as { up: Summary[]; down: Summary[] };
    // MU: course CA (draft), student SC (submitted) and d (no object: the libraries' relation); not CB (MX's), not
    // the 2025 or recycled ones
    const mu = await lists(task.up);
    expect(mu.up).toEqual([]);
    expect(mu.down.map((d) => d.id).sort()).toEqual([task.a, task.c, task.d].sort());
    expect((await lists(up2)).down.map((d) => d.id).sort()).toEqual([task.b, task.d].sort());
    // CA's upper is MU's task alone, CB's MX's; a task of no object keeps the library relation (both majors)
    expect((await lists(task.a)).up.map((u) => u.id)).toEqual([task.up]);
    expect((await lists(task.b)).up.map((u) => u.id)).toEqual([up2]);
    expect((await lists(task.d)).up.map((u) => u.id).sort()).toEqual([task.up, up2].sort());

    // Pushing MU's targets reaches CA (SC is submitted and d passed: skipped); CB keeps its own
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    const untouched = await snapshotTasks(db, [task.b, task.d, up2]);
    const res = await owner.post(`${API}/obj/updateDownList`, { objTaskId: task.up });
    expect(res.body.data).toMatchObject({ tasks: 1 });
    expect((res.body.data.skipped as Array<{ id: string }>).map((x) => x.id).sort()).toEqual([task.c, task.d].sort());
    expect((await entriesOf(db, task.a)).rate?.xzmbz).toBe('85');
    expect(await snapshotTasks(db, [task.b, task.d, up2])).toBe(untouched);

    // Rolling up into MX reads CB alone
    await setEntries(db, task.b, lib.b, { rate: { jgz: '70' } });
    await setEntries(db, task.a, lib.a, { rate: { jgz: '100' } });
    expect((await owner.post(`${API}/obj/updateUpList`, { objTaskId: up2 })).body.meta.success).toBe(true);
    expect((await entriesOf(db, up2)).rate?.jgz).toBe('70');
  });

  it('lists a course\'s 学期 task under its major\'s 年度 task of the year the semester starts in, and the major above it', async () => {
    const { task } = await buildFamily(db, 'sem');
    await withObjects('sem', task);
    const lists = async (id: string) => (await owner.get(`${API}/obj/updownList?objTaskId=${id}`)).body.data as { up: Summary[]; down: Summary[] };
    const semester = (cycle: string, start: string, end: string) =>
      db.query(`UPDATE obj_task SET cycle_value = $2, start_date = $3, end_date = $4 WHERE id = $1`, [task.a, cycle, start, end]);
    // the spring semester of 2025-2026 starts in February 2026: under MU's 2026 task, with MU above it
    await semester('2025-2026-2', '2026-02-20', '2026-07-10');
    expect((await lists(task.up)).down.map((d) => d.id).sort()).toEqual([task.a, task.c, task.d].sort());
    expect((await lists(task.a)).up.map((u) => u.id)).toEqual([task.up]);
    // the autumn semester starts in September 2025: not 2026's
    await semester('2025-2026-1', '2025-09-01', '2026-01-20');
    expect((await lists(task.up)).down.map((d) => d.id).sort()).toEqual([task.c, task.d].sort());
    expect((await lists(task.a)).up).toEqual([]);
  });

  it('relates the school\'s task to the majors\' and teachers\' tasks, and theirs to it', async () => {
    const { task } = await buildFamily(db, 'rsc');
    // a school object of its own (SQL: the one-school rule is the service's), so no other suite's school is in use here
    const schoolId = (await db.query(`INSERT INTO diagnosis_object (level, code, name) VALUES ('school', 'OBJREL-rsc-SCHOOL', '关系学校') RETURNING id`))[0].id as string;
    const major = (await db.query(`INSERT INTO diagnosis_object (level, code, name, department_id) VALUES ('major', 'OBJREL-rsc-M', 'M', 'd-xxgc') RETURNING id`))[0].id as string;
    await db.query(`UPDATE obj_task SET object_id = $2 WHERE id = $1`, [task.up, schoolId]);
    await db.query(`UPDATE obj_task SET object_id = $2 WHERE id = $1`, [task.a, major]);
    // b, c and d are courses' tasks: below a major, not the school (a task of no object would list by the libraries)
    for (const k of ['b', 'c', 'd'] as const) {
      const course = (await db.query(`INSERT INTO diagnosis_object (level, code, name, department_id, upper_id) VALUES ('course', $1, $1, 'd-xxgc', $2) RETURNING id`, [`OBJREL-rsc-C${k}`, major]))[0].id as string;
      await db.query(`UPDATE obj_task SET object_id = $2 WHERE id = $1`, [task[k], course]);
    }
    const lists = async (id: string) => (await owner.get(`${API}/obj/updownList?objTaskId=${id}`)).body.data as { up: Summary[]; down: Summary[] };
    expect((await lists(task.up)).down.map((d) => d.id)).toEqual([task.a]);
    expect((await lists(task.a)).up.map((u) => u.id)).toEqual([task.up]);
  });

  it('demo: 软件技术 2026 has its two directions below it, each with 软件技术 above and the parent\'s points inherited', async () => {
    const res = (await owner.get(`${API}/obj/updownList?objTaskId=task-major-2026`)).body.data as { up: Summary[]; down: Summary[] };
    expect(res.up).toEqual([]);
    expect(res.down.map((d) => [d.id, d.gzdxmc, d.auditStateName]).sort()).toEqual([
      ['task-major-2026-ydkf', '软件技术（移动应用开发方向）', '未提交'],
      ['task-major-2026-yjs', '软件技术（云计算应用方向）', '未提交'],
    ]);
    const direction = (await owner.get(`${API}/obj/updownList?objTaskId=task-major-2026-ydkf`)).body.data as { up: Summary[]; down: Summary[] };
    expect(direction.up.map((u) => u.id)).toEqual(['task-major-2026']);
    const [{ inherited, points }] = await db.query(
      `SELECT count(*) FILTER (WHERE c.origin_id = p.id AND c.code = p.code)::int AS inherited, (SELECT count(*)::int FROM quality_point WHERE library_id = 'lib-major-2026') AS points
       FROM quality_point c LEFT JOIN quality_point p ON p.id = c.origin_id WHERE c.library_id = 'lib-major-2026-fx'`,
    );
    expect(points).toBeGreaterThan(0);
    expect(inherited).toBe(points);

    // A demo loaded before the directions existed gets them at the next start.
    await db.query(`DELETE FROM target_library WHERE id = 'lib-major-2026-fx'`); // raw delete: its grants are left behind, which the seed must tolerate
    expect((await owner.get(`${API}/obj/updownList?objTaskId=task-major-2026`)).body.data.down).toEqual([]);
    await seedDemoData(db);
    expect(((await owner.get(`${API}/obj/updownList?objTaskId=task-major-2026`)).body.data.down as Summary[]).map((d) => d.id).sort()).toEqual(['task-major-2026-ydkf', 'task-major-2026-yjs']);
  });
});
