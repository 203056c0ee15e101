import type { ReportScope } from '@zhengai/contracts';
import { coverImageProblem, defaultReportName, scopeText, stateColor } from './report-texts';

const school: ReportScope = { cjlx: 'school', cjmc: '学校', cjname: '诊改示范职业技术学院', cjdmid: 'school-demo' };
const major: ReportScope = { cjlx: 'major', cjmc: '专业', cjname: '软件技术', cjdmid: 'major-rj' };

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

  it('colours the state tag by whose turn it is', () => {
    expect(stateColor('published')).toBe('success');
    expect(stateColor('submitted')).toBe('processing');
    expect(stateColor('draft')).toBe('warning');
    expect(stateColor('failed')).toBe('error');
    expect(stateColor('rejected')).toBe('error');
  });
});
