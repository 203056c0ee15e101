// The development centres' pure parts (issue 33): which centre a path is, the figures and their comparison with the last
// cycle, grade counts as text, the portrait's chart options (000 §9: at most 5 series, bar width 20, fixed colours).
// Kept apart from the components so they are tested without antd or echarts.
import type { EChartsOption } from 'echarts';
import {
  CENTRE_LEVELS, CENTRES, type CentreFigures, type CentreLevel, type CentrePortrait, type CentreSort, type GradeCounts, type ImprovementEffect,
} from '../../api/development-centres';
import type { MenuMap } from '../../api/types';
import { CARD_PALETTE, MAX_SERIES } from '../../components/card-chart/card-option';
import { centreLevelOfPath, menuRedirectPath } from '../../menus/menu-redirect';
import { formatFloat, formatPercent } from '../../utils/formatters';

export { MAX_SERIES, centreLevelOfPath };

/** Rows a page (000 §9's default). */
export const PAGE_SIZE = 10;
/** Bars are 20 px wide (000 §9). */
import { BAR_WIDTH } from '@zhengai/contracts';
/** The portrait's point charts shown before the person picks others. */
export const DEFAULT_POINT_CHARTS = 6;


/** The route of an object's portrait under its centre's path. */
export const PORTRAIT_SEGMENT = 'portrait';
export const portraitPath = (centrePath: string, objectId: string) => `${centrePath}/${PORTRAIT_SEGMENT}/${encodeURIComponent(objectId)}`;

/**
 * Where an object of `level` opens: its portrait in its level's centre (through the redirect helper of 000 §2), or null
 * when the person has no such centre in their menus (the name is then shown without a link).
 */
export function objectLink(menus: MenuMap | null | undefined, level: CentreLevel | null, objectId: string | null): string | null {
  if (!level || !objectId || !menus?.[CENTRES[level].menuKey]) return null;
  return menuRedirectPath(menus, `/${PORTRAIT_SEGMENT}/${encodeURIComponent(objectId)}`, level);
}

/** A task's or warning's object type as a centre's level, or null (school, department: no centre). */
export function centreLevelOf(objectType: string | null | undefined): CentreLevel | null {
  return (CENTRE_LEVELS as readonly string[]).includes(objectType ?? '') ? (objectType as CentreLevel) : null;
}

/** Part of a whole in percent, or null when there is no whole (nothing to compare). */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

export type Trend = 'up' | 'down' | 'same';

/** How a figure moved since the last cycle; null when either is missing. Differences below 0.005 count as the same. */
export function trendOf(current: number | null | undefined, last: number | null | undefined): Trend | null {
  if (current === null || current === undefined || last === null || last === undefined) return null;
  const delta = current - last;
  if (Math.abs(delta) < 0.005) return 'same';
  return delta > 0 ? 'up' : 'down';
}

export interface FigureCard {
  key: string;
  title: string;
  /** the counts, e.g. '12 / 20' */
  counts: string | null;
  /** the rate in percent (null: nothing to count) */
  rate: number | null;
  /** the same rate of the last cycle */
  lastRate: number | null;
  trend: Trend | null;
}

/** The five figures on top of an overview, each a rate compared with the same rate of the last cycle. */
export function figureCards(figures: CentreFigures | null, last: CentreFigures | null): FigureCard[] {
  const card = (key: string, title: string, part: (f: CentreFigures) => number, whole: (f: CentreFigures) => number): FigureCard => {
    const rate = figures ? share(part(figures), whole(figures)) : null;
    const lastRate = last ? share(part(last), whole(last)) : null;
    return { key, title, counts: figures ? `${part(figures)} / ${whole(figures)}` : null, rate, lastRate, trend: trendOf(rate, lastRate) };
  };
  return [
    card('submitted', '任务提交', (f) => f.submitted, (f) => f.tasks),
    card('passed', '审核通过', (f) => f.passed, (f) => f.tasks),
    card('pointsMet', '质控点达标', (f) => f.pointsMet, (f) => f.points),
    card('warningsHandled', '预警处理', (f) => f.warningsHandled, (f) => f.warnings),
    {
      key: 'improvementRate',
      title: '改进有效率',
      counts: figures ? `${figures.effective} / ${figures.measures}` : null,
      rate: figures?.improvementRate ?? null,
      lastRate: last?.improvementRate ?? null,
      trend: trendOf(figures?.improvementRate, last?.improvementRate),
    },
  ];
}

const TREND_WORDS: Record<Trend, string> = { up: '上升', down: '下降', same: '持平' };

/** 较上周期上升 3.20 个百分点 / 持平 / 无上周期数据. */
export function trendText(card: Pick<FigureCard, 'rate' | 'lastRate' | 'trend'>): string {
  if (!card.trend || card.rate === null || card.lastRate === null) return '较上周期：无可比数据';
  if (card.trend === 'same') return '较上周期持平';
  return `较上周期${TREND_WORDS[card.trend]} ${formatFloat(Math.abs(card.rate - card.lastRate))} 个百分点`;
}

const GRADE_KEYS = ['A', 'B', 'C', 'D', 'Y', 'N'] as const;
const GRADE_LABELS: Record<(typeof GRADE_KEYS)[number], string> = { A: 'A', B: 'B', C: 'C', D: 'D', Y: '是', N: '否' };

/** 'A3 B2 C0 D1' and, when the task has yes-or-no points, '是2 否1'; '-' without any graded point. */
export function gradeText(grades: GradeCounts): string {
  const abcd = GRADE_KEYS.slice(0, 4).map((k) => `${GRADE_LABELS[k]}${grades[k]}`).join(' ');
  const yn = grades.Y + grades.N > 0 ? ` 是${grades.Y} 否${grades.N}` : '';
  const any = GRADE_KEYS.some((k) => grades[k] > 0);
  return any ? `${abcd}${yn}` : '-';
}

/** antd's sort order ↔ the contract's (sort, order). */
export type SortOrder = 'ascend' | 'descend' | null;
export interface SortState {
  sort: CentreSort;
  order: 'asc' | 'desc';
}
export const DEFAULT_SORT: SortState = { sort: 'code', order: 'asc' };

/** The sort a table's header click asks for: none (a third click) falls back to code ascending. */
export function sortFromTable(field: unknown, order: SortOrder | undefined): SortState {
  if (!order || typeof field !== 'string') return DEFAULT_SORT;
  return { sort: field as CentreSort, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** The header arrow a column shows for the current sort. */
export function tableOrder(state: SortState, field: CentreSort): SortOrder {
  return state.sort === field ? (state.order === 'asc' ? 'ascend' : 'descend') : null;
}

type Point = CentrePortrait['points'][number];

/** The points whose charts show first: those unmet in their latest result, then the others, at most `count`. */
export function defaultPointCodes(points: readonly Point[], count: number = DEFAULT_POINT_CHARTS): string[] {
  const lastMet = (p: Point) => [...p.values].reverse().find((v) => v.met !== null)?.met;
  const unmet = points.filter((p) => lastMet(p) === false);
  const rest = points.filter((p) => lastMet(p) !== false);
  return [...unmet, ...rest].slice(0, count).map((p) => p.code);
}

const hasNumber = (values: readonly (number | null)[]) => values.some((v) => v !== null);

/** One point's value (bars) against its target (a dashed line) across the cycles: two series. Null with no number. */
export function pointOption(point: Point): EChartsOption | null {
  const values = point.values.map((v) => v.value);
  const targets = point.values.map((v) => v.target);
  if (!hasNumber(values) && !hasNumber(targets)) return null;
  return {
    color: [...CARD_PALETTE],
    tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? `${formatFloat(v)}${point.unit ?? ''}` : '-') },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 28, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: point.values.map((v) => v.cycle) },
    yAxis: { type: 'value', name: point.unit ?? '', scale: true },
    series: [
      {
        type: 'bar',
        name: '实际值',
        barMaxWidth: BAR_WIDTH,
        // an unmet result is drawn in the warning colour
        data: point.values.map((v) => ({ value: v.value, itemStyle: v.met === false ? { color: CARD_PALETTE[3] } : undefined })),
      },
      { type: 'line', name: '目标值', data: targets, lineStyle: { type: 'dashed' }, connectNulls: true },
    ],
  };
}

/** The object's score (a line) and its A–D grade counts (stacked bars) across its cycles: five series at most. */
export function scoreOption(cycles: CentrePortrait['cycles']): EChartsOption | null {
  if (!cycles.length) return null;
  const grades = (['A', 'B', 'C', 'D'] as const).map((g) => ({
    type: 'bar' as const,
    name: `${g}等级`,
    stack: 'grades',
    barMaxWidth: BAR_WIDTH,
    yAxisIndex: 1,
    data: cycles.map((c) => c.grades[g]),
  }));
  // the score is a percent (share of graded points at A or Y): its tooltip shows it as the table does, '75.00%'
  const scoreTooltip = { valueFormatter: (v: unknown) => (typeof v === 'number' ? formatPercent(v) : '-') };
  const series = [{ type: 'line' as const, name: '得分', data: cycles.map((c) => c.score), connectNulls: true, tooltip: scoreTooltip }, ...grades].slice(0, MAX_SERIES);
  return {
    color: [...CARD_PALETTE],
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 32, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: cycles.map((c) => c.cycle) },
    yAxis: [
      { type: 'value', name: '得分', scale: true },
      { type: 'value', name: '质控点数', minInterval: 1, splitLine: { show: false } },
    ],
    series,
  };
}

/** The colour of an 改进成效 tag. */
export const EFFECT_COLORS: Record<ImprovementEffect, string> = { effective: 'success', improved: 'processing', notImproved: 'error', pending: 'default' };
