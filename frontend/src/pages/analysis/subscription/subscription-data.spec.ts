import { describe, expect, it } from '@jest/globals';
import type { Subscription } from '@zhengai/contracts';
import { followedIds, toggledList } from './subscription-data';

const sub = (sfzid: string, sfbb: string | null): Subscription => ({ sfzid, sfbb, tbsj: '2026-01-01 00:00:00', lw: null, sfzsj: null, type: 'portrayal', sourceId: 'school' });

describe('portrait subscriptions', () => {
  it('adds a followed portrayal once, keeping the others', () => {
    const list = toggledList([sub('a', 'card'), sub('b', 'screen')], 'a', 'card', '卡片A', true);
    expect(list.map((i) => i.sfzid)).toEqual(['b', 'a']);
    expect(list[1]).toEqual({ sfzid: 'a', sfbb: 'card', lw: '卡片A' });
  });
  it('removes an unfollowed one', () => {
    expect(toggledList([sub('a', 'card'), sub('b', 'screen')], 'a', 'card', 'x', false).map((i) => i.sfzid)).toEqual(['b']);
  });
  it('reads the ids by kind, untyped items as cards', () => {
    const all = [sub('a', 'card'), sub('b', 'screen'), sub('c', null)];
    expect(followedIds(all, 'card')).toEqual(['a', 'c']);
    expect(followedIds(all, 'screen')).toEqual(['b']);
    expect(followedIds(null, 'card')).toEqual([]);
  });
});
