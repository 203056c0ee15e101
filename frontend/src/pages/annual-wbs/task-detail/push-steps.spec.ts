import { pushStepOf } from './push-steps';

describe('the steps before a 未下发 task is pushed', () => {
  it('stands at 提交审核 before a submission and after a refusal, at 审核通过 while waiting, at 下发 once passed', () => {
    expect(pushStepOf(null)).toEqual({ current: 0, refused: false });
    expect(pushStepOf(2)).toEqual({ current: 0, refused: true });
    expect(pushStepOf(0)).toEqual({ current: 1, refused: false });
    expect(pushStepOf(1)).toEqual({ current: 2, refused: false });
  });
});
