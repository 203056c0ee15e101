import { Inject, Injectable, Logger } from '@nestjs/common';
import { periodKey } from '../domain/period.js';
import { gradeEntry } from '../../../shared/kernel/grade.js';
import { MonitoringRepository, type CollectedResult, type DueExternal, type NewSample, type SamplingKeys } from './ports/monitoring-repository.port.js';
import { CollectionError, VALUE_SOURCES, type CollectedValue, type ValueSource } from './ports/value-source.port.js';

/** How many external reads run at once (interfaces and SQL wait on others; keep them few). */
const PARALLEL_READS = 4;

export interface SamplingOutcome {
  reported: number;
  collected: number;
  failed: number;
}

export const samplingKeys = (at: Date): SamplingKeys => ({ month: periodKey('month', at), week: periodKey('week', at), day: periodKey('day', at) });

/**
 * Samples every watched row whose sampling period (month, week, day) has no sample yet: reported values in one
 * statement, external sources read one by one. A source that fails is recorded and the run goes on.
 */
@Injectable()
export class SamplingService {
  private readonly log = new Logger('Sampling');

  constructor(
    private readonly repo: MonitoringRepository,
    @Inject(VALUE_SOURCES) private readonly sources: ValueSource[],
  ) {}

  async sampleDue(at = new Date()): Promise<SamplingOutcome> {
    await this.repo.ensureRows();
    const keys = samplingKeys(at);
    const reported = await this.repo.sampleReported(keys, at);
    const due = await this.repo.dueExternal(keys);
    const samples: NewSample[] = [];
    const failedSources = new Set<string>();
    let failed = 0;
    // A source answers each task on its own (algorithms, SQL with parameters) or the point as a whole: read once a run.
    // (Whether a data source reads per task is asked once a run: for SQL it means parsing the text.)
    const perPoint = new Map<string, Promise<CollectedValue>>();
    const readsPerTarget = new Map<string, boolean>();
    const sourceOf = (row: DueExternal) => this.sources.find((s) => s.method === row.cjfs);
    const perTarget = (row: DueExternal): boolean => {
      let answer = readsPerTarget.get(row.datasourceId);
      if (answer === undefined) readsPerTarget.set(row.datasourceId, (answer = sourceOf(row)?.perTarget(row) ?? false));
      return answer;
    };
    const read = (row: DueExternal): Promise<CollectedValue> => {
      const source = sourceOf(row);
      if (!source) return Promise.reject(new CollectionError(`不支持的采集方式：${row.cjfs}`));
      if (perTarget(row)) return source.collect(row, row);
      let once = perPoint.get(row.datasourceId);
      if (!once) perPoint.set(row.datasourceId, (once = source.collect(row, row)));
      return once;
    };
    const work = async (row: DueExternal) => {
      try {
        const got = await read(row);
        samples.push({ resultId: row.resultId, sj: at, cjz: got.value, zlx: row.zlx, cjfs: row.cjfs, periodKey: row.periodKey, detail: got.detail });
      } catch (e) {
        failed += 1;
        const message = e instanceof CollectionError ? e.message : `采集失败：${e instanceof Error ? e.message : String(e)}`;
        const perRow = perTarget(row);
        if (perRow || !failedSources.has(row.datasourceId)) {
          failedSources.add(row.datasourceId);
          await this.repo.recordFailure({ datasourceId: row.datasourceId, resultId: perRow ? row.resultId : null, cjfs: row.cjfs, message: message.slice(0, 1000) });
          this.log.warn(`source ${row.datasourceId} (${row.cjfs}) failed: ${message}`);
        }
      }
    };
    for (let i = 0; i < due.length; i += PARALLEL_READS) await Promise.all(due.slice(i, i + PARALLEL_READS).map(work));
    const collected = samples.length > 0 ? await this.repo.insertSamples(samples) : 0;
    await this.applyLatestSamples();
    return { reported, collected, failed };
  }

  /**
   * The latest sample of a point read from a source is the row's current result (jgz), graded as calresult grades it,
   * unless a person typed one: new samples, and rows whose typed result was cleared, take it. Answers how many changed.
   */
  async applyLatestSamples(): Promise<number> {
    const results: CollectedResult[] = (await this.repo.staleSampledResults()).map((r) => ({ resultId: r.resultId, jgz: r.cjz, ...gradeEntry({ ...r, jgz: r.cjz }) }));
    if (results.length > 0) await this.repo.applyResults(results);
    return results.length;
  }
}
