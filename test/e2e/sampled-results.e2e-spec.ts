import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SamplingService } from '../../backend/src/modules/warnings/application/sampling.service.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The point's current result (issue 12): the latest sample of a point read from a source is its 本期结果 (jgz) with
 * the grade it earns, unless a person typed one; a typed result is never overwritten, and cleared, the sample is the
 * result again.
 */
describe('the current result of a sampled point (issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  let sampling: SamplingService;
  const tag = randomUUID().slice(0, 8);
  const libraryId = `lib-sr-${tag}`;
  const taskId = `task-sr-${tag}`;
  const table = `sjzx.sr_${tag}`;
  const sampledId = `${libraryId}-sql`;
  const reportedId = `${libraryId}-report`;

  const setRate = (rate: number) => db.query(`UPDATE ${table} SET rate = $1`, [rate]);
  const row = async (pointId: string) => {
    const owner = client(t);
    expect((await owner.login('rwfzr', 'Demo2026')).status).toBe(200);
    const res = await owner.get(`/api/herm-znfx/quality/select?objTaskId=${taskId}`);
    expect(res.body.meta.success).toBe(true);
    return { owner, row: (res.body.data.rows as Array<{ id: string; jgz: string | null; jgdj: string | null; unfin: boolean; dis: boolean }>).find((r) => r.id === pointId)! };
  };
  const source = async (pointId: string) => (await db.query(`SELECT jgz_source FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [taskId, pointId]))[0]?.jgz_source;

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    sampling = t.app.get(SamplingService);
    await db.query(`CREATE TABLE ${table} (rate numeric)`);
    await db.query(`INSERT INTO ${table} VALUES (70)`);
    await db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ($1, $2, 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`,
      [libraryId, `采样结果测试库${tag}`],
    );
    await db.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
       VALUES ($1, $2, '采样结果测试任务', 'major', $3, '采样专业', '2026', 'd-xxgc', 'u-owner', 'u-auditor')`,
      [taskId, libraryId, `major-sr-${tag}`],
    );
    // percent points, standard 80 and target 90 (higher is better): 90 and over A, 81 B, 80 C (72 would be C of the target but is below the standard: D)
    for (const [id, code, name] of [[sampledId, 'SR-1', '对口就业率'], [reportedId, 'SR-2', '填报就业率']] as const) {
      await db.query(
        `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, sort_order)
         VALUES ($1, $2, $3, $4, '80', '90', 'percent', '{"direction":"higher","b":0.9,"c":0.8}', 'month', 0)`,
        [id, libraryId, code, name],
      );
    }
    await db.query(`INSERT INTO point_datasource (point_id, sjlx, cjfs, xsfs, config) VALUES ($1, 'percent', 'sql', 'table', $2)`, [sampledId, { sql: `SELECT rate FROM ${table}` }]);
    await db.query(`INSERT INTO point_datasource (point_id, sjlx, cjfs, xsfs) VALUES ($1, 'percent', 'report', 'table')`, [reportedId]);
  });
  afterAll(async () => {
    await db.query(`DELETE FROM target_library WHERE id = $1`, [libraryId]);
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await t.close();
  });

  it('shows the latest sample as 本期结果 in quality/select, graded, and follows the next period\'s sample', async () => {
    expect((await row(sampledId)).row.jgz).toBeNull();
    await sampling.sampleDue(new Date('2026-03-10T08:00:00+08:00'));
    expect((await row(sampledId)).row).toMatchObject({ jgz: '70', jgdj: 'D', unfin: true, dis: true });
    expect(await source(sampledId)).toBe('sampled');
    expect(Number((await db.query(`SELECT score FROM obj_task WHERE id = $1`, [taskId]))[0].score)).toBe(0);
    await setRate(95);
    await sampling.sampleDue(new Date('2026-04-10T08:00:00+08:00'));
    expect((await row(sampledId)).row).toMatchObject({ jgz: '95', jgdj: 'A', unfin: false, dis: false });
    // the task's score follows the sampled grade: one graded point, at A
    expect(Number((await db.query(`SELECT score FROM obj_task WHERE id = $1`, [taskId]))[0].score)).toBe(100);
  });

  it('keeps a typed result over later samples; cleared, the latest sample is the result again', async () => {
    const { owner } = await row(sampledId);
    // the sampled value sent back as the editor shows it is no typed result
    const same = await owner.post('/api/herm-znfx/disqualified/update', { id: sampledId, gzdxid: taskId, yyfx: '原因', gjcs: '措施', jgz: '95.0%' });
    expect(same.body.meta.success).toBe(true);
    expect(await source(sampledId)).toBe('sampled');
    const typed = await owner.post('/api/herm-znfx/disqualified/update', { id: sampledId, gzdxid: taskId, yyfx: '原因', gjcs: '措施', jgz: '82' });
    expect(typed.body.meta.success).toBe(true);
    expect(typed.body.data).toMatchObject({ jgz: '82', jgdj: 'B' });
    expect(await source(sampledId)).toBe('typed');
    await setRate(60);
    await sampling.sampleDue(new Date('2026-05-10T08:00:00+08:00'));
    expect((await db.query(`SELECT count(*)::int AS n FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.point_id = $1`, [sampledId]))[0].n).toBe(3);
    expect((await row(sampledId)).row).toMatchObject({ jgz: '82', jgdj: 'B' });

    const cleared = await owner.post('/api/herm-znfx/disqualified/update', { id: sampledId, gzdxid: taskId, yyfx: '原因', gjcs: '措施', jgz: '' });
    expect(cleared.body.data).toMatchObject({ jgz: '60', jgdj: 'D', unfin: true });
    expect((await row(sampledId)).row).toMatchObject({ jgz: '60', jgdj: 'D' });
    expect(await source(sampledId)).toBe('sampled');
  });

  it('leaves a reported point\'s result to the person: sampling reads it and never writes it', async () => {
    const { owner } = await row(reportedId);
    expect((await owner.post('/api/herm-znfx/disqualified/update', { id: reportedId, gzdxid: taskId, yyfx: '原因', gjcs: '措施', jgz: '85' })).body.data).toMatchObject({ jgz: '85', jgdj: 'B' });
    await sampling.sampleDue(new Date('2026-06-10T08:00:00+08:00'));
    expect((await row(reportedId)).row).toMatchObject({ jgz: '85', jgdj: 'B' });
    expect(await source(reportedId)).toBe('typed');
    const [sample] = await db.query(`SELECT s.cjz, s.cjfs FROM sampling_record s JOIN quality_result r ON r.id = s.result_id WHERE r.point_id = $1`, [reportedId]);
    expect(sample).toEqual({ cjz: '85', cjfs: 'report' });
  });
});
