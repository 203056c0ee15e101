import type { AuditAction, AuditState, TaskState } from '@zhengai/contracts';

/** An object's task moves draft → submitted → passed, or back through refused (spec 001 §7: audit submit, pass, refuse). */
export type { AuditAction, AuditState, TaskState };

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

/**
 * The task state of the documents' task card (rwzt, 001 §4 "Task state": normal, pause, finished), read from the
 * audit: in work while its people may edit it (draft, refused), paused while it waits for its auditor (submitted),
 * finished once the audit passed.
 */
export function taskStateOf(state: AuditState): TaskState {
  if (state === 'passed') return 'finished';
  return state === 'submitted' ? 'pause' : 'normal';
}
