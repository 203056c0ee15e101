import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DepartmentView } from '../domain/department-tree.js';
import type { MenuAddressRow } from '../domain/menu-address.js';
import { OrgRepository, type DepartmentInput, type Page, type UserFilter, type UserInput, type UserRow, type Window } from '../application/ports/org-repository.port.js';
import { affected, likeContains, query, sqlStateOf } from '../../../infrastructure/database/sql.js';
import { inTransaction, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import type { PersonKind } from '@zhengai/contracts';

const DEPARTMENT_SELECT = `
  SELECT d.id AS "departmentId", d.name AS "departmentName", d.parent_id AS "parentId",
         d.charge_user_id AS "chargeUserId", u.name AS "chargeUserName"
  FROM department d LEFT JOIN app_user u ON u.id = d.charge_user_id`;

type Row = Record<string, unknown>;

@Injectable()
export class OrgPgRepository extends OrgRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  /** Rows of one page plus the total, from one query (count(*) OVER ()). */
  private async page<T>(sql: string, params: unknown[], window: Window): Promise<Page<T>> {
    const n = params.length;
    const rows = await query<Row & { __total: string }>(this.db,
      `SELECT q.*, count(*) OVER () AS __total FROM (${sql}) q LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, window.take, window.skip],
    );
    if (rows.length === 0 && window.skip > 0) {
      const [{ c }] = await query<{ c: number }>(this.db, `SELECT count(*)::int AS c FROM (${sql}) q`, params);
      return { rows: [], total: c };
    }
    return { rows: rows.map(({ __total: _t, ...r }) => r as T), total: Number(rows[0]?.__total ?? 0) };
  }

  private async changed(sql: string, params: unknown[]): Promise<boolean> {
    return (await affected(this.db, sql, params)) > 0;
  }

  departments(window: Window): Promise<Page<DepartmentView>> {
    return this.page(`${DEPARTMENT_SELECT} ORDER BY d.sort_order, d.name`, [], window);
  }

  allDepartments(): Promise<DepartmentView[]> {
    return query<DepartmentView>(this.db, `${DEPARTMENT_SELECT} ORDER BY d.sort_order, d.name`);
  }

  shortNames(window: Window) {
    return this.page<{ departId: string; shortNameChinese: string | null; shortNameEnglish: string | null; chargeUserId: string | null; chargeUserName: string | null }>(
      `SELECT d.id AS "departId", d.short_name_chinese AS "shortNameChinese", d.short_name_english AS "shortNameEnglish",
              d.charge_user_id AS "chargeUserId", u.name AS "chargeUserName"
       FROM department d LEFT JOIN app_user u ON u.id = d.charge_user_id ORDER BY d.sort_order, d.name`,
      [],
      window,
    );
  }

  async departmentExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM department WHERE id = $1`, [id])).length > 0;
  }

  async departmentHasChildren(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM department WHERE parent_id = $1 LIMIT 1`, [id])).length > 0;
  }

  async addDepartment(i: DepartmentInput): Promise<string> {
    const [row] = await query<{ id: string }>(this.db,
      `INSERT INTO department (name, parent_id, charge_user_id, short_name_chinese, short_name_english, sort_order)
       VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(sort_order), 0) + 1 FROM department)) RETURNING id`,
      [i.departmentName, i.parentId, i.chargeUserId, i.shortNameChinese, i.shortNameEnglish],
    );
    return row.id;
  }

  updateDepartment(id: string, i: DepartmentInput): Promise<boolean> {
    return this.changed(
      `UPDATE department SET name = $2, parent_id = $3, charge_user_id = $4, short_name_chinese = $5, short_name_english = $6, updated_at = now() WHERE id = $1`,
      [id, i.departmentName, i.parentId, i.chargeUserId, i.shortNameChinese, i.shortNameEnglish],
    );
  }

  deleteDepartment(id: string): Promise<boolean> {
    return this.changed(`DELETE FROM department WHERE id = $1`, [id]);
  }

  /**
   * People of a page at 10,000+: a part of the name or account (lower(…) LIKE, served by the pg_trgm indexes of
   * migration people-import), the department, the person type; by account, with the page's people's roles.
   */
  async users(filter: UserFilter, window: Window): Promise<Page<UserRow>> {
    const like = filter.userName ? likeContains(filter.userName.toLowerCase()) : null;
    // the filters as literal conditions (no `$1 IS NULL OR …`), so each query gets the plan of its own indexes
    const params: unknown[] = [];
    const where: string[] = [];
    if (like) {
      params.push(like);
      where.push(`(lower(u.name) LIKE $${params.length} OR lower(u.account) LIKE $${params.length})`);
    }
    if (filter.orgId) {
      params.push(filter.orgId);
      where.push(`u.org_id = $${params.length}`);
    }
    if (filter.personKind) {
      params.push(filter.personKind);
      where.push(`u.person_kind = $${params.length}`);
    }
    const condition = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    // the count alone (no join, no sort), then the page by the account index: no window over every person
    const [{ c: total }] = await query<{ c: number }>(this.db, `SELECT count(*)::int AS c FROM app_user u ${condition}`, params);
    const rows =
      total === 0 || window.skip >= total
        ? []
        : await query<Omit<UserRow, 'roles'>>(this.db,
            `SELECT u.id AS "userId", u.name AS "userName", u.account, u.org_id AS "orgId", d.name AS "orgName",
                    u.user_type_id AS "userTypeId", u.sex, u.enabled, u.person_kind AS "personKind"
             FROM app_user u LEFT JOIN department d ON d.id = u.org_id
             ${condition}
             ORDER BY u.account LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, window.take, window.skip],
          );
    const page = { rows, total };
    // the roles of the page's people only: one statement, whatever the number of people there are
    const roles = await query<{ userId: string; roleId: string; roleName: string }>(this.db,
      `SELECT ur.user_id AS "userId", r.id AS "roleId", r.name AS "roleName" FROM user_role ur JOIN role r ON r.id = ur.role_id
       WHERE ur.user_id = ANY($1::varchar[]) ORDER BY r.sort_order, r.name`,
      [page.rows.map((r) => r.userId)],
    );
    const byUser = new Map<string, Array<{ roleId: string; roleName: string }>>();
    for (const r of roles) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), { roleId: r.roleId, roleName: r.roleName }]);
    return { rows: page.rows.map((r) => ({ ...r, roles: byUser.get(r.userId) ?? [] })), total: page.total };
  }

  async userExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM app_user WHERE id = $1`, [id])).length > 0;
  }

  async addUser(i: UserInput, passwordHash: string, tx?: Transaction): Promise<string> {
    const [row] = await query<{ id: string }>(runnerOf(this.db, tx),
      `INSERT INTO app_user (account, name, password_hash, org_id, user_type_id, sex, person_kind) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [i.account, i.userName, passwordHash, i.orgId, i.userTypeId, i.sex, i.personKind ?? 'staff'],
    );
    return row.id;
  }

  async updateUser(id: string, i: UserInput & { enabled: boolean }, tx?: Transaction): Promise<PersonKind | null> {
    const rows = await query<{ person_kind: PersonKind }>(runnerOf(this.db, tx),
      `UPDATE app_user SET account = $2, name = $3, org_id = $4, user_type_id = $5, sex = $6, enabled = $7, person_kind = coalesce($8, person_kind), updated_at = now()
       WHERE id = $1 RETURNING person_kind`,
      [id, i.account, i.userName, i.orgId, i.userTypeId, i.sex, i.enabled, i.personKind ?? null],
    );
    return rows[0]?.person_kind ?? null;
  }

  async deleteUser(id: string): Promise<'deleted' | 'notFound' | 'hasTasks' | 'referenced'> {
    try {
      return await inTransaction(this.db, async (m) => {
        // their object's rows, then their own, locked: a task being made for them (its foreign key checks) finishes
        // first and is seen here, or waits and then finds them gone
        await m.query(`SELECT id FROM diagnosis_object WHERE user_id = $1 ORDER BY id FOR UPDATE`, [id]);
        const [person] = await query<{ tasks: boolean }>(m,
          `SELECT EXISTS (SELECT 1 FROM obj_task t JOIN diagnosis_object o ON o.id = t.object_id WHERE o.user_id = u.id)
                  OR EXISTS (SELECT 1 FROM obj_task t WHERE t.owner_id = u.id)
                  OR EXISTS (SELECT 1 FROM obj_task t WHERE t.auditor_id = u.id) AS tasks
           FROM app_user u WHERE u.id = $1 FOR UPDATE OF u`, [id]);
        if (!person) return 'notFound';
        if (person.tasks) return 'hasTasks';
        await m.query(`DELETE FROM user_session WHERE user_id = $1`, [id]);
        await m.query(`DELETE FROM app_user WHERE id = $1`, [id]);
        return 'deleted';
      });
    } catch (error) {
      // rows of other modules that keep their person (a collection allocation, a library's creator): RESTRICT refuses
      if (sqlStateOf(error) === '23503') return 'referenced';
      throw error;
    }
  }

  roles(window: Window) {
    return this.page<{ roleId: string; roleName: string }>(`SELECT id AS "roleId", name AS "roleName" FROM role ORDER BY sort_order, name`, [], window);
  }

  async roleExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM role WHERE id = $1`, [id])).length > 0;
  }

  roleUsers(roleId: string): Promise<Array<{ userId: string; userName: string; account: string }>> {
    return query<{ userId: string; userName: string; account: string }>(this.db,
      `SELECT u.id AS "userId", u.name AS "userName", u.account FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ur.role_id = $1 ORDER BY u.account`,
      [roleId],
    );
  }

  async grantRole(roleId: string, userIds: string[]): Promise<void> {
    await this.db.query(`INSERT INTO user_role (user_id, role_id) SELECT unnest($2::varchar[]), $1 ON CONFLICT DO NOTHING`, [roleId, userIds]);
  }

  async revokeRole(roleId: string, userIds: string[]): Promise<void> {
    await this.db.query(`DELETE FROM user_role WHERE role_id = $1 AND user_id = ANY($2)`, [roleId, userIds]);
  }

  userTypes(window: Window) {
    return this.page<{ userTypeId: string; userTypeName: string }>(`SELECT id AS "userTypeId", name AS "userTypeName" FROM user_type ORDER BY sort_order, name`, [], window);
  }

  cycleTypes(): Promise<Array<{ id: string; lxmc: string }>> {
    return query<{ id: string; lxmc: string }>(this.db, `SELECT id, lxmc FROM cycle_type ORDER BY sort_order, lxmc`);
  }

  cycleValues(filter: { typeName?: string; cycleTypeId?: string }) {
    return query<{ cycleId: string; cycleNumber: string; defaultsStatus: number }>(this.db,
      `SELECT v.id AS "cycleId", v.cycle_number AS "cycleNumber", v.defaults_status AS "defaultsStatus"
       FROM cycle_value v JOIN cycle_type t ON t.id = v.cycle_type_id
       WHERE ($1::text IS NULL OR t.lxmc = $1) AND ($2::text IS NULL OR t.id = $2)
       ORDER BY t.sort_order, v.sort_order, v.cycle_number`,
      [filter.typeName ?? null, filter.cycleTypeId ?? null],
    );
  }

  dimensions(window: Window) {
    return this.page<{ pk_Dimension_Id: string; dimension_Name: string; display_Name: string }>(
      `SELECT id AS "pk_Dimension_Id", dimension_name AS "dimension_Name", display_name AS "display_Name" FROM dimension ORDER BY sort_order, dimension_name`,
      [],
      window,
    );
  }

  fileTypes(window: Window) {
    return this.page<{ id: string; mc: string }>(`SELECT id, mc FROM file_type ORDER BY sort_order, mc`, [], window);
  }

  async systemSetting(appId: string) {
    const rows = await query<{ app_id: string; system_name_source: string; logo_attachment_id: string | null }>(this.db,
      `SELECT app_id, system_name_source, logo_attachment_id FROM system_setting WHERE app_id = $1`,
      [appId],
    );
    return rows[0] ? { appId: rows[0].app_id, source: rows[0].system_name_source, logoAttachmentId: rows[0].logo_attachment_id } : null;
  }

  private static readonly MENU_SELECT = `SELECT key, name, path, component, external_url AS "externalUrl", parent_key IS NULL AS "topLevel" FROM menu`;

  menuAddresses(): Promise<MenuAddressRow[]> {
    return query<MenuAddressRow>(this.db, `${OrgPgRepository.MENU_SELECT} WHERE component IS NOT NULL ORDER BY sort_order, key`);
  }

  async menuAddress(key: string): Promise<MenuAddressRow | null> {
    return (await query<MenuAddressRow>(this.db, `${OrgPgRepository.MENU_SELECT} WHERE key = $1`, [key]))[0] ?? null;
  }

  async setMenuAddress(key: string, url: string | null): Promise<void> {
    await this.db.query(`UPDATE menu SET external_url = $2 WHERE key = $1`, [key, url]);
  }
}
