import type { TaskAction } from './transitions.js';

/**
 * Whom a target task's move tells, and what (issue 34, 消息中心). The recipients are the people the move table
 * (transitions.ts) hands the next step to, or the person whose work was decided: the one who acts next per TRANSITIONS,
 * never the actor. The page is where that person acts: 我的任务 for owners, 部门任务 for auditors, 年度任务 for
 * publishers (creators).
 */
export type TaskMessagePage = 'personal' | 'department' | 'yearTask';

/** The task list pages' addresses (menus of 年度目标任务); `?task=` opens the task's detail with its moves. */
export const TASK_PAGE_PATHS: Record<TaskMessagePage, string> = {
  personal: '/qualityManagement/annualWbs/personal',
  department: '/qualityManagement/annualWbs/department',
  yearTask: '/qualityManagement/annualWbs/yearTask',
};

export interface TaskMessageFacts {
  taskName: string;
  actorId: string;
  actorName: string;
  ownerId: string | null;
  auditorId: string | null;
  creatorId: string | null;
  parentOwnerId: string | null;
  reason: string | null;
  /** requestDelay / grantDelay: the new end date */
  newEndDate: string | null;
  /** passReport: a final report finishes the task */
  finalReport: boolean;
}

export interface TaskMessage {
  userIds: string[];
  title: string;
  content: string;
  page: TaskMessagePage;
}

const withReason = (text: string, reason: string | null) => (reason ? `${text}，原因：${reason}` : text);

/** The messages a successful move leaves (none for moves that hand nothing on: accept, decompose, pause …). */
export function taskMessagesOf(action: TaskAction, f: TaskMessageFacts): TaskMessage[] {
  const task = `「${f.taskName}」`;
  const one = (userIds: Array<string | null>, title: string, content: string, page: TaskMessagePage): TaskMessage[] => {
    const ids = [...new Set(userIds.filter((id): id is string => !!id && id !== f.actorId))];
    return ids.length ? [{ userIds: ids, title, content, page }] : [];
  };
  // Reports are audited by the auditor, else the parent task's owner (AUDIT_REPORT); delays by the auditor (AUDIT_TASK).
  const reportAuditor = f.auditorId ?? f.parentOwnerId;
  switch (action) {
    case 'submitAudit':
      return one([f.auditorId], '目标任务待审核', `${f.actorName}提交了目标任务${task}，请审核`, 'department');
    case 'passAudit':
      return one([f.creatorId], '目标任务审核通过', `${f.actorName}审核通过了目标任务${task}，可以下发`, 'yearTask');
    case 'failAudit':
      return one([f.creatorId], '目标任务审核未通过', withReason(`${f.actorName}审核驳回了目标任务${task}`, f.reason), 'yearTask');
    case 'push':
      return one([f.ownerId], '目标任务已下发', `${f.actorName}下发了目标任务${task}，请接收`, 'personal');
    case 'sendBack':
      return one([f.creatorId], '目标任务已退回', withReason(`${f.actorName}退回了目标任务${task}`, f.reason), 'yearTask');
    case 'report':
      return one([reportAuditor], '进度报告待审核', `${f.actorName}提交了目标任务${task}的进度报告，请审核`, 'department');
    case 'passReport':
      return one([f.ownerId], f.finalReport ? '目标任务已完成' : '进度报告已通过', `${f.actorName}审核通过了目标任务${task}的${f.finalReport ? '结项报告' : '进度报告'}`, 'personal');
    case 'rejectReport':
      return one([f.ownerId], '目标任务已驳回', withReason(`${f.actorName}驳回了目标任务${task}的进度报告`, f.reason), 'personal');
    case 'requestDelay':
      return one([f.auditorId], '延期申请待审批', withReason(`${f.actorName}申请将目标任务${task}延期至${f.newEndDate ?? ''}`, f.reason), 'department');
    case 'grantDelay':
      return one([f.ownerId], '延期申请已同意', `${f.actorName}同意了目标任务${task}的延期申请${f.newEndDate ? `，新的结束时间：${f.newEndDate}` : ''}`, 'personal');
    case 'refuseDelay':
      return one([f.ownerId], '延期申请已拒绝', withReason(`${f.actorName}拒绝了目标任务${task}的延期申请`, f.reason), 'personal');
    case 'urge':
      return one([f.ownerId], '目标任务督办', withReason(`${f.actorName}督办了目标任务${task}`, f.reason).replace('，原因：', '，督办意见：'), 'personal');
    default:
      return [];
  }
}
