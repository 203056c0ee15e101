import { Button, Modal, Progress, Result } from 'antd';
import type { TaskProgress } from '../../../../api/standard';
import type { JobRunner } from '../hooks';

/**
 * The wait for a copy, sync or copy of points: a bar of the job's done of total with the step it is at (复制指标,
 * 复制质控点 …) while it runs, then done, or the failure's reason with how far it got.
 */
export function JobProgress({ runner, onOpen }: { runner: JobRunner; /** a copy done: open the new library */ onOpen?(libraryId: string): void }) {
  const { job } = runner;
  if (!job) return null;
  const running = job.phase === 'running';
  const percent = running ? jobPercent(job.progress) : 100;
  const step = job.progress && job.progress.total > 0 ? `${job.progress.step}（${job.progress.done}/${job.progress.total}）` : (job.progress?.step ?? '排队中');
  const renamed = job.phase === 'done' ? (job.progress?.renamed ?? []) : [];
  return (
    <Modal
      open
      title={job.title}
      closable={!running}
      mask={{ closable: false }}
      keyboard={!running}
      onCancel={runner.close}
      footer={
        running ? (
          <Button onClick={runner.close}>后台运行</Button>
        ) : (
          <>
            {job.phase === 'done' && job.result.libraryId && onOpen && (
              <Button
                onClick={() => {
                  runner.close();
                  onOpen(job.result.libraryId as string);
                }}
              >
                打开新库
              </Button>
            )}
            <Button type="primary" onClick={runner.close}>
              关闭
            </Button>
          </>
        )
      }
    >
      {job.phase === 'failed' ? (
        <Result status="error" title={`${job.title}失败`} subTitle={<span data-testid="job-reason">{job.message}</span>} />
      ) : (
        <div data-testid="job-progress" aria-live="polite">
          <Progress percent={percent} status={running ? 'active' : 'success'} />
          <div style={{ marginTop: 8 }} data-testid="job-step">
            {running ? `正在${job.title}：${step}，请稍候…（已用时${job.seconds}秒）` : `${job.title}完成（用时${job.seconds}秒）`}
          </div>
          {renamed.length > 0 && (
            <div style={{ marginTop: 8 }} data-testid="job-renamed">
              编号已存在，已改为新编号：{renamed.map((r) => `${r.from} → ${r.to}`).join('，')}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

/** The share done, short of 100 until the server says done (a last stage may still be committing). */
function jobPercent(progress: TaskProgress | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(99, Math.round((100 * progress.done) / progress.total));
}
