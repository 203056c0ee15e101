import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LibraryAccessReader } from '../application/ports/library-access-reader.port.js';
import { query } from '../../../infrastructure/database/sql.js';

/** Library access: the creator and administrators write; authorities grant write or read to a role group or a person. */
@Injectable()
export class LibraryAccessPgReader extends LibraryAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async accessOf(userId: string, libraryId: string): Promise<'write' | 'read' | null> {
    const rows = await query<{ access: string | null }>(this.db,
      `SELECT CASE
         WHEN EXISTS (SELECT 1 FROM target_library WHERE id = $2 AND creator_id = $1) THEN 'write'
         ELSE (SELECT max(a.authority_type) FROM authority a
               WHERE a.resource_type = 'target-library' AND a.resource_id = $2
                 AND ((a.subject_type = 'user' AND a.subject_id = $1)
                   OR (a.subject_type = 'role' AND a.subject_id IN (SELECT role_id FROM user_role WHERE user_id = $1))))
       END AS access`,
      [userId, libraryId],
    );
    // 'write' > 'read' as text, so max() picks the stronger grant.
    const access = rows[0]?.access;
    return access === 'write' || access === 'read' ? access : null;
  }

  async librariesReadableBy(userId: string): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT id FROM target_library WHERE creator_id = $1
       UNION SELECT a.resource_id FROM authority a
       WHERE a.resource_type = 'target-library'
         AND ((a.subject_type = 'user' AND a.subject_id = $1) OR (a.subject_type = 'role' AND a.subject_id IN (SELECT role_id FROM user_role WHERE user_id = $1)))`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  async isAdmin(userId: string): Promise<boolean> {
    const rows = await query(this.db, `SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 AND r.code = 'admin'`, [userId]);
    return rows.length > 0;
  }

  async writesStandardMenu(userId: string): Promise<boolean> {
    const rows = await query(this.db,
      `SELECT 1 FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id
       WHERE ur.user_id = $1 AND rm.menu_key = 'ly_herm_standard' AND rm.can_write`,
      [userId],
    );
    return rows.length > 0;
  }

  async departmentsHeadedBy(userId: string): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db, `SELECT id FROM department WHERE charge_user_id = $1`, [userId]);
    return rows.map((r) => r.id);
  }
}
