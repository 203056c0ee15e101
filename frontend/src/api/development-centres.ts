// 发展中心 (issue 33) under /api/herm-znfx/centre: a level's cycles, its overview (figures and a page of objects), the
// overview as a workbook, one object's portrait, and where a person lands.
import type { CentreCycles, CentreHome, CentreLevel, CentreOverview, CentrePortrait, CentreSort } from '@zhengai/contracts';
import { get, getBlob, type BlobResult, type GetOptions } from './request';

export {
  CENTRE_LEVELS, CENTRE_MESSAGES, CENTRE_SORTS, CENTRES, IMPROVEMENT_EFFECT_NAMES, IMPROVEMENT_EFFECTS,
  type CentreCycles, type CentreFigures, type CentreHome, type CentreLevel, type CentreOverview, type CentrePortrait, type CentreRow, type CentreSort,
  type GradeCounts, type ImprovementEffect, type PortraitMeasure,
} from '@zhengai/contracts';

const BASE = '/api/herm-znfx/centre';

/** The overview's filters (the contract's CentreOverviewQuery, all but the level optional). */
export interface CentreFilter {
  level: CentreLevel;
  cycle?: string | null;
  departmentId?: string | null;
  majorId?: string | null;
  keyword?: string;
  sort?: CentreSort;
  order?: 'asc' | 'desc';
}

/** GET /api/herm-znfx/centre/cycles?level — the level's cycles with tasks, newest first, and the current one. */
export function getCentreCycles(level: CentreLevel, opts: GetOptions<CentreCycles> = {}): Promise<CentreCycles> {
  return get<CentreCycles>(`${BASE}/cycles`, { level }, opts);
}

/** GET /api/herm-znfx/centre/overview?level&cycle&departmentId&majorId&keyword&sort&order&pageNum&pageSize */
export function getCentreOverview(query: CentreFilter & { pageNum: number; pageSize: number }, opts: GetOptions<CentreOverview> = {}): Promise<CentreOverview> {
  return get<CentreOverview>(`${BASE}/overview`, { ...query }, opts);
}

/** GET /api/herm-znfx/centre/export?level&cycle&departmentId&majorId&keyword&sort&order — the filtered objects as .xlsx. */
export function exportCentre(query: CentreFilter, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/export`, { ...query }, opts);
}

/** GET /api/herm-znfx/centre/portrait?objectId — one object across its cycles. */
export function getCentrePortrait(objectId: string, opts: GetOptions<CentrePortrait> = {}): Promise<CentrePortrait> {
  return get<CentrePortrait>(`${BASE}/portrait`, { objectId }, opts);
}

/** GET /api/herm-znfx/centre/home — the person's own object (a teacher's or student's) and its level, if any. */
export function getCentreHome(opts: GetOptions<CentreHome> = {}): Promise<CentreHome> {
  return get<CentreHome>(`${BASE}/home`, undefined, opts);
}
