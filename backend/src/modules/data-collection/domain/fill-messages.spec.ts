import { fillMessageLink, fillMessageOf } from './fill-messages.js';

const facts = { taskName: '2026年度教学数据', formName: '教师基本信息', actorName: '王芳', reason: null };

describe('fill messages (消息中心, issue 34)', () => {
  it('tells the fillers a fill was allocated, with the task and the form', () => {
    expect(fillMessageOf('allocated', facts)).toEqual({
      title: '采集任务待填报',
      content: '王芳向你分配了采集任务「2026年度教学数据」的表单「教师基本信息」，请填报',
    });
  });

  it('gives the reason of a rollback, and none when there is none', () => {
    expect(fillMessageOf('rollback', { ...facts, reason: '缺少职称' })).toEqual({
      title: '填报已退回',
      content: '王芳退回了采集任务「2026年度教学数据」的表单「教师基本信息」的填报，原因：缺少职称，请修改后重新提交',
    });
    expect(fillMessageOf('rollback', facts).content).not.toContain('原因');
  });

  it('tells of a pass', () => {
    expect(fillMessageOf('audit', facts)).toEqual({ title: '填报审核通过', content: '王芳审核通过了采集任务「2026年度教学数据」的表单「教师基本信息」的填报' });
  });

  it('links to 我的填报 opening the fill', () => {
    expect(fillMessageLink('a b')).toBe('/dataCollection/fill?fill=a%20b');
  });
});
