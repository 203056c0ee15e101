import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import type { PersonKind } from '@zhengai/contracts';
import { PeopleImportRepository } from '../application/ports/people-import.port.js';
import type { DepartmentWrite, ExistingDepartment } from '../domain/department-import.js';
import type { CleanPerson, ExistingPerson } from '../domain/people-import.js';

/** Rows a statement: 15,000 people are 8 batches, each serialised in a few milliseconds (the event loop stays free). */
export const BATCH = 2_000;

/** Runs `write` for every BATCH items, one after the other. */
export async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await write(items.slice(i, i + BATCH));
}

/** The imports' reads and writes: each write a few statements over unnest()ed arrays (BATCH rows each). */
@Injectable()
export class PeopleImportPgRepository extends PeopleImportRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  departments(): Promise<ExistingDepartment[]> {
    return query<ExistingDepartment>(this.db,
      `SELECT id, name, parent_id AS "parentId", short_name_chinese AS "shortName", charge_user_id AS "chargeUserId" FROM department ORDER BY sort_order, name`,
    );
  }

  async roles(): Promise<Map<string, string>> {
    const rows = await query<{ id: string; name: string }>(this.db, `SELECT id, name FROM role`);
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  async roleIdsByCode(codes: string[]): Promise<Map<string, string>> {
    const rows = await query<{ id: string; code: string }>(this.db, `SELECT id, code FROM role WHERE code = ANY($1::varchar[])`, [codes]);
    return new Map(rows.map((r) => [r.code, r.id]));
  }

  async casOwners(casUsers: string[]): Promise<Map<string, string>> {
    if (casUsers.length === 0) return new Map();
    const rows = await query<{ cas_user: string; account: string }>(this.db, `SELECT cas_user, lower(account) AS account FROM app_user WHERE cas_user = ANY($1::varchar[])`, [casUsers]);
    return new Map(rows.map((r) => [r.cas_user, r.account]));
  }

  async peopleByAccounts(accounts: string[]): Promise<Array<Omit<ExistingPerson, 'object'>>> {
    if (accounts.length === 0) return [];
    const rows = await query<{ id: string; account: string; name: string; org_id: string | null; person_kind: PersonKind; cas_user: string | null; phone: string | null; email: string | null; role_ids: string[] }>(
      this.db,
      `SELECT u.id, u.account, u.name, u.org_id, u.person_kind, u.cas_user, u.phone, u.email,
              coalesce((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_role ur WHERE ur.user_id = u.id), '{}') AS role_ids
       FROM app_user u WHERE lower(u.account) = ANY($1::text[])`,
      [accounts.map((a) => a.toLowerCase())],
    );
    return rows.map((r) => ({ id: r.id, account: r.account, name: r.name, orgId: r.org_id, kind: r.person_kind, casUser: r.cas_user, phone: r.phone, email: r.email, roleIds: r.role_ids }));
  }

  async userIdsByAccounts(accounts: string[]): Promise<Map<string, string>> {
    if (accounts.length === 0) return new Map();
    const rows = await query<{ id: string; account: string }>(this.db, `SELECT id, lower(account) AS account FROM app_user WHERE lower(account) = ANY($1::text[])`, [accounts.map((a) => a.toLowerCase())]);
    return new Map(rows.map((r) => [r.account, r.id]));
  }

  async writePeople(
    tx: Transaction,
    creates: Array<CleanPerson & { id: string }>,
    updates: Array<CleanPerson & { id: string; rolesChanged: boolean }>,
    password: { hash: string; mustChange: boolean },
  ): Promise<void> {
    const m = managerOf(tx);
    const columns = (people: Array<CleanPerson & { id: string }>) => [
      people.map((p) => p.id),
      people.map((p) => p.account),
      people.map((p) => p.name),
      people.map((p) => p.orgId),
      people.map((p) => p.kind),
      people.map((p) => p.casUser),
      people.map((p) => p.phone),
      people.map((p) => p.email),
    ];
    const UNNEST = `unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[])
                    AS v(id, account, name, org_id, person_kind, cas_user, phone, email)`;
    await inBatches(creates, (batch) =>
      m.query(
        `INSERT INTO app_user (id, account, name, org_id, person_kind, cas_user, phone, email, password_hash, must_change_password)
         SELECT v.id, v.account, v.name, v.org_id, v.person_kind, v.cas_user, v.phone, v.email, $9, $10 FROM ${UNNEST}`,
        [...columns(batch), password.hash, password.mustChange],
      ),
    );
    // only rows that differ: an unchanged person keeps their access version (and their cached sessions)
    await inBatches(updates, (batch) =>
      m.query(
        `UPDATE app_user u SET name = v.name, org_id = v.org_id, person_kind = v.person_kind, cas_user = v.cas_user, phone = v.phone, email = v.email, updated_at = now()
         FROM ${UNNEST}
         WHERE u.id = v.id AND (u.name, u.org_id, u.person_kind, u.cas_user, u.phone, u.email) IS DISTINCT FROM (v.name, v.org_id, v.person_kind, v.cas_user, v.phone, v.email)`,
        columns(batch),
      ),
    );
    const withRoles = [...creates.filter((p) => p.roleIds !== null), ...updates.filter((p) => p.rolesChanged)];
    if (withRoles.length > 0) {
      const changed = updates.filter((p) => p.rolesChanged).map((p) => p.id);
      if (changed.length > 0) await m.query(`DELETE FROM user_role WHERE user_id = ANY($1::varchar[])`, [changed]);
      const pairs = withRoles.flatMap((p) => p.roleIds!.map((r) => [p.id, r] as const));
      await inBatches(pairs, (batch) =>
        m.query(`INSERT INTO user_role (user_id, role_id) SELECT * FROM unnest($1::varchar[], $2::varchar[]) ON CONFLICT DO NOTHING`, [batch.map((p) => p[0]), batch.map((p) => p[1])]),
      );
    }
  }

  async writeDepartments(tx: Transaction, creates: DepartmentWrite[], updates: DepartmentWrite[]): Promise<void> {
    const m = managerOf(tx);
    if (creates.length > 0) {
      // one statement: a parent and its children may be in it, in any order (the foreign key is checked at its end)
      await m.query(
        `INSERT INTO department (id, name, parent_id, short_name_chinese, charge_user_id, sort_order)
         SELECT v.id, v.name, v.parent_id, v.short_name, v.charge_user_id, (SELECT coalesce(max(sort_order), 0) FROM department) + v.n
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[]) WITH ORDINALITY AS v(id, name, parent_id, short_name, charge_user_id, n)`,
        [creates.map((d) => d.id), creates.map((d) => d.name), creates.map((d) => d.parentId), creates.map((d) => d.shortName), creates.map((d) => d.chargeUserId)],
      );
    }
    if (updates.length > 0) {
      await m.query(
        `UPDATE department d SET short_name_chinese = v.short_name, charge_user_id = v.charge_user_id, updated_at = now()
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[]) AS v(id, short_name, charge_user_id) WHERE d.id = v.id`,
        [updates.map((d) => d.id), updates.map((d) => d.shortName), updates.map((d) => d.chargeUserId)],
      );
    }
  }
}
