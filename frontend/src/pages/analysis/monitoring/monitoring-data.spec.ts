import { describe, expect, it } from '@jest/globals';
import { collectionCard, countsCard } from './monitoring-data';

describe('monitoring lists as cards', () => {
  it('turns named counts into one series over the names', () => {
    const card = countsCard('g', '质控点等级', 'pie', [
      { name: '优秀', value: 4 },
      { name: '良好', value: 1 },
    ], 'now');
    expect(card.categories).toEqual(['优秀', '良好']);
    expect(card.series).toEqual([{ name: '数量', values: [4, 1] }]);
    expect(countsCard('g', 'x', 'pie', [], 'now').series).toEqual([]);
  });
  it('puts collected beside expected per task', () => {
    const card = collectionCard([{ name: '任务一', value: 3, target: 5 }], 'now');
    expect(card.series).toEqual([
      { name: '已采集', values: [3] },
      { name: '应采集', values: [5] },
    ]);
    expect(collectionCard([], 'now').series).toHaveLength(0);
  });
});
