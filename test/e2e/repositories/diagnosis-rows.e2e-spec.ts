import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../../backend/src/infrastructure/database/unit-of-work.port.js';
import { DiagnosisRepository } from '../../../backend/src/modules/diagnosis/application/ports/diagnosis-repository.port.js';
import { addTask } from '../support/diagnosis-fixtures.js';
import { buildLibrary } from '../support/library-fixtures.js';
import { seed } from '../support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app.js';

/** Each row as [code, this cycle's xzmbz, jgz, xzjgz, jgdj, unfin, dis, last cycle's sljsz, sldj]. */
const brief = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.code, r.xzmbz, r.jgz, r.xzjgz, r.jgdj, r.unfin, r.dis, r.sljsz, r.sldj]);

describe('the quality-table rows (DiagnosisRepository on PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let repo: DiagnosisRepository;
  const object = { objectType: 'major', objectCode: 'rr-major', name: '行测试专业' };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    repo = t.app.get(DiagnosisRepository);
    // One object's libraries for 2024 to 2027, four points each (FX-00001 … FX-00004); in 2026 the fourth point is
    // recoded NEW-1 and the first sorts last.
    for (const cycle of ['2024', '2025', '2026', '2027']) {
      await buildLibrary(db, `rr-${cycle}`, { tree: [1, 1, 2], points: 4 }, { level: 'major', cycle });
      await addTask(db, `rr-task-${cycle}`, `rr-${cycle}`, { ...object, cycle });
    }
    await db.query(`UPDATE quality_point SET code = 'NEW-1' WHERE id = 'rr-2026-p4'`);
    await db.query(`UPDATE quality_point SET sort_order = 9 WHERE id = 'rr-2026-p1'`);
    const results = (task: string, rows: Array<[string, Record<string, string | boolean | null>]>) =>
      Promise.all(rows.map(([point, r]) =>
        db.query(
          `INSERT INTO quality_result (obj_task_id, point_id, xzmbz, jgz, xzjgz, jgdj, yyfx, gjcs, unfin, dis)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, false), coalesce($10, false))`,
          [task, point, r.xzmbz ?? null, r.jgz ?? null, r.xzjgz ?? null, r.jgdj ?? null, r.yyfx ?? null, r.gjcs ?? null, r.unfin ?? null, r.dis ?? null],
        )));
    // Last cycle: a revised result wins over the result unless it is blank.
    await results('rr-task-2025', [
      ['rr-2025-p1', { jgz: '61', jgdj: 'C' }],
      ['rr-2025-p2', { jgz: '70', xzjgz: '75', jgdj: 'B' }],
      ['rr-2025-p3', { jgz: '80', xzjgz: '  ', jgdj: 'A' }],
      ['rr-2025-p4', { jgz: '50', jgdj: 'D' }],
    ]);
    // Neither an older cycle, a later one, nor another object's task of last cycle is last cycle's result.
    await results('rr-task-2024', [['rr-2024-p1', { jgz: '10', jgdj: 'D' }], ['rr-2024-p3', { jgz: '11', jgdj: 'D' }]]);
    await results('rr-task-2027', [['rr-2027-p2', { jgz: '99', jgdj: 'A' }]]);
    await addTask(db, 'rr-other-2025', 'rr-2025', { ...object, objectCode: 'rr-other', cycle: '2025' });
    await addTask(db, 'rr-course-2025', 'rr-2025', { ...object, objectType: 'course', cycle: '2025' });
    await results('rr-other-2025', [['rr-2025-p3', { jgz: '33', jgdj: 'C' }]]);
    await results('rr-course-2025', [['rr-2025-p3', { jgz: '44', jgdj: 'C' }]]);
    // This cycle: two entries, the others untouched.
    await results('rr-task-2026', [
      ['rr-2026-p1', { xzmbz: '90', jgz: '1', jgdj: 'D', yyfx: '原因', gjcs: '措施', unfin: true, dis: true }],
      ['rr-2026-p3', { xzjgz: '88' }],
    ]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers every point of the task in sort order, with this cycle\'s entry and last cycle\'s result by code', async () => {
    const rows = await repo.rows('rr-task-2026', 'rr-2026');
    expect(brief(rows as never)).toEqual([
      ['FX-00002', null, null, null, null, false, false, '75', 'B'],
      ['FX-00003', null, null, '88', null, false, false, '80', 'A'],
      ['NEW-1', null, null, null, null, false, false, null, null],
      ['FX-00001', '90', '1', null, 'D', true, true, '61', 'C'],
    ]);
    // The definition columns come with each row, as stored.
    const [p1] = await db.query(`SELECT indicator_id, bzz, mbz, fsjzxz FROM quality_point WHERE id = 'rr-2026-p1'`);
    expect(rows[3]).toEqual({
      pointId: 'rr-2026-p1', code: 'FX-00001', zkdmc: '质控点1', nh: '内涵1', zdbz: '诊断标准1', bzz: p1.bzz, mbz: p1.mbz, zlx: 'percent', fsdl: 0, fsjzxz: p1.fsjzxz,
      ration: null, calRule: { direction: 'higher', b: 0.9, c: 0.8 }, indicatorId: p1.indicator_id,
      xzmbz: '90', jgz: '1', jgzSource: null, xzjgz: null, jgdj: 'D', yyfx: '原因', gjcs: '措施', unfin: true, dis: true, sljsz: '61', sldj: 'C',
    });
  });

  it('answers one point when asked for it, and no last cycle for the first task of an object', async () => {
    expect(brief((await repo.rows('rr-task-2026', 'rr-2026', 'rr-2026-p3')) as never)).toEqual([['FX-00003', null, null, '88', null, false, false, '80', 'A']]);
    expect(await repo.rows('rr-task-2026', 'rr-2026', 'rr-2025-p3')).toEqual([]);
    expect((await repo.rows('rr-task-2024', 'rr-2024')).map((r) => [r.code, r.jgz, r.sljsz, r.sldj])).toEqual([
      ['FX-00001', '10', null, null], ['FX-00002', null, null, null], ['FX-00003', '11', null, null], ['FX-00004', null, null, null],
    ]);
    expect(await repo.rows('rr-none', 'rr-2026')).toEqual([]);
    // a library that is not the task's gives nothing, not that library's points
    expect(await repo.rows('rr-task-2026', 'rr-2025')).toEqual([]);
  });

  it('reads the table in one round trip: the same rows, sources and indicators as read one by one, and the attachments in order', async () => {
    // two data sources of p3 (sorted by their order, not as put in) and one of p1; three files of the task, one of another
    await db.query(`INSERT INTO point_datasource (id, point_id, sjlx, jsgz, cjfs, xsfs, sort_order) VALUES
      ('rr-ds-3b', 'rr-2026-p3', 'percent', 'rr-3b', 'report', 'table', 2), ('rr-ds-3a', 'rr-2026-p3', 'float', 'rr-3a', 'algorithm', 'line', 1),
      ('rr-ds-1', 'rr-2026-p1', 'int', 'rr-1', 'report', 'pie', 1)`);
    await db.query(`INSERT INTO doc_file (id, storage_key, file_name, ext, size, sha256, mime) VALUES
      ('rr-f1', 'rr/f1', '佐证一.pdf', 'pdf', 1, repeat('a', 64), 'application/pdf'), ('rr-f2', 'rr/f2', '佐证二.png', 'png', 1, repeat('b', 64), 'image/png')`);
    await db.query(`INSERT INTO attachment (id, file_id, owner_type, owner_id, obj_task_id, stage, created_at) VALUES
      ('rr-a2', 'rr-f2', 'quality-point', 'rr-2026-p1', 'rr-task-2026', 'disqualified', now() - interval '1 minute'),
      ('rr-a1', 'rr-f1', 'quality-point', 'rr-2026-p3', 'rr-task-2026', 'disqualified', now() - interval '2 minutes'),
      ('rr-a3', 'rr-f1', 'quality-point', 'rr-2026-p3', 'rr-task-2026', 'unfinish', now()),
      ('rr-a4', 'rr-f1', 'quality-point', 'rr-2025-p3', 'rr-task-2025', 'disqualified', now())`);
    const all = await repo.table('rr-task-2026', 'rr-2026');
    expect(all.rows).toEqual(await repo.rows('rr-task-2026', 'rr-2026'));
    expect(all.rows.map((r) => r.code)).toEqual(['FX-00002', 'FX-00003', 'NEW-1', 'FX-00001']);
    expect(all.sources).toEqual(await repo.datasources('rr-2026'));
    expect(all.sources.filter((d) => d.jsgz?.startsWith('rr-')).map((d) => [d.pointId, d.jsgz])).toEqual([['rr-2026-p1', 'rr-1'], ['rr-2026-p3', 'rr-3a'], ['rr-2026-p3', 'rr-3b']]);
    expect(all.indicators).toEqual(await repo.indicators('rr-2026'));
    expect(all.indicators.length).toBeGreaterThan(0);
    expect(all.files).toEqual([
      { id: 'rr-a1', pointId: 'rr-2026-p3', fileId: 'rr-f1', fileName: '佐证一.pdf', fileType: 'pdf', stage: 'disqualified' },
      { id: 'rr-a2', pointId: 'rr-2026-p1', fileId: 'rr-f2', fileName: '佐证二.png', fileType: 'png', stage: 'disqualified' },
      { id: 'rr-a3', pointId: 'rr-2026-p3', fileId: 'rr-f1', fileName: '佐证一.pdf', fileType: 'pdf', stage: 'unfinish' },
    ]);
    // with a point (its id or its code), the rows as rows() reads them; the rest is the library's and the task's
    expect((await repo.table('rr-task-2026', 'rr-2026', 'rr-2026-p3')).rows).toEqual(await repo.rows('rr-task-2026', 'rr-2026', 'rr-2026-p3'));
    expect((await repo.table('rr-task-2026', 'rr-2026', 'NEW-1')).rows.map((r) => r.pointId)).toEqual(['rr-2026-p4']);
    expect(await repo.table('rr-none', 'rr-none')).toEqual({ rows: [], sources: [], indicators: [], files: [] });
    await db.query(`DELETE FROM attachment WHERE id LIKE 'rr-a%'`);
    await db.query(`DELETE FROM doc_file WHERE id LIKE 'rr-f%'`);
    await db.query(`DELETE FROM point_datasource WHERE id LIKE 'rr-ds-%'`);
  });

  it('saves grades for every point (creating rows) and the score under the task\'s lock, the same twice', async () => {
    const grades = [
      { pointId: 'rr-2026-p1', jgdj: 'A', unfin: false, dis: false },
      { pointId: 'rr-2026-p2', jgdj: 'C', unfin: true, dis: false },
      { pointId: 'rr-2026-p3', jgdj: null, unfin: false, dis: true },
      { pointId: 'rr-2026-p4', jgdj: 'D', unfin: true, dis: true },
    ];
    for (let run = 0; run < 2; run++) {
      await t.app.get(UnitOfWork).run(async (tx) => {
        expect(await repo.lockTask(tx, 'rr-task-2026')).toBe('draft');
        expect(await repo.lockTask(tx, 'rr-none')).toBeNull();
        // the rows read in the transaction
        expect(await repo.rows('rr-task-2026', 'rr-2026', undefined, tx)).toHaveLength(4);
        await repo.saveGrades(tx, 'rr-task-2026', grades, 72.5);
      });
      expect((await repo.rows('rr-task-2026', 'rr-2026')).map((r) => [r.pointId, r.jgdj, r.unfin, r.dis, r.jgz, r.xzjgz])).toEqual([
        ['rr-2026-p2', 'C', true, false, null, null],
        ['rr-2026-p3', null, false, true, null, '88'],
        ['rr-2026-p4', 'D', true, true, null, null],
        ['rr-2026-p1', 'A', false, false, '1', null],
      ]);
      expect(await db.query(`SELECT count(*)::int AS n FROM quality_result WHERE obj_task_id = 'rr-task-2026'`)).toEqual([{ n: 4 }]);
      expect(await repo.task('rr-task-2026')).toMatchObject({ id: 'rr-task-2026', libraryId: 'rr-2026', cycleValue: '2026', auditState: 'draft', score: 72.5 });
    }
  });

  it('saves an entry with the task\'s score from the rows as stored: saves of one task at once each count the others', async () => {
    const entry = (jgdj: string | null) => ({ xzmbz: null, jgz: '1', xzjgz: null, jgdj, yyfx: '原因', gjcs: '措施', unfin: false, dis: false });
    // rr-task-2027 holds p2 at A; four saves at once: A, D, A and one left ungraded
    const states = await Promise.all([
      repo.saveEntry('rr-task-2027', 'rr-2027-p1', entry('A'), 'u-owner'),
      repo.saveEntry('rr-task-2027', 'rr-2027-p2', entry('D'), 'u-owner'),
      repo.saveEntry('rr-task-2027', 'rr-2027-p3', entry('A'), 'u-owner'),
      repo.saveEntry('rr-task-2027', 'rr-2027-p4', entry(null), 'u-owner'),
    ]);
    expect(states).toEqual(['draft', 'draft', 'draft', 'draft']);
    expect((await repo.rows('rr-task-2027', 'rr-2027')).map((r) => [r.pointId, r.jgdj, r.yyfx])).toEqual([
      ['rr-2027-p1', 'A', '原因'], ['rr-2027-p2', 'D', '原因'], ['rr-2027-p3', 'A', '原因'], ['rr-2027-p4', null, '原因'],
    ]);
    // two of the three graded reach their target
    expect((await repo.task('rr-task-2027'))?.score).toBe(66.67);
  });

  it('writes no entry to a task submitted since the caller looked, and answers its state; null for a task that is gone', async () => {
    await db.query(`UPDATE obj_task SET audit_state = 'submitted' WHERE id = 'rr-task-2024'`);
    const before = await db.query(`SELECT point_id, jgz, jgdj FROM quality_result WHERE obj_task_id = 'rr-task-2024' ORDER BY point_id`);
    const entry = { xzmbz: null, jgz: '99', xzjgz: null, jgdj: 'A', yyfx: '原因', gjcs: '措施', unfin: false, dis: false };
    expect(await repo.saveEntry('rr-task-2024', 'rr-2024-p2', entry, 'u-owner')).toBe('submitted');
    expect(await db.query(`SELECT point_id, jgz, jgdj FROM quality_result WHERE obj_task_id = 'rr-task-2024' ORDER BY point_id`)).toEqual(before);
    expect((await repo.task('rr-task-2024'))?.score).toBeNull();
    expect(await repo.saveEntry('rr-none', 'rr-2024-p2', entry, 'u-owner')).toBeNull();
  });
});
