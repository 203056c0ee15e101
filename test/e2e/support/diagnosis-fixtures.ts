import type { DataSource } from 'typeorm';
import { buildLibrary } from './library-fixtures.js';

/** The points of each library buildObjectYears makes, and how many of them this cycle's task has a result for. */
export const YEAR_POINTS = 12;
export const CURRENT_RESULTS = 8;

export interface ObjectYears {
  libraries: { prev: string; current: string };
  tasks: { prev: string; current: string };
}

/**
 * One diagnosed object with a task in each of two cycles, each on its own library of the same shape (YEAR_POINTS
 * points on a [2, 2, 2] tree, coded FX-00001 …, point n on leaf (n - 1) mod 8). Last cycle's task is passed with a
 * result and grade on every point; this cycle's is a draft with results on the points whose number is not a multiple
 * of 3. The first level-1 indicator is 人才培养 > 培养质量 > 就业质量 and the second 教学条件, so the table shows the
 * spec's category renames (计分卡, 资源表). buildLibrary's grants apply: leaders and experts read, 张伟 writes.
 */
export async function buildObjectYears(
  db: DataSource,
  prefix: string,
  object: { name: string; level?: string; owner: string; auditor: string; department: string },
  cycles: [string, string] = ['2025', '2026'],
): Promise<ObjectYears> {
  const level = object.level ?? 'school';
  const libraries = { prev: `${prefix}-lib-${cycles[0]}`, current: `${prefix}-lib-${cycles[1]}` };
  const tasks = { prev: `${prefix}-${cycles[0]}`, current: `${prefix}-${cycles[1]}` };
  for (const [i, lib] of [libraries.prev, libraries.current].entries()) {
    await buildLibrary(db, lib, { tree: [2, 2, 2], points: YEAR_POINTS }, { name: `${cycles[i]}年${prefix}目标标准`, level, cycle: cycles[i] });
    await db.query(
      `UPDATE indicator SET name = CASE id WHEN $1 || '-a1' THEN '人才培养' WHEN $1 || '-a1-b1' THEN '培养质量' WHEN $1 || '-a1-b1-c1' THEN '就业质量' ELSE '教学条件' END
       WHERE id IN ($1 || '-a1', $1 || '-a1-b1', $1 || '-a1-b1-c1', $1 || '-a2')`,
      [lib],
    );
  }
  for (const [i, task] of [tasks.prev, tasks.current].entries()) {
    await addTask(db, task, i === 0 ? libraries.prev : libraries.current, { ...object, objectType: level, objectCode: prefix, cycle: cycles[i], state: i === 0 ? 'passed' : 'draft' });
  }
  await db.query(
    `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj)
     SELECT $1, id, (60 + sort_order)::text, CASE WHEN sort_order % 2 = 0 THEN 'A' ELSE 'C' END FROM quality_point WHERE library_id = $2`,
    [tasks.prev, libraries.prev],
  );
  await db.query(
    `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj)
     SELECT $1, id, (70 + sort_order)::text, 'B' FROM quality_point WHERE library_id = $2 AND sort_order % 3 <> 0`,
    [tasks.current, libraries.current],
  );
  return { libraries, tasks };
}

/** One object's task on a library, named as the demo names them (<object><cycle>年度质量诊断). */
export async function addTask(
  db: DataSource,
  id: string,
  libraryId: string,
  t: { objectType: string; objectCode: string; name: string; cycle: string; state?: string; owner?: string; auditor?: string; department?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [id, libraryId, `${t.name}${t.cycle}年度质量诊断`, t.objectType, t.objectCode, t.name, t.cycle, t.department ?? 'd-xxgc', t.owner ?? 'u-owner', t.auditor ?? 'u-auditor', t.state ?? 'draft'],
  );
}
