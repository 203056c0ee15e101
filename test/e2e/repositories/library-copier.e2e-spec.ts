import { DataSource } from 'typeorm';
import { LibraryCopier, type CopyRequest } from '../../../backend/src/modules/target-standards/application/ports/library-copier.port.js';
import { buildLibrary, checksumOfLibrary, contentsOf, rowsOf, snapshotOutside } from '../support/library-fixtures.js';
import { seed } from '../support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from '../support/test-app.js';

describe('the library copier (LibraryCopier on PostgreSQL)', () => {
  let t: TestApp;
  let db: DataSource;
  let copier: LibraryCopier;
  const request = (libraryId: string, over: Partial<CopyRequest> = {}): CopyRequest => ({ sourceId: 'rc-src', libraryId, name: '复制的库', cycleValue: '2027', creatorId: 'u-leader', ...over });
  /**
   * Rows of the copy that do not map to their source row: an indicator must sit under the copy of its source's
   * parent, a point on the copy of its source's indicator (or none), with the source's code. 0 and 0 when right.
   */
  const mismatches = async (copyId: string, sourceId = 'rc-src') => {
    const [row] = await db.query(
      `SELECT (SELECT count(*) FROM indicator c JOIN indicator s ON s.id = c.origin_id LEFT JOIN indicator cp ON cp.id = c.parent_id
               WHERE c.library_id = $1 AND NOT (s.library_id = $2 AND c.level = s.level
                 AND ((c.parent_id IS NULL AND s.parent_id IS NULL) OR (cp.library_id = $1 AND cp.origin_id = s.parent_id)))
             )::int AS indicators,
              (SELECT count(*) FROM quality_point c LEFT JOIN quality_point s ON s.id = c.origin_id LEFT JOIN indicator ci ON ci.id = c.indicator_id
               WHERE c.library_id = $1 AND NOT (s.library_id = $2 AND s.code = c.code
                 AND ((c.indicator_id IS NULL AND s.indicator_id IS NULL) OR (ci.library_id = $1 AND ci.origin_id = s.indicator_id)))
             )::int AS points`,
      [copyId, sourceId],
    );
    return row as { indicators: number; points: number };
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    copier = t.app.get(LibraryCopier);
    // 14 indicators (2 × 2 × 2), 10 points on them and one on none, 13 data sources, 3 grants; a child of another library.
    await buildLibrary(db, 'rc-parent', { tree: [0, 0, 0], points: 0 });
    await buildLibrary(db, 'rc-src', { tree: [2, 2, 2], points: 10 }, { name: '源库', level: 'teacher', cycle: '2025', treeLevel: 4, parentId: 'rc-parent' });
    await db.query(`INSERT INTO quality_point (id, library_id, code, zkdmc, zlx, sort_order) VALUES ('rc-src-loose', 'rc-src', 'LOOSE-1', '不在指标下', 'text', 11)`);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('copies the library whole in one go: tree, points, data sources and grants, each row mapped to its source', async () => {
    const before = await snapshotOutside(db, ['rc-copy']);
    expect(await copier.copy(request('rc-copy'), 1)).toEqual({ state: 'copied', indicators: 14, points: 11, datasources: 13, authorities: 3 });
    expect(await db.query(`SELECT name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, parent_id, creator_id, deleted_at FROM target_library WHERE id = 'rc-copy'`)).toEqual([
      { name: '复制的库', cycle_type_id: 'c-year', cycle_value: '2027', target_level_id: 'teacher', dimension_id: 'dim-zlsc', tree_level: 4, parent_id: null, creator_id: 'u-leader', deleted_at: null },
    ]);
    expect(await contentsOf(db, 'rc-copy')).toEqual(await contentsOf(db, 'rc-src'));
    expect(await mismatches('rc-copy')).toEqual({ indicators: 0, points: 0 });
    expect(await db.query(`SELECT count(*)::int AS n FROM indicator WHERE library_id = 'rc-copy' AND origin_id IS NULL`)).toEqual([{ n: 0 }]);
    // Nothing else changed, the source included.
    expect(await snapshotOutside(db, ['rc-copy'])).toEqual(before);
  });

  it('answers exists for a copy already made, and adds nothing', async () => {
    const before = await checksumOfLibrary(db, 'rc-copy');
    expect(await copier.copy(request('rc-copy', { name: '又一次' }), 2)).toEqual({ state: 'exists' });
    expect(await checksumOfLibrary(db, 'rc-copy')).toBe(before);
  });

  it('makes a second copy of the same source with ids of its own, in the source\'s cycle when none is given', async () => {
    expect(await copier.copy(request('rc-copy-2', { cycleValue: null }), 1)).toMatchObject({ state: 'copied', points: 11 });
    expect(await db.query(`SELECT cycle_value FROM target_library WHERE id = 'rc-copy-2'`)).toEqual([{ cycle_value: '2025' }]);
    expect(await contentsOf(db, 'rc-copy-2')).toEqual(await contentsOf(db, 'rc-src'));
    expect(await mismatches('rc-copy-2')).toEqual({ indicators: 0, points: 0 });
    expect(await rowsOf(db, 'rc-copy')).toEqual({ library: 1, indicators: 14, points: 11, datasources: 13, authorities: 3 });
  });

  it('refuses a source in the recycle bin or gone, and leaves nothing', async () => {
    await db.query(`UPDATE target_library SET deleted_at = now() WHERE id = 'rc-src'`);
    try {
      expect(await copier.copy(request('rc-copy-deleted'), 1)).toEqual({ state: 'refused', reason: '要复制的目标标准不存在或已删除' });
    } finally {
      await db.query(`UPDATE target_library SET deleted_at = NULL WHERE id = 'rc-src'`);
    }
    expect(await copier.copy(request('rc-copy-none', { sourceId: 'rc-nothing' }), 1)).toEqual({ state: 'refused', reason: '要复制的目标标准不存在或已删除' });
    for (const id of ['rc-copy-deleted', 'rc-copy-none']) expect(await rowsOf(db, id)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
  });
});
