import { listedNames, percentText, sectionSentences, type ReportOverview } from '@zhengai/contracts';

const overview = (over: Partial<ReportOverview> = {}): ReportOverview => ({
  items: [],
  zkdzsl: 12,
  zkddbqkList: [
    { name: '达标', value: 8 },
    { name: '未达标', value: 3 },
    { name: '未填报', value: 1 },
  ],
  zgQualitiesRankList: [],
  zkdhglList: [],
  wdbzkdsl: 3,
  wdbzkdmcs: ['生师比', '就业率', '双师比例'],
  wdbzkdejzbs: [],
  wcl: '40.00',
  zkdwcqkList: [
    { name: '已完成', value: 2 },
    { name: '正常', value: 2 },
    { name: '暂停', value: 1 },
  ],
  wwczkdsl: 3,
  wwczkdmcs: ['任务甲'],
  wwczkdejzbs: [],
  yjcll: '50.00',
  yjqkList: [
    { name: '已处理', value: 2 },
    { name: '未处理', value: 2 },
  ],
  yjcs: 4,
  zkdmcs: [],
  zkdyjcs: [],
  gjcssl: 5,
  gjcxList: [
    { name: '有效', value: 1 },
    { name: '改善', value: 2 },
    { name: '未改善', value: 1 },
    { name: '待评估', value: 1 },
  ],
  gjyxl: 25,
  ...over,
});

describe('section sentences (the page and the Word document say the same)', () => {
  it('puts each section\'s numbers into words', () => {
    expect(sectionSentences({ id: 1, num: 12 }, overview())).toEqual(['共有质控点12个，达标8个，未达标3个，未填报1个：未达标的质控点为生师比、就业率、双师比例，涉及二级指标。']);
    expect(sectionSentences({ id: 2, num: 5 }, overview())).toEqual(['共有目标任务5项，完成率40.00%，其中已完成2项、正常2项、暂停1项；未完成3项：任务甲，涉及年度目标。']);
    expect(sectionSentences({ id: 3, num: 4 }, overview({ yjcll: '50.00%' }))).toEqual(['共预警4次，已处理2次，未处理2次，处理率50.00%。']);
    expect(sectionSentences({ id: 4, num: 5 }, overview())).toEqual(['上一周期未达标质控点的改进措施5项，按本周期结果评估：有效1项、改善2项、未改善1项、待评估1项；改进有效率25.00%（有效措施占已评估4项的比例）。']);
    expect(sectionSentences({ id: 4, num: 1 }, overview({ gjcssl: 1, gjcxList: [{ name: '待评估', value: 1 }], gjyxl: null }))[0]).toMatch(/尚无可评估的措施。$/);
  });

  it('adds the grades, the first-level rates and the points warned most when there are any', () => {
    const o = overview({ zgQualitiesRankList: [{ name: 'A', value: 8, zb: '66.67' }, { name: 'B', value: 0, zb: '0' }, { name: '未评级', value: 4, zb: '33.33' }], zkdhglList: [{ name: '人才培养', value: 80 }] });
    expect(sectionSentences({ id: 1, num: 12 }, o).slice(1)).toEqual(['质控点等级分布：A级8个（66.67%）、未评级4个（33.33%）。', '各一级指标达标率：人才培养80.00%。']);
    expect(sectionSentences({ id: 3, num: 4 }, overview({ zkdmcs: ['生师比'], zkdyjcs: [3] }))[1]).toBe('预警次数最多的质控点：生师比（3次）。');
    expect(sectionSentences({ id: 2, num: 5 }, overview({ wwczkdsl: 0, wwczkdmcs: [] }))[0]).toMatch(/；目标任务均已完成。$/);
  });

  it('lists at most ten names, then 等 and the count', () => {
    expect(listedNames([])).toBe('');
    expect(listedNames(['a', 'b', 'c'], 2)).toBe('a、b等3个');
    expect(percentText('12.50')).toBe('12.50%');
    expect(percentText('12.50%')).toBe('12.50%');
    // the overview's '0' (nothing to divide) and whole numbers read like the other rates (issue 35)
    expect(percentText('0')).toBe('0.00%');
    expect(percentText('80')).toBe('80.00%');
  });
});
