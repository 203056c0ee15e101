import { jest } from '@jest/globals';
import type { TaskProgress } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import { CopyPointsJob } from '../../backend/src/modules/target-standards/application/jobs/copy-points.job.js';
import type { Client } from './support/files-fixtures.js';
import { buildLibrary, checksumOfLibrary, snapshotOutside } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

// Issue 12, quality/copy (001 §7 "quality: copy"): chosen point definitions with their data sources, calculation and
// warning rules, from one library into an indicator of another the person may write, as a job with progress.
// Codes the target holds already take the next generated code. Ids prefixed qc-.
jest.setTimeout(60_000);

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const TARGET_LEAF = 'qc-dst-a1-b1-c1';

/** A point's definition and sources, without what a copy changes (id, library, indicator, code, order, origin). */
const DEFINITION = `
  SELECT p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz, p.ration, p.cal_rule AS "calRule", p.sampling_period AS "samplingPeriod",
         p.warning_rule AS "warningRule",
         (SELECT json_agg(json_build_object('sjlx', d.sjlx, 'jsgz', d.jsgz, 'cjfs', d.cjfs, 'xsfs', d.xsfs, 'config', d.config, 'sortOrder', d.sort_order) ORDER BY d.sort_order, d.cjfs)
          FROM point_datasource d WHERE d.point_id = p.id) AS sources
  FROM quality_point p`;

describe('quality/copy: points with their sources and rules into another library, as a job', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher: creator of the libraries
  let zj: Client; // u-expert: reads them through the expert role
  let rwfzr: Client; // u-owner: no grant

  const as = async (account: string): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, 'Demo2026')).status).toBe(200);
    return c;
  };
  const result = (c: Client, taskId: string) =>
    waitFor(async () => {
      const p = (await c.get(`${API}/quality/taskResult?taskId=${encodeURIComponent(taskId)}`)).body.data as TaskProgress;
      return p.state === 'done' || p.state === 'failed' ? p : null;
    }, `task ${taskId}`, 30_000);
  const both = async () => [await checksumOfLibrary(db, 'qc-src'), await checksumOfLibrary(db, 'qc-dst'), await snapshotOutside(db, ['qc-src', 'qc-dst'])];

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    await buildLibrary(db, 'qc-src', { tree: [1, 2, 2], points: 8 }, { name: '复制来源库' });
    await buildLibrary(db, 'qc-dst', { tree: [1, 1, 1], points: 2 }, { name: '复制目标库', level: 'major' });
    // Rules and source settings worth copying: a warning rule, a grade rule and a SQL source with its config.
    await db.query(`UPDATE quality_point SET warning_rule = '{"yjlx":"value","tj":"<","yjz":"80","yjzq":"month"}', sampling_period = 'month' WHERE id = 'qc-src-p1'`);
    await db.query(`UPDATE quality_point SET cal_rule = '{"direction":"lower","b":1.1,"c":1.2}', ration = '定量', fsjzxz = 1 WHERE id = 'qc-src-p3'`);
    await db.query(`UPDATE point_datasource SET cjfs = 'sql', config = '{"sql":"select 1 as value"}', jsgz = '按学期' WHERE point_id = 'qc-src-p3' AND sort_order = 0`);
    [fabu, zj, rwfzr] = await Promise.all([as('fabu'), as('zj'), as('rwfzr')]);
  });
  afterAll(() => t.close());

  it('copies the chosen definitions exactly, renaming codes the target holds, and leaves the source as it was', async () => {
    const chosen = ['qc-src-p1', 'qc-src-p2', 'qc-src-p3', 'qc-src-p6'];
    const [srcBefore] = await both();
    const [{ top }] = await db.query(`SELECT max(sort_order)::int AS top FROM quality_point WHERE library_id = 'qc-dst'`);
    const started = await fabu.post(`${API}/quality/copy`, { sourceLibraryId: 'qc-src', pointIds: chosen, indicatorId: TARGET_LEAF });
    expect(started.body.meta.success).toBe(true);
    const taskId = started.body.data.taskId as string;
    expect(taskId).toMatch(/^points-/);
    const done = await result(fabu, taskId);
    // The target (a major library) holds FX-00001 and FX-00002: those two take ZY-001 and ZY-002, as empty codes would.
    expect(done).toEqual({
      taskId, state: 'done', done: 3, total: 3, step: '完成', reason: null, libraryId: null,
      renamed: [{ from: 'FX-00001', to: 'ZY-001' }, { from: 'FX-00002', to: 'ZY-002' }],
    });
    expect((await fabu.get(`${API}/target/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: true });

    const copies = await db.query(
      `SELECT p.code, p.indicator_id AS "indicatorId", p.sort_order AS "sortOrder", p.origin_id AS "originId" FROM quality_point p
       WHERE p.library_id = 'qc-dst' AND p.sort_order > $1 ORDER BY p.sort_order`,
      [top],
    );
    expect(copies).toEqual([
      { code: 'ZY-001', indicatorId: TARGET_LEAF, sortOrder: top + 1, originId: null },
      { code: 'ZY-002', indicatorId: TARGET_LEAF, sortOrder: top + 2, originId: null },
      { code: 'FX-00003', indicatorId: TARGET_LEAF, sortOrder: top + 3, originId: null },
      { code: 'FX-00006', indicatorId: TARGET_LEAF, sortOrder: top + 4, originId: null },
    ]);
    const copied = await db.query(`${DEFINITION} WHERE p.library_id = 'qc-dst' AND p.sort_order > $1 ORDER BY p.sort_order`, [top]);
    const originals = await db.query(`${DEFINITION} WHERE p.id = ANY($1) ORDER BY p.sort_order`, [chosen]);
    expect(copied).toEqual(originals);
    // The rules and sources made above came along.
    expect(copied[0].warningRule).toEqual({ yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' });
    expect(copied[2]).toMatchObject({ calRule: { direction: 'lower', b: 1.1, c: 1.2 }, ration: '定量', fsjzxz: 1 });
    expect(copied[2].sources[0]).toEqual({ sjlx: 'percent', jsgz: '按学期', cjfs: 'sql', xsfs: 'table', config: { sql: 'select 1 as value' }, sortOrder: 0 });
    expect(await checksumOfLibrary(db, 'qc-src')).toBe(srcBefore);
    // The screen reads them through the definitions call.
    const listed = (await fabu.get(`${API}/quality/definitions?libraryId=qc-dst&indicatorId=${TARGET_LEAF}`)).body.data as Array<{ zkdid: string }>;
    expect(listed.map((p) => p.zkdid)).toEqual(expect.arrayContaining(['ZY-001', 'ZY-002', 'FX-00003', 'FX-00006']));

    // The same job again (a retry after a lost acknowledgement) finds its copy and adds nothing.
    const after = await both();
    const payload = { sourceLibraryId: 'qc-src', pointIds: chosen, targetLibraryId: 'qc-dst', indicatorId: TARGET_LEAF, requesterId: 'u-publisher' };
    expect(await t.app.get(CopyPointsJob).handle(payload, { jobId: taskId, attempt: 2 })).toEqual({ state: 'exists' });
    expect(await both()).toEqual(after);
  });

  it('refuses, writing nothing: a reader or stranger of the target, an unreadable source, unknown ids, points of another library', async () => {
    await buildLibrary(db, 'qc-private', { tree: [1, 1, 1], points: 1 }, { name: '私有库', creator: 'u-leader' });
    await db.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = 'qc-private'`);
    const before = await both();
    const body = { sourceLibraryId: 'qc-src', pointIds: ['qc-src-p1'], indicatorId: TARGET_LEAF };
    expect((await zj.post(`${API}/quality/copy`, body)).body).toMatchObject(NO_PERMISSION);
    expect((await rwfzr.post(`${API}/quality/copy`, body)).body).toMatchObject(NO_PERMISSION);
    expect((await fabu.post(`${API}/quality/copy`, { ...body, sourceLibraryId: 'qc-private', pointIds: ['qc-private-p1'] })).body).toMatchObject(NO_PERMISSION);
    const refused = async (over: Record<string, unknown>) => {
      const res = await fabu.post(`${API}/quality/copy`, { ...body, ...over });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      return res.body.meta;
    };
    expect(await refused({ indicatorId: 'qc-nope' })).toEqual({ success: false, message: '指标不存在' });
    expect(await refused({ sourceLibraryId: 'qc-nope' })).toEqual({ success: false, message: '目标标准不存在' });
    expect(await refused({ pointIds: ['qc-src-p1', 'qc-dst-p1'] })).toEqual({ success: false, message: '质控点不存在或不属于来源目标标准' });
    expect(await refused({ pointIds: [] })).toEqual({ success: false, message: '请选择质控点' });
    expect(await refused({ pointIds: Array.from({ length: 1001 }, (_, i) => `qc-src-p${i}`) })).toEqual({ success: false, message: '一次最多复制1000个质控点' });
    // issue 30: the body as the contract's PointCopyInput reads it
    for (const [over, message] of [
      [{ pointIds: 'qc-src-p1' }, '请选择质控点'],
      [{ pointIds: ['qc-src-p1', null] }, '质控点编号不正确'],
      [{ pointIds: ['qc-src\tp1'] }, '质控点第1项包含非法字符'],
      [{ sourceLibraryId: null }, '请选择来源目标标准'],
      [{ indicatorId: 5 }, '指标必须是文本'],
    ] as const) {
      const res = await fabu.post(`${API}/quality/copy`, { ...body, ...over });
      expect({ over, status: res.status, meta: res.body.meta }).toEqual({ over, status: 400, meta: { success: false, message } });
    }
    expect(await both()).toEqual(before);
  });

  it('fails whole when a point cannot be copied: no point of the copy is left, and the reason is Chinese', async () => {
    // A constraint the copy of one source violates (a trigger standing in for any fault midway): the points are
    // written before the sources, so the rollback is what keeps them out.
    await db.query(`UPDATE point_datasource SET jsgz = 'qc-boom' WHERE point_id = 'qc-src-p5' AND sort_order = 0`);
    await db.query(`
      CREATE OR REPLACE FUNCTION qc_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'qc refused'; END $$;
      CREATE TRIGGER qc_refuse BEFORE INSERT ON point_datasource FOR EACH ROW WHEN (NEW.jsgz = 'qc-boom') EXECUTE FUNCTION qc_refuse();`);
    try {
      const before = await both();
      const started = await fabu.post(`${API}/quality/copy`, { sourceLibraryId: 'qc-src', pointIds: ['qc-src-p4', 'qc-src-p5'], indicatorId: TARGET_LEAF });
      const failed = await result(fabu, started.body.data.taskId);
      expect(failed).toMatchObject({ state: 'failed', step: '失败', reason: '复制质控点失败，请稍后重试', done: 2, total: 3 });
      expect((await fabu.get(`${API}/target/checkStatus?taskId=${started.body.data.taskId}`)).body.meta).toEqual({ success: false, message: '复制质控点失败，请稍后重试' });
      expect(await both()).toEqual(before);
    } finally {
      await db.query(`DROP TRIGGER IF EXISTS qc_refuse ON point_datasource; DROP FUNCTION IF EXISTS qc_refuse();`);
    }
  });

  it('answers a point deleted before the worker ran with its reason, copying nothing', async () => {
    await buildLibrary(db, 'qc-gone', { tree: [1, 1, 1], points: 2 }, { name: '将删点的库' });
    await db.query(`DELETE FROM quality_point WHERE id = 'qc-gone-p2'`);
    const before = await both();
    const jobId = 'points-qc-gone';
    await t.app.get(JobQueue).enqueue('copy-points', { sourceLibraryId: 'qc-gone', pointIds: ['qc-gone-p1', 'qc-gone-p2'], targetLibraryId: 'qc-dst', indicatorId: TARGET_LEAF, requesterId: 'u-publisher' }, { jobId });
    expect(await result(fabu, jobId)).toMatchObject({ state: 'failed', reason: '所选质控点已不存在，请重新选择', done: 0, total: 3 });
    expect(await both()).toEqual(before);
  });
});
