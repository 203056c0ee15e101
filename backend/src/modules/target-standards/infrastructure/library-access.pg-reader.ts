import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LibraryAccessReader, type LibraryReach, type LibraryStanding } from '../application/ports/library-access-reader.port.js';
import { query } from '../../../infrastructure/database/sql.js';
import { headedDepartmentsSql, isAdminSql } from '../../../infrastructure/database/visible-tasks.sql.js';

// Each rule once, as an expression of the person ($1) and, for ACCESS, the library ($2); the single reads and the
// combined ones (one round trip for what a task check needs) are built from them.
const IS_ADMIN = isAdminSql('$1');
const HEADED = headedDepartmentsSql('$1');
// 'write' > 'read' as text, so max() picks the stronger grant.
const ACCESS = `CASE
    WHEN EXISTS (SELECT 1 FROM target_library WHERE id = $2 AND creator_id = $1) THEN 'write'
    ELSE (SELECT max(a.authority_type) FROM authority a
          WHERE a.resource_type = 'target-library' AND a.resource_id = $2
            AND ((a.subject_type = 'user' AND a.subject_id = $1)
              OR (a.subject_type = 'role' AND a.subject_id IN (SELECT role_id FROM user_role WHERE user_id = $1))))
  END`;
const READABLE = `ARRAY(SELECT id FROM target_library WHERE creator_id = $1
    UNION SELECT a.resource_id FROM authority a
    WHERE a.resource_type = 'target-library'
      AND ((a.subject_type = 'user' AND a.subject_id = $1) OR (a.subject_type = 'role' AND a.subject_id IN (SELECT role_id FROM user_role WHERE user_id = $1))))`;

const accessOf = (value: string | null): 'write' | 'read' | null => (value === 'write' || value === 'read' ? value : null);

/** Library access: the creator and administrators write; authorities grant write or read to a role group or a person. */
@Injectable()
export class LibraryAccessPgReader extends LibraryAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async accessOf(userId: string, libraryId: string): Promise<'write' | 'read' | null> {
    const rows = await query<{ access: string | null }>(this.db, `SELECT ${ACCESS} AS access`, [userId, libraryId]);
    return accessOf(rows[0]?.access ?? null);
  }

  async librariesReadableBy(userId: string): Promise<string[]> {
    const rows = await query<{ ids: string[] }>(this.db, `SELECT ${READABLE} AS ids`, [userId]);
    return rows[0]?.ids ?? [];
  }

  async isAdmin(userId: string): Promise<boolean> {
    const rows = await query<{ admin: boolean }>(this.db, `SELECT ${IS_ADMIN} AS admin`, [userId]);
    return rows[0]?.admin === true;
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
    const rows = await query<{ ids: string[] }>(this.db, `SELECT ${HEADED} AS ids`, [userId]);
    return rows[0]?.ids ?? [];
  }

  async standing(userId: string, libraryId: string): Promise<LibraryStanding> {
    const rows = await query<{ admin: boolean; access: string | null; headed: string[] }>(this.db,
      `SELECT ${IS_ADMIN} AS admin, ${ACCESS} AS access, ${HEADED} AS headed`, [userId, libraryId]);
    const r = rows[0];
    return { isAdmin: r?.admin === true, libraryAccess: accessOf(r?.access ?? null), headsDepartments: r?.headed ?? [] };
  }

  async reach(userId: string): Promise<LibraryReach> {
    const rows = await query<{ admin: boolean; headed: string[]; readable: string[] }>(this.db,
      `SELECT ${IS_ADMIN} AS admin, ${HEADED} AS headed, ${READABLE} AS readable`, [userId]);
    const r = rows[0];
    return { isAdmin: r?.admin === true, headsDepartments: r?.headed ?? [], readableLibraries: r?.readable ?? [] };
  }
}
