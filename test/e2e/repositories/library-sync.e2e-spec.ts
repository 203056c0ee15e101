import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LibrarySyncRepository } from '../../../backend/src/modules/target-standards/application/ports/library-sync-repository.port.js';
import { planSync } from '../../../backend/src/modules/target-standards/domain/library-sync-plan.js';
import { buildLibrary, checksumOfLibrary, contentsOf } from '../support/library-fixtures.js';
import { seed } from '../support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app.js';

const NOTHING = { addedIndicators: 0, renamedIndicators: 0, addedPoints: 0, updatedPoints: 0, skipped: 0 };

describe('library sync (LibrarySyncRepository on PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let repo: LibrarySyncRepository;
  const sync = (childId: string, parentId = 'rs-parent') => repo.syncChild(parentId, childId, (parent, child) => planSync(parent, child, randomUUID));
  /**
   * Rows of the child that do not map to their origin in the parent: an indicator must sit under the counterpart of
   * its origin's parent (inherited, or the child's own of the same name) at the same level, a point on the counterpart
   * of its origin's indicator with the origin's code. 0 and 0 when the mapping is right.
   */
  const mismatches = async (childId: string) => {
    const [row] = await db.query(
      `SELECT (SELECT count(*) FROM indicator c JOIN indicator o ON o.id = c.origin_id
               LEFT JOIN indicator cp ON cp.id = c.parent_id LEFT JOIN indicator op ON op.id = o.parent_id
               WHERE c.library_id = $1 AND NOT (o.library_id = $2 AND c.level = o.level AND (
                 (c.parent_id IS NULL AND o.parent_id IS NULL)
                 OR (cp.library_id = $1 AND (cp.origin_id = op.id OR (cp.origin_id IS NULL AND cp.name = op.name)))))
             )::int AS indicators,
              (SELECT count(*) FROM quality_point c JOIN quality_point o ON o.id = c.origin_id LEFT JOIN indicator ci ON ci.id = c.indicator_id
               WHERE c.library_id = $1 AND NOT (o.library_id = $2 AND o.code = c.code AND ci.library_id = $1 AND ci.origin_id = o.indicator_id)
             )::int AS points`,
      [childId, 'rs-parent'],
    );
    return row as { indicators: number; points: number };
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    repo = t.app.get(LibrarySyncRepository);
    // The parent: 7 indicators (1 × 2 × 2), 6 points, 8 data sources (a second on every third point).
    await buildLibrary(db, 'rs-parent', { tree: [1, 2, 2], points: 6 }, { level: 'major' });
    const child = (id: string, treeLevel = 3) => buildLibrary(db, id, { tree: [0, 0, 0], points: 0 }, { level: 'course', parentId: 'rs-parent', treeLevel });
    await child('rs-child');
    await child('rs-own');
    await child('rs-shallow', 2);
    await child('rs-gone');
    await db.query(`UPDATE target_library SET deleted_at = now() WHERE id = 'rs-gone'`);
    await buildLibrary(db, 'rs-stranger', { tree: [0, 0, 0], points: 0 }, { level: 'course' });
    // rs-own already has an indicator named like the parent's first, and a point of its own with the parent's second code.
    await db.query(`INSERT INTO indicator (id, library_id, name, level, sort_order) VALUES ('rs-own-i1', 'rs-own', '一级指标1', 1, 1)`);
    await db.query(`INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, zlx, sort_order) VALUES ('rs-own-p', 'rs-own', 'rs-own-i1', 'FX-00002', '子库自己的', 'text', 1)`);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('adds the parent\'s tree and points to an empty child, each pointing back at its origin; a second run changes nothing', async () => {
    expect(await sync('rs-child')).toEqual({ ...NOTHING, addedIndicators: 7, addedPoints: 6 });
    const parent = await contentsOf(db, 'rs-parent');
    expect(await contentsOf(db, 'rs-child')).toMatchObject({ indicators: parent.indicators, points: parent.points });
    expect(await mismatches('rs-child')).toEqual({ indicators: 0, points: 0 });
    expect(await db.query(`SELECT count(*)::int AS n FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = 'rs-child'`)).toEqual([{ n: 8 }]);

    const before = await checksumOfLibrary(db, 'rs-child');
    expect(await sync('rs-child')).toEqual(NOTHING);
    expect(await checksumOfLibrary(db, 'rs-child')).toBe(before);
  });

  it('uses the child\'s own indicator of the same name and keeps its own point of the same code', async () => {
    const own = await db.query(`SELECT * FROM quality_point WHERE id = 'rs-own-p'`);
    expect(await sync('rs-own')).toEqual({ ...NOTHING, addedIndicators: 6, addedPoints: 5, skipped: 1 });
    expect(await db.query(`SELECT id, origin_id FROM indicator WHERE library_id = 'rs-own' AND level = 1`)).toEqual([{ id: 'rs-own-i1', origin_id: null }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM indicator WHERE library_id = 'rs-own' AND parent_id = 'rs-own-i1'`)).toEqual([{ n: 2 }]);
    expect(await db.query(`SELECT * FROM quality_point WHERE id = 'rs-own-p'`)).toEqual(own);
    expect(await db.query(`SELECT code FROM quality_point WHERE library_id = 'rs-own' ORDER BY code`)).toEqual(
      ['FX-00001', 'FX-00002', 'FX-00003', 'FX-00004', 'FX-00005', 'FX-00006'].map((code) => ({ code })),
    );
    expect(await mismatches('rs-own')).toEqual({ indicators: 0, points: 0 });
  });

  it('skips what would go deeper than the child\'s tree level, with the points under it', async () => {
    expect(await sync('rs-shallow')).toEqual({ ...NOTHING, addedIndicators: 3, skipped: 4 + 6 });
    expect(await db.query(`SELECT level, count(*)::int AS n FROM indicator WHERE library_id = 'rs-shallow' GROUP BY level ORDER BY level`)).toEqual([{ level: 1, n: 1 }, { level: 2, n: 2 }]);
  });

  it('brings inherited rows up to date after the parent or the child changed them, then rests', async () => {
    await db.query(`UPDATE indicator SET name = '二级指标（改）' WHERE id = 'rs-parent-a1-b1'`);
    await db.query(`UPDATE quality_point SET mbz = '99' WHERE id = 'rs-parent-p1'`);
    await db.query(`DELETE FROM point_datasource WHERE point_id = 'rs-parent-p3'`);
    await db.query(
      `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, zlx, sort_order) VALUES ('rs-parent-p7', 'rs-parent', 'rs-parent-a1-b2-c1', 'FX-00007', '新增', 'integer', 7)`,
    );
    await db.query(`UPDATE quality_point SET zkdmc = '子库改过' WHERE library_id = 'rs-child' AND origin_id = 'rs-parent-p5'`);
    const [{ updated_at: touched }] = await db.query(`SELECT updated_at FROM target_library WHERE id = 'rs-child'`);

    expect(await sync('rs-child')).toEqual({ ...NOTHING, renamedIndicators: 1, addedPoints: 1, updatedPoints: 3 });
    const parent = await contentsOf(db, 'rs-parent');
    expect(await contentsOf(db, 'rs-child')).toMatchObject({ indicators: parent.indicators, points: parent.points });
    expect(await mismatches('rs-child')).toEqual({ indicators: 0, points: 0 });
    const [{ updated_at: now }] = await db.query(`SELECT updated_at FROM target_library WHERE id = 'rs-child'`);
    expect(now.getTime()).toBeGreaterThan(touched.getTime());

    const before = await checksumOfLibrary(db, 'rs-child');
    expect(await sync('rs-child')).toEqual(NOTHING);
    expect(await checksumOfLibrary(db, 'rs-child')).toBe(before);
  });

  it('answers null and writes nothing for a child in the recycle bin, a library that is not a child, or a deleted parent', async () => {
    const libraries = ['rs-gone', 'rs-stranger', 'rs-child'];
    const before = await Promise.all(libraries.map((id) => checksumOfLibrary(db, id)));
    expect(await sync('rs-gone')).toBeNull();
    expect(await sync('rs-stranger')).toBeNull();
    expect(await sync('rs-child', 'rs-stranger')).toBeNull();
    await db.query(`UPDATE quality_point SET mbz = '1' WHERE id = 'rs-parent-p2'`);
    await db.query(`UPDATE target_library SET deleted_at = now() WHERE id = 'rs-parent'`);
    try {
      expect(await sync('rs-child')).toBeNull();
    } finally {
      await db.query(`UPDATE target_library SET deleted_at = NULL WHERE id = 'rs-parent'`);
    }
    expect(await Promise.all(libraries.map((id) => checksumOfLibrary(db, id)))).toEqual(before);
  });
});
