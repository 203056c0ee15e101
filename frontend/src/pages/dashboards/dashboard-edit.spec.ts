import { describe, expect, it } from '@jest/globals';
import { DASHBOARD_MAX_TILES, type DashboardTile } from '@zhengai/contracts';
import { addTile, chartsFor, moveTile, removeTile, sameTiles, updateTile } from './dashboard-edit';

const tiles: DashboardTile[] = [{ cardId: 'a', width: 1 }, { cardId: 'b', width: 2, chart: 'bar' }, { cardId: 'c' }];

describe('dashboard tiles', () => {
  it('adds a card once, at the end, up to the maximum', () => {
    expect(addTile(tiles, 'd').map((t) => t.cardId)).toEqual(['a', 'b', 'c', 'd']);
    expect(addTile(tiles, 'a')).toBe(tiles);
    const full = Array.from({ length: DASHBOARD_MAX_TILES }, (_, i) => ({ cardId: `x${i}` }));
    expect(addTile(full, 'y')).toHaveLength(DASHBOARD_MAX_TILES);
  });
  it('moves up and down, not past the ends', () => {
    expect(moveTile(tiles, 1, -1).map((t) => t.cardId)).toEqual(['b', 'a', 'c']);
    expect(moveTile(tiles, 1, 1).map((t) => t.cardId)).toEqual(['a', 'c', 'b']);
    expect(moveTile(tiles, 0, -1)).toBe(tiles);
    expect(moveTile(tiles, 2, 1)).toBe(tiles);
  });
  it('removes and updates one tile', () => {
    expect(removeTile(tiles, 1).map((t) => t.cardId)).toEqual(['a', 'c']);
    expect(updateTile(tiles, 0, { chart: 'pie', width: 2 })[0]).toEqual({ cardId: 'a', chart: 'pie', width: 2 });
  });
  it('tells a change from none', () => {
    expect(sameTiles(tiles, [{ cardId: 'a' }, { cardId: 'b', width: 2, chart: 'bar' }, { cardId: 'c', width: 1 }])).toBe(true);
    expect(sameTiles(tiles, moveTile(tiles, 0, 1))).toBe(false);
    expect(sameTiles(tiles, updateTile(tiles, 2, { chart: 'line' }))).toBe(false);
    expect(sameTiles(tiles, tiles.slice(0, 2))).toBe(false);
  });
  it('offers the four charts, a number stays a number', () => {
    expect(chartsFor('line')).toEqual(['line', 'bar', 'radar', 'pie']);
    expect(chartsFor('number')).toEqual(['number']);
  });
});
