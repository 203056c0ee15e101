import {
  AnalysisQuerySchema,
  CardDataQuerySchema,
  DashboardInputSchema,
  DoubleHighQuerySchema,
  IndicatorDataQuerySchema,
  PortrayalInputSchema,
  PortrayalQuerySchema,
  PortrayalUpdateSchema,
  RivalQuerySchema,
  SCHOOL_ANALYSIS_MESSAGES,
  SchoolListQuerySchema,
  SchoolScreenUpdateSchema,
} from '@zhengai/contracts';
import { parseInput } from '../../../shared/http/zod-input.decorator.js';
import { inputRefusal as messageFor } from '../../../shared/testing/input-refusal.js';

// The school-analysis routes read their bodies and queries through these contract schemas (@ZodBody / @ZodQuery):
// what each refuses, and in which Chinese words. Selection bounds, catalogues and what exists are the services'.

describe('schools and analyses', () => {
  it('reads comma-joined codes and years from a query; the bounds of a selection are left to the service', () => {
    expect(parseInput(AnalysisQuerySchema, { indicator: 'students', schoolCodes: 'SA01, SA02,,', startYear: '2024', rankEnd: '3' }, 'query')).toEqual({
      indicator: 'students',
      schoolCodes: ['SA01', 'SA02'],
      startYear: 2024,
      rankEnd: 3,
    });
    // one school, or eleven, reads: the service answers selectionBounds
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students', schoolCodes: 'SA01' }, 'query')).toBeNull();
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students', schoolCodes: Array.from({ length: 11 }, (_, i) => `S${i}`).join(',') }, 'query')).toBeNull();
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students' }, 'query')).toBe('学校不能为空');
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students', schoolCodes: 'SA01,SA02', startYear: '1989' }, 'query')).toBe('开始年份不能小于1990');
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students', schoolCodes: 'SA01,SA02', endYear: 'abc' }, 'query')).toBe('结束年份必须是整数');
    expect(messageFor(AnalysisQuerySchema, { indicator: '', schoolCodes: 'SA01,SA02' }, 'query')).toBe('指标不能为空');
    expect(messageFor(AnalysisQuerySchema, { indicator: 'students', schoolCodes: `SA01,${'x'.repeat(21)}` }, 'query')).toBe('学校第2项最多20个字符');
  });

  it('reads the overview table and indicator data bodies: a year as a number or its text, codes as a list', () => {
    expect(parseInput(RivalQuerySchema, { schoolCodes: [' SA01 ', 'SA02'], year: '2025' })).toEqual({ schoolCodes: ['SA01', 'SA02'], year: 2025 });
    expect(messageFor(RivalQuerySchema, { schoolCodes: 'SA01,SA02' })).toBe('学校必须是列表');
    expect(messageFor(RivalQuerySchema, { schoolCodes: ['SA01', null] })).toBe('学校第2项不能为空');
    expect(messageFor(IndicatorDataQuerySchema, {})).toBe('年份不能为空');
    expect(messageFor(IndicatorDataQuerySchema, { year: 2025, category: '资源表\u0007' })).toBe('指标类别包含非法字符');
    expect(messageFor(DoubleHighQuerySchema, { kind: 'any' }, 'query')).toBe('类型只能是school、major');
  });

  it('reads the school list and the screening settings', () => {
    expect(parseInput(SchoolListQuerySchema, { keyword: ' 甲 ', useSettings: 'false' }, 'query')).toEqual({ keyword: '甲', useSettings: 'false' });
    expect(messageFor(SchoolListQuerySchema, { useSettings: 'no' }, 'query')).toBe('使用筛选设置只能是true、false');
    expect(messageFor(SchoolScreenUpdateSchema, { schoolLevel: '一般高职' })).toBe('办学层次必须是列表');
    expect(messageFor(SchoolScreenUpdateSchema, { schoolProvince: ['江苏\u001b'] })).toBe('省份第1项包含非法字符');
  });
});

describe('portraits and dashboards', () => {
  const card = { kind: 'card', name: '质控点等级', cm: 'school_points', level: 'school', content: { chart: 'pie', source: 'points-by-grade' } };

  it('reads a portrait: the cm by its pattern, a blank description cleared; update names the record', () => {
    expect(parseInput(PortrayalInputSchema, { ...card, description: ' ', nametwo: '' })).toEqual({ ...card, description: null, nametwo: null });
    expect(messageFor(PortrayalInputSchema, { ...card, cm: '1abc' })).toBe(SCHOOL_ANALYSIS_MESSAGES.cmInvalid);
    expect(messageFor(PortrayalInputSchema, { ...card, name: null })).toBe('名称不能为空');
    expect(messageFor(PortrayalInputSchema, { ...card, kind: 'page' })).toBe('类型只能是card、menu、screen');
    expect(messageFor(PortrayalInputSchema, { ...card, sort: 10_000 })).toBe('排序不能大于9999');
    expect(messageFor(PortrayalInputSchema, { ...card, content: { chart: 'pie', source: 'nowhere' } })).toBe(
      '数据来源只能是points-by-grade、warnings-by-state、tasks-by-state、collection-by-task、monitoring-figures、rival-ranks、indicator-trend、indicator-rank',
    );
    expect(messageFor(PortrayalInputSchema, { ...card, roleIds: ['r-leader', 3] })).toBe('角色第2项必须是文本');
    expect(messageFor(PortrayalUpdateSchema, card)).toBe('编号不能为空');
    expect(messageFor(PortrayalQuerySchema, { pageNum: '0' }, 'query')).toBe('页码不能小于1');
    expect(messageFor(CardDataQuerySchema, { id: 'c1', chart: 'map' }, 'query')).toBe('图表只能是line、bar、radar、pie、number');
  });

  it('reads at most twelve dashboard tiles, each with a card', () => {
    const tile = { cardId: 'c1', width: 2 };
    expect(parseInput(DashboardInputSchema, { tiles: Array.from({ length: 12 }, () => tile) }).tiles).toHaveLength(12);
    expect(messageFor(DashboardInputSchema, { tiles: Array.from({ length: 13 }, () => tile) })).toBe(SCHOOL_ANALYSIS_MESSAGES.dashboardTooMany);
    expect(messageFor(DashboardInputSchema, { tiles: [{ cardId: null }] })).toBe('仪表盘卡片第1项「卡片」不能为空');
    expect(messageFor(DashboardInputSchema, { tiles: [{ cardId: 'c1', width: 3 }] })).toMatch(/^仪表盘卡片第1项「宽度」/);
    expect(messageFor(DashboardInputSchema, {})).toBe('仪表盘卡片不能为空');
  });
});
