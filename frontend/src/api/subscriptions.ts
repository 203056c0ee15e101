// The subscription store (000 §7) under /api/herm-sjgl: what a person follows, e.g. portrait cards and screens
// (type 'portrayal', sourceId 'school', each item's sfzid the portrayal id).
import type { Subscription } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';

const SJGL = '/api/herm-sjgl';

/** One followed item as updateList takes it. */
export interface SubscriptionItem {
  sfzid: string;
  sfbb?: string | null;
  lw?: string | null;
  sfzsj?: string | null;
}

/** POST dynamicYbpDy/updateList {type, sourceId, list}: replaces the person's items of that type and source. */
export function updateSubscriptions(type: string, sourceId: string, list: SubscriptionItem[], opts: RequestOptions<Subscription[]> = {}): Promise<Subscription[]> {
  return post<Subscription[]>(`${SJGL}/dynamicYbpDy/updateList`, { type, sourceId, list }, opts);
}

/** GET dynamicYbpDy/query {type, sourceId}: the person's followed items. */
export function subscriptions(query: { type?: string; sourceId?: string } = {}, opts: GetOptions<Subscription[]> = {}): Promise<Subscription[]> {
  return get<Subscription[]>(`${SJGL}/dynamicYbpDy/query`, query, opts);
}
