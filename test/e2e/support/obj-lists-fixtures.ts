import type { DataSource } from 'typeorm';

/** The parent library's points: [key, type, target (mbz)]. The text point has no target, so nothing is pushed from it. */
export const FAMILY_POINTS = [
  ['rate', 'percent', '80'],
  ['count', 'integer', '10'],
  ['has', 'have', '1'],
  ['is', 'whether', '1'],
  ['note', 'text', null],
  ['avg', 'float', '3.5'],
] as const;

export type PointKey = (typeof FAMILY_POINTS)[number][0];

/**
 * A parent library and its children with one task each of the same cycle, as sync leaves them (a child's point
 * carries origin_id = the parent's point), and tasks that must never be touched:
 * - up: the upper object's task on the parent (owner 陈静, department 信息工程学院, draft);
 * - a (child A, draft), b (child B, refused), c (child C, submitted), d (child A, passed): the lower objects;
 * - old (child A, cycle 2025), gone (a child in the recycle bin): not in the lists.
 * Every child also has a point of its own (no origin). The parent library is read by the expert role.
 */
export async function buildFamily(db: DataSource, prefix: string) {
  const lib = { parent: `${prefix}-lib`, a: `${prefix}-lib-a`, b: `${prefix}-lib-b`, c: `${prefix}-lib-c`, gone: `${prefix}-lib-gone` };
  const task = { up: `${prefix}-up`, a: `${prefix}-a`, b: `${prefix}-b`, c: `${prefix}-c`, d: `${prefix}-d`, old: `${prefix}-old`, gone: `${prefix}-gone` };
  await db.transaction(async (m) => {
    const addLibrary = (id: string, name: string, parentId: string | null, deleted = false) =>
      m.query(
        `INSERT INTO target_library (id, name, cycle_value, target_level_id, parent_id, creator_id, deleted_at) VALUES ($1, $2, '2026', $3, $4, 'u-publisher', $5)`,
        [id, name, parentId ? 'course' : 'major', parentId, deleted ? new Date() : null],
      );
    await addLibrary(lib.parent, `${prefix}上级库`, null);
    for (const [child, name] of [[lib.a, '子库A'], [lib.b, '子库B'], [lib.c, '子库C'], [lib.gone, '回收站子库']] as const) {
      await addLibrary(child, `${prefix}${name}`, lib.parent, child === lib.gone);
    }
    for (const [i, [key, zlx, mbz]] of FAMILY_POINTS.entries()) {
      await m.query(
        `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, fsjzxz, sort_order) VALUES ($1, $2, $3, $4, $5, $5, $6, 1, $7)`,
        [`${lib.parent}-${key}`, lib.parent, `OL-${i + 1}`, `质控点${key}`, mbz, zlx, i],
      );
      for (const child of [lib.a, lib.b, lib.c, lib.gone]) {
        // Children's own targets differ from the parent's, so a push shows.
        const childMbz = mbz === null ? null : zlx === 'have' || zlx === 'whether' ? '0' : '1';
        await m.query(
          `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, fsjzxz, sort_order, origin_id) VALUES ($1, $2, $3, $4, $5, $5, $6, 1, $7, $8)`,
          [`${child}-${key}`, child, `OL-${i + 1}`, `质控点${key}`, childMbz, zlx, i, `${lib.parent}-${key}`],
        );
      }
    }
    for (const child of [lib.a, lib.b, lib.c, lib.gone]) {
      await m.query(
        `INSERT INTO quality_point (id, library_id, code, zkdmc, mbz, zlx, sort_order) VALUES ($1, $2, 'OWN-1', '子库自己的质控点', '5', 'percent', 99)`,
        [`${child}-own`, child],
      );
    }
    const addTask = (id: string, library: string, name: string, state: string, cycle = '2026') =>
      m.query(
        `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state)
         VALUES ($1, $2, $3, 'major', $1, $4, $5, 'd-xxgc', 'u-owner', 'u-auditor', $6)`,
        [id, library, `${name}${cycle}年度质量诊断`, name, cycle, state],
      );
    await addTask(task.up, lib.parent, `${prefix}信息工程学院`, 'draft');
    await addTask(task.a, lib.a, `${prefix}软件技术`, 'draft');
    await addTask(task.b, lib.b, `${prefix}计算机网络`, 'refused');
    await addTask(task.c, lib.c, `${prefix}大数据技术`, 'submitted');
    await addTask(task.d, lib.a, `${prefix}物联网技术`, 'passed');
    await addTask(task.old, lib.a, `${prefix}软件技术`, 'draft', '2025');
    await addTask(task.gone, lib.gone, `${prefix}已撤销专业`, 'draft');
    await m.query(`INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES ('target-library', $1, 'role', 'r-expert', 'read')`, [lib.parent]);
  });
  return { lib, task };
}

/** Sets a task's entries: for each point key, its columns (jgz, xzjgz, xzmbz). */
export async function setEntries(db: DataSource, taskId: string, libraryId: string, entries: Partial<Record<PointKey | 'own', { jgz?: string | null; xzjgz?: string | null; xzmbz?: string | null }>>): Promise<void> {
  for (const [key, e] of Object.entries(entries)) {
    await db.query(
      `INSERT INTO quality_result (obj_task_id, point_id, jgz, xzjgz, xzmbz) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (obj_task_id, point_id) DO UPDATE SET jgz = EXCLUDED.jgz, xzjgz = EXCLUDED.xzjgz, xzmbz = EXCLUDED.xzmbz`,
      [taskId, `${libraryId}-${key}`, e?.jgz ?? null, e?.xzjgz ?? null, e?.xzmbz ?? null],
    );
  }
}

/** A task's entries by point key (the part of the point id after the library id). */
export async function entriesOf(db: DataSource, taskId: string): Promise<Record<string, { xzmbz: string | null; jgz: string | null; xzjgz: string | null; jgdj: string | null }>> {
  const rows: Array<{ key: string; xzmbz: string | null; jgz: string | null; xzjgz: string | null; jgdj: string | null }> = await db.query(
    `SELECT substr(r.point_id, length(t.library_id) + 2) AS key, r.xzmbz, r.jgz, r.xzjgz, r.jgdj
     FROM quality_result r JOIN obj_task t ON t.id = r.obj_task_id WHERE r.obj_task_id = $1`,
    [taskId],
  );
  return Object.fromEntries(rows.map(({ key, ...rest }) => [key, rest]));
}

/** A hash of the tasks' rows and their entries: equal before and after means nothing of them changed. */
export async function snapshotTasks(db: DataSource, taskIds: string[]): Promise<string> {
  const [row] = await db.query(
    `SELECT coalesce(md5(string_agg(x, '' ORDER BY x)), '') AS sum FROM (
       SELECT to_jsonb(t)::text AS x FROM obj_task t WHERE t.id = ANY($1::varchar[])
       UNION ALL SELECT to_jsonb(r)::text FROM quality_result r WHERE r.obj_task_id = ANY($1::varchar[])
     ) s`,
    [taskIds],
  );
  return row.sum;
}

/**
 * Removes what buildFamily made (tasks, entries and points go with their libraries): the suites of a run share one
 * database, and a suite that lists every task or library should not find them.
 */
export async function removeFamilies(db: DataSource, prefixes: string[]): Promise<void> {
  if (prefixes.length === 0) return;
  const libraries = prefixes.flatMap((p) => [`${p}-lib`, `${p}-lib-a`, `${p}-lib-b`, `${p}-lib-c`, `${p}-lib-gone`]);
  await db.transaction(async (m) => {
    await m.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = ANY($1::varchar[])`, [libraries]);
    await m.query(`DELETE FROM target_library WHERE id = ANY($1::varchar[])`, [libraries]);
  });
}
