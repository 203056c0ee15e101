import type { ReportOverview, ReportTables } from '@zhengai/contracts';
import {
  attainmentList,
  attainmentOf,
  cycleYears,
  distinctNames,
  effectFigures,
  frozenOverview,
  frozenTables,
  gradeList,
  handlingList,
  overviewItems,
  passRateList,
  percentOf,
  shownTables,
  taskGroupList,
  templateItems,
  topWarned,
} from './overview.js';

describe('report overview rules', () => {
  it('reads a point as 未达标 by its flags before anything else, else 未填报 without a result value', () => {
    expect(attainmentOf({ dis: true, unfin: false, jgz: '80' })).toBe('未达标');
    expect(attainmentOf({ dis: false, unfin: true, jgz: null })).toBe('未达标');
    expect(attainmentOf({ dis: false, unfin: false, jgz: null })).toBe('未填报');
    expect(attainmentOf({ dis: false, unfin: false, jgz: '  ' })).toBe('未填报');
    expect(attainmentOf({ dis: false, unfin: false, jgz: '0' })).toBe('达标');
    expect(attainmentList(['达标', '未达标', '达标', '未填报'])).toEqual([
      { name: '达标', value: 2 },
      { name: '未达标', value: 1 },
      { name: '未填报', value: 1 },
    ]);
  });

  it('shares in percent with 2 decimals, 0 with nothing to divide', () => {
    expect(percentOf(1, 3)).toBe('33.33');
    expect(percentOf(3, 3)).toBe('100.00');
    expect(percentOf(0, 5)).toBe('0');
    expect(percentOf(0, 0)).toBe('0');
  });

  it('lists every grade with 未评级 last, unknown letters and nulls as 未评级', () => {
    const list = gradeList(['A', 'A', 'B', null, 'N', 'X', 'Y', 'D']);
    expect(list.map((g) => g.name)).toEqual(['A', 'B', 'C', 'D', 'Y', 'N', '未评级']);
    expect(list.map((g) => g.value)).toEqual([2, 1, 0, 1, 1, 1, 2]);
    expect(list[0]!.zb).toBe('25.00');
    expect(list[2]!.zb).toBe('0');
    expect(gradeList([]).every((g) => g.value === 0 && g.zb === '0')).toBe(true);
  });

  it('gives each first-level indicator its pass rate over its points with a result, in order met', () => {
    expect(passRateList([
      { yjzb: '办学条件', attainment: '达标' },
      { yjzb: '教学质量', attainment: '未达标' },
      { yjzb: '办学条件', attainment: '未达标' },
      { yjzb: '办学条件', attainment: '未填报' },
      { yjzb: '办学条件', attainment: '达标' },
      { yjzb: null, attainment: '达标' },
      { yjzb: '社会服务', attainment: '未填报' },
    ])).toEqual([
      { name: '办学条件', value: 66.67 },
      { name: '教学质量', value: 0 },
      { name: '社会服务', value: 0 },
    ]);
  });

  it('keeps names once, in order, without blanks', () => {
    expect(distinctNames(['b', 'a', null, 'b', '', 'c'])).toEqual(['b', 'a', 'c']);
  });

  it('groups task states into 已完成 / 正常 / 暂停', () => {
    expect(taskGroupList([
      { rwjd: 'hasDone', count: 3 },
      { rwjd: 'delayDone', count: 1 },
      { rwjd: 'executeing', count: 5 },
      { rwjd: 'delayNotDone', count: 2 },
      { rwjd: 'notPushed', count: 4 },
      { rwjd: 'waitDefine', count: 1 },
      { rwjd: 'hasDone', count: 2 },
    ])).toEqual([
      { name: '已完成', value: 6 },
      { name: '正常', value: 7 },
      { name: '暂停', value: 5 },
    ]);
    expect(handlingList(3, 10)).toEqual([{ name: '已处理', value: 3 }, { name: '未处理', value: 7 }]);
  });

  it('takes the ten points warned most, ties by name', () => {
    const names = [...'abcdefghijkl'].flatMap((c, i) => Array.from({ length: (i % 4) + 1 }, () => c));
    const top = topWarned(names);
    expect(top.zkdmcs).toEqual(['d', 'h', 'l', 'c', 'g', 'k', 'b', 'f', 'j', 'a']);
    expect(top.zkdyjcs).toEqual([4, 4, 4, 3, 3, 3, 2, 2, 2, 1]);
    expect(topWarned([])).toEqual({ zkdmcs: [], zkdyjcs: [] });
  });

  it('reads the years of a cycle', () => {
    expect(cycleYears('2025')).toEqual(['2025']);
    expect(cycleYears('2025-2027')).toEqual(['2025', '2026', '2027']);
    expect(cycleYears('2026-2025')).toBeNull();
    expect(cycleYears('春季')).toBeNull();
  });

  it('builds the items 1, 2, 3 from the template with each section\'s num', () => {
    const items = overviewItems(
      { items: [
        { id: 3, isChecked: true, name: '预警', text: '预警文字' },
        { id: 1, isChecked: false, name: '质控点', text: '' },
        { id: 2, isChecked: true, name: '任务', text: '任务文字' },
      ] },
      { 1: 12, 2: 0, 3: 4, 4: 3 },
    );
    expect(items).toEqual([
      { id: 1, name: '质控点', isChecked: false, num: 12, text: '' },
      { id: 2, name: '任务', isChecked: true, num: 0, text: '任务文字' },
      { id: 3, name: '预警', isChecked: true, num: 4, text: '预警文字' },
      // a template of before section 4: unchecked
      { id: 4, name: '改进成效', isChecked: false, num: 3, text: '' },
    ]);
    expect(overviewItems({ items: [] }, { 1: 1, 2: 2, 3: 3, 4: 4 })[1]).toEqual({ id: 2, name: '任务完成进度', isChecked: true, num: 2, text: '' });
    expect(overviewItems({ items: [{ id: 4, isChecked: true, name: '成效', text: '' }] }, { 1: 1, 2: 2, 3: 3, 4: 4 })[3]).toMatchObject({ id: 4, isChecked: true, name: '成效' });
  });
});

describe('shownTables', () => {
  const row = { cjname: 'x', zkdmc: 'p', yjsj: '', yjz: '', jgz: '', clsj: '', clcs: '', yyfx: '' };
  const tables = { mbjc: [], wdbzb: [], wwcmb: [], yjjl: [row], gjcx: [] };
  const items = (checked: boolean, num: number) => [
    { id: 1 as const, name: '一', isChecked: true, num: 0, text: '' },
    { id: 2 as const, name: '二', isChecked: true, num: 0, text: '' },
    { id: 3 as const, name: '三', isChecked: checked, num, text: '' },
  ];
  it('keeps the tables of a shown section and empties those of an unchecked or zero one', () => {
    expect(shownTables(tables, items(true, 1)).yjjl).toEqual([row]);
    expect(shownTables(tables, items(false, 1)).yjjl).toEqual([]);
    expect(shownTables(tables, items(true, 0)).yjjl).toEqual([]);
  });
});

describe('section 4 改进成效', () => {
  it('counts the four effects in order with 改进有效率 over the judged ones', () => {
    expect(effectFigures(['effective', 'improved', 'notImproved', 'pending', 'effective'])).toEqual({
      gjcssl: 5,
      gjcxList: [{ name: '有效', value: 2 }, { name: '改善', value: 1 }, { name: '未改善', value: 1 }, { name: '待评估', value: 1 }],
      gjyxl: 50,
    });
    expect(effectFigures(['pending'])).toMatchObject({ gjcssl: 1, gjyxl: null });
    expect(effectFigures([])).toMatchObject({ gjcssl: 0, gjyxl: null });
  });

  it('reads a template stored with three sections as four, the fourth unchecked, keeping the three', () => {
    const three = [
      { id: 1 as const, isChecked: false, name: '质控点', text: '一' },
      { id: 2 as const, isChecked: true, name: '任务', text: '二' },
      { id: 3 as const, isChecked: true, name: '预警', text: '三' },
    ];
    expect(templateItems(three)).toEqual([...three, { id: 4, isChecked: false, name: '改进成效', text: '' }]);
    const four = [...three, { id: 4 as const, isChecked: true, name: '成效', text: '四' }];
    expect(templateItems([four[3]!, ...three])).toEqual(four);
  });

  it('reads a report frozen before section 4 with it unchecked and empty, and leaves a newer one as it is', () => {
    const old = { items: [{ id: 1 as const, name: '一', isChecked: true, num: 3, text: '' }], zkdzsl: 3 } as unknown as ReportOverview;
    const read = frozenOverview(old);
    expect(read.items.map((i) => [i.id, i.isChecked, i.num])).toEqual([[1, true, 3], [2, false, 0], [3, false, 0], [4, false, 0]]);
    expect(read).toMatchObject({ zkdzsl: 3, gjcssl: 0, gjyxl: null });
    expect(read.gjcxList.map((e) => e.value)).toEqual([0, 0, 0, 0]);
    const fresh = { ...old, gjcssl: 2, gjcxList: [{ name: '有效', value: 2 }], gjyxl: 100 } as ReportOverview;
    expect(frozenOverview(fresh)).toMatchObject({ gjcssl: 2, gjyxl: 100 });
    expect(frozenTables({ mbjc: [], wdbzb: [], wwcmb: [], yjjl: [] } as unknown as ReportTables).gjcx).toEqual([]);
  });
});
