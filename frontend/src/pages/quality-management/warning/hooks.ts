import { getWarningCounts, getWarningRows, type WarningCounts, type WarningRow } from '../../../api/warnings';
import { useRequest } from '../../../hooks/use-request';

export interface TaskWarnings {
  /** null until loaded (empty when loading failed) */
  rows: WarningRow[] | null;
  counts: WarningCounts | null;
  loading: boolean;
  reload(): void;
}

/** The warning table of a task with its counts; another task's answer is not shown while this one's loads. */
export function useTaskWarnings(taskId: string | null): TaskWarnings {
  const { data, loading, reload } = useRequest(
    taskId
      ? () =>
          Promise.allSettled([getWarningRows(taskId), getWarningCounts(taskId)]).then(([r, c]) => ({
            rows: r.status === 'fulfilled' ? r.value : [],
            counts: c.status === 'fulfilled' ? c.value : null,
          }))
      : null,
    taskId ?? '',
    { keepPrevious: false },
  );
  const current = taskId ? data : null;
  return { rows: current?.rows ?? null, counts: current?.counts ?? null, loading, reload };
}
