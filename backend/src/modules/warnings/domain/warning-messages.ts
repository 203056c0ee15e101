/**
 * What an opened warning tells (issue 34, 消息中心): the people who handle the task's warnings (the open-warnings rule
 * of warningflow/mine and 待处理预警: the task's owner, its department's head, administrators) learn that a quality
 * point of the task breached its rule. The page is 诊断改进 opening the task's point on its warnings tab.
 */
export interface WarningMessageFacts {
  pointName: string;
  taskName: string;
  /** the sampled value that breached (empty when none) */
  value: string;
  /** the rule as written: tj and yjz, e.g. "<80" */
  condition: string;
}

export const WARNING_MESSAGE_TITLE = '质控点预警';

export function warningMessageOf(f: WarningMessageFacts): { title: string; content: string } {
  return { title: WARNING_MESSAGE_TITLE, content: `诊断任务「${f.taskName}」的质控点「${f.pointName}」触发预警：本期结果${f.value || '—'}，预警条件${f.condition}，请处理` };
}

/** The text with a marker for each fact, for the statement that writes a scan page's messages (SQL replaces each marker). */
export const WARNING_MESSAGE_MARKS: Readonly<Record<keyof WarningMessageFacts, string>> = {
  pointName: '{point}',
  taskName: '{task}',
  value: '{value}',
  condition: '{condition}',
};

export function warningMessageTemplate(): { title: string; content: string } {
  return { title: WARNING_MESSAGE_TITLE, content: `诊断任务「${WARNING_MESSAGE_MARKS.taskName}」的质控点「${WARNING_MESSAGE_MARKS.pointName}」触发预警：本期结果${WARNING_MESSAGE_MARKS.value}，预警条件${WARNING_MESSAGE_MARKS.condition}，请处理` };
}

/** 诊断改进 at the task's point, warnings tab (as 我的待办's warnings open it). */
export const warningMessageLink = (taskId: string, pointId: string): string =>
  `/qualityManagement/improvement?task=${encodeURIComponent(taskId)}&point=${encodeURIComponent(pointId)}&tab=warnings`;
