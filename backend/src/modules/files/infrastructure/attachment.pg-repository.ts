import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALL_STAGES, type Stage } from '../domain/attachment-stage.js';
import { AttachmentRepository, type AttachmentView } from '../application/ports/attachment-repository.port.js';
import type { AttachmentOwner } from '../application/ports/doc-file-repository.port.js';
import { query } from '../../../infrastructure/database/sql.js';

@Injectable()
export class AttachmentPgRepository extends AttachmentRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async add(owner: AttachmentOwner, stage: Stage, fileIds: string[], userId: string): Promise<number> {
    const rows = await query<{ id: string }>(this.db,
      `INSERT INTO attachment (file_id, owner_type, owner_id, obj_task_id, stage, created_by)
       SELECT unnest($1::varchar[]), $2, $3, $4, $5, $6 ON CONFLICT DO NOTHING RETURNING id`,
      [fileIds, owner.ownerType, owner.ownerId, owner.objTaskId, stage, userId],
    );
    return rows.length;
  }

  async list(owner: AttachmentOwner): Promise<AttachmentView[]> {
    const rows = await query<{
      id: string; file_id: string; file_name: string; ext: string; size: string; stage: string; obj_task_id: string | null; created_at: Date; uploader_name: string | null; lxmc: string | null;
    }>(this.db,
      `SELECT a.id, a.file_id, COALESCE(a.name, f.file_name) AS file_name, f.ext, f.size, a.stage, a.obj_task_id, a.created_at, u.name AS uploader_name,
              COALESCE(al.mc, f.lxmc) AS lxmc
       FROM attachment a JOIN doc_file f ON f.id = a.file_id LEFT JOIN app_user u ON u.id = f.uploader_id LEFT JOIN file_type al ON al.id = a.lx_id
       WHERE a.owner_type = $1 AND a.owner_id = $2 AND ($3::varchar IS NULL OR a.obj_task_id = $3)
       ORDER BY array_position($4::varchar[], a.stage::varchar), a.created_at, a.id`,
      [owner.ownerType, owner.ownerId, owner.objTaskId, [...ALL_STAGES]],
    );
    return rows.map((r) => ({
      id: r.id, fileId: r.file_id, fileName: r.file_name, ext: r.ext, size: Number(r.size), stage: r.stage, objTaskId: r.obj_task_id, createdAt: r.created_at, uploaderName: r.uploader_name, lxmc: r.lxmc,
    }));
  }

  async findOwner(id: string): Promise<AttachmentOwner | null> {
    const rows = await query<{ owner_type: string; owner_id: string; obj_task_id: string | null }>(this.db,
      `SELECT owner_type, owner_id, obj_task_id FROM attachment WHERE id = $1`,
      [id],
    );
    return rows[0] ? { ownerType: rows[0].owner_type, ownerId: rows[0].owner_id, objTaskId: rows[0].obj_task_id } : null;
  }

  async update(id: string, change: { name?: string; lxId?: string | null }): Promise<boolean> {
    const rows = await query<{ id: string }>(this.db,
      `UPDATE attachment SET name = CASE WHEN $2 THEN $3 ELSE name END, lx_id = CASE WHEN $4 THEN $5 ELSE lx_id END WHERE id = $1 RETURNING id`,
      [id, change.name !== undefined, change.name ?? null, change.lxId !== undefined, change.lxId ?? null],
    );
    return rows.length > 0;
  }

  async remove(id: string): Promise<void> {
    await this.db.query(`DELETE FROM attachment WHERE id = $1`, [id]);
  }
}
