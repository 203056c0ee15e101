import {
  ATTAINMENT_NAMES,
  HANDLING_NAMES,
  IMPROVEMENT_EFFECT_NAMES,
  IMPROVEMENT_EFFECTS,
  OVERVIEW_ITEM_CHECKED,
  OVERVIEW_ITEM_IDS,
  OVERVIEW_ITEM_NAMES,
  REPORT_TABLE_SECTION,
  RWJD_GROUP,
  shownSections,
  TARGET_TASK_STATE_NAMES,
  type ImprovementEffect,
  type NamedValue,
  type OverviewItem,
  type OverviewItemId,
  type ReportTableKey,
  type ReportOverview,
  type ReportTables,
  type ReportTemplate,
  type Rwjd,
} from '@zhengai/contracts';
import { attainmentOf, type Attainment } from '../../../shared/kernel/attainment.js';
import { effectCounts, improvementRate } from '../../../shared/kernel/improvement-effect.js';
import { progress, progressNumber } from '../../../shared/kernel/progress.js';

/**
 * The overview's pure rules (001 §2, §3): shares, the grade list, attainment, the task groups and the items. The SQL
 * reads rows; these turn them into the figures, so the page, the Word document and the tests read the same numbers.
 */

/** A share in percent with 2 decimals, as text ('0' with nothing to divide): the kernel's progress rule, like wcl. */
export const percentOf = (part: number, whole: number): string => progress(part, whole);

/** The grades of zgQualitiesRankList in order; a point without a grade is 未评级. */
export const GRADE_LIST = ['A', 'B', 'C', 'D', 'Y', 'N', '未评级'] as const;
export const UNGRADED = '未评级';

/** A point's attainment: the kernel's rule (the development centres count it too). */
export { attainmentOf, type Attainment };

/** 达标 / 未达标 / 未填报 with their counts. */
export function attainmentList(attainments: readonly Attainment[]): NamedValue[] {
  return ATTAINMENT_NAMES.map((name) => ({ name, value: attainments.filter((a) => a === name).length }));
}

/** The grades with their counts and share of all points (zb, percent, 2 decimals); other letters count as 未评级. */
export function gradeList(grades: ReadonlyArray<string | null>): Array<{ name: string; value: number; zb: string }> {
  const counts = new Map<string, number>(GRADE_LIST.map((g) => [g, 0]));
  for (const g of grades) {
    const name = g !== null && counts.has(g) && g !== UNGRADED ? g : UNGRADED;
    counts.set(name, counts.get(name)! + 1);
  }
  return GRADE_LIST.map((name) => ({ name, value: counts.get(name)!, zb: percentOf(counts.get(name)!, grades.length) }));
}

/**
 * Each first-level indicator's 达标率 (percent, 2 decimals, as a number for the chart) over its points with a result
 * value, in the order the indicators come; points without a first-level indicator are left out.
 */
export function passRateList(rows: ReadonlyArray<{ yjzb: string | null; attainment: Attainment }>): NamedValue[] {
  const groups = new Map<string, { reported: number; met: number }>();
  for (const row of rows) {
    if (row.yjzb === null) continue;
    const g = groups.get(row.yjzb) ?? { reported: 0, met: 0 };
    if (row.attainment !== '未填报') g.reported += 1;
    if (row.attainment === '达标') g.met += 1;
    groups.set(row.yjzb, g);
  }
  return [...groups].map(([name, g]) => ({ name, value: progressNumber(g.met, g.reported) }));
}

/** Names once each, in the order first met (the section texts list each point or indicator once). */
export function distinctNames(names: ReadonlyArray<string | null>): string[] {
  return [...new Set(names.filter((n): n is string => n !== null && n !== ''))];
}

/** Target tasks by display group, in the order 已完成 / 正常 / 暂停 (zkdwcqkList). */
const GROUP_ORDER = ['finished', 'normal', 'pause'] as const;
export function taskGroupList(byState: ReadonlyArray<{ rwjd: Rwjd; count: number }>): NamedValue[] {
  return GROUP_ORDER.map((group) => ({
    name: TARGET_TASK_STATE_NAMES[group],
    value: byState.filter((s) => RWJD_GROUP[s.rwjd] === group).reduce((sum, s) => sum + s.count, 0),
  }));
}

/** 已处理 / 未处理 with their counts. */
export function handlingList(handled: number, total: number): NamedValue[] {
  return [
    { name: HANDLING_NAMES[0], value: handled },
    { name: HANDLING_NAMES[1], value: total - handled },
  ];
}

/** The ten points warned most (by count, then name): the bar's names and counts. */
export function topWarned(zkdmcs: readonly string[], limit = 10): { zkdmcs: string[]; zkdyjcs: number[] } {
  const counts = new Map<string, number>();
  for (const name of zkdmcs) counts.set(name, (counts.get(name) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);
  return { zkdmcs: top.map(([name]) => name), zkdyjcs: top.map(([, n]) => n) };
}

/** The years a cycle covers: '2025' → ['2025'], '2025-2026' → ['2025', '2026']; null when it names no years. */
export function cycleYears(cycle: string): string[] | null {
  const m = /^(\d{4})(?:-(\d{4}))?$/.exec(cycle.trim());
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] ? Number(m[2]) : first;
  if (last < first || last - first > 10) return null;
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

/**
 * The items 1–4 in order: the template's heading, check and text (defaults when absent: a template of before section 4
 * leaves it unchecked) with each section's num.
 */
export function overviewItems(template: Pick<ReportTemplate, 'items'>, nums: Record<OverviewItemId, number>): OverviewItem[] {
  return OVERVIEW_ITEM_IDS.map((id) => {
    const t = template.items.find((item) => item.id === id);
    return { id, name: t?.name ?? OVERVIEW_ITEM_NAMES[id], isChecked: t?.isChecked ?? OVERVIEW_ITEM_CHECKED[id], num: nums[id], text: t?.text ?? '' };
  });
}

/** A template's items as stored, completed to sections 1–4 in order (a template stored with three reads 4 unchecked). */
export function templateItems(items: ReadonlyArray<ReportTemplate['items'][number]>): ReportTemplate['items'] {
  return OVERVIEW_ITEM_IDS.map((id) => items.find((item) => item.id === id) ?? { id, isChecked: OVERVIEW_ITEM_CHECKED[id], name: OVERVIEW_ITEM_NAMES[id], text: '' });
}

/** Section 4's figures of a set of judged measures: their count, 有效 / 改善 / 未改善 / 待评估 and 改进有效率. */
export function effectFigures(effects: readonly ImprovementEffect[]): Pick<ReportOverview, 'gjcssl' | 'gjcxList' | 'gjyxl'> {
  const counts = effectCounts(effects);
  return {
    gjcssl: effects.length,
    gjcxList: IMPROVEMENT_EFFECTS.map((effect) => ({ name: IMPROVEMENT_EFFECT_NAMES[effect], value: counts[effect] })),
    gjyxl: improvementRate(effects),
  };
}

/**
 * A frozen overview and its tables as read: reports built before section 4 have neither its figures nor its item, and
 * read as if it were unchecked and empty (nothing is rebuilt; their page and document stay as they were).
 */
export function frozenOverview(stored: ReportOverview): ReportOverview {
  const items = OVERVIEW_ITEM_IDS.map((id) => stored.items.find((item) => item.id === id) ?? { id, name: OVERVIEW_ITEM_NAMES[id], isChecked: false, num: 0, text: '' });
  return { ...effectFigures([]), ...stored, items };
}
export function frozenTables(stored: ReportTables): ReportTables {
  return { ...stored, gjcx: stored.gjcx ?? [] };
}

/**
 * The statistics tables a report keeps: those of the sections it shows (checked, non-zero); a hidden section's tables
 * are left empty, so neither the page data nor the document carries them.
 */
export function shownTables(tables: ReportTables, items: readonly OverviewItem[]): ReportTables {
  const shown = new Set(shownSections(items).map((item) => item.id));
  const kept = <K extends ReportTableKey>(key: K): ReportTables[K] => (shown.has(REPORT_TABLE_SECTION[key]) ? tables[key] : ([] as ReportTables[K]));
  return { mbjc: kept('mbjc'), wdbzb: kept('wdbzb'), wwcmb: kept('wwcmb'), yjjl: kept('yjjl'), gjcx: kept('gjcx') };
}
