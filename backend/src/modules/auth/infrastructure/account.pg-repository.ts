import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Account, ChargedDepartment, RoleRef } from '../domain/account.js';
import type { MenuGrant, MenuRow } from '../domain/menu-tree.js';
import type { CleanProfile } from '../domain/profile-rules.js';
import type { ResponsibleLevel } from '../domain/responsible-menus.js';
import { AccountRepository } from '../application/ports/account-repository.port.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

/** A password hash no password matches (argon2 refuses to verify it): CAS-only accounts. */
const NO_PASSWORD_HASH = '!cas-only';

interface AccountRow {
  id: string;
  account: string;
  name: string;
  org_id: string | null;
  org_name: string | null;
  password_hash: string;
  enabled: boolean;
  sex: number;
  email: string | null;
  phone: string | null;
  qq: string | null;
  avatar_version: string | null;
  last_access_time: Date | null;
  must_change_password: boolean;
}

const ACCOUNT_SELECT = `
  SELECT u.id, u.account, u.name, u.org_id, d.name AS org_name, u.password_hash, u.enabled, u.sex, u.email, u.phone, u.qq,
         u.last_access_time, u.must_change_password, (extract(epoch FROM a.updated_at) * 1000)::bigint AS avatar_version
  FROM app_user u
  LEFT JOIN department d ON d.id = u.org_id
  LEFT JOIN user_avatar a ON a.user_id = u.id`;

function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    account: r.account,
    name: r.name,
    orgId: r.org_id,
    orgName: r.org_name,
    passwordHash: r.password_hash,
    enabled: r.enabled,
    sex: r.sex === 2 ? 2 : 1,
    email: r.email,
    phone: r.phone,
    qq: r.qq,
    hasAvatar: r.avatar_version !== null,
    avatarVersion: r.avatar_version === null ? null : Number(r.avatar_version),
    lastAccessTime: r.last_access_time,
    mustChangePassword: r.must_change_password,
  };
}

@Injectable()
export class AccountPgRepository extends AccountRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  private async one(where: string, value: string): Promise<Account | null> {
    const rows = await query<AccountRow>(this.db, `${ACCOUNT_SELECT} WHERE ${where} LIMIT 1`, [value]);
    return rows[0] ? toAccount(rows[0]) : null;
  }

  findByAccount(account: string): Promise<Account | null> {
    return this.one('lower(u.account) = lower($1)', account);
  }

  findById(id: string): Promise<Account | null> {
    return this.one('u.id = $1', id);
  }

  async findByCasUser(casUser: string): Promise<Account | null> {
    return (await this.one('u.cas_user = $1', casUser)) ?? this.findByAccount(casUser);
  }

  async createCasAccount(casUser: string, newcomer: { name: string; departmentName: string | null; role: string | null }): Promise<Account | null> {
    await inTransaction(this.db, async (m) => {
      const rows = (await m.query(
        `INSERT INTO app_user (account, name, password_hash, cas_user, person_kind, org_id)
         VALUES ($1, $2, $3, $1, 'staff', (SELECT min(id) FROM department WHERE name = $4 HAVING count(*) = 1))
         ON CONFLICT DO NOTHING RETURNING id`,
        [casUser, newcomer.name, NO_PASSWORD_HASH, newcomer.departmentName],
      )) as Array<{ id: string }>;
      if (rows[0] && newcomer.role) {
        await m.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = $2 OR name = $2 ORDER BY code = $2 DESC LIMIT 1`, [rows[0].id, newcomer.role]);
      }
    });
    return this.findByCasUser(casUser);
  }

  async rolesOf(userId: string): Promise<RoleRef[]> {
    const rows = await query<{ id: string; name: string; code: string }>(this.db,
      `SELECT r.id, r.name, r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.sort_order, r.name`,
      [userId],
    );
    return rows.map((r) => ({ roleId: r.id, roleName: r.name, code: r.code }));
  }

  async grantedMenus(userId: string): Promise<MenuGrant[]> {
    // one role granting write is enough
    return query<MenuGrant>(this.db,
      `SELECT rm.menu_key AS key, bool_or(rm.can_write) AS "canWrite"
       FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = $1 GROUP BY rm.menu_key`,
      [userId],
    );
  }

  async responsibleLevels(userId: string): Promise<ResponsibleLevel[]> {
    const rows = await query<{ level: ResponsibleLevel }>(this.db,
      `SELECT DISTINCT level FROM diagnosis_object WHERE responsible_id = $1 AND level IN ('major', 'course') AND retired_at IS NULL`,
      [userId],
    );
    return rows.map((r) => r.level);
  }

  async allMenus(): Promise<MenuRow[]> {
    const rows = await query<{ key: string; name: string; path: string; component: string | null; parent_key: string | null; external_url: string | null }>(this.db,
      `SELECT key, name, path, component, parent_key, external_url FROM menu ORDER BY sort_order, key`,
    );
    return rows.map((r) => ({ key: r.key, name: r.name, path: r.path, component: r.component, parentKey: r.parent_key, externalUrl: r.external_url }));
  }

  async departmentsChargedBy(userId: string): Promise<ChargedDepartment[]> {
    const rows = await query<{ id: string; name: string; charge_user_id: string; charge_user_name: string }>(this.db,
      `SELECT d.id, d.name, d.charge_user_id, u.name AS charge_user_name
       FROM department d JOIN app_user u ON u.id = d.charge_user_id WHERE d.charge_user_id = $1 ORDER BY d.sort_order, d.name`,
      [userId],
    );
    return rows.map((r) => ({ departmentId: r.id, departmentName: r.name, chargeUserId: r.charge_user_id, chargeUserName: r.charge_user_name }));
  }

  async setPasswordHash(userId: string, hash: string, keepSessionId: string | null): Promise<void> {
    // One transaction: no moment where the new password holds and a session opened with the old one still lives.
    await inTransaction(this.db, async (m) => {
      await m.query(`UPDATE app_user SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1`, [userId, hash]);
      await m.query(`DELETE FROM user_session WHERE user_id = $1 AND sid IS DISTINCT FROM $2`, [userId, keepSessionId]);
    });
  }

  async touchLastAccess(userId: string, at: Date): Promise<void> {
    await this.db.query(`UPDATE app_user SET last_access_time = $2 WHERE id = $1`, [userId, at]);
  }

  async updateProfile(userId: string, p: CleanProfile): Promise<void> {
    await this.db.query(`UPDATE app_user SET email = $2, phone = $3, qq = $4, sex = $5, updated_at = now() WHERE id = $1`, [userId, p.email, p.phone, p.qq, p.sex]);
  }
}
