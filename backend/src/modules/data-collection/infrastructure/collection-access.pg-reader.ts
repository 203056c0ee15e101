import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query, sqlTextList } from '../../../infrastructure/database/sql.js';
import { CollectionAccessReader, type CollectionStanding } from '../application/ports/collection-access.port.js';

/** The menu whose holders manage data collection (README "Who does what"). */
export const COLLECTION_MANAGER_MENU = 'ly_herm_dataCollection_task';

/**
 * A person's standing to collection, as SQL over `user` (an SQL expression: `$1`, a column): their department and
 * whether they manage (a role holding COLLECTION_MANAGER_MENU). standing() reads it; 我的待办's fills inside their
 * statement (fill-todos.sql.ts).
 */
export const collectionStandingSql = (user: string): { org: string; manager: string } => ({
  org: `(SELECT su.org_id FROM app_user su WHERE su.id = ${user})`,
  manager: `EXISTS (SELECT 1 FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = ${user} AND rm.menu_key = ${sqlTextList([COLLECTION_MANAGER_MENU])})`,
});

@Injectable()
export class CollectionAccessPgReader extends CollectionAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async standing(userId: string): Promise<CollectionStanding> {
    const rows = await query<CollectionStanding>(this.db,
      `SELECT u.id AS "userId", u.name AS "userName", u.org_id AS "orgId", ${collectionStandingSql('u.id').manager} AS manager
       FROM app_user u WHERE u.id = $1`,
      [userId]);
    return rows[0] ?? { userId, userName: '', orgId: null, manager: false };
  }
}
