import { useCallback, useEffect, useRef, useState } from 'react';
import { useRequest } from '../../../hooks/use-request';
import {
  getCatalog,
  getCycleTypes,
  getCycleValues,
  getDefinitions,
  getDimensions,
  getTarget,
  getTargets,
  getTaskResult,
  type Catalog,
  type CycleType,
  type CycleValue,
  type Dimension,
  type JobStart,
  type PointDefinition,
  type TargetLibrary,
  type TargetQuery,
  type TaskProgress,
} from '../../../api/standard';
import type { Page } from '../../../api/types';
import { pollUntilDone } from './library-values';

export interface TargetList {
  page: Page<TargetLibrary> | null;
  loading: boolean;
  reload(): void;
}

/** One page of cards of a mode with the filters, asked of the server. */
export function useTargetList(query: TargetQuery): TargetList {
  const { mode, parentId, targetLevelId, cycleValue, name, pageNum, pageSize } = query;
  const { data, loading, reload } = useRequest(
    () => getTargets({ mode, parentId, targetLevelId, cycleValue, name, pageNum, pageSize }),
    JSON.stringify([mode, parentId, targetLevelId, cycleValue, name, pageNum, pageSize]),
  );
  return { page: data, loading, reload };
}

export interface Lookups {
  cycles: CycleValue[];
  cycleTypes: CycleType[];
  dimensions: Dimension[];
}

const NO_LOOKUPS: Lookups = { cycles: [], cycleTypes: [], dimensions: [] };
export const DIMENSIONS_FAILED = '获取维度信息失败！';

/** The cycles (年度), cycle types and dimensions the filters and the library form offer; loaded once. */
export function useLookups(): Lookups {
  const { data } = useRequest(() => {
    const quiet = { silent: true } as const;
    return Promise.all([
      getCycleValues('年度', quiet).catch(() => [] as CycleValue[]),
      getCycleTypes(quiet).catch(() => [] as CycleType[]),
      // the documents' text for this failure (000 §8); the filters and the form go on without dimensions
      getDimensions({ failureMessage: DIMENSIONS_FAILED }).then((d) => (Array.isArray(d) ? (d as Dimension[]) : d.records)).catch(() => [] as Dimension[]),
    ]).then(([cycles, cycleTypes, dimensions]) => ({ cycles, cycleTypes, dimensions }));
  }, 'lookups');
  return data ?? NO_LOOKUPS;
}

/** A library with the person's access. */
export function useLibrary(id: string) {
  const { data, loading, failed, reload } = useRequest(() => getTarget(id), id);
  return { library: data, loading, failed, reload };
}

/** A library's indicator catalogue. */
export function useCatalog(libraryId: string) {
  const { data, loading, reload } = useRequest<Catalog>(() => getCatalog(libraryId), libraryId);
  return { catalog: data, loading, reload };
}

/** The points of the selected indicator; none while no indicator is selected. */
export function useDefinitions(libraryId: string, indicatorId: string | null) {
  const { data, loading, reload } = useRequest<PointDefinition[]>(indicatorId ? () => getDefinitions(libraryId, indicatorId) : null, `${libraryId}/${indicatorId}`);
  return { points: indicatorId ? (data ?? []) : [], loading, reload };
}

// ---------------------------------------------------------------------------------------------
// copy and sync jobs

/** progress: the server's last answer of how far the job is (null before the first). */
export type JobState =
  | { phase: 'running'; title: string; seconds: number; progress: TaskProgress | null }
  | { phase: 'done'; title: string; seconds: number; result: JobStart; progress: TaskProgress | null }
  | { phase: 'failed'; title: string; seconds: number; message: string; progress: TaskProgress | null };

export interface JobRunner {
  job: JobState | null;
  /**
   * Starts a job (the start call shows its own refusal) and asks its task result every second until it is done
   * (then onDone, with the last progress) or failed (the wait ends with the reason). Resolves once the job has
   * started (true) or was refused (false); the wait goes on behind.
   */
  run(title: string, start: () => Promise<JobStart>, onDone: (result: JobStart, progress: TaskProgress | null) => void): Promise<boolean>;
  /** closes the progress; a running job goes on on the server, unwatched */
  close(): void;
}

export function useJobRunner(): JobRunner {
  const [job, setJob] = useState<JobState | null>(null);
  // the run being watched; closing or a newer run stops the older one
  const ticket = useRef(0);

  useEffect(
    () => () => {
      ticket.current = -1;
    },
    [],
  );

  const watch = useCallback(async (mine: number, title: string, result: JobStart, began: number, onDone: (result: JobStart, progress: TaskProgress | null) => void) => {
    const seconds = () => Math.round((Date.now() - began) / 1000);
    let last: TaskProgress | null = null;
    try {
      const done = await pollUntilDone(
        async () => {
          last = await getTaskResult(result.taskId, { silent: true });
          if (last.state === 'failed') throw new Error(last.reason || `${title}失败`);
          const finished = last.state === 'done';
          if (mine === ticket.current && !finished) setJob({ phase: 'running', title, seconds: seconds(), progress: last });
          return finished;
        },
        { cancelled: () => mine !== ticket.current },
      );
      if (!done) return;
      setJob({ phase: 'done', title, seconds: seconds(), result, progress: last });
      onDone(result, last);
    } catch (error) {
      if (mine !== ticket.current) return;
      const message = error instanceof Error ? error.message : String(error);
      setJob({ phase: 'failed', title, seconds: seconds(), message: message || `${title}失败`, progress: last });
    }
  }, []);

  const run = useCallback(
    async (title: string, start: () => Promise<JobStart>, onDone: (result: JobStart, progress: TaskProgress | null) => void) => {
      const mine = ++ticket.current;
      const began = Date.now();
      let result: JobStart;
      try {
        result = await start();
      } catch {
        return false; // refused at the start: the request layer said why
      }
      if (mine !== ticket.current) return true;
      setJob({ phase: 'running', title, seconds: 0, progress: null });
      void watch(mine, title, result, began, onDone);
      return true;
    },
    [watch],
  );

  const close = useCallback(() => {
    ticket.current += 1;
    setJob(null);
  }, []);

  return { job, run, close };
}
