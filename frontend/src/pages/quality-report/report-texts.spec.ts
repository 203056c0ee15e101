import type { ReportOverview, ReportScope } from '@zhengai/contracts';
import { coverImageProblem, defaultReportName, namesText, percentText, scopeText, sectionSentence, stateColor } from './report-texts';

const school: ReportScope = { cjlx: 'school', cjmc: '学校', cjname: '诊改示范职业技术学院', cjdmid: 'school-demo' };
const major: ReportScope = { cjlx: 'major', cjmc: '专业', cjname: '软件技术', cjdmid: 'major-rj' };

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
  ...over,
});

describe('report texts', () => {
  it('names the default report after the school when it is among the scopes, else the first scope', () => {
    expect(defaultReportName([major, school], '2026')).toBe('诊改示范职业技术学院2026年度自我诊改报告');
    expect(defaultReportName([major], '2025')).toBe('软件技术2025年度自我诊改报告');
    expect(defaultReportName([], '2026')).toBe('');
    expect(defaultReportName([school], undefined)).toBe('');
  });

  it('writes scopes as level：object joined by a Chinese comma', () => {
    expect(scopeText([school, major])).toBe('学校：诊改示范职业技术学院，专业：软件技术');
  });

  it('refuses cover images by extension and size with the contract messages', () => {
    expect(coverImageProblem({ name: 'a.PNG', size: 10 })).toBeNull();
    expect(coverImageProblem({ name: 'a.jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(coverImageProblem({ name: 'a.gif', size: 10 })).toBe('封面图片只能是PNG或JPG格式');
    expect(coverImageProblem({ name: 'png', size: 10 })).toBe('封面图片只能是PNG或JPG格式');
    expect(coverImageProblem({ name: 'a.jpg', size: 5 * 1024 * 1024 + 1 })).toBe('封面图片不能超过5MB');
  });

  it('puts each section\'s numbers in a sentence', () => {
    expect(sectionSentence(1, overview(), 12)).toBe('本周期共有质控点12个，其中达标8个，未达标3个，未填报1个；未达标质控点3个（生师比、就业率、双师比例）。');
    expect(sectionSentence(2, overview(), 5)).toBe('本年度共有目标任务5项，其中已完成2项，正常2项，暂停1项，完成率40.00%；未完成任务3项（任务甲）。');
    expect(sectionSentence(3, overview({ yjcll: '50.00%' }), 4)).toBe('本周期共产生质控点预警4次，其中已处理2次，未处理2次，预警处理率50.00%。');
    expect(sectionSentence(1, overview({ zkddbqkList: [], wdbzkdsl: 0, wdbzkdmcs: [] }), 12)).toBe('本周期共有质控点12个；未达标质控点0个。');
  });

  it('lists at most ten names and marks the rest with 等', () => {
    expect(namesText([])).toBe('');
    expect(namesText(['a', 'b', 'c'], 2)).toBe('（a、b等）');
    expect(percentText('12.50')).toBe('12.50%');
  });

  it('colours the state tag by whose turn it is', () => {
    expect(stateColor('published')).toBe('success');
    expect(stateColor('submitted')).toBe('processing');
    expect(stateColor('draft')).toBe('warning');
    expect(stateColor('failed')).toBe('error');
    expect(stateColor('rejected')).toBe('error');
  });
});
