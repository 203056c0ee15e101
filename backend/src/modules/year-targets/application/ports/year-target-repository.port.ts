import type { Page, TaskType, YearTarget } from '@zhengai/contracts';
import type { YearTargetValues } from '../../domain/year-target-rules.js';

export interface YearTargetFilter {
  name?: string;
  cycleYear?: string;
  pageNum: number;
  pageSize: number;
}

/** What a write answers when the database refused it: the name is taken in that year, or the target has tasks. */
export type YearTargetWriteResult = { ok: true; id: string } | { ok: false; reason: 'nameTaken' | 'hasTasks' | 'notFound' };

/** Year targets and the task types, in the database. */
export abstract class YearTargetRepository {
  abstract list(filter: YearTargetFilter): Promise<Page<YearTarget>>;
  abstract find(id: string): Promise<YearTarget | null>;
  abstract add(values: YearTargetValues, creatorId: string): Promise<YearTargetWriteResult>;
  abstract update(id: string, values: YearTargetValues): Promise<YearTargetWriteResult>;
  /** Deletes a target without tasks in one statement (a task added meanwhile makes it hasTasks, never an orphan). */
  abstract remove(id: string): Promise<YearTargetWriteResult>;
  abstract dimensionExists(id: string): Promise<boolean>;
  abstract taskTypes(): Promise<TaskType[]>;
}

/** Who the person is, as far as year targets care. */
export abstract class YearTargetAccessReader {
  /** The person's role codes (the access table, domain/year-target-access.ts, reads them). */
  abstract codes(userId: string): Promise<string[]>;
}
