import type { CentreFigures, CentrePortrait } from '../../api/development-centres';
import type { MenuMap } from '../../api/types';
import {
  centreLevelOfPath, defaultPointCodes, figureCards, gradeText, objectLink, pointOption, portraitPath, scoreOption, sortFromTable, tableOrder,
  trendOf, trendText,
} from './centre-data';

const figures = (over: Partial<CentreFigures>): CentreFigures => ({
  cycle: '2026', objects: 20, tasks: 20, submitted: 10, passed: 5, points: 100, pointsMet: 80, warnings: 0, warningsHandled: 0, measures: 4, effective: 3, improvementRate: 75,
  ...over,
});

const point = (code: string, met: (boolean | null)[]): CentrePortrait['points'][number] => ({
  code, name: `点${code}`, unit: '%', values: met.map((m, i) => ({ cycle: String(2024 + i), value: 50 + i, target: 60, grade: null, met: m })),
});

describe('发展中心 helpers', () => {
  it('finds the centre of a portrait route (the path rule itself: menus/menu-redirect.spec.ts) and builds its routes', () => {
    expect(centreLevelOfPath('/couseDevelopCenter/portrait/x')).toBe('course');
    expect(portraitPath('/majorDevelopCenter', 'obj-major-510203')).toBe('/majorDevelopCenter/portrait/obj-major-510203');
  });

  it('links an object into its level\'s centre only when the person has that centre', () => {
    const menus = { ly_herm_couseDevelopCenter: { key: 'ly_herm_couseDevelopCenter' } } as unknown as MenuMap;
    expect(objectLink(menus, 'course', 'obj-course-java')).toBe('/couseDevelopCenter/portrait/obj-course-java');
    expect(objectLink(menus, 'major', 'obj-major-510203')).toBeNull();
    expect(objectLink(menus, null, 'x')).toBeNull();
    expect(objectLink(menus, 'course', null)).toBeNull();
  });

  it('compares a figure with the last cycle: up, down, the same, or nothing to compare', () => {
    expect(trendOf(60, 50)).toBe('up');
    expect(trendOf(40, 50)).toBe('down');
    expect(trendOf(50.001, 50)).toBe('same');
    expect(trendOf(null, 50)).toBeNull();
    expect(trendOf(50, undefined)).toBeNull();
    expect(trendText({ rate: 62.5, lastRate: 50, trend: 'up' })).toBe('较上周期上升 12.50 个百分点');
    expect(trendText({ rate: 40, lastRate: 50, trend: 'down' })).toBe('较上周期下降 10.00 个百分点');
    expect(trendText({ rate: 50, lastRate: 50, trend: 'same' })).toBe('较上周期持平');
    expect(trendText({ rate: 50, lastRate: null, trend: null })).toBe('较上周期：无可比数据');
  });

  it('makes the five figures as rates of their wholes, each against the last cycle', () => {
    const cards = figureCards(figures({}), figures({ submitted: 15, pointsMet: 70, improvementRate: null }));
    expect(cards.map((c) => c.title)).toEqual(['任务提交', '审核通过', '质控点达标', '预警处理', '改进有效率']);
    const [submitted, passed, met, warnings, rate] = cards;
    expect(submitted).toMatchObject({ counts: '10 / 20', rate: 50, lastRate: 75, trend: 'down' });
    expect(passed).toMatchObject({ rate: 25, trend: 'same' });
    expect(met).toMatchObject({ counts: '80 / 100', rate: 80, lastRate: 70, trend: 'up' });
    // no warnings: no rate rather than 0 %
    expect(warnings).toMatchObject({ counts: '0 / 0', rate: null, trend: null });
    expect(rate).toMatchObject({ counts: '3 / 4', rate: 75, lastRate: null, trend: null });
    expect(figureCards(null, null).every((c) => c.rate === null && c.counts === null)).toBe(true);
  });

  it('writes grade counts, yes-or-no ones only when there are any', () => {
    expect(gradeText({ A: 3, B: 2, C: 0, D: 1, Y: 0, N: 0 })).toBe('A3 B2 C0 D1');
    expect(gradeText({ A: 1, B: 0, C: 0, D: 0, Y: 2, N: 1 })).toBe('A1 B0 C0 D0 是2 否1');
    expect(gradeText({ A: 0, B: 0, C: 0, D: 0, Y: 0, N: 0 })).toBe('-');
  });

  it('turns the table\'s header clicks into the server\'s sort and back', () => {
    expect(sortFromTable('score', 'ascend')).toEqual({ sort: 'score', order: 'asc' });
    expect(sortFromTable('unmet', 'descend')).toEqual({ sort: 'unmet', order: 'desc' });
    expect(sortFromTable('score', null)).toEqual({ sort: 'code', order: 'asc' });
    expect(tableOrder({ sort: 'score', order: 'desc' }, 'score')).toBe('descend');
    expect(tableOrder({ sort: 'score', order: 'desc' }, 'code')).toBeNull();
  });

  it('shows the points unmet in their latest result first, at most six', () => {
    const points = [point('P1', [false, true]), point('P2', [true, false]), point('P3', [false, null]), ...Array.from({ length: 6 }, (_, i) => point(`Q${i}`, [true]))];
    expect(defaultPointCodes(points)).toEqual(['P2', 'P3', 'P1', 'Q0', 'Q1', 'Q2']);
  });

  it('draws a point as its value against its target and the score with four grades: never more than five series', () => {
    const option = pointOption(point('P1', [false, true]));
    const series = option?.series as { type: string; name: string; barMaxWidth?: number; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['实际值', '目标值']);
    expect(series[0].barMaxWidth).toBe(20);
    expect(series[1].data).toEqual([60, 60]);
    expect(pointOption({ code: 'X', name: 'x', unit: null, values: [{ cycle: '2026', value: null, target: null, grade: null, met: null }] })).toBeNull();

    const cycles: CentrePortrait['cycles'] = ['2025', '2026'].map((cycle, i) => ({
      cycle, taskId: cycle, rwmc: cycle, auditState: 'passed', auditStateName: '审核通过', score: 80 + i, grades: { A: 1, B: 2, C: 3, D: 4, Y: 5, N: 6 }, unmet: 1,
    }));
    const score = scoreOption(cycles)?.series as { name: string; barMaxWidth?: number }[];
    expect(score.length).toBeLessThanOrEqual(5);
    expect(score.map((s) => s.name)).toEqual(['得分', 'A等级', 'B等级', 'C等级', 'D等级']);
    expect(score.slice(1).every((s) => s.barMaxWidth === 20)).toBe(true);
    expect(scoreOption([])).toBeNull();
    // the score's tooltip shows a percent with two decimals, as the 得分 column (issue 35)
    const line = (scoreOption(cycles)?.series as Array<{ tooltip?: { valueFormatter(v: unknown): string } }>)[0]!;
    expect(line.tooltip!.valueFormatter(75)).toBe('75.00%');
    expect(line.tooltip!.valueFormatter(null)).toBe('-');
  });
});
