import { displayIndicatorName, levelTitle } from './indicator-names.js';
import { checkDiagnosisText } from './text-rules.js';

describe('cause analysis and measure (spec 001 §5)', () => {
  it.each([
    [undefined, '此项必填'], [null, '此项必填'], ['', '此项必填'], ['   ', '此项必填'], [42, '此项必填'],
    ['原因', null], ['字'.repeat(500), null], ['字'.repeat(501), '最多只能输入500个字符'],
    // Characters, not UTF-16 units: 500 emoji are 500 characters.
    ['😀'.repeat(500), null],
  ])('%p → %p', (value, message) => {
    expect(checkDiagnosisText(value)).toBe(message);
  });
});

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
