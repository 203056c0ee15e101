import { Alert, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getLaunchProgress, type LaunchProgress } from '../../../api/diagnosis-launch';

/** How often the launch job is asked (000 §9: status poll every 1000 ms). */
export const LAUNCH_POLL_MS = 1000;

/** A launch's job (launch/progress every second): its step and done of total objects, the reason when it failed. */
export function LaunchProgressView({ launchId, onEnd }: { launchId: string; onEnd?(state: 'done' | 'failed'): void }) {
  const [progress, setProgress] = useState<LaunchProgress | null>(null);
  const [lost, setLost] = useState(false);
  // the callback changes with every render of the parent; the poll must not restart for that
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await getLaunchProgress(launchId, { silent: true });
        if (stopped) return;
        setProgress(answer);
        setLost(false);
        if (answer.state === 'done' || answer.state === 'failed') {
          ended.current?.(answer.state);
          return;
        }
      } catch {
        // one failed poll (a restart, a slow answer) is no failure of the launch: ask again
        if (stopped) return;
        setLost(true);
      }
      timer = setTimeout(() => void ask(), LAUNCH_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [launchId]);

  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  const percent = progress?.state === 'done' ? 100 : total > 0 ? Math.floor((done / total) * 100) : 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="launch-progress">
      <Progress percent={percent} status={progress?.state === 'failed' ? 'exception' : progress?.state === 'done' ? 'success' : 'active'} />
      <div>
        {progress ? `${progress.step}（${done}/${total}）` : '排队中'}
        {lost && '，正在重新连接…'}
      </div>
      {progress?.state === 'done' && <Alert type="success" showIcon title={`已创建${done}个诊断任务`} />}
      {progress?.state === 'failed' && <Alert type="error" showIcon title="下发失败" description={progress.reason || '未知原因'} />}
    </Space>
  );
}
