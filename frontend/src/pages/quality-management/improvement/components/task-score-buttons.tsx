import { FundOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { calScore, refreshTarget } from '../../../../api/diagnosis';
import { formatPercent, UNKNOWN } from '../../../../utils/formatters';

interface TaskScoreButtonsProps {
  taskId: string;
  /** the new score is shown at once; the table is loaded again for the grades */
  onScored(score: number | null): void;
}

const scoreText = (score: number | null) => (score === null ? UNKNOWN : formatPercent(score));

/**
 * 计算得分 (obj/calScore) and 刷新目标 (obj/refreshTarget): shown when the table says canRecalculate (who may edit
 * the task now, and administrators). Both grade every point again; 刷新目标 takes the library's current targets.
 */
export function TaskScoreButtons({ taskId, onScored }: TaskScoreButtonsProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'score' | 'refresh' | null>(null);

  const run = async (which: 'score' | 'refresh') => {
    setBusy(which);
    try {
      const { score } = which === 'score' ? await calScore(taskId) : await refreshTarget(taskId);
      void message.success(which === 'score' ? `计算得分成功，得分${scoreText(score)}` : `刷新目标成功，得分${scoreText(score)}`);
      onScored(score);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={8}>
      <Tooltip title="按当前结果计算各质控点等级和任务得分（达到目标的质控点占比）">
        <Button icon={<FundOutlined />} loading={busy === 'score'} disabled={busy !== null} onClick={() => void run('score')}>
          计算得分
        </Button>
      </Tooltip>
      <Tooltip title="取目标标准库中最新的目标值重新评定等级，结果、原因分析和改进措施保持不变">
        <Button icon={<SyncOutlined />} loading={busy === 'refresh'} disabled={busy !== null} onClick={() => void run('refresh')}>
          刷新目标
        </Button>
      </Tooltip>
    </Space>
  );
}
