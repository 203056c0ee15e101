import type { ReportAction } from '@zhengai/contracts';

/**
 * Whom a quality report's move tells (issue 34, 消息中心), by the review flow (report-flow.ts): a submitted report
 * waits for the experts (role code expert: the first review), an expert-passed one for the school leaders (the second
 * review, who publish), and the author learns of the publication or a rejection. Shares and @mentions tell whom they name.
 */
export const QUALITY_REPORT_PATH = '/qualityManagement/qualityReport';

/** The role codes whose holders a move hands the report to (reportRolesOf: expert; school = schoolLeader). */
export const REPORT_NEXT_REVIEWERS: Partial<Record<ReportAction, readonly string[]>> = {
  submit: ['expert'],
  expertReview: ['schoolLeader'],
};

export interface ReportMessageText {
  title: string;
  content: string;
}

const withReason = (text: string, reason: string | null) => (reason ? `${text}，原因：${reason}` : text);

/** The text of a move's message (null: the move tells nobody). */
export function reportMoveMessage(action: ReportAction, reportName: string, actorName: string, reason: string | null): { to: 'reviewers' | 'author'; text: ReportMessageText } | null {
  const report = `「${reportName}」`;
  switch (action) {
    case 'submit':
      return { to: 'reviewers', text: { title: '质量报告待审核', content: `${actorName}提交了质量报告${report}，请专家复核` } };
    case 'expertReview':
      return { to: 'reviewers', text: { title: '质量报告待发布', content: `${actorName}复核通过了质量报告${report}，请审核发布` } };
    case 'schoolReview':
      return { to: 'author', text: { title: '质量报告已发布', content: `${actorName}审核发布了质量报告${report}` } };
    case 'reject':
      return { to: 'author', text: { title: '质量报告已驳回', content: withReason(`${actorName}驳回了质量报告${report}`, reason) } };
    default:
      return null;
  }
}

export const reportShareMessage = (reportName: string, actorName: string): ReportMessageText => ({
  title: '质量报告已共享',
  content: `${actorName}向你共享了质量报告「${reportName}」`,
});

export const reportMentionMessage = (reportName: string, actorName: string, comment: string): ReportMessageText => ({
  title: '有人在质量报告中@了你',
  content: `${actorName}在质量报告「${reportName}」的讨论中@了你：${comment.length > 100 ? `${comment.slice(0, 100)}…` : comment}`,
});
