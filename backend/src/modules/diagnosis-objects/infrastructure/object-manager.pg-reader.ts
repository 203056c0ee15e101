import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { ObjectManagerReader } from '../application/ports/diagnosis-object-repository.port.js';

/** A person's role codes, read fresh (grants can change at any time). */
@Injectable()
export class ObjectManagerPgReader extends ObjectManagerReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async roleCodes(userId: string): Promise<string[]> {
    const rows = await query<{ code: string }>(this.db, `SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1`, [userId]);
    return rows.map((r) => r.code);
  }
}
