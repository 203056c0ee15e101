import { describe, expect, it } from '@jest/globals';
import { fitTabs, tabCapacity } from './tab-fit';

const tab = (n: number) => ({ path: n === 0 ? '/index' : `/p${n}`, title: `页面${n}` });
const tabs = Array.from({ length: 10 }, (_, i) => tab(i));

describe('tabCapacity', () => {
  it('shows every tab when they fit and leaves room for 更多标签 when not', () => {
    expect(tabCapacity(1100, 3)).toBe(3);
    expect(tabCapacity(1100, 10)).toBe(6);
    expect(tabCapacity(200, 10)).toBe(2);
    expect(tabCapacity(0, 10)).toBe(10);
  });
});

describe('fitTabs', () => {
  it('keeps home, the current tab and the latest ones, in order; the rest collapse', () => {
    const { shown, hidden } = fitTabs(tabs, '/p2', 5);
    expect(shown.map((t) => t.path)).toEqual(['/index', '/p2', '/p7', '/p8', '/p9']);
    expect(hidden.map((t) => t.path)).toEqual(['/p1', '/p3', '/p4', '/p5', '/p6']);
  });

  it('hides nothing when everything fits', () => {
    expect(fitTabs(tabs.slice(0, 3), '/p1', 5)).toEqual({ shown: tabs.slice(0, 3), hidden: [] });
  });
});
