import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DocFileRepository, type AttachmentOwner, type DocFile, type FileAccessFacts, type FileChanges, type FileType,
} from '../application/ports/doc-file-repository.port.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import { fileRelationsWith, type FileRelation } from '../domain/file-access.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

interface FileRow {
  id: string;
  storage_key: string;
  file_name: string;
  ext: string;
  size: string;
  sha256: string;
  mime: string;
  lx_id: string | null;
  lxmc: string | null;
  bz: string | null;
  yxqx: string | null;
  uploader_id: string | null;
  uploader_name: string | null;
  created_at: Date;
}

const FILE_COLUMNS = `f.id, f.storage_key, f.file_name, f.ext, f.size, f.sha256, f.mime, f.lx_id, f.lxmc, f.bz, f.yxqx, f.uploader_id,
  u.name AS uploader_name, f.created_at`;
const FILE_FROM = `FROM doc_file f LEFT JOIN app_user u ON u.id = f.uploader_id`;
const FILE_SELECT = `SELECT ${FILE_COLUMNS} ${FILE_FROM}`;

const toFile = (r: FileRow): DocFile => ({
  id: r.id,
  storageKey: r.storage_key,
  fileName: r.file_name,
  ext: r.ext,
  size: Number(r.size),
  sha256: r.sha256,
  mime: r.mime,
  lxId: r.lx_id,
  lxmc: r.lxmc,
  bz: r.bz,
  yxqx: r.yxqx,
  uploaderId: r.uploader_id,
  uploaderName: r.uploader_name,
  createdAt: r.created_at,
});

/** LIKE pattern for "contains", with the pattern characters of the input taken literally. */

/** The relations of FILE_RIGHTS_OF that files/list can see as SQL over doc_file f ($1 the person). */
const FILE_RELATION_SQL: Partial<Record<FileRelation, string>> = {
  uploader: `f.uploader_id = $1`,
  sharer: `EXISTS (SELECT 1 FROM file_share s WHERE s.file_id = f.id AND s.user_id = $1)`,
};

/** 我的文件, generated from FILE_RIGHTS_OF: a relation with the list right holds (each must have its SQL above). */
const FILE_LIST_CONDITION = `(${fileRelationsWith('list').map((r) => {
  const sql = FILE_RELATION_SQL[r];
  if (!sql) throw new Error(`files/list: no SQL for the relation ${r}`);
  return sql;
}).join(' OR ')})`;

@Injectable()
export class DocFilePgRepository extends DocFileRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async findById(id: string): Promise<DocFile | null> {
    const rows = await query<FileRow>(this.db, `${FILE_SELECT} WHERE f.id = $1`, [id]);
    return rows[0] ? toFile(rows[0]) : null;
  }

  async accessFacts(ids: string[], userId: string): Promise<FileAccessFacts[]> {
    if (ids.length === 0) return [];
    const rows = await query<FileRow & { shared: boolean; owners: AttachmentOwner[] }>(this.db,
      `SELECT q.*,
              EXISTS (SELECT 1 FROM file_share s WHERE s.file_id = q.id AND s.user_id = $2) AS shared,
              COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('ownerType', a.owner_type, 'ownerId', a.owner_id, 'objTaskId', a.obj_task_id))
                        FROM attachment a WHERE a.file_id = q.id), '[]'::json) AS owners
       FROM (${FILE_SELECT} WHERE f.id = ANY($1::varchar[])) q`,
      [ids, userId],
    );
    return rows.map((r) => ({ file: toFile(r), sharedWithMe: r.shared, owners: r.owners }));
  }

  async listVisible(userId: string, filter: { fileName: string | null; skip: number; take: number }) {
    const where = `WHERE ${FILE_LIST_CONDITION} AND ($2::text IS NULL OR f.file_name ILIKE $2)`;
    const pattern = filter.fileName === null ? null : likeContains(filter.fileName);
    const rows = await query<FileRow & { mine: boolean }>(this.db,
      `SELECT ${FILE_COLUMNS}, (f.uploader_id IS NOT DISTINCT FROM $1) AS mine ${FILE_FROM}
       ${where} ORDER BY f.created_at DESC, f.id LIMIT $3 OFFSET $4`,
      [userId, pattern, filter.take, filter.skip],
    );
    const [{ total }] = await query<{ total: string }>(this.db, `SELECT count(*) AS total FROM doc_file f ${where}`, [userId, pattern]);
    return { rows: rows.map((r) => ({ ...toFile(r), mine: r.mine })), total: Number(total) };
  }

  async update(id: string, changes: FileChanges): Promise<void> {
    const columns: Array<[string, unknown]> = [];
    if (changes.fileName !== undefined) columns.push(['file_name', changes.fileName]);
    if (changes.lxId !== undefined) columns.push(['lx_id', changes.lxId]);
    if (changes.lxmc !== undefined) columns.push(['lxmc', changes.lxmc]);
    if (changes.bz !== undefined) columns.push(['bz', changes.bz]);
    if (changes.yxqx !== undefined) columns.push(['yxqx', changes.yxqx]);
    if (columns.length === 0) return;
    // Column names come from the list above, never from the request.
    const set = columns.map(([column], i) => `${column} = $${i + 2}`).join(', ');
    await this.db.query(`UPDATE doc_file SET ${set} WHERE id = $1`, [id, ...columns.map(([, value]) => value)]);
  }

  delete(id: string): Promise<{ storageKey: string } | null> {
    return inTransaction(this.db, async (m) => {
      const rows = await query<{ storage_key: string }>(m, `DELETE FROM doc_file WHERE id = $1 RETURNING storage_key`, [id]);
      if (!rows[0]) return null;
      await m.query(`UPDATE system_setting SET logo_attachment_id = NULL, updated_at = now() WHERE logo_attachment_id = $1`, [id]);
      return { storageKey: rows[0].storage_key };
    });
  }

  setShares(id: string, userIds: string[]): Promise<void> {
    return inTransaction(this.db, async (m) => {
      await m.query(`DELETE FROM file_share WHERE file_id = $1 AND NOT (user_id = ANY($2::varchar[]))`, [id, userIds]);
      await m.query(`INSERT INTO file_share (file_id, user_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [id, userIds]);
    });
  }

  async existingUsers(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await query<{ id: string }>(this.db, `SELECT id FROM app_user WHERE id = ANY($1::varchar[])`, [ids]);
    return rows.map((r) => r.id);
  }

  async fileType(id: string): Promise<FileType | null> {
    const rows = await query<FileType>(this.db, `SELECT id, mc FROM file_type WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async defaultFileType(): Promise<FileType | null> {
    const rows = await query<FileType>(this.db, `SELECT id, mc FROM file_type WHERE mc = '内部支撑文件' LIMIT 1`);
    return rows[0] ?? null;
  }

  async isLogo(id: string): Promise<boolean> {
    const rows = await query(this.db, `SELECT 1 FROM system_setting WHERE logo_attachment_id = $1 LIMIT 1`, [id]);
    return rows.length > 0;
  }
}
