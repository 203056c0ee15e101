import type { AuditAction, AuditState } from '@zhengai/contracts';

/** An object's task moves draft → submitted → passed, or back through refused (spec 001 §7: audit submit, pass, refuse). */
export type { AuditAction, AuditState };

const MOVES: Record<AuditAction, { from: AuditState[]; to: AuditState }> = {
  submit: { from: ['draft', 'refused'], to: 'submitted' },
  pass: { from: ['submitted'], to: 'passed' },
  refuse: { from: ['submitted'], to: 'refused' },
};

export const AUDIT_STATE_NAMES: Record<AuditState, string> = { draft: '未提交', submitted: '待审核', passed: '审核通过', refused: '审核不通过' };

/** The state after an action, or null when the action is not allowed now. */
export function afterAudit(state: AuditState, action: AuditAction): AuditState | null {
  const move = MOVES[action];
  return move.from.includes(state) ? move.to : null;
}

/** Results, cause analyses and measures can be edited only before submission or after a refusal. */
export const isEditable = (state: AuditState): boolean => state === 'draft' || state === 'refused';
