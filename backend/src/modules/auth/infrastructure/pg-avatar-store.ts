import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AvatarStore, type StoredAvatar } from '../application/ports/avatar-store.port.js';
import { query } from '../../../infrastructure/database/sql.js';

/** Avatars are small (compressed by the browser, capped by the service): a bytea row a person. */
@Injectable()
export class PgAvatarStore extends AvatarStore {
  constructor(private readonly db: DataSource) {
    super();
  }

  async save(userId: string, mime: string, data: Buffer): Promise<void> {
    await this.db.query(
      `INSERT INTO user_avatar (user_id, mime, data, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET mime = EXCLUDED.mime, data = EXCLUDED.data, updated_at = now()`,
      [userId, mime, data],
    );
  }

  async remove(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM user_avatar WHERE user_id = $1`, [userId]);
  }

  async get(userId: string): Promise<StoredAvatar | null> {
    const rows = await query<{ mime: string; data: Buffer; updated_at: Date }>(this.db, `SELECT mime, data, updated_at FROM user_avatar WHERE user_id = $1`, [userId]);
    return rows[0] ? { mime: rows[0].mime, data: rows[0].data, updatedAt: rows[0].updated_at } : null;
  }
}
