import { Steps } from 'antd';
import { TASK_MOVE_ACTION_NAMES } from '@zhengai/contracts';

/**
 * Which of the three steps before a 未下发 task reaches its owner it stands at (issue 35: a 未下发 task says what comes
 * next): 提交审核 (not submitted, or refused and to be submitted again), 审核通过 (waiting for its auditor), 下发 (passed).
 */
export function pushStepOf(auditState: number | null): { current: number; refused: boolean } {
  if (auditState === 0) return { current: 1, refused: false };
  if (auditState === 1) return { current: 2, refused: false };
  return { current: 0, refused: auditState === 2 };
}

export function PushSteps({ auditState }: { auditState: number | null }) {
  const { current, refused } = pushStepOf(auditState);
  return (
    <Steps
      size="small"
      current={current}
      status={refused ? 'error' : 'process'}
      data-testid="push-steps"
      style={{ margin: '12px 0 4px' }}
      aria-label="下发前的步骤"
      items={[
        { title: TASK_MOVE_ACTION_NAMES.submitAudit, content: refused ? '审核不通过，修改后重新提交' : '发布人提交' },
        { title: TASK_MOVE_ACTION_NAMES.passAudit, content: '审核人审核' },
        { title: TASK_MOVE_ACTION_NAMES.push, content: '下发给负责人' },
      ]}
    />
  );
}
