import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { ValueType } from '../../../../shared/kernel/value-types.js';
import type { CollectTarget, SourceSpec } from './value-source.port.js';

/** The key of the current sampling period for each sampling unit (computed once a run, see domain/period.ts). */
export interface SamplingKeys {
  month: string;
  week: string;
  day: string;
}

/**
 * A row (one point of one task) whose sampling period has no sample yet, read from an external source: the source as
 * a collector reads it and the task it is read for, with what sampling needs besides (grading reads the stored row
 * afterwards: staleSampledResults).
 */
export interface DueExternal extends SourceSpec, CollectTarget {
  zlx: ValueType;
  periodKey: string;
}

/**
 * A row read from a source whose result is not its latest sample and was not typed by a person: the sample with what
 * grading it needs.
 */
export interface SampledResult {
  resultId: string;
  cjz: string;
  zlx: ValueType;
  mbz: string | null;
  xzmbz: string | null;
  xzjgz: string | null;
  bzz: string | null;
  calRule: unknown;
}

/** A collected value as the row's result, with the grade it earns. */
export interface CollectedResult {
  resultId: string;
  jgz: string;
  jgdj: string | null;
  unfin: boolean;
  dis: boolean;
}

export interface NewSample {
  resultId: string;
  sj: Date;
  cjz: string | null;
  zlx: ValueType;
  cjfs: string;
  periodKey: string;
  detail: Array<Record<string, unknown>> | null;
}

/** A watched row with its latest sample, as the scan evaluates it. */
export interface ScanRow {
  resultId: string;
  zlx: ValueType;
  rule: unknown;
  target: string | null;
  calRule: unknown;
  sj: Date;
  cjz: string | null;
}

/** The opened warning's message text, with the markers the statement replaces per warning (domain/warning-messages.ts). */
export interface WarningMessageTemplate {
  title: string;
  content: string;
  marks: Readonly<Record<'pointName' | 'taskName' | 'value' | 'condition', string>>;
  /** the link's address before the task's id, point and tab */
  path: string;
}

export interface NewWarning {
  resultId: string;
  periodKey: string;
  yjsj: Date;
  yjlx: string;
  tj: string;
  yjz: string;
  jgz: string | null;
  zlx: ValueType;
}

/**
 * Sampling and the scan, set-based. Watched rows are the points of tasks not yet passed (a passed review is closed).
 */
export abstract class MonitoringRepository {
  /** Makes sure every point of a watched task that samples or warns has its row (results start empty). */
  abstract ensureRows(): Promise<number>;
  /** One INSERT … SELECT: reported values (xzjgz over jgz) of rows due in their sampling period. */
  abstract sampleReported(keys: SamplingKeys, at: Date): Promise<number>;
  /** Rows due in their sampling period whose point reads an algorithm, SQL or interface source. */
  abstract dueExternal(keys: SamplingKeys): Promise<DueExternal[]>;
  /** Inserts samples; a period already sampled is left as it is. */
  abstract insertSamples(samples: NewSample[]): Promise<number>;
  /**
   * Watched rows of points read from a source (algorithm, SQL, interface) whose result (jgz) is not their latest
   * sample and was not typed by a person (jgz_source): a new sample, or a typed result cleared.
   */
  abstract staleSampledResults(): Promise<SampledResult[]>;
  /** Writes latest samples as the rows' results (jgz, jgz_source 'sampled') with their grades; typed results stay. */
  abstract applyResults(results: CollectedResult[]): Promise<void>;
  /** The latest sample of one row read from a source (not reported), or null. */
  abstract latestSampledValue(objTaskId: string, pointId: string): Promise<string | null>;
  abstract recordFailure(failure: { datasourceId: string; resultId: string | null; cjfs: string; message: string }): Promise<void>;
  /**
   * Every watched row that has a rule and a sample, with its latest sample, read by one statement in pages of at
   * most `pageSize` rows (in no particular order). Stopping early (break, throw) ends the read.
   */
  abstract scanRows(pageSize: number): AsyncIterable<ScanRow[]>;
  /**
   * Opens warnings in `tx`; one per row and period whatever runs at once. Each new one leaves, in the same transaction
   * and one INSERT … SELECT, a message to its task's owner and department head, under the scan's batch `batchId`.
   * Answers how many were new.
   */
  abstract openWarnings(tx: Transaction, warnings: NewWarning[], message: WarningMessageTemplate, batchId: string): Promise<number>;
}
