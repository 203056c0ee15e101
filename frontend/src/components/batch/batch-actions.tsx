// Batch actions (issue 34): 批量通过, 批量督办, 批量下发. A list asks the server what the person may do on each row of
// the page (allowedActions), offers only those rows for selection, confirms naming the count, runs the batch (each
// item done or refused on its own by the server) and shows the summary: 成功 N 项，失败 M 项 with each refusal.
import type { App } from 'antd';
import type { BatchResult } from '@zhengai/contracts';
import { useMemo, useState } from 'react';
import { useRequest } from '../../hooks/use-request';
import styles from './batch-actions.module.css';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** The summary's first line: 成功 N 项，失败 M 项. */
export const batchSummaryLine = (result: BatchResult): string => `成功 ${result.done} 项，失败 ${result.refused.length} 项`;

/**
 * The actions the server allows on each row of the page, and the selection over the rows allowing `action`s: a row
 * leaves the selection when the page changes or it is no longer allowed (after a batch, a reload).
 */
export function useBatchSelection<A extends string>(
  ids: readonly string[],
  load: ((ids: readonly string[]) => Promise<Array<{ id: string; actions: readonly A[] }>>) | null,
  version: number,
) {
  const key = `${ids.join(',')}:${version}`;
  const allowed = useRequest(load && ids.length ? () => load(ids) : null, `batch-allowed:${key}`);
  const byId = useMemo(() => new Map((allowed.data ?? []).map((a) => [a.id, new Set<A>(a.actions)])), [allowed.data]);
  const [picked, setSelected] = useState<string[]>([]);
  // what was picked and is still on the page with an action allowed (derived: a reload or another page drops the rest)
  const selected = picked.filter((id) => ids.includes(id) && (byId.get(id)?.size ?? 0) > 0);
  const allows = (id: string, action: A) => byId.get(id)?.has(action) ?? false;
  return {
    selected,
    setSelected,
    /** whether the row may be selected for one of these actions */
    selectable: (id: string, actions: readonly A[]) => actions.some((a) => allows(id, a)),
    /** the selected rows allowing this action */
    selectedFor: (action: A) => selected.filter((id) => allows(id, action)),
    /** whether any row of the page allows this action (the button is shown then) */
    anyAllows: (action: A) => ids.some((id) => allows(id, action)),
    toggle: (id: string, on: boolean) => setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id))),
  };
}

/**
 * Confirms naming the count (确定批量下发 3 项任务？), runs the batch, then shows the summary; `done` runs after it
 * (reload the list). A refusal of the whole batch (over the cap, no menu) is shown by the request layer.
 */
export function confirmBatch(modal: Modal, { verb, noun, ids, run, done }: { verb: string; noun: string; ids: readonly string[]; run: (ids: readonly string[]) => Promise<BatchResult>; done: () => void }): void {
  modal.confirm({
    title: `批量${verb}`,
    content: <span data-testid="batch-confirm">确定批量{verb} {ids.length} 项{noun}？</span>,
    okText: `${verb} ${ids.length} 项`,
    cancelText: '取消',
    onOk: async () => {
      let result: BatchResult;
      try {
        result = await run(ids);
      } catch {
        return;
      }
      done();
      showSummary(modal, `批量${verb}结果`, result);
    },
  });
}

function showSummary(modal: Modal, title: string, result: BatchResult): void {
  const open = result.refused.length ? modal.warning : modal.success;
  open({
    title,
    okText: '知道了',
    content: (
      <div data-testid="batch-summary">
        <p className={styles.line}>{batchSummaryLine(result)}</p>
        {result.refused.length > 0 && (
          <ul className={styles.refusals}>
            {result.refused.map((r) => (
              <li key={r.id} data-testid="batch-refusal">
                <span className={styles.name}>{r.name ?? r.id}</span>：{r.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
    ),
  });
}
