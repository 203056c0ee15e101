import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { CollectionAccessReader, type CollectionStanding } from '../application/ports/collection-access.port.js';

/** The menu whose holders manage data collection (README "Who does what"). */
export const COLLECTION_MANAGER_MENU = 'ly_herm_dataCollection_task';

@Injectable()
export class CollectionAccessPgReader extends CollectionAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async standing(userId: string): Promise<CollectionStanding> {
    const rows = await query<CollectionStanding>(this.db,
      `SELECT u.id AS "userId", u.name AS "userName", u.org_id AS "orgId",
              EXISTS (SELECT 1 FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = u.id AND rm.menu_key = $2) AS manager
       FROM app_user u WHERE u.id = $1`,
      [userId, COLLECTION_MANAGER_MENU]);
    return rows[0] ?? { userId, userName: '', orgId: null, manager: false };
  }
}
