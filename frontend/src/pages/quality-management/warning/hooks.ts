import { useCallback, useEffect, useState } from 'react';
import { getWarningCounts, getWarningRows, type WarningCounts, type WarningRow } from '../../../api/warnings';

export interface TaskWarnings {
  /** null until loaded (empty when loading failed) */
  rows: WarningRow[] | null;
  counts: WarningCounts | null;
  loading: boolean;
  reload(): void;
}

interface Loaded {
  taskId: string;
  rows: WarningRow[];
  counts: WarningCounts | null;
}

/** The warning table of a task with its counts. */
export function useTaskWarnings(taskId: string | null): TaskWarnings {
  const [nonce, setNonce] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!taskId) return;
    let live = true;
    Promise.allSettled([getWarningRows(taskId), getWarningCounts(taskId)]).then(([r, c]) => {
      if (!live) return;
      setLoaded({ taskId, rows: r.status === 'fulfilled' ? r.value : [], counts: c.status === 'fulfilled' ? c.value : null });
      setReloading(false);
    });
    return () => {
      live = false;
    };
  }, [taskId, nonce]);

  const reload = useCallback(() => {
    setReloading(true);
    setNonce((n) => n + 1);
  }, []);

  // another task's answer is not shown while this one's loads
  const current = loaded && loaded.taskId === taskId ? loaded : null;
  return { rows: current?.rows ?? null, counts: current?.counts ?? null, loading: !!taskId && (!current || reloading), reload };
}
