import type { DashboardTile, Portrayal, PortrayalContent, PortrayalKind, PortrayalQuery } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';

/** Whose grants filter a read: null reads everything (the administrator, the manage page). */
export type Readers = string[] | null;

export interface PortrayalValues {
  kind: PortrayalKind;
  name: string;
  nametwo: string;
  cm: string;
  level: string;
  parentId: string | null;
  sort: number;
  description: string | null;
  content: PortrayalContent | null;
}

/** Portraits (cards, menus, screens), their card lists and role grants keyed by cm; the personal dashboards. */
export abstract class PortrayalRepository {
  /** The role ids a person holds, and whether one is the administrator's. */
  abstract rolesOf(userId: string): Promise<{ roleIds: string[]; isAdmin: boolean }>;
  abstract cards(q: PortrayalQuery, readers: Readers, skip: number, take: number): Promise<{ rows: Portrayal[]; total: number }>;
  /** Every record of a kind (children empty), granted to `readers` when not null. */
  abstract ofKind(kind: 'menu' | 'screen', readers: Readers, level?: string): Promise<Portrayal[]>;
  /** The cards of the holders in their order, each granted to `readers` when not null. */
  abstract cardsOf(holderIds: string[], readers: Readers): Promise<Map<string, Portrayal[]>>;
  abstract find(id: string): Promise<Portrayal | null>;
  /** Of these ids, those that are cards granted to `readers` (all cards when null). */
  abstract readableCards(ids: string[], readers: Readers): Promise<string[]>;
  abstract cmTaken(cm: string, exceptId?: string): Promise<boolean>;
  abstract hasChildren(id: string): Promise<boolean>;
  /** Each menu's parent (for the loop check). */
  abstract menuParents(): Promise<Map<string, string | null>>;
  abstract existingRoles(ids: string[]): Promise<string[]>;
  abstract insert(tx: Transaction, values: PortrayalValues): Promise<string>;
  abstract update(tx: Transaction, id: string, values: PortrayalValues): Promise<void>;
  abstract delete(tx: Transaction, id: string): Promise<void>;
  abstract setGrants(tx: Transaction, cm: string, roleIds: string[]): Promise<void>;
  abstract setCards(tx: Transaction, holderId: string, cardIds: string[]): Promise<void>;
  abstract dashboard(userId: string): Promise<{ tiles: DashboardTile[]; updatedAt: string | null }>;
  abstract saveDashboard(userId: string, tiles: DashboardTile[]): Promise<void>;
}
