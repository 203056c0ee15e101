import { Injectable } from '@nestjs/common';
import type { DashboardTile, Portrayal, PortrayalQuery } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { PortrayalRepository, type PortrayalValues, type Readers } from '../application/ports/portrayal-repository.port.js';

const COLUMNS = `
  p.id, p.kind, p.name, p.nametwo, p.cm, p.level, p.parent_id AS "parentId", p.sort_order AS sort, p.description, p.content,
  coalesce((SELECT array_agg(g.role_id ORDER BY g.role_id) FROM portrayal_grant g WHERE g.cm = p.cm), '{}') AS "roleIds"`;

/** Granted to one of the roles $n (NULL: no filter). */
const granted = (n: number) => `($${n}::varchar[] IS NULL OR EXISTS (SELECT 1 FROM portrayal_grant g WHERE g.cm = p.cm AND g.role_id = ANY($${n}::varchar[])))`;

type Row = Omit<Portrayal, 'children'>;
const withChildren = (r: Row): Portrayal => ({ ...r, children: [] });

@Injectable()
export class PortrayalPgRepository extends PortrayalRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async rolesOf(userId: string): Promise<{ roleIds: string[]; isAdmin: boolean }> {
    const rows = await query<{ id: string; code: string }>(this.db, `SELECT r.id, r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1`, [userId]);
    return { roleIds: rows.map((r) => r.id), isAdmin: rows.some((r) => r.code === 'admin') };
  }

  async cards(q: PortrayalQuery, readers: Readers, skip: number, take: number): Promise<{ rows: Portrayal[]; total: number }> {
    const where = `p.kind = 'card' AND ($1::text IS NULL OR p.name ILIKE $1 OR p.nametwo ILIKE $1) AND ($2::text IS NULL OR p.level = $2) AND ${granted(3)}`;
    const params = [q.name ? likeContains(q.name) : null, q.level ?? null, readers];
    const [rows, count] = await Promise.all([
      query<Row>(this.db, `SELECT ${COLUMNS} FROM portrayal p WHERE ${where} ORDER BY p.sort_order, p.name, p.id OFFSET $4 LIMIT $5`, [...params, skip, take]),
      query<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM portrayal p WHERE ${where}`, params),
    ]);
    return { rows: rows.map(withChildren), total: count[0]!.total };
  }

  async ofKind(kind: 'menu' | 'screen', readers: Readers, level?: string): Promise<Portrayal[]> {
    const rows = await query<Row>(this.db, `SELECT ${COLUMNS} FROM portrayal p WHERE p.kind = $1 AND ${granted(2)} AND ($3::text IS NULL OR p.level = $3) ORDER BY p.sort_order, p.name, p.id`, [
      kind,
      readers,
      level ?? null,
    ]);
    return rows.map(withChildren);
  }

  async cardsOf(holderIds: string[], readers: Readers): Promise<Map<string, Portrayal[]>> {
    const rows = await query<Row & { holderId: string }>(
      this.db,
      `SELECT pc.holder_id AS "holderId", ${COLUMNS} FROM portrayal_card pc JOIN portrayal p ON p.id = pc.card_id
       WHERE pc.holder_id = ANY($1::varchar[]) AND ${granted(2)} ORDER BY pc.holder_id, pc.sort_order, p.name, p.id`,
      [holderIds, readers],
    );
    const map = new Map<string, Portrayal[]>();
    for (const { holderId, ...r } of rows) map.set(holderId, [...(map.get(holderId) ?? []), withChildren(r)]);
    return map;
  }

  async find(id: string): Promise<Portrayal | null> {
    const rows = await query<Row>(this.db, `SELECT ${COLUMNS} FROM portrayal p WHERE p.id = $1`, [id]);
    return rows[0] ? withChildren(rows[0]) : null;
  }

  async readableCards(ids: string[], readers: Readers): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db, `SELECT p.id FROM portrayal p WHERE p.id = ANY($1::varchar[]) AND p.kind = 'card' AND ${granted(2)}`, [ids, readers]);
    return rows.map((r) => r.id);
  }

  async cmTaken(cm: string, exceptId?: string): Promise<boolean> {
    const rows = await query<{ taken: boolean }>(this.db, `SELECT EXISTS (SELECT 1 FROM portrayal WHERE cm = $1 AND id IS DISTINCT FROM $2) AS taken`, [cm, exceptId ?? null]);
    return rows[0]?.taken ?? false;
  }

  async hasChildren(id: string): Promise<boolean> {
    const rows = await query<{ has: boolean }>(this.db, `SELECT EXISTS (SELECT 1 FROM portrayal WHERE parent_id = $1) AS has`, [id]);
    return rows[0]?.has ?? false;
  }

  async menuParents(): Promise<Map<string, string | null>> {
    const rows = await query<{ id: string; parentId: string | null }>(this.db, `SELECT id, parent_id AS "parentId" FROM portrayal WHERE kind = 'menu'`);
    return new Map(rows.map((r) => [r.id, r.parentId]));
  }

  async existingRoles(ids: string[]): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db, `SELECT id FROM role WHERE id = ANY($1::varchar[])`, [ids]);
    return rows.map((r) => r.id);
  }

  async insert(tx: Transaction, v: PortrayalValues): Promise<string> {
    const rows = await query<{ id: string }>(
      managerOf(tx),
      `INSERT INTO portrayal (kind, name, nametwo, cm, level, parent_id, sort_order, description, content) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING id`,
      [v.kind, v.name, v.nametwo, v.cm, v.level, v.parentId, v.sort, v.description, v.content === null ? null : JSON.stringify(v.content)],
    );
    return rows[0]!.id;
  }

  async update(tx: Transaction, id: string, v: PortrayalValues): Promise<void> {
    await managerOf(tx).query(
      `UPDATE portrayal SET kind = $2, name = $3, nametwo = $4, cm = $5, level = $6, parent_id = $7, sort_order = $8, description = $9, content = $10::jsonb, updated_at = now() WHERE id = $1`,
      [id, v.kind, v.name, v.nametwo, v.cm, v.level, v.parentId, v.sort, v.description, v.content === null ? null : JSON.stringify(v.content)],
    );
  }

  async delete(tx: Transaction, id: string): Promise<void> {
    // grants go with the cm (ON DELETE CASCADE), card lists with either end
    await managerOf(tx).query(`DELETE FROM portrayal WHERE id = $1`, [id]);
  }

  async setGrants(tx: Transaction, cm: string, roleIds: string[]): Promise<void> {
    const m = managerOf(tx);
    await m.query(`DELETE FROM portrayal_grant WHERE cm = $1 AND NOT (role_id = ANY($2::varchar[]))`, [cm, roleIds]);
    await m.query(`INSERT INTO portrayal_grant (cm, role_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [cm, roleIds]);
  }

  async setCards(tx: Transaction, holderId: string, cardIds: string[]): Promise<void> {
    const m = managerOf(tx);
    await m.query(`DELETE FROM portrayal_card WHERE holder_id = $1`, [holderId]);
    await m.query(
      `INSERT INTO portrayal_card (holder_id, card_id, sort_order) SELECT $1, c.id, c.n FROM unnest($2::varchar[]) WITH ORDINALITY AS c(id, n) ON CONFLICT DO NOTHING`,
      [holderId, cardIds],
    );
  }

  async dashboard(userId: string): Promise<{ tiles: DashboardTile[]; updatedAt: string | null }> {
    const rows = await query<{ tiles: DashboardTile[]; updatedAt: Date }>(this.db, `SELECT tiles, updated_at AS "updatedAt" FROM dashboard WHERE user_id = $1`, [userId]);
    return rows[0] ? { tiles: rows[0].tiles, updatedAt: new Date(rows[0].updatedAt).toISOString() } : { tiles: [], updatedAt: null };
  }

  async saveDashboard(userId: string, tiles: DashboardTile[]): Promise<void> {
    await this.db.query(
      `INSERT INTO dashboard (user_id, tiles, updated_at) VALUES ($1, $2::jsonb, now()) ON CONFLICT (user_id) DO UPDATE SET tiles = EXCLUDED.tiles, updated_at = now()`,
      [userId, JSON.stringify(tiles)],
    );
  }
}
