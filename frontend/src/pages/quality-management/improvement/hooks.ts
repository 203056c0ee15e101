import { useCallback, useEffect, useState } from 'react';
import { getDiagnosisTaskCycles, getDiagnosisTasks, getQualityTable, type DiagnosisTask, type ObjectType, type QualityFile, type QualityRow, type QualityTable } from '../../../api/diagnosis';
import type { Page } from '../../../api/types';
import type { Attachment } from '../../../api/files';
import { getWarningHistory, getWarningTrend, type TrendPoint, type WarningRecord } from '../../../api/warnings';
import { useRequest } from '../../../hooks/use-request';
import type { TaskFilter } from './tasks';

/** Cards a page (spec 000 §9: the default page size). */
export const CARDS_PER_PAGE = 10;
/** How long the name box rests before it is searched. */
const KEYWORD_PAUSE_MS = 300;

export interface TaskList {
  /** the page of cards; null until loaded (an empty page when loading failed) */
  page: Page<DiagnosisTask> | null;
  loading: boolean;
  reload(): void;
}

/** `value`, once it has rested for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One page of the tasks the person may open, of a level (null: every level), filtered and paged by the server: an
 * administrator reads the school's 7,000 tasks, too many for one answer. The name is searched once the box rests.
 */
export function useTaskPage(level: ObjectType | null, filter: TaskFilter, pageNum: number, enabled = true, pageSize = CARDS_PER_PAGE): TaskList {
  const keyword = useSettled(filter.keyword?.trim() || null, KEYWORD_PAUSE_MS);
  const query = { pageNum, pageSize, objectType: level ?? undefined, cycleValue: filter.cycle ?? undefined, auditState: filter.state ?? undefined, keyword };
  // asked afresh each time it is enabled again (back from a task: its state and score may have changed)
  const { data, loading, failed, reload } = useRequest(enabled ? () => getDiagnosisTasks(query) : null, `tasks:${JSON.stringify(query)}`);
  return { page: data ?? (failed ? NO_TASKS : null), loading, reload };
}

const NO_TASKS: Page<DiagnosisTask> = { records: [], total: 0, current: 1, pages: 0 };

const NO_CYCLES: string[] = [];

/** The cycles of the tasks the person may open (of the level), newest first: the cycle filter's options. */
export function useTaskCycles(level: ObjectType | null): string[] {
  const { data } = useRequest(() => getDiagnosisTaskCycles(level, { silent: true }).then((answer) => answer.cycles), `task-cycles:${level ?? ''}`);
  return data ?? NO_CYCLES;
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
