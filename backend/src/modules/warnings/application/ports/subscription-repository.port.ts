export interface SubscriptionItem {
  sfzid: string;
  sfbb: string | null;
  tbsj: Date;
  lw: string | null;
  sfzsj: Date | null;
}

/** A person's followed items, per kind (type) and the place followed from (sourceId). */
export abstract class SubscriptionRepository {
  /** Replaces the person's items for one type and source, in one transaction. */
  abstract replace(userId: string, type: string, sourceId: string, items: Array<Omit<SubscriptionItem, 'tbsj'>>): Promise<void>;
  abstract list(userId: string, filter: { type?: string; sourceId?: string }): Promise<Array<SubscriptionItem & { type: string; sourceId: string }>>;
}
