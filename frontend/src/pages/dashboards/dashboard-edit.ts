// Editing a person's dashboard tiles (pure): add, remove, move, chart and width, and whether it changed.
import { DASHBOARD_MAX_TILES, type CardChart, type DashboardTile } from '@zhengai/contracts';

/** The charts a card may be drawn as: a number stays a number; the others switch among line, bar, radar and pie. */
export function chartsFor(own: CardChart): CardChart[] {
  return own === 'number' ? ['number'] : ['line', 'bar', 'radar', 'pie'];
}

/** Adds the card at the end (half width, its own chart) unless it is there already or the board is full. */
export function addTile(tiles: DashboardTile[], cardId: string): DashboardTile[] {
  if (tiles.some((t) => t.cardId === cardId) || tiles.length >= DASHBOARD_MAX_TILES) return tiles;
  return [...tiles, { cardId, width: 1 }];
}

export function removeTile(tiles: DashboardTile[], index: number): DashboardTile[] {
  return tiles.filter((_, i) => i !== index);
}

/** Swaps the tile with its neighbour above (-1) or below (+1); at an end nothing moves. */
export function moveTile(tiles: DashboardTile[], index: number, by: -1 | 1): DashboardTile[] {
  const to = index + by;
  if (index < 0 || index >= tiles.length || to < 0 || to >= tiles.length) return tiles;
  const next = [...tiles];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

export function updateTile(tiles: DashboardTile[], index: number, change: Partial<Omit<DashboardTile, 'cardId'>>): DashboardTile[] {
  return tiles.map((t, i) => (i === index ? { ...t, ...change } : t));
}

/** Same tiles in the same order with the same choices (a missing width is half, a missing chart the card's). */
export function sameTiles(a: DashboardTile[], b: DashboardTile[]): boolean {
  return a.length === b.length && a.every((t, i) => t.cardId === b[i].cardId && (t.chart ?? null) === (b[i].chart ?? null) && (t.width ?? 1) === (b[i].width ?? 1));
}
