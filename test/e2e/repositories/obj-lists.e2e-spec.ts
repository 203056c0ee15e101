import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../../backend/src/infrastructure/database/unit-of-work.port.js';
import { ObjListsRepository, type LinkedTask } from '../../../backend/src/modules/diagnosis/application/ports/obj-lists-repository.port.js';
import { buildFamily, entriesOf, FAMILY_POINTS, removeFamilies, setEntries, snapshotTasks } from '../support/obj-lists-fixtures.js';
import { seed } from '../support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app.js';

describe('the up and down lists and their writes (ObjListsRepository on PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let repo: ObjListsRepository;
  let uow: UnitOfWork;
  let family: Awaited<ReturnType<typeof buildFamily>>;
  let other: Awaited<ReturnType<typeof buildFamily>>;
  const ids = (tasks: LinkedTask[]) => tasks.map((x) => x.id);

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    repo = t.app.get(ObjListsRepository);
    uow = t.app.get(UnitOfWork);
    family = await buildFamily(db, 'ro');
    // A second family of the same cycle: none of its tasks is related to the first's.
    other = await buildFamily(db, 'ro2');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    if (db) await removeFamilies(db, ['ro', 'ro2']);
    await t.close();
  });

  /** A task of no diagnosis object on the library (its id names none): the library relation alone. */
  const of = (libraryId: string, cycleValue: string) => ({ id: 'no-object-task', libraryId, cycleValue });

  it('finds the lower objects\' tasks on the live children of the library, of the same cycle only', async () => {
    const { lib, task } = family;
    const lower = await repo.lowerTasks(of(lib.parent, '2026'));
    // By library name, then object name: not the 2025 task, not the task of the child in the recycle bin, nothing of the other family.
    expect(ids(lower)).toEqual([task.d, task.a, task.b, task.c]);
    expect(lower[2]).toEqual({
      id: task.b, libraryId: lib.b, libraryName: 'ro子库B', rwmc: 'ro计算机网络2026年度质量诊断', objectName: 'ro计算机网络', cycleValue: '2026', auditState: 'refused',
    });
    expect(ids(await repo.lowerTasks(of(lib.parent, '2025')))).toEqual([task.old]);
    expect(await repo.lowerTasks(of(lib.a, '2026'))).toEqual([]);
    expect(ids(await repo.lowerTasks(of(other.lib.parent, '2026')))).toEqual([other.task.d, other.task.a, other.task.b, other.task.c]);
    // The same inside a transaction.
    expect(await uow.run((tx) => repo.lowerTasks(of(lib.parent, '2026'), tx))).toEqual(lower);
  });

  it('finds the upper object\'s task on the live parent of the library, of the same cycle only', async () => {
    const { lib, task } = family;
    expect(await repo.upperTasks(of(lib.a, '2026'))).toEqual([
      { id: task.up, libraryId: lib.parent, libraryName: 'ro上级库', rwmc: 'ro信息工程学院2026年度质量诊断', objectName: 'ro信息工程学院', cycleValue: '2026', auditState: 'draft' },
    ]);
    expect(ids(await repo.upperTasks(of(lib.c, '2026')))).toEqual([task.up]);
    expect(await repo.upperTasks(of(lib.a, '2025'))).toEqual([]);
    expect(await repo.upperTasks(of(lib.parent, '2026'))).toEqual([]);
    await db.query(`UPDATE target_library SET deleted_at = now() WHERE id = $1`, [lib.parent]);
    try {
      expect(await repo.upperTasks(of(lib.a, '2026'))).toEqual([]);
    } finally {
      await db.query(`UPDATE target_library SET deleted_at = NULL WHERE id = $1`, [lib.parent]);
    }
  });

  it('locks tasks and answers their states; answers each task\'s points with their entries and origins', async () => {
    const { lib, task } = family;
    await setEntries(db, task.a, lib.a, { rate: { jgz: '85', xzmbz: '90' }, own: { xzjgz: '7' } });
    const [states, points] = await uow.run(async (tx) => [await repo.lockTasks(tx, [task.c, task.a, 'ro-missing']), await repo.points(tx, [task.up, task.a])] as const);
    expect(states).toEqual(new Map([[task.a, 'draft'], [task.c, 'submitted']]));
    // Every point of each task's library (task a's has its own point too), tasks in id order, points in sort order.
    expect(points.map((p) => [p.taskId, p.pointId, p.originId])).toEqual([
      ...FAMILY_POINTS.map(([key]) => [task.a, `${lib.a}-${key}`, `${lib.parent}-${key}`]),
      [task.a, `${lib.a}-own`, null],
      ...FAMILY_POINTS.map(([key]) => [task.up, `${lib.parent}-${key}`, null]),
    ]);
    expect(points[0]).toEqual({ taskId: task.a, pointId: `${lib.a}-rate`, originId: `${lib.parent}-rate`, zlx: 'percent', mbz: '1', bzz: '1', calRule: null, xzmbz: '90', jgz: '85', xzjgz: null });
    expect(points.find((p) => p.pointId === `${lib.a}-own`)).toMatchObject({ xzjgz: '7', jgz: null });
    expect(points.filter((p) => p.taskId === task.up).every((p) => p.xzmbz === null && p.jgz === null && p.xzjgz === null)).toBe(true);
  });

  it('writes one value column, creating rows on first write, the same twice; grades and score; nothing when the work fails', async () => {
    const { lib, task } = family;
    const values = [{ pointId: `${lib.b}-rate`, value: '80' }, { pointId: `${lib.b}-count`, value: '10' }];
    for (let run = 0; run < 2; run++) {
      await uow.run((tx) => repo.writeValues(tx, task.b, 'xzmbz', values, 'u-owner'));
      expect(await entriesOf(db, task.b)).toEqual({
        rate: { xzmbz: '80', jgz: null, xzjgz: null, jgdj: null },
        count: { xzmbz: '10', jgz: null, xzjgz: null, jgdj: null },
      });
    }
    await uow.run((tx) => repo.writeValues(tx, task.b, 'jgz', [{ pointId: `${lib.b}-rate`, value: '77' }], 'u-auditor'));
    expect((await entriesOf(db, task.b)).rate).toEqual({ xzmbz: '80', jgz: '77', xzjgz: null, jgdj: null });
    expect(await db.query(`SELECT updated_by FROM quality_result WHERE obj_task_id = $1 ORDER BY point_id`, [task.b])).toEqual([{ updated_by: 'u-owner' }, { updated_by: 'u-auditor' }]);

    await uow.run((tx) => repo.saveGrades(tx, task.b, [{ pointId: `${lib.b}-rate`, jgdj: 'B', unfin: false, dis: false }, { pointId: `${lib.b}-has`, jgdj: 'N', unfin: true, dis: true }], 61.5));
    expect(await db.query(`SELECT point_id, jgdj, unfin, dis FROM quality_result WHERE obj_task_id = $1 AND jgdj IS NOT NULL ORDER BY point_id`, [task.b])).toEqual([
      { point_id: `${lib.b}-has`, jgdj: 'N', unfin: true, dis: true },
      { point_id: `${lib.b}-rate`, jgdj: 'B', unfin: false, dis: false },
    ]);
    expect(await db.query(`SELECT score::float8 AS score FROM obj_task WHERE id = $1`, [task.b])).toEqual([{ score: 61.5 }]);

    // The unit of work is one transaction: a failure after the writes leaves none of them.
    const before = await snapshotTasks(db, [task.b, task.c]);
    const failed = uow.run(async (tx) => {
      await repo.writeValues(tx, task.c, 'jgz', [{ pointId: `${lib.c}-rate`, value: '1' }], 'u-owner');
      await repo.saveGrades(tx, task.b, [{ pointId: `${lib.b}-rate`, jgdj: 'D', unfin: true, dis: true }], 0);
      throw new Error('stop');
    });
    await expect(failed).rejects.toThrow('stop');
    expect(await snapshotTasks(db, [task.b, task.c])).toBe(before);
  });
});
