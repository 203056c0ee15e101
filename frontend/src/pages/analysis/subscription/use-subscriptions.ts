import type { PortrayalKind } from '@zhengai/contracts';
import { useCallback, useState } from 'react';
import { subscriptions, updateSubscriptions } from '../../../api/subscriptions';
import { useRequest } from '../../../hooks/use-request';
import { PORTRAYAL_SUBSCRIPTION, followedIds, toggledList } from './subscription-data';

export interface PortrayalSubscriptions {
  loading: boolean;
  /** the followed ids of a kind */
  ids(kind: PortrayalKind): string[];
  /** the id being saved, if any */
  saving: string | null;
  toggle(id: string, kind: PortrayalKind, name: string, follow: boolean): Promise<void>;
}

/** The person's followed portrait cards and screens, with a toggle that saves the whole list (updateList). */
export function usePortrayalSubscriptions(): PortrayalSubscriptions {
  const state = useRequest(() => subscriptions(PORTRAYAL_SUBSCRIPTION), 'portrayal-subscriptions');
  const [saving, setSaving] = useState<string | null>(null);
  const { data, setData } = state;
  const toggle = useCallback(
    async (id: string, kind: PortrayalKind, name: string, follow: boolean) => {
      setSaving(id);
      try {
        const list = toggledList(data ?? [], id, kind, name, follow);
        const saved = await updateSubscriptions(PORTRAYAL_SUBSCRIPTION.type, PORTRAYAL_SUBSCRIPTION.sourceId, list, {
          successMessage: follow ? '订阅成功' : '已取消订阅',
        });
        setData(() => saved);
      } catch {
        // shown by the request layer
      } finally {
        setSaving(null);
      }
    },
    [data, setData],
  );
  return { loading: state.loading, ids: (kind) => followedIds(data, kind), saving, toggle };
}
