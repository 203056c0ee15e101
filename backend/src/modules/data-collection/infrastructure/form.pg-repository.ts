import { Injectable } from '@nestjs/common';
import type { FormCreateInput, FormDetail, FormField, FormSummary, FormVersion } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { FormRepository, type FormDesignRecord, type FormListFilter, type FormRecord } from '../application/ports/form-repository.port.js';

/** A form as lists show it; `changed` compares the design with the newest version as jsonb (key order aside). */
const SUMMARY = `
  SELECT f.id, f.directory_id AS "directoryId", d.name AS "directoryName", f.name, f.code, f.form_type AS "formType",
         CASE WHEN f.version > 0 THEN 'published' ELSE 'unpublished' END AS "publishState", f.version,
         (v.form_id IS NOT NULL AND (v.fields <> f.fields OR v.fixed_rows <> f.fixed_rows OR v.form_type <> f.form_type)) AS changed,
         jsonb_array_length(f.fields) AS "fieldCount",
         (SELECT count(*)::int FROM dc_task_form tf WHERE tf.form_id = f.id) AS "taskCount",
         f.description, to_char(f.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
  FROM dc_form f
  JOIN dc_form_directory d ON d.id = f.directory_id
  LEFT JOIN dc_form_version v ON v.form_id = f.id AND v.version = f.version`;

@Injectable()
export class FormPgRepository extends FormRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(filter: FormListFilter): Promise<{ records: FormSummary[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.directoryId) {
      params.push(filter.directoryId);
      // the directory and every directory under it
      where.push(`f.directory_id IN (
        WITH RECURSIVE under AS (SELECT id FROM dc_form_directory WHERE id = $${params.length}
                                 UNION SELECT c.id FROM dc_form_directory c JOIN under u ON c.parent_id = u.id)
        SELECT id FROM under)`);
    }
    if (filter.name) {
      params.push(likeContains(filter.name));
      where.push(`f.name ILIKE $${params.length}`);
    }
    if (filter.publishState) where.push(filter.publishState === 'published' ? `f.version > 0` : `f.version = 0`);
    const condition = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await query<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM dc_form f ${condition}`, params)) as [{ total: number }];
    const records = await query<FormSummary>(
      this.db,
      `${SUMMARY} ${condition} ORDER BY f.updated_at DESC, f.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.take, filter.skip],
    );
    return { records, total };
  }

  async detail(id: string): Promise<FormDetail | null> {
    const rows = await query<FormSummary & { fields: FormField[]; fixedRows: string[] }>(
      this.db,
      `SELECT s.*, f.fields, f.fixed_rows AS "fixedRows" FROM (${SUMMARY} WHERE f.id = $1) s JOIN dc_form f ON f.id = s.id`,
      [id],
    );
    const summary = rows[0];
    if (!summary) return null;
    const versions = await query<FormDetail['versions'][number]>(
      this.db,
      `SELECT v.version, to_char(v.published_at, 'YYYY-MM-DD HH24:MI:SS') AS "publishedAt", u.name AS "publisherName",
              jsonb_array_length(v.fields) AS "fieldCount"
       FROM dc_form_version v LEFT JOIN app_user u ON u.id = v.published_by
       WHERE v.form_id = $1 ORDER BY v.version DESC`,
      [id],
    );
    return { ...summary, versions };
  }

  async version(id: string, version: number): Promise<FormVersion | null> {
    const rows = await query<FormVersion>(
      this.db,
      `SELECT v.form_id AS "formId", v.version, v.form_type AS "formType", v.fields, v.fixed_rows AS "fixedRows",
              to_char(v.published_at, 'YYYY-MM-DD HH24:MI:SS') AS "publishedAt", u.name AS "publisherName"
       FROM dc_form_version v LEFT JOIN app_user u ON u.id = v.published_by
       WHERE v.form_id = $1 AND v.version = $2`,
      [id, version],
    );
    return rows[0] ?? null;
  }

  async lock(tx: Transaction, id: string): Promise<FormRecord | null> {
    const rows = await query<FormRecord>(
      managerOf(tx),
      `SELECT id, directory_id AS "directoryId", name, code, form_type AS "formType", fields, fixed_rows AS "fixedRows", version
       FROM dc_form WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async versionFields(id: string, tx?: Transaction): Promise<FormField[][]> {
    const rows = await query<{ fields: FormField[] }>(runnerOf(this.db, tx), `SELECT fields FROM dc_form_version WHERE form_id = $1 ORDER BY version`, [id]);
    return rows.map((r) => r.fields);
  }

  async codeTaken(code: string, exceptId?: string, tx?: Transaction): Promise<boolean> {
    const rows = await query<{ taken: boolean }>(runnerOf(this.db, tx), `SELECT EXISTS (SELECT 1 FROM dc_form WHERE code = $1 AND id IS DISTINCT FROM $2) AS taken`, [code, exceptId ?? null]);
    return rows[0]?.taken ?? false;
  }

  async insert(userId: string, input: FormCreateInput & { description: string | null }): Promise<string> {
    const rows = await query<{ id: string }>(
      this.db,
      `INSERT INTO dc_form (directory_id, name, code, form_type, description, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [input.directoryId, input.name, input.code, input.formType, input.description, userId],
    );
    return rows[0]!.id;
  }

  async updateDesign(tx: Transaction, id: string, design: FormDesignRecord): Promise<void> {
    await managerOf(tx).query(
      `UPDATE dc_form SET directory_id = $2, name = $3, code = $4, form_type = $5, description = $6, fields = $7::jsonb, fixed_rows = $8::jsonb, updated_at = now()
       WHERE id = $1`,
      [id, design.directoryId, design.name, design.code, design.formType, design.description, JSON.stringify(design.fields), JSON.stringify(design.fixedRows)],
    );
  }

  async publish(tx: Transaction, id: string, version: number, userId: string): Promise<void> {
    const run = managerOf(tx);
    await run.query(
      `INSERT INTO dc_form_version (form_id, version, form_type, fields, fixed_rows, published_by)
       SELECT id, $2, form_type, fields, fixed_rows, $3 FROM dc_form WHERE id = $1`,
      [id, version, userId],
    );
    await run.query(`UPDATE dc_form SET version = $2, updated_at = now() WHERE id = $1`, [id, version]);
  }

  async inUse(tx: Transaction, id: string): Promise<boolean> {
    const rows = await query<{ used: boolean }>(
      managerOf(tx),
      `SELECT EXISTS (SELECT 1 FROM dc_task_form WHERE form_id = $1) OR EXISTS (SELECT 1 FROM dc_fill_task WHERE form_id = $1) AS used`,
      [id],
    );
    return rows[0]?.used ?? false;
  }

  async delete(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(`DELETE FROM dc_form WHERE id = $1`, [id]);
  }
}
