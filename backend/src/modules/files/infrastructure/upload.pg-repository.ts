import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  UploadRepository, type ChunkClaim, type MergeParams, type OpenUploads, type MergeState, type NewDocFile, type UploadMerge, type UploadSession,
} from '../application/ports/upload-repository.port.js';
import { affected, query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

interface SessionRow {
  guid: string;
  user_id: string;
  total_chunks: number;
  updated_at: Date;
}
interface MergeRow {
  guid: string;
  user_id: string;
  state: MergeState;
  params: MergeParams;
  file_id: string | null;
  message: string | null;
  updated_at: Date;
}

const toSession = (r: SessionRow): UploadSession => ({ guid: r.guid, userId: r.user_id, totalChunks: r.total_chunks, updatedAt: r.updated_at });
const toMerge = (r: MergeRow): UploadMerge => ({
  guid: r.guid, userId: r.user_id, state: r.state, params: r.params, fileId: r.file_id, message: r.message, updatedAt: r.updated_at,
});

@Injectable()
export class UploadPgRepository extends UploadRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async claimSession(guid: string, userId: string, totalChunks: number, quota: { openSince: Date; refuse: (open: OpenUploads) => string | null }): Promise<ChunkClaim> {
    // Only the owner's chunk with the same count touches the row, and none once a merge was asked for; anything else
    // leaves the row as it is, to be refused by the service. One round trip for a chunk of an upload already open.
    const [row] = await query<Partial<SessionRow> & { merge_user_id: string | null }>(this.db,
      `WITH merge AS (SELECT user_id FROM upload_merge WHERE guid = $1::varchar AND state <> 'failed'),
       touched AS (
         UPDATE upload_session s SET updated_at = now()
         WHERE s.guid = $1::varchar AND s.user_id = $2::varchar AND s.total_chunks = $3::int AND NOT EXISTS (SELECT 1 FROM merge)
         RETURNING guid, user_id, total_chunks, updated_at)
       SELECT (SELECT user_id FROM merge) AS merge_user_id,
              coalesce(t.guid, s.guid) AS guid, coalesce(t.user_id, s.user_id) AS user_id,
              coalesce(t.total_chunks, s.total_chunks) AS total_chunks, coalesce(t.updated_at, s.updated_at) AS updated_at
       FROM (SELECT 1) AS one LEFT JOIN touched t ON true LEFT JOIN upload_session s ON s.guid = $1::varchar`,
      [guid, userId, totalChunks],
    );
    const mergeUserId = row?.merge_user_id ?? null;
    if (row?.guid) return { session: toSession(row as SessionRow), mergeUserId };
    if (mergeUserId !== null) return { session: null, mergeUserId };
    return this.openSession(guid, userId, totalChunks, quota);
  }

  /**
   * A new upload, under a transaction lock of the person's uploads: two first chunks at once (of two uploads, or of
   * one) take turns, so the second counts the first. The guid itself is left out of the count: its own first chunks
   * sent at once open it once.
   */
  private openSession(guid: string, userId: string, totalChunks: number, quota: { openSince: Date; refuse: (open: OpenUploads) => string | null }): Promise<ChunkClaim> {
    return inTransaction(this.db, async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('upload_session:' || $1::text, 0))`, [userId]);
      const [open] = await query<OpenUploads>(m,
        `SELECT count(*)::int AS uploads, coalesce(sum(total_chunks), 0)::int AS chunks
         FROM upload_session WHERE user_id = $1 AND guid <> $2 AND updated_at >= $3`,
        [userId, guid, quota.openSince],
      );
      const refusal = quota.refuse(open!);
      if (refusal !== null) return { session: null, mergeUserId: null, refusal };
      const [row] = await query<SessionRow & { merge_user_id: string | null }>(m,
        `WITH merge AS (SELECT user_id FROM upload_merge WHERE guid = $1::varchar AND state <> 'failed'),
         claimed AS (
           INSERT INTO upload_session AS s (guid, user_id, total_chunks)
           SELECT $1::varchar, $2::varchar, $3::int WHERE NOT EXISTS (SELECT 1 FROM merge)
           ON CONFLICT (guid) DO UPDATE SET updated_at = now() WHERE s.user_id = EXCLUDED.user_id AND s.total_chunks = EXCLUDED.total_chunks
           RETURNING guid, user_id, total_chunks, updated_at)
         SELECT (SELECT user_id FROM merge) AS merge_user_id, c.guid, c.user_id, c.total_chunks, c.updated_at
         FROM (SELECT 1) AS one LEFT JOIN claimed c ON true`,
        [guid, userId, totalChunks],
      );
      const mergeUserId = row?.merge_user_id ?? null;
      if (row?.guid) return { session: toSession(row), mergeUserId };
      // Opened by another person (or with another count) since the first look: that upload, as it stands.
      const [other] = await query<SessionRow>(m, `SELECT guid, user_id, total_chunks, updated_at FROM upload_session WHERE guid = $1`, [guid]);
      return { session: other ? toSession(other) : null, mergeUserId };
    });
  }

  async findSession(guid: string): Promise<UploadSession | null> {
    const rows = await query<SessionRow>(this.db, `SELECT guid, user_id, total_chunks, updated_at FROM upload_session WHERE guid = $1`, [guid]);
    return rows[0] ? toSession(rows[0]) : null;
  }

  async deleteSession(guid: string): Promise<void> {
    await this.db.query(`DELETE FROM upload_session WHERE guid = $1`, [guid]);
  }

  async findMerge(guid: string): Promise<UploadMerge | null> {
    const rows = await query<MergeRow>(this.db,
      `SELECT guid, user_id, state, params, file_id, message, updated_at FROM upload_merge WHERE guid = $1`,
      [guid],
    );
    return rows[0] ? toMerge(rows[0]) : null;
  }

  async createMerge(guid: string, userId: string, params: MergeParams): Promise<boolean> {
    const rows = await query(this.db,
      `INSERT INTO upload_merge (guid, user_id, state, params) VALUES ($1, $2, 'waiting', $3) ON CONFLICT (guid) DO NOTHING RETURNING guid`,
      [guid, userId, JSON.stringify(params)],
    );
    return rows.length === 1;
  }

  async deleteMerge(guid: string): Promise<void> {
    await this.db.query(`DELETE FROM upload_merge WHERE guid = $1`, [guid]);
  }

  async forgetFailedMerge(guid: string): Promise<void> {
    await this.db.query(`DELETE FROM upload_merge WHERE guid = $1 AND state = 'failed'`, [guid]);
  }

  completeMerge(guid: string, f: NewDocFile): Promise<boolean> {
    return inTransaction(this.db, async (m) => {
      // Lock the merge first: of two runs, the second waits here and then finds it done.
      const waiting = await query(m, `SELECT 1 FROM upload_merge WHERE guid = $1 AND state = 'waiting' FOR UPDATE`, [guid]);
      if (waiting.length === 0) return false;
      await m.query(
        `INSERT INTO doc_file (id, storage_key, file_name, ext, size, sha256, mime, lx_id, lxmc, bz, yxqx, uploader_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [f.id, f.storageKey, f.fileName, f.ext, f.size, f.sha256, f.mime, f.lxId, f.lxmc, f.bz, f.yxqx, f.uploaderId],
      );
      await m.query(`UPDATE upload_merge SET state = 'done', file_id = $2, message = NULL, updated_at = now() WHERE guid = $1`, [guid, f.id]);
      return true;
    });
  }

  async failMerge(guid: string, message: string): Promise<boolean> {
    const count = await affected(this.db,
      `UPDATE upload_merge SET state = 'failed', message = $2, updated_at = now() WHERE guid = $1 AND state = 'waiting'`,
      [guid, message.slice(0, 200)],
    );
    return count > 0;
  }

  async staleSessions(before: Date, limit: number): Promise<string[]> {
    const rows = await query<{ guid: string }>(this.db,
      `SELECT s.guid FROM upload_session s
       WHERE s.updated_at < $1 AND NOT EXISTS (SELECT 1 FROM upload_merge m WHERE m.guid = s.guid AND m.state = 'waiting')
       ORDER BY s.updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.guid);
  }

  async staleWaitingMerges(before: Date, limit: number): Promise<string[]> {
    const rows = await query<{ guid: string }>(this.db,
      `SELECT guid FROM upload_merge WHERE state = 'waiting' AND updated_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.guid);
  }

  async purgeFinishedMerges(before: Date): Promise<number> {
    const count = await affected(this.db, `DELETE FROM upload_merge WHERE state <> 'waiting' AND updated_at < $1`, [before]);
    return count;
  }
}
