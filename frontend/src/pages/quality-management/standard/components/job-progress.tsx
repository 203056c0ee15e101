import { Button, Modal, Progress, Result } from 'antd';
import type { JobRunner } from '../hooks';

/** The wait for a copy or sync job: an active bar while checkStatus says false, then done or the failure's message. */
export function JobProgress({ runner, onOpen }: { runner: JobRunner; /** a copy done: open the new library */ onOpen?(libraryId: string): void }) {
  const { job } = runner;
  if (!job) return null;
  const running = job.phase === 'running';
  // the job reports no share of its work: the bar creeps towards 95% while it runs
  const percent = running ? Math.min(95, Math.round(95 * (1 - Math.exp(-job.seconds / 8)))) : 100;
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
        <Result status="error" title={`${job.title}失败`} subTitle={job.message} />
      ) : (
        <div data-testid="job-progress" aria-live="polite">
          <Progress percent={percent} status={running ? 'active' : 'success'} />
          <div style={{ marginTop: 8 }}>{running ? `正在${job.title}，请稍候…（已用时${job.seconds}秒）` : `${job.title}完成（用时${job.seconds}秒）`}</div>
        </div>
      )}
    </Modal>
  );
}
