import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { FormDirectoryRepository, type DirectoryRecord } from '../application/ports/form-repository.port.js';

const RECORD = `
  SELECT d.id, d.name, d.parent_id AS "parentId", d.sort_order AS sort,
         (SELECT count(*)::int FROM dc_form f WHERE f.directory_id = d.id) AS "formCount"
  FROM dc_form_directory d`;

@Injectable()
export class FormDirectoryPgRepository extends FormDirectoryRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  all(): Promise<DirectoryRecord[]> {
    return query<DirectoryRecord>(this.db, `${RECORD} ORDER BY d.sort_order, d.name`);
  }

  async find(id: string, tx?: Transaction): Promise<DirectoryRecord | null> {
    const rows = await query<DirectoryRecord>(runnerOf(this.db, tx), `${RECORD} WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(input: { name: string; parentId: string | null; sort: number }): Promise<string> {
    const rows = await query<{ id: string }>(this.db, `INSERT INTO dc_form_directory (name, parent_id, sort_order) VALUES ($1, $2, $3) RETURNING id`, [
      input.name,
      input.parentId,
      input.sort,
    ]);
    return rows[0]!.id;
  }

  async update(id: string, input: { name: string; sort: number }): Promise<void> {
    await this.db.query(`UPDATE dc_form_directory SET name = $2, sort_order = $3 WHERE id = $1`, [id, input.name, input.sort]);
  }

  async deleteIfEmpty(id: string): Promise<boolean> {
    // One statement: a form or subdirectory added meanwhile either blocks it here or fails on the foreign key.
    const rows = await query<{ id: string }>(
      this.db,
      `DELETE FROM dc_form_directory d WHERE d.id = $1
         AND NOT EXISTS (SELECT 1 FROM dc_form f WHERE f.directory_id = d.id)
         AND NOT EXISTS (SELECT 1 FROM dc_form_directory c WHERE c.parent_id = d.id)
       RETURNING d.id`,
      [id],
    );
    return rows.length > 0;
  }
}
