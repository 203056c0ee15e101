import { taskMessagesOf, type TaskMessageFacts } from './task-messages.js';
import { TASK_ACTIONS } from './transitions.js';

const facts: TaskMessageFacts = {
  taskName: '专业建设', actorId: 'u-a', actorName: '张伟', ownerId: 'u-o', auditorId: 'u-a', creatorId: 'u-c', parentOwnerId: 'u-p',
  reason: '材料不全', newEndDate: '2026-09-30', finalReport: false,
};
const whom = (action: (typeof TASK_ACTIONS)[number], f: Partial<TaskMessageFacts> = {}) =>
  taskMessagesOf(action, { ...facts, ...f }).map((m) => [m.userIds, m.title, m.page]);

describe('taskMessagesOf: whom a move tells', () => {
  it('tells the person the move hands on to, or whose work it decided', () => {
    expect(whom('push', { actorId: 'u-c' })).toEqual([[['u-o'], '目标任务已下发', 'personal']]);
    expect(whom('rejectReport')).toEqual([[['u-o'], '目标任务已驳回', 'personal']]);
    expect(whom('sendBack', { actorId: 'u-o' })).toEqual([[['u-c'], '目标任务已退回', 'yearTask']]);
    expect(whom('report', { actorId: 'u-o' })).toEqual([[['u-a'], '进度报告待审核', 'department']]);
    expect(whom('passReport', { finalReport: true })).toEqual([[['u-o'], '目标任务已完成', 'personal']]);
  });

  it('names the actor and the reason', () => {
    expect(taskMessagesOf('rejectReport', facts)[0]!.content).toBe('张伟驳回了目标任务「专业建设」的进度报告，原因：材料不全');
    expect(taskMessagesOf('urge', { ...facts, actorId: 'u-c', actorName: '王明', reason: '请尽快' })[0]!.content).toBe('王明督办了目标任务「专业建设」，督办意见：请尽快');
  });

  it('never tells the actor, and no one when there is nobody to tell', () => {
    expect(whom('submitAudit', { actorId: 'u-a' })).toEqual([]);
    expect(whom('push', { ownerId: null })).toEqual([]);
    // a report without an auditor goes to the parent task's owner (who audits it then)
    expect(whom('report', { actorId: 'u-o', auditorId: null })).toEqual([[['u-p'], '进度报告待审核', 'department']]);
  });

  it('leaves nothing for moves that hand nothing on', () => {
    for (const action of ['accept', 'resolve', 'define', 'pause', 'resume', 'acceptUrge'] as const) expect(whom(action)).toEqual([]);
  });
});
