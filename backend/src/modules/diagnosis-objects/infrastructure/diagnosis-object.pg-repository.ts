import { Injectable } from '@nestjs/common';
import type { ObjectImportLevel, ObjectLevel } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, pageWithTotal, query, affected } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import type { ExistingObject, PlannedRow } from '../domain/import-rows.js';
import type { ObjectFields, PersonFacts, UpperFacts } from '../domain/object-rules.js';
import { DiagnosisObjectRepository, type ObjectFilter, type ObjectOption, type ObjectView } from '../application/ports/diagnosis-object-repository.port.js';

const FIELDS = `o.level, o.code, o.name, o.department_id AS "departmentId", o.responsible_id AS "responsibleId", o.upper_id AS "upperId",
  o.user_id AS "userId", o.class_name AS "className", o.grade`;

const VIEW_SELECT = `
  SELECT o.id, ${FIELDS}, d.name AS "departmentName", r.name AS "responsibleName", r.account AS "responsibleAccount",
         up.code AS "upperCode", up.name AS "upperName", p.account AS "userAccount", o.retired_at AS "retiredAt", o.updated_at AS "updatedAt"
  FROM diagnosis_object o
  LEFT JOIN department d ON d.id = o.department_id
  LEFT JOIN app_user r ON r.id = o.responsible_id
  LEFT JOIN diagnosis_object up ON up.id = o.upper_id
  LEFT JOIN app_user p ON p.id = o.user_id`;

/** The levels in the order the page shows them, for the list of every level. */
const LEVEL_ORDER = `array_position(ARRAY['school', 'major', 'course', 'teacher', 'student']::varchar[], o.level)`;

/** diagnosis_object with raw, parameterised SQL (migrations 1766044800000, 1766217600000). */
@Injectable()
export class DiagnosisObjectPgRepository extends DiagnosisObjectRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  list(filter: ObjectFilter, window: { take: number; skip: number }): Promise<{ rows: ObjectView[]; total: number }> {
    const like = filter.keyword ? likeContains(filter.keyword) : null;
    // The search reads code and name (a teacher's or student's code is their account); each filter is skipped when null.
    const from = `FROM diagnosis_object o
      WHERE ($1::varchar IS NULL OR o.level = $1) AND ($2::varchar IS NULL OR o.department_id = $2) AND ($3::varchar IS NULL OR o.upper_id = $3)
        AND ($4::text IS NULL OR o.code ILIKE $4 OR o.name ILIKE $4)
        AND (CASE $5::text WHEN 'live' THEN o.retired_at IS NULL WHEN 'retired' THEN o.retired_at IS NOT NULL ELSE true END)`;
    return pageWithTotal<ObjectView>(this.db, {
      select: VIEW_SELECT,
      from,
      alias: 'o',
      // code is unique in a level; both orders are indexes of migration 1766217600000
      order: filter.level ? 'o.code' : `${LEVEL_ORDER}, o.code, o.id`,
      params: [filter.level ?? null, filter.departmentId ?? null, filter.upperId ?? null, like, filter.state],
      take: window.take,
      skip: window.skip,
    });
  }

  async byId(id: string): Promise<ObjectView | null> {
    const [row] = await query<ObjectView>(this.db, `${VIEW_SELECT} WHERE o.id = $1`, [id]);
    return row ?? null;
  }

  options(level: ObjectLevel, departmentId: string | null, keyword: string | null, limit: number): Promise<ObjectOption[]> {
    return query<ObjectOption>(this.db,
      `SELECT o.id, o.code, o.name, o.department_id AS "departmentId" FROM diagnosis_object o
       WHERE o.level = $1 AND o.retired_at IS NULL AND ($2::varchar IS NULL OR o.department_id = $2)
         AND ($3::text IS NULL OR o.code ILIKE $3 OR o.name ILIKE $3)
       ORDER BY o.code LIMIT $4`,
      [level, departmentId, keyword ? likeContains(keyword) : null, limit],
    );
  }

  async departmentExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM department WHERE id = $1`, [id])).length > 0;
  }

  async personById(id: string): Promise<PersonFacts | null> {
    const [row] = await query<PersonFacts>(this.db, `SELECT id, account, name, person_kind AS kind, org_id AS "orgId" FROM app_user WHERE id = $1`, [id]);
    return row ?? null;
  }

  async upperFacts(id: string): Promise<UpperFacts | null> {
    const [row] = await query<UpperFacts>(this.db,
      `SELECT id, level, retired_at IS NOT NULL AS retired, department_id AS "departmentId" FROM diagnosis_object WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async otherSchool(exceptId: string | null): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM diagnosis_object WHERE level = 'school' AND id IS DISTINCT FROM $1 LIMIT 1`, [exceptId])).length > 0;
  }

  async clash(fields: ObjectFields, exceptId: string | null): Promise<'code' | 'person' | null> {
    const [row] = await query<{ kind: 'code' | 'person' }>(this.db,
      `SELECT CASE WHEN level = $1 AND code = $2 THEN 'code' ELSE 'person' END AS kind FROM diagnosis_object
       WHERE ((level = $1 AND code = $2) OR ($3::varchar IS NOT NULL AND user_id = $3)) AND id IS DISTINCT FROM $4
       ORDER BY 1 LIMIT 1`,
      [fields.level, fields.code, fields.userId, exceptId],
    );
    return row?.kind ?? null;
  }

  async liveLowerCount(id: string): Promise<number> {
    const [row] = await query<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM diagnosis_object WHERE upper_id = $1 AND retired_at IS NULL`, [id]);
    return row?.n ?? 0;
  }

  async add(f: ObjectFields): Promise<string> {
    const [row] = await query<{ id: string }>(this.db,
      `INSERT INTO diagnosis_object (level, code, name, department_id, responsible_id, upper_id, user_id, class_name, grade)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [f.level, f.code, f.name, f.departmentId, f.responsibleId, f.upperId, f.userId, f.className, f.grade],
    );
    return row!.id;
  }

  async update(id: string, f: ObjectFields): Promise<boolean> {
    // One statement: the object, and (a major's department changing) its courses' and students' department with it.
    const rows = await query<{ id: string }>(this.db,
      `WITH changed AS (
         UPDATE diagnosis_object SET code = $2, name = $3, department_id = $4, responsible_id = $5, upper_id = $6, user_id = $7,
                class_name = $8, grade = $9, updated_at = now()
         WHERE id = $1 RETURNING id, level, department_id
       ), lower AS (
         UPDATE diagnosis_object l SET department_id = c.department_id, updated_at = now()
         FROM changed c WHERE c.level = 'major' AND l.upper_id = c.id AND l.department_id IS DISTINCT FROM c.department_id
       )
       SELECT id FROM changed`,
      [id, f.code, f.name, f.departmentId, f.responsibleId, f.upperId, f.userId, f.className, f.grade],
    );
    return rows.length > 0;
  }

  async setRetired(id: string, retired: boolean): Promise<boolean> {
    return (await affected(this.db,
      `UPDATE diagnosis_object SET retired_at = CASE WHEN $2 THEN now() ELSE NULL END, updated_at = now() WHERE id = $1`,
      [id, retired],
    )) > 0;
  }

  async departmentsByName(names: string[]): Promise<Map<string, string[]>> {
    if (names.length === 0) return new Map();
    const rows = await query<{ name: string; ids: string[] }>(this.db,
      `SELECT n.name, array_agg(DISTINCT d.id) AS ids FROM unnest($1::varchar[]) AS n(name)
       JOIN department d ON d.name = n.name OR d.short_name_chinese = n.name GROUP BY n.name`,
      [names],
    );
    return new Map(rows.map((r) => [r.name, r.ids]));
  }

  async peopleByAccount(accounts: string[]): Promise<Map<string, PersonFacts>> {
    if (accounts.length === 0) return new Map();
    const rows = await query<PersonFacts>(this.db,
      `SELECT id, account, name, person_kind AS kind, org_id AS "orgId" FROM app_user WHERE account = ANY($1::varchar[])`,
      [accounts],
    );
    return new Map(rows.map((r) => [r.account, r]));
  }

  async majorsByCode(codes: string[]): Promise<Map<string, UpperFacts>> {
    if (codes.length === 0) return new Map();
    const rows = await query<UpperFacts & { code: string }>(this.db,
      `SELECT id, code, level, retired_at IS NOT NULL AS retired, department_id AS "departmentId" FROM diagnosis_object
       WHERE level = 'major' AND code = ANY($1::varchar[])`,
      [codes],
    );
    return new Map(rows.map(({ code, ...facts }) => [code, facts]));
  }

  async existingOf(level: ObjectImportLevel, keys: string[]): Promise<Map<string, ExistingObject>> {
    if (keys.length === 0) return new Map();
    const rows = await query<ExistingObject>(this.db,
      level === 'student'
        ? `SELECT o.id, ${FIELDS} FROM diagnosis_object o WHERE o.user_id = ANY($1::varchar[])`
        : `SELECT o.id, ${FIELDS} FROM diagnosis_object o WHERE o.level = $2 AND o.code = ANY($1::varchar[])`,
      level === 'student' ? [keys] : [keys, level],
    );
    return new Map(rows.map((r) => [level === 'student' ? r.userId! : r.code, r]));
  }

  async applyImport(tx: Transaction, rows: PlannedRow[]): Promise<void> {
    if (rows.length === 0) return;
    const m = managerOf(tx);
    const col = <K extends keyof ObjectFields>(list: PlannedRow[], key: K) => list.map((r) => r.fields[key]);
    const creates = rows.filter((r) => r.change === 'create');
    const updates = rows.filter((r) => r.change === 'update');
    if (creates.length > 0) {
      await m.query(
        `INSERT INTO diagnosis_object (level, code, name, department_id, responsible_id, upper_id, user_id, class_name, grade)
         SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[])`,
        [col(creates, 'level'), col(creates, 'code'), col(creates, 'name'), col(creates, 'departmentId'), col(creates, 'responsibleId'), col(creates, 'upperId'), col(creates, 'userId'), col(creates, 'className'), col(creates, 'grade')],
      );
    }
    if (updates.length > 0) {
      await m.query(
        `UPDATE diagnosis_object o SET code = v.code, name = v.name, department_id = v.department_id, responsible_id = v.responsible_id,
                upper_id = v.upper_id, class_name = v.class_name, grade = v.grade, updated_at = now()
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[])
              AS v(id, code, name, department_id, responsible_id, upper_id, class_name, grade)
         WHERE o.id = v.id`,
        [updates.map((r) => r.id), col(updates, 'code'), col(updates, 'name'), col(updates, 'departmentId'), col(updates, 'responsibleId'), col(updates, 'upperId'), col(updates, 'className'), col(updates, 'grade')],
      );
      // majors whose department changed take their courses and students along, as an edit does
      const majors = updates.filter((r) => r.fields.level === 'major');
      if (majors.length > 0) {
        await m.query(
          `UPDATE diagnosis_object l SET department_id = o.department_id, updated_at = now()
           FROM diagnosis_object o WHERE o.id = ANY($1::varchar[]) AND l.upper_id = o.id AND l.department_id IS DISTINCT FROM o.department_id`,
          [majors.map((r) => r.id)],
        );
      }
    }
  }
}
