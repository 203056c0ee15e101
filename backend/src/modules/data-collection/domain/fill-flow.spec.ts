import type { FillState } from '@zhengai/contracts';
import { FILL_MOVES, FILL_TODOS, mayMove } from './fill-flow.js';
describe('FILL_TODOS (我的待办)', () => {
  it('names a move that may start from its state, and every state a commit or an audit starts from', () => {
    for (const [state, todo] of Object.entries(FILL_TODOS)) expect(mayMove(state as FillState, todo!.move)).toBe(true);
    const waiting = Object.keys(FILL_TODOS).sort();
    expect(waiting).toEqual([...FILL_MOVES.commit.from, ...FILL_MOVES.audit.from].sort());
  });
});
