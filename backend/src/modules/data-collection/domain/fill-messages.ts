/**
 * What a fill task's events tell its fillers (issue 34, 消息中心): a fill allocated to them (made when the task is
 * published, or allocated on a published task), rolled back with the reason, or passed. The fillers are the people
 * FILL_RIGHTS_OF gives the `fill` right (the person allocated, or the members of the department allocated) — they
 * act next; the page is 我的填报, which opens the fill from `?fill=`.
 */
export type FillMessageEvent = 'allocated' | 'rollback' | 'audit';

/** 我的填报 (fills with the `fill` right); `?fill=<id>` opens the fill at once. */
export const FILL_PAGE_PATH = '/dataCollection/fill';

export const fillMessageLink = (fillId: string): string => `${FILL_PAGE_PATH}?fill=${encodeURIComponent(fillId)}`;

export interface FillMessageFacts {
  taskName: string;
  formName: string;
  actorName: string;
  /** rollback: the auditor's reason */
  reason: string | null;
}

export interface FillMessageText {
  title: string;
  content: string;
}

export function fillMessageOf(event: FillMessageEvent, f: FillMessageFacts): FillMessageText {
  const fill = `采集任务「${f.taskName}」的表单「${f.formName}」`;
  switch (event) {
    case 'allocated':
      return { title: '采集任务待填报', content: `${f.actorName}向你分配了${fill}，请填报` };
    case 'rollback':
      return { title: '填报已退回', content: `${f.actorName}退回了${fill}的填报${f.reason ? `，原因：${f.reason}` : ''}，请修改后重新提交` };
    case 'audit':
      return { title: '填报审核通过', content: `${f.actorName}审核通过了${fill}的填报` };
  }
}
