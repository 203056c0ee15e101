import type { AuditAction } from './audit.js';

/**
 * What a diagnosis task's events tell (issue 34, 消息中心), by who acts next (TASK_TODOS): a launch hands each new
 * task to its owner; a submission waits for the auditor; a pass or a refusal is the owner's result (a refusal is the
 * owner's turn again). The page is 诊断改进, which opens the task from `?task=`.
 */
export type DiagnosisMessageEvent = 'launched' | 'urged' | AuditAction;

/** 诊断改进 (the task table); `?task=<id>` opens the task. */
export const IMPROVEMENT_PATH = '/qualityManagement/improvement';

export const diagnosisMessageLink = (taskId: string): string => `${IMPROVEMENT_PATH}?task=${encodeURIComponent(taskId)}`;

/** The relation of the task whose holder the event tells. */
export const DIAGNOSIS_MESSAGE_TO: Readonly<Record<DiagnosisMessageEvent, 'owner' | 'auditor'>> = {
  launched: 'owner',
  urged: 'owner',
  submit: 'auditor',
  pass: 'owner',
  refuse: 'owner',
};

export interface DiagnosisMessageText {
  title: string;
  content: string;
}

export function diagnosisMessageOf(event: DiagnosisMessageEvent, taskName: string, actorName: string, comment: string | null = null): DiagnosisMessageText {
  const task = `诊断任务「${taskName}」`;
  switch (event) {
    case 'launched':
      return { title: '诊断任务已下发', content: `${actorName}下发了${task}，请填报并提交诊断` };
    case 'urged':
      return { title: '诊断任务催办', content: `${actorName}催办了${task}，已过结束日期，请尽快填报并提交诊断` };
    case 'submit':
      return { title: '诊断任务待审核', content: `${actorName}提交了${task}，请审核` };
    case 'pass':
      return { title: '诊断任务审核通过', content: `${actorName}审核通过了${task}${comment ? `，审核意见：${comment}` : ''}` };
    case 'refuse':
      return { title: '诊断任务审核不通过', content: `${actorName}审核未通过${task}${comment ? `，原因：${comment}` : ''}，请修改后重新提交` };
  }
}

const TASK_NAME_MARK = '\u0000';

/**
 * A launch's (or a 催办's) text around each task's name, for the statement that writes the messages of thousands of
 * tasks at once (the text is diagnosisMessageOf's: content = before || task name || after).
 */
export function messageAroundTaskName(event: 'launched' | 'urged', actorName: string): { title: string; before: string; after: string } {
  const { title, content } = diagnosisMessageOf(event, TASK_NAME_MARK, actorName);
  const [before, after] = content.split(TASK_NAME_MARK) as [string, string];
  return { title, before, after };
}
