import { Alert, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getBuildProgress, type ReportBuildProgress } from '../../api/reports';

/** How often the build job is asked (the brief's 1 s: a build takes a few seconds). */
export const BUILD_POLL_MS = 1000;

export interface BuildProgressProps {
  taskId: string;
  /** the job finished: the report is ready */
  onDone(reportId: string): void;
  /** the job failed, with its reason */
  onFailed?(reason: string): void;
}

/** The build job's progress (report/taskResult every second): its step and done/total, the reason when it failed. */
export function BuildProgress({ taskId, onDone, onFailed }: BuildProgressProps) {
  const [progress, setProgress] = useState<ReportBuildProgress | null>(null);
  const [lost, setLost] = useState(false);
  // the callbacks change with every render of the parent; the poll must not restart for that
  const callbacks = useRef({ onDone, onFailed });
  useEffect(() => {
    callbacks.current = { onDone, onFailed };
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await getBuildProgress(taskId, { silent: true });
        if (stopped) return;
        setProgress(answer);
        setLost(false);
        if (answer.state === 'done') {
          callbacks.current.onDone(answer.reportId);
          return;
        }
        if (answer.state === 'failed') {
          callbacks.current.onFailed?.(answer.reason ?? '');
          return;
        }
      } catch {
        // one failed poll (a restart, a slow answer) is no failure of the build: ask again
        if (stopped) return;
        setLost(true);
      }
      timer = setTimeout(() => void ask(), BUILD_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [taskId]);

  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  const percent = progress?.state === 'done' ? 100 : total > 0 ? Math.floor((done / total) * 100) : 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="build-progress">
      <Progress percent={percent} status={progress?.state === 'failed' ? 'exception' : progress?.state === 'done' ? 'success' : 'active'} />
      <div>
        {progress ? `${progress.step}（${done}/${total}）` : '排队中'}
        {lost && '，正在重新连接…'}
      </div>
      {progress?.state === 'failed' && <Alert type="error" showIcon title="报告生成失败" description={progress.reason || '未知原因'} />}
    </Space>
  );
}
