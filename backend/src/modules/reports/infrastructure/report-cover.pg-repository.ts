import { Injectable } from '@nestjs/common';
import type { CoverLayout } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { ReportCoverRepository, type CoverRecord } from '../application/ports/report-repository.port.js';
import { makeDefault, removeUnlessDefault } from './one-default.sql.js';

const BASE = '/api/herm-sjgl/reportCover';
const SELECT = `
  SELECT c.id, c.name, c.layout, c.is_default AS "isDefault", c.image_key AS "imageKey", c.image_type AS "imageType",
         '${BASE}/image?id=' || c.id AS "imageUrl", '${BASE}/preview?id=' || c.id AS "previewUrl",
         COALESCE((SELECT u.name FROM app_user u WHERE u.id = c.creator_id), '') AS "creatorName", to_char(c.created_at, 'YYYY-MM-DD') AS "createTime"
  FROM report_cover c WHERE c.deleted_at IS NULL`;

@Injectable()
export class ReportCoverPgRepository extends ReportCoverRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  list(): Promise<CoverRecord[]> {
    return query(this.db, `${SELECT} ORDER BY c.is_default DESC, c.created_at DESC, c.id`);
  }

  async find(id: string): Promise<CoverRecord | null> {
    return (await query<CoverRecord>(this.db, `${SELECT} AND c.id = $1`, [id]))[0] ?? null;
  }

  async findDefault(tx?: Transaction): Promise<CoverRecord | null> {
    return (await query<CoverRecord>(runnerOf(this.db, tx), `${SELECT} AND c.is_default`))[0] ?? null;
  }

  async add(tx: Transaction, v: { name: string; layout: CoverLayout; imageKey: string; imageType: string }, creatorId: string | null, isDefault: boolean): Promise<string> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `INSERT INTO report_cover (name, layout, image_key, image_type, is_default, creator_id) VALUES ($1, $2::jsonb, $3, $4, $5, $6) RETURNING id`,
      [v.name, JSON.stringify(v.layout), v.imageKey, v.imageType, isDefault, creatorId]);
    return rows[0]!.id;
  }

  async update(tx: Transaction, id: string, v: { name: string; layout: CoverLayout }): Promise<boolean> {
    const rows = await query(managerOf(tx), `UPDATE report_cover SET name = $2, layout = $3::jsonb WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [id, v.name, JSON.stringify(v.layout)]);
    return rows.length > 0;
  }

  remove(tx: Transaction, id: string): Promise<'ok' | 'notFound' | 'default'> {
    return removeUnlessDefault(tx, 'report_cover', id);
  }

  setDefault(tx: Transaction, id: string): Promise<boolean> {
    return makeDefault(tx, 'report_cover', id);
  }
}
