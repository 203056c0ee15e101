import type { DataSource } from 'typeorm';
import { buildLibrary, type LibraryShape } from './library-fixtures.js';

/** A library of a level and cycle (年度 c-year, 学期 c-term) without the fixture's grants: only the task relations reach its tasks. */
export async function launchLibrary(db: DataSource, id: string, level: string, cycle: string, shape: LibraryShape, over: { parentId?: string } = {}): Promise<void> {
  await buildLibrary(db, id, shape, { level, cycle, name: `下发测试${id}`, parentId: over.parentId ?? null });
  if (cycle.split('-').length === 3) await db.query(`UPDATE target_library SET cycle_type_id = 'c-term' WHERE id = $1`, [id]);
  await db.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = $1`, [id]);
  // a child library's points come from its parent's (as a sync leaves them): same code, origin the parent's point
  if (over.parentId) {
    await db.query(
      `UPDATE quality_point c SET origin_id = p.id FROM quality_point p WHERE c.library_id = $1 AND p.library_id = $2 AND p.code = c.code`,
      [id, over.parentId],
    );
  }
}

/** A person who logs in with Demo2026 (陈静's password hash), of a kind and department. */
export async function launchPerson(db: DataSource, id: string, name: string, kind: 'staff' | 'teacher' | 'student', orgId: string | null): Promise<void> {
  await db.query(
    `INSERT INTO app_user (id, account, name, password_hash, org_id, person_kind)
     SELECT $1, $1, $2, password_hash, $3, $4 FROM app_user WHERE id = 'u-owner' ON CONFLICT (id) DO NOTHING`,
    [id, name, orgId, kind],
  );
}

export interface ObjectRow {
  id: string;
  level: 'school' | 'major' | 'course' | 'teacher' | 'student';
  code: string;
  name: string;
  departmentId?: string | null;
  responsibleId?: string | null;
  upperId?: string | null;
  userId?: string | null;
  retired?: boolean;
}

/** Diagnosis objects written directly (the objects module manages them; these tests only need rows). */
export async function launchObjects(db: DataSource, rows: ObjectRow[]): Promise<void> {
  for (const o of rows) {
    await db.query(
      `INSERT INTO diagnosis_object (id, level, code, name, department_id, responsible_id, upper_id, user_id, retired_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)`,
      [o.id, o.level, o.code, o.name, o.departmentId ?? null, o.responsibleId ?? null, o.upperId ?? null, o.userId ?? null, o.retired ?? false],
    );
  }
}
