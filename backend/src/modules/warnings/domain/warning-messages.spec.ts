import { WARNING_MESSAGE_MARKS, warningMessageLink, warningMessageOf, warningMessageTemplate } from './warning-messages.js';

describe('warning messages (消息中心, issue 34)', () => {
  const facts = { pointName: '教师得分', taskName: '软件技术2026年度质量诊断', value: '60', condition: '<80' };

  it('names the task, the point, the value and the rule', () => {
    expect(warningMessageOf(facts)).toEqual({ title: '质控点预警', content: '诊断任务「软件技术2026年度质量诊断」的质控点「教师得分」触发预警：本期结果60，预警条件<80，请处理' });
    expect(warningMessageOf({ ...facts, value: '' }).content).toContain('本期结果—');
  });

  it('the template with each marker replaced is the same text (the scan writes it in SQL)', () => {
    const t = warningMessageTemplate();
    let content = t.content;
    for (const [key, mark] of Object.entries(WARNING_MESSAGE_MARKS)) content = content.replace(mark, facts[key as keyof typeof facts]);
    expect({ title: t.title, content }).toEqual(warningMessageOf(facts));
  });

  it('links to the task\'s point on its warnings tab', () => {
    expect(warningMessageLink('t1', 'p 1')).toBe('/qualityManagement/improvement?task=t1&point=p%201&tab=warnings');
  });
});
