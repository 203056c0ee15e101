import { useCallback } from 'react';
import { getDiagnosisTasks, getQualityTable, type DiagnosisTask, type QualityFile, type QualityRow, type QualityTable } from '../../../api/diagnosis';
import type { Attachment } from '../../../api/files';
import { getWarningHistory, getWarningTrend, type TrendPoint, type WarningRecord } from '../../../api/warnings';
import { useRequest } from '../../../hooks/use-request';

export interface TaskList {
  /** null until loaded (an empty list when loading failed) */
  tasks: DiagnosisTask[] | null;
  loading: boolean;
  reload(): void;
}

const NO_TASKS: DiagnosisTask[] = [];

/**
 * Every task the person may open, in one call (pageSize 0): the server filters by cycle but not by audit
 * state, so both filters work on the loaded list and the cards are paged here.
 */
export function useTaskList(): TaskList {
  const { data, loading, failed, reload } = useRequest(() => getDiagnosisTasks({ pageNum: 1, pageSize: 0 }).then((page) => page.records), 'tasks');
  return { tasks: data ?? (failed ? NO_TASKS : null), loading, reload };
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
  const { data: table, loading, failed, reload, setData: setTable } = useRequest(() => getQualityTable(taskId), taskId);

  const replaceRow = useCallback((row: QualityRow) => {
    setTable((current) =>
      current && {
        ...current,
        rows: current.rows.map((r) => (r.id === row.id ? { ...r, ...row, qualityFileList: row.qualityFileList?.length ? row.qualityFileList : r.qualityFileList } : r)),
      },
    );
  }, [setTable]);

  const setAttachments = useCallback((pointId: string, attachments: Attachment[]) => {
    setTable((current) => current && { ...current, rows: current.rows.map((r) => (r.id === pointId ? { ...r, qualityFileList: attachments.map(toQualityFile) } : r)) });
  }, [setTable]);

  const patchTask = useCallback((patch: Partial<QualityTable['task']>) => {
    setTable((current) => current && { ...current, task: { ...current.task, ...patch } });
  }, [setTable]);

  return { table, loading, failed, reload, replaceRow, setAttachments, patchTask };
}

const NO_TREND: TrendPoint[] = [];

export interface PointWarnings {
  /** newest first; null until loaded */
  history: WarningRecord[] | null;
  trend: TrendPoint[];
  loading: boolean;
  reload(): void;
}

/** A point's warning history and trend (the drawer's tabs 2 and 3), loaded together while `active`. */
export function usePointWarnings(taskId: string, pointId: string, active: boolean): PointWarnings {
  const { data, loading, reload } = useRequest(
    active
      ? () =>
          Promise.allSettled([getWarningHistory(pointId, taskId), getWarningTrend(pointId, taskId)]).then(([h, t]) => ({
            history: h.status === 'fulfilled' ? h.value : [],
            trend: t.status === 'fulfilled' ? (t.value?.points ?? []) : [],
          }))
      : null,
    `${taskId}/${pointId}`,
  );
  return { history: data?.history ?? null, trend: data?.trend ?? NO_TREND, loading, reload };
}
