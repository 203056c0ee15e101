import { Injectable } from '@nestjs/common';
import type { Constant, ConstantType } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { ConstantRepository } from '../application/ports/constant-repository.port.js';
import type { ConstantRow } from '../domain/constant-rows.js';

const TYPE = `
  SELECT t.id, t.code, t.name, t.description, (SELECT count(*)::int FROM dc_constant c WHERE c.type_id = t.id) AS "constantCount"
  FROM dc_constant_type t`;
const CONSTANT = `SELECT c.id, c.type_id AS "typeId", c.value, c.text, c.sort_order AS sort FROM dc_constant c`;

@Injectable()
export class ConstantPgRepository extends ConstantRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  types(): Promise<ConstantType[]> {
    return query<ConstantType>(this.db, `${TYPE} ORDER BY t.created_at, t.code`);
  }

  async type(id: string): Promise<ConstantType | null> {
    return (await query<ConstantType>(this.db, `${TYPE} WHERE t.id = $1`, [id]))[0] ?? null;
  }

  async existingTypes(ids: readonly string[], tx?: Transaction): Promise<string[]> {
    const rows = await query<{ id: string }>(runnerOf(this.db, tx), `SELECT id FROM dc_constant_type WHERE id = ANY($1::varchar[])`, [[...ids]]);
    return rows.map((r) => r.id);
  }

  async typeCodeTaken(code: string, exceptId?: string): Promise<boolean> {
    const rows = await query<{ taken: boolean }>(this.db, `SELECT EXISTS (SELECT 1 FROM dc_constant_type WHERE code = $1 AND id IS DISTINCT FROM $2) AS taken`, [code, exceptId ?? null]);
    return rows[0]?.taken ?? false;
  }

  async insertType(input: { code: string; name: string; description: string | null }): Promise<string> {
    const rows = await query<{ id: string }>(this.db, `INSERT INTO dc_constant_type (code, name, description) VALUES ($1, $2, $3) RETURNING id`, [input.code, input.name, input.description]);
    return rows[0]!.id;
  }

  async updateType(id: string, input: { code: string; name: string; description: string | null }): Promise<void> {
    await this.db.query(`UPDATE dc_constant_type SET code = $2, name = $3, description = $4 WHERE id = $1`, [id, input.code, input.name, input.description]);
  }

  async typeInUse(id: string): Promise<boolean> {
    const rows = await query<{ used: boolean }>(
      this.db,
      `SELECT EXISTS (SELECT 1 FROM dc_form f, jsonb_array_elements(f.fields) e WHERE e->>'constantTypeId' = $1)
           OR EXISTS (SELECT 1 FROM dc_form_version v, jsonb_array_elements(v.fields) e WHERE e->>'constantTypeId' = $1) AS used`,
      [id],
    );
    return rows[0]?.used ?? false;
  }

  async deleteType(id: string): Promise<void> {
    await this.db.query(`DELETE FROM dc_constant_type WHERE id = $1`, [id]);
  }

  list(typeId: string): Promise<Constant[]> {
    return query<Constant>(this.db, `${CONSTANT} WHERE c.type_id = $1 ORDER BY c.sort_order, c.value`, [typeId]);
  }

  async find(id: string): Promise<Constant | null> {
    return (await query<Constant>(this.db, `${CONSTANT} WHERE c.id = $1`, [id]))[0] ?? null;
  }

  async valueTaken(typeId: string, value: string, exceptId?: string): Promise<boolean> {
    const rows = await query<{ taken: boolean }>(
      this.db,
      `SELECT EXISTS (SELECT 1 FROM dc_constant WHERE type_id = $1 AND value = $2 AND id IS DISTINCT FROM $3) AS taken`,
      [typeId, value, exceptId ?? null],
    );
    return rows[0]?.taken ?? false;
  }

  async insert(input: { typeId: string; value: string; text: string; sort: number }): Promise<string> {
    const rows = await query<{ id: string }>(this.db, `INSERT INTO dc_constant (type_id, value, text, sort_order) VALUES ($1, $2, $3, $4) RETURNING id`, [
      input.typeId,
      input.value,
      input.text,
      input.sort,
    ]);
    return rows[0]!.id;
  }

  async update(id: string, input: { value: string; text: string; sort: number }): Promise<void> {
    await this.db.query(`UPDATE dc_constant SET value = $2, text = $3, sort_order = $4 WHERE id = $1`, [id, input.value, input.text, input.sort]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query(`DELETE FROM dc_constant WHERE id = $1`, [id]);
  }

  async upsert(tx: Transaction, typeId: string, rows: readonly ConstantRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const written = await query<{ id: string }>(
      managerOf(tx),
      `INSERT INTO dc_constant (type_id, value, text, sort_order)
       SELECT $1, r.value, r.text, r.sort FROM jsonb_to_recordset($2::jsonb) AS r(value text, text text, sort int)
       ON CONFLICT (type_id, value) DO UPDATE SET text = EXCLUDED.text, sort_order = EXCLUDED.sort_order
       RETURNING id`,
      [typeId, JSON.stringify(rows)],
    );
    return written.length;
  }
}
