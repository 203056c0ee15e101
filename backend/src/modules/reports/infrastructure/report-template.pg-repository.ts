import { Injectable } from '@nestjs/common';
import type { ReportTemplate } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { ReportTemplateRepository, type TemplateValues } from '../application/ports/report-repository.port.js';
import { templateItems } from '../domain/overview.js';
import { makeDefault, removeUnlessDefault } from './one-default.sql.js';

/** A template stored with three sections (before section 4) reads as four, the fourth unchecked; nothing is lost. */
const templateOf = (row: ReportTemplate): ReportTemplate => ({ ...row, items: templateItems(row.items) });

const SELECT = `
  SELECT t.id, t.name, t.items, t.preface, t.closing, t.is_default AS "isDefault",
         COALESCE((SELECT u.name FROM app_user u WHERE u.id = t.creator_id), '') AS "creatorName", to_char(t.created_at, 'YYYY-MM-DD') AS "createTime"
  FROM report_template t WHERE t.deleted_at IS NULL`;

@Injectable()
export class ReportTemplatePgRepository extends ReportTemplateRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(): Promise<ReportTemplate[]> {
    return (await query<ReportTemplate>(this.db, `${SELECT} ORDER BY t.is_default DESC, t.created_at DESC, t.id`)).map(templateOf);
  }

  async find(id: string): Promise<ReportTemplate | null> {
    const [row] = await query<ReportTemplate>(this.db, `${SELECT} AND t.id = $1`, [id]);
    return row ? templateOf(row) : null;
  }

  async findDefault(): Promise<ReportTemplate | null> {
    const [row] = await query<ReportTemplate>(this.db, `${SELECT} AND t.is_default`);
    return row ? templateOf(row) : null;
  }

  async add(tx: Transaction, v: TemplateValues, creatorId: string, isDefault: boolean): Promise<string> {
    const rows = await query<{ id: string }>(managerOf(tx),
      `INSERT INTO report_template (name, items, preface, closing, is_default, creator_id) VALUES ($1, $2::jsonb, $3, $4, $5, $6) RETURNING id`,
      [v.name, JSON.stringify(v.items), v.preface, v.closing, isDefault, creatorId]);
    return rows[0]!.id;
  }

  async update(tx: Transaction, id: string, v: TemplateValues): Promise<boolean> {
    const rows = await query(managerOf(tx),
      `UPDATE report_template SET name = $2, items = $3::jsonb, preface = $4, closing = $5 WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id, v.name, JSON.stringify(v.items), v.preface, v.closing]);
    return rows.length > 0;
  }

  remove(tx: Transaction, id: string): Promise<'ok' | 'notFound' | 'default'> {
    return removeUnlessDefault(tx, 'report_template', id);
  }

  setDefault(tx: Transaction, id: string): Promise<boolean> {
    return makeDefault(tx, 'report_template', id);
  }
}
