import { useCallback, useEffect, useState } from 'react';
import { getDiagnosisTasks, getQualityTable, type DiagnosisTask, type QualityFile, type QualityRow, type QualityTable } from '../../../api/diagnosis';
import type { Attachment } from '../../../api/files';
import { getWarningHistory, getWarningTrend, type TrendPoint, type WarningRecord } from '../../../api/warnings';

export interface TaskList {
  /** null until loaded (an empty list when loading failed) */
  tasks: DiagnosisTask[] | null;
  loading: boolean;
  reload(): void;
}

/**
 * Every task the person may open, in one call (pageSize 0): the server filters by cycle but not by audit
 * state, so both filters work on the loaded list and the cards are paged here.
 */
export function useTaskList(): TaskList {
  const [nonce, setNonce] = useState(0);
  const [tasks, setTasks] = useState<DiagnosisTask[] | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    getDiagnosisTasks({ pageNum: 1, pageSize: 0 }).then(
      (page) => {
        if (!live) return;
        setTasks(page.records);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setTasks((current) => current ?? []);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [nonce]);

  const reload = useCallback(() => {
    setLoading(true);
    setNonce((n) => n + 1);
  }, []);

  return { tasks, loading, reload };
}

export interface QualityTableState {
  table: QualityTable | null;
  loading: boolean;
  /** the table could not be loaded (no permission, unknown task) */
  failed: boolean;
  reload(): void;
  /** a saved row in place of the old one; the attachments are kept (the save does not return them) */
  replaceRow(row: QualityRow): void;
  /** the row's attachments after the attachment modal changed them */
  setAttachments(pointId: string, attachments: Attachment[]): void;
  /** the task's audit state after an audit step */
  patchTask(patch: Partial<QualityTable['task']>): void;
}

const toQualityFile = (a: Attachment): QualityFile => ({ id: a.id, fileId: a.fileId, fileName: a.fileName, fileType: a.fileType, stage: a.stage, url: a.url });

/** The quality-point table of a task: all rows, reloaded after grading and audit steps. */
export function useQualityTable(taskId: string): QualityTableState {
  const [nonce, setNonce] = useState(0);
  const [table, setTable] = useState<QualityTable | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getQualityTable(taskId).then(
      (loaded) => {
        if (!live) return;
        setTable(loaded);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [taskId, nonce]);

  const reload = useCallback(() => {
    setLoading(true);
    setNonce((n) => n + 1);
  }, []);

  const replaceRow = useCallback((row: QualityRow) => {
    setTable((current) =>
      current && {
        ...current,
        rows: current.rows.map((r) => (r.id === row.id ? { ...r, ...row, qualityFileList: row.qualityFileList?.length ? row.qualityFileList : r.qualityFileList } : r)),
      },
    );
  }, []);

  const setAttachments = useCallback((pointId: string, attachments: Attachment[]) => {
    setTable((current) => current && { ...current, rows: current.rows.map((r) => (r.id === pointId ? { ...r, qualityFileList: attachments.map(toQualityFile) } : r)) });
  }, []);

  const patchTask = useCallback((patch: Partial<QualityTable['task']>) => {
    setTable((current) => current && { ...current, task: { ...current.task, ...patch } });
  }, []);

  return { table, loading, failed, reload, replaceRow, setAttachments, patchTask };
}

export interface PointWarnings {
  /** newest first; null until loaded */
  history: WarningRecord[] | null;
  trend: TrendPoint[];
  loading: boolean;
  reload(): void;
}

/** A point's warning history and trend (the drawer's tabs 2 and 3), loaded together while `active`. */
export function usePointWarnings(taskId: string, pointId: string, active: boolean): PointWarnings {
  const [nonce, setNonce] = useState(0);
  const [history, setHistory] = useState<WarningRecord[] | null>(null);
  const [trend, setTrend] = useState<TrendPoint[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!active) return;
    let live = true;
    Promise.allSettled([getWarningHistory(pointId, taskId), getWarningTrend(pointId, taskId)]).then(([h, t]) => {
      if (!live) return;
      setHistory(h.status === 'fulfilled' ? h.value : []);
      setTrend(t.status === 'fulfilled' ? (t.value?.points ?? []) : []);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [taskId, pointId, active, nonce]);

  const reload = useCallback(() => {
    setLoading(true);
    setNonce((n) => n + 1);
  }, []);

  return { history, trend, loading, reload };
}
