import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthorityRepository, type AuthorityRecord } from '../application/ports/authority-repository.port.js';
import { query } from '../../../infrastructure/database/sql.js';

const SELECT = `
  SELECT a.id, a.resource_id AS "libraryId", a.subject_type AS "subjectType", a.subject_id AS "subjectId",
         CASE a.subject_type WHEN 'role' THEN r.name ELSE u.name END AS "subjectName", a.authority_type AS "authorityType", a.created_at AS "createdAt"
  FROM authority a
  LEFT JOIN role r ON a.subject_type = 'role' AND r.id = a.subject_id
  LEFT JOIN app_user u ON a.subject_type = 'user' AND u.id = a.subject_id`;

@Injectable()
export class AuthorityPgRepository extends AuthorityRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  list(libraryId: string): Promise<AuthorityRecord[]> {
    return query<AuthorityRecord>(this.db, `${SELECT} WHERE a.resource_type = 'target-library' AND a.resource_id = $1 ORDER BY a.subject_type, a.created_at, a.id`, [libraryId]);
  }

  async find(id: string): Promise<AuthorityRecord | null> {
    const rows = await query<AuthorityRecord>(this.db, `${SELECT} WHERE a.resource_type = 'target-library' AND a.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async add(libraryId: string, subjectType: 'role' | 'user', subjectId: string, authorityType: 'write' | 'read'): Promise<string | null> {
    const rows = await query<{ id: string }>(this.db,
      `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES ('target-library', $1, $2, $3, $4)
       ON CONFLICT (resource_type, resource_id, subject_type, subject_id) DO NOTHING RETURNING id`,
      [libraryId, subjectType, subjectId, authorityType],
    );
    return rows[0]?.id ?? null;
  }

  async update(id: string, authorityType: 'write' | 'read'): Promise<void> {
    await this.db.query(`UPDATE authority SET authority_type = $2 WHERE id = $1 AND resource_type = 'target-library'`, [id, authorityType]);
  }

  async remove(id: string): Promise<void> {
    await this.db.query(`DELETE FROM authority WHERE id = $1 AND resource_type = 'target-library'`, [id]);
  }

  async subjectExists(subjectType: 'role' | 'user', subjectId: string): Promise<boolean> {
    const rows = await query(this.db, subjectType === 'role' ? `SELECT 1 FROM role WHERE id = $1` : `SELECT 1 FROM app_user WHERE id = $1`, [subjectId]);
    return rows.length > 0;
  }
}
