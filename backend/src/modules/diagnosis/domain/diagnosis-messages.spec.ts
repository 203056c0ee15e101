import { DIAGNOSIS_MESSAGE_TO, diagnosisMessageLink, diagnosisMessageOf, messageAroundTaskName } from './diagnosis-messages.js';

describe('diagnosis messages (消息中心, issue 34)', () => {
  it('tells the owner of a launched task, the auditor of a submission, the owner of the verdict', () => {
    expect(DIAGNOSIS_MESSAGE_TO).toEqual({ launched: 'owner', urged: 'owner', submit: 'auditor', pass: 'owner', refuse: 'owner' });
    expect(diagnosisMessageOf('urged', '软件技术', '王明')).toEqual({ title: '诊断任务催办', content: '王明催办了诊断任务「软件技术」，已过结束日期，请尽快填报并提交诊断' });
    expect(diagnosisMessageOf('launched', '软件技术2026年度质量诊断', '王明')).toEqual({ title: '诊断任务已下发', content: '王明下发了诊断任务「软件技术2026年度质量诊断」，请填报并提交诊断' });
    expect(diagnosisMessageOf('submit', '软件技术', '陈静')).toEqual({ title: '诊断任务待审核', content: '陈静提交了诊断任务「软件技术」，请审核' });
    expect(diagnosisMessageOf('pass', '软件技术', '张伟')).toEqual({ title: '诊断任务审核通过', content: '张伟审核通过了诊断任务「软件技术」' });
    expect(diagnosisMessageOf('pass', '软件技术', '张伟', '很好').content).toBe('张伟审核通过了诊断任务「软件技术」，审核意见：很好');
    expect(diagnosisMessageOf('refuse', '软件技术', '张伟', '措施不具体')).toEqual({ title: '诊断任务审核不通过', content: '张伟审核未通过诊断任务「软件技术」，原因：措施不具体，请修改后重新提交' });
  });

  it('gives the launch and 催办 texts around the task name, as diagnosisMessageOf writes them', () => {
    for (const event of ['launched', 'urged'] as const) {
      const around = messageAroundTaskName(event, '王明');
      expect(around.title).toBe(diagnosisMessageOf(event, '软件技术', '王明').title);
      expect(`${around.before}软件技术${around.after}`).toBe(diagnosisMessageOf(event, '软件技术', '王明').content);
    }
  });

  it('links to 诊断改进 opening the task', () => {
    expect(diagnosisMessageLink('t 1')).toBe('/qualityManagement/improvement?task=t%201');
  });
});
