import { FILL_STATE_LABELS, type FillState } from '@zhengai/contracts';

/**
 * The moves of a fill task (001 §4 fill-task states), in one table. A filler edits and commits while the fill is
 * uncommitted or rolled back; the auditor passes a committed fill, or sends it back with a reason (also an audited
 * one: its rows leave the data centre until it is audited again).
 */
export type FillMove = 'edit' | 'commit' | 'audit' | 'rollback';

export const FILL_MOVES: Record<FillMove, { from: readonly FillState[]; to: FillState | null; label: string }> = {
  edit: { from: ['uncommitted', 'rollback'], to: null, label: '修改' },
  commit: { from: ['uncommitted', 'rollback'], to: 'unaudited', label: '提交' },
  audit: { from: ['unaudited'], to: 'finished', label: '审核' },
  rollback: { from: ['unaudited', 'finished'], to: 'rollback', label: '退回' },
};

/** Whether the move may start from this state. */
export function mayMove(state: FillState, move: FillMove): boolean {
  return FILL_MOVES[move].from.includes(state);
}

/** The state after the move (edit keeps it). */
export function stateAfter(state: FillState, move: FillMove): FillState {
  return FILL_MOVES[move].to ?? state;
}

/** The words of the refusal: 填报任务处于「待审核」状态，不能提交 (the contract's COLLECTION_MESSAGES.wrongState). */
export function moveRefusal(state: FillState, move: FillMove): { state: string; action: string } {
  return { state: FILL_STATE_LABELS[state], action: FILL_MOVES[move].label };
}

/**
 * 我的待办's fill items (issue 34): the state a fill waits in, the move it waits for and what the list asks. The
 * filler commits (fills first, or fixes after a rollback), the auditor audits; who is the filler or auditor is
 * FILL_RIGHTS_OF's (the lists 我的填报 and 待我审核).
 */
export const FILL_TODOS: Readonly<Partial<Record<FillState, { move: 'commit' | 'audit'; asked: string }>>> = {
  uncommitted: { move: 'commit', asked: '填报并提交' },
  rollback: { move: 'commit', asked: '修改退回的填报' },
  unaudited: { move: 'audit', asked: '审核填报' },
};
