import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { PersonObjects } from '../../org/application/ports/person-objects.port.js';
import type { PersonObjectState } from '../../org/domain/people-import.js';

const BATCH = 2_000;

/**
 * The diagnosis objects of teachers and students, as the people import (org) writes them: the PostgreSQL adapter of
 * org's PersonObjects port, bound by the app (OrgModule.withPersonObjects). One statement per kind of write.
 */
@Injectable()
export class PersonObjectsPgWriter extends PersonObjects {
  constructor(private readonly db: DataSource) {
    super();
  }

  async activeMajors(codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await query<{ id: string; code: string }>(this.db,
      `SELECT id, code FROM diagnosis_object WHERE level = 'major' AND retired_at IS NULL AND code = ANY($1::varchar[])`,
      [codes],
    );
    return new Map(rows.map((r) => [r.code, r.id]));
  }

  async ofPeople(userIds: string[]): Promise<Map<string, PersonObjectState>> {
    if (userIds.length === 0) return new Map();
    const rows = await query<{ user_id: string; level: 'teacher' | 'student'; code: string; name: string; department_id: string | null; upper_id: string | null; class_name: string | null; grade: string | null; retired: boolean }>(
      this.db,
      `SELECT user_id, level, code, name, department_id, upper_id, class_name, grade, retired_at IS NOT NULL AS retired
       FROM diagnosis_object WHERE user_id = ANY($1::varchar[])`,
      [userIds],
    );
    return new Map(
      rows.map((r) => [r.user_id, { level: r.level, code: r.code, name: r.name, departmentId: r.department_id, upperId: r.upper_id, className: r.class_name, grade: r.grade, retired: r.retired }]),
    );
  }

  async clashes(objects: Array<{ userId: string; level: string; code: string }>): Promise<Array<{ userId: string; level: string; code: string }>> {
    if (objects.length === 0) return [];
    return query<{ userId: string; level: string; code: string }>(this.db,
      `SELECT v.user_id AS "userId", v.level, v.code
       FROM unnest($1::varchar[], $2::varchar[], $3::varchar[]) AS v(user_id, level, code)
       JOIN diagnosis_object o ON o.level = v.level AND o.code = v.code AND o.user_id IS DISTINCT FROM v.user_id`,
      [objects.map((o) => o.userId), objects.map((o) => o.level), objects.map((o) => o.code)],
    );
  }

  async syncPerson(tx: Transaction, p: { userId: string; account: string; name: string; orgId: string | null; kind: 'staff' | 'teacher' | 'student' }): Promise<void> {
    const m = managerOf(tx);
    if (p.kind === 'staff') {
      await m.query(`UPDATE diagnosis_object SET retired_at = now(), updated_at = now() WHERE user_id = $1 AND retired_at IS NULL`, [p.userId]);
      return;
    }
    await m.query(
      `INSERT INTO diagnosis_object AS o (level, code, name, department_id, user_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, name = EXCLUDED.name, department_id = EXCLUDED.department_id, retired_at = NULL, updated_at = now(),
         upper_id = CASE WHEN o.level = EXCLUDED.level THEN o.upper_id END,
         class_name = CASE WHEN o.level = EXCLUDED.level THEN o.class_name END,
         grade = CASE WHEN o.level = EXCLUDED.level THEN o.grade END
       WHERE (o.level, o.name, o.department_id, o.retired_at IS NULL) IS DISTINCT FROM (EXCLUDED.level, EXCLUDED.name, EXCLUDED.department_id, true)`,
      [p.kind, p.account, p.name, p.orgId, p.userId],
    );
  }

  async write(tx: Transaction, objects: Array<PersonObjectState & { userId: string }>, retireUserIds: string[]): Promise<void> {
    const m = managerOf(tx);
    // BATCH rows a statement: each serialised in a few milliseconds, the event loop stays free
    for (let i = 0; i < objects.length; i += BATCH) {
      const batch = objects.slice(i, i + BATCH);
      await m.query(
        `INSERT INTO diagnosis_object (level, code, name, department_id, upper_id, user_id, class_name, grade)
         SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[])
         ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, code = EXCLUDED.code, name = EXCLUDED.name, department_id = EXCLUDED.department_id,
           upper_id = EXCLUDED.upper_id, class_name = EXCLUDED.class_name, grade = EXCLUDED.grade, retired_at = NULL, updated_at = now()`,
        [
          batch.map((o) => o.level),
          batch.map((o) => o.code),
          batch.map((o) => o.name),
          batch.map((o) => o.departmentId),
          batch.map((o) => o.upperId),
          batch.map((o) => o.userId),
          batch.map((o) => o.className),
          batch.map((o) => o.grade),
        ],
      );
    }
    if (retireUserIds.length > 0) {
      await m.query(`UPDATE diagnosis_object SET retired_at = now(), updated_at = now() WHERE user_id = ANY($1::varchar[]) AND retired_at IS NULL`, [retireUserIds]);
    }
  }
}
