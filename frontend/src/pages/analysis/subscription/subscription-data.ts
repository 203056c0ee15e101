// Portrait subscriptions in the store: type 'portrayal', source 'school', sfzid the portrayal id, sfbb its kind.
import type { PortrayalKind, Subscription } from '@zhengai/contracts';
import type { SubscriptionItem } from '../../../api/subscriptions';

export const PORTRAYAL_SUBSCRIPTION = { type: 'portrayal', sourceId: 'school' } as const;

/** The list to save after (un)following one portrayal: the others kept as they are, no duplicates. */
export function toggledList(current: Subscription[], id: string, kind: PortrayalKind, name: string, follow: boolean): SubscriptionItem[] {
  const kept: SubscriptionItem[] = current.filter((s) => s.sfzid !== id).map((s) => ({ sfzid: s.sfzid, sfbb: s.sfbb, lw: s.lw, sfzsj: s.sfzsj }));
  return follow ? [...kept, { sfzid: id, sfbb: kind, lw: name }] : kept;
}

/** The followed portrayal ids of a kind (items saved without a kind count as cards). */
export function followedIds(current: Subscription[] | null, kind: PortrayalKind): string[] {
  return (current ?? []).filter((s) => (s.sfbb ?? 'card') === kind).map((s) => s.sfzid);
}
