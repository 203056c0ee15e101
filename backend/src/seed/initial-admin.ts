import { Logger } from '@nestjs/common';
import argon2 from 'argon2';
import type { DataSource } from 'typeorm';

/**
 * A fresh production database has roles and menus (migrations) but nobody to log in. With INITIAL_ADMIN_PASSWORD
 * set and no administrator yet, the account admin is created; otherwise nothing happens.
 */
export async function ensureInitialAdmin(db: DataSource, password: string | null): Promise<void> {
  const logger = new Logger('Seed');
  const admins: unknown[] = await db.query(`SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.code = 'admin' LIMIT 1`);
  if (admins.length > 0) return;
  if (!password) {
    logger.warn('no administrator exists: set INITIAL_ADMIN_PASSWORD (letters and digits, 8 or more) to create the account admin');
    return;
  }
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await db.transaction(async (m) => {
    const [user] = (await m.query(
      `INSERT INTO app_user (account, name, password_hash) VALUES ('admin', '系统管理员', $1)
       ON CONFLICT (account) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id`,
      [hash],
    )) as [{ id: string }];
    await m.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = 'admin' ON CONFLICT DO NOTHING`, [user.id]);
    // An existing account admin just had its password replaced: its sessions end, as after any password change.
    await m.query(`DELETE FROM user_session WHERE user_id = $1`, [user.id]);
  });
  logger.log('created the administrator account admin from INITIAL_ADMIN_PASSWORD');
}
