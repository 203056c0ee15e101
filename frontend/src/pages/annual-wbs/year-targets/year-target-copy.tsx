import { Button, Modal, Progress, Result } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyYearTarget, getYearTargetCopyResult, type YearTarget, type YearTargetCopyProgress, type YearTargetCopyStart } from '../../../api/year-targets';
import { copyPercent } from './year-target-values';

/** How often the copy's progress is asked (issue 13: every second, like the libraries' copy). */
const POLL_MS = 1000;

export type CopyState =
  | { phase: 'running'; name: string; start: YearTargetCopyStart; progress: YearTargetCopyProgress | null }
  | { phase: 'done'; name: string; start: YearTargetCopyStart; progress: YearTargetCopyProgress | null }
  | { phase: 'failed'; name: string; start: YearTargetCopyStart; message: string; progress: YearTargetCopyProgress | null };

export interface YearTargetCopier {
  copy: CopyState | null;
  /** Starts the copy (a refusal is shown by the request layer: false) and watches it every second until done or failed. */
  run(target: YearTarget, onDone: (start: YearTargetCopyStart) => void): Promise<boolean>;
  /** Closes the progress; a copy still running goes on on the server, unwatched. */
  close(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 复制到下一年: the copy job of a year target and the wait for it (yearTarget/copy, then yearTarget/taskResult). */
export function useYearTargetCopy(): YearTargetCopier {
  const [copy, setCopy] = useState<CopyState | null>(null);
  // the copy being watched; closing, a newer copy or leaving the page stops the older watch
  const ticket = useRef(0);
  useEffect(
    () => () => {
      ticket.current = -1;
    },
    [],
  );

  const run = useCallback(async (target: YearTarget, onDone: (start: YearTargetCopyStart) => void) => {
    const mine = ++ticket.current;
    let start: YearTargetCopyStart;
    try {
      start = await copyYearTarget(target.id);
    } catch {
      return false;
    }
    if (mine !== ticket.current) return true;
    const name = target.name;
    setCopy({ phase: 'running', name, start, progress: null });
    void (async () => {
      let last: YearTargetCopyProgress | null = null;
      try {
        for (;;) {
          last = await getYearTargetCopyResult(start.taskId, { silent: true });
          if (mine !== ticket.current) return;
          if (last.state === 'failed') {
            setCopy({ phase: 'failed', name, start, message: last.reason || '复制失败', progress: last });
            return;
          }
          if (last.state === 'done') {
            setCopy({ phase: 'done', name, start, progress: last });
            onDone(start);
            return;
          }
          setCopy({ phase: 'running', name, start, progress: last });
          await sleep(POLL_MS);
          if (mine !== ticket.current) return;
        }
      } catch (error) {
        if (mine !== ticket.current) return;
        setCopy({ phase: 'failed', name, start, message: error instanceof Error && error.message ? error.message : '复制失败', progress: last });
      }
    })();
    return true;
  }, []);

  const close = useCallback(() => {
    ticket.current += 1;
    setCopy(null);
  }, []);

  return { copy, run, close };
}

/** The wait for a copy: a bar of its stages with the step (复制目标任务 …), then done, or the reason it failed. */
export function YearTargetCopyModal({ copier }: { copier: YearTargetCopier }) {
  const { copy } = copier;
  if (!copy) return null;
  const running = copy.phase === 'running';
  const progress = copy.progress;
  const step = progress && progress.total > 0 ? `${progress.step}（${progress.done}/${progress.total}）` : (progress?.step ?? '排队中');
  const title = `复制到${copy.start.cycleYear}年`;
  return (
    <Modal
      open
      title={title}
      closable={!running}
      mask={{ closable: false }}
      keyboard={!running}
      onCancel={copier.close}
      footer={
        running ? (
          <Button onClick={copier.close}>后台运行</Button>
        ) : (
          <Button type="primary" onClick={copier.close}>
            关闭
          </Button>
        )
      }
    >
      {copy.phase === 'failed' ? (
        <Result status="error" title="复制失败" subTitle={<span data-testid="copy-reason">{copy.message}</span>} />
      ) : (
        <div data-testid="copy-progress" aria-live="polite">
          <Progress percent={copyPercent(progress)} status={running ? 'active' : 'success'} />
          <div style={{ marginTop: 8 }} data-testid="copy-step">
            {running
              ? `正在复制“${copy.name}”：${step}，请稍候…`
              : `复制完成：“${copy.name}”已复制到${copy.start.cycleYear}年，目标任务均为未下发状态`}
          </div>
        </div>
      )}
    </Modal>
  );
}
