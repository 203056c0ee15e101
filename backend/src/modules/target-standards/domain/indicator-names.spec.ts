import { displayIndicatorName, levelTitle } from './indicator-names.js';

describe('indicator names', () => {
  it('renames the five categories on display only', () => {
    expect(['人才培养', '教学条件', '国际交流', '社会服务', '政策落实', '专业建设'].map(displayIndicatorName)).toEqual(['计分卡', '资源表', '国际影响表', '服务贡献表', '落实政策表', '专业建设']);
  });

  it('titles levels 一级指标 … 十级指标 and refuses others', () => {
    expect([1, 2, 3, 10].map(levelTitle)).toEqual(['一级指标', '二级指标', '三级指标', '十级指标']);
    expect(() => levelTitle(0)).toThrow(RangeError);
    expect(() => levelTitle(11)).toThrow(RangeError);
  });
});
