import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AlgorithmCatalogue, AlgorithmDetail } from '../../application/ports/collection-sources.port.js';
import { CollectionError, ValueSource, type CollectedValue, type CollectTarget, type SourceSpec } from '../../application/ports/value-source.port.js';
import { algorithmDetail, ALGORITHMS, findAlgorithm, parseAlgorithmVersion, type Algorithm } from './algorithms.js';
import { query } from '../../../../infrastructure/database/sql.js';

/** cjfs 'algorithm', config `{ algorithmId, version }`: one of ALGORITHMS, computed for the row's task and point. */
@Injectable()
export class AlgorithmValueSource extends ValueSource implements AlgorithmCatalogue {
  readonly method = 'algorithm' as const;

  constructor(private readonly db: DataSource) {
    super();
  }

  /** Every algorithm, for the point editor's picker. */
  list(): AlgorithmDetail[] {
    return ALGORITHMS.map(algorithmDetail);
  }

  /** One algorithm's detail; CollectionError('算法不存在：<id> v<version>') when there is none. */
  detail(id: unknown, version: unknown): AlgorithmDetail {
    return algorithmDetail(this.find(id, version));
  }

  /** Each calculation reads the platform's data about the row's own task. */
  override perTarget(): boolean {
    return true;
  }

  async collect(source: SourceSpec, target: CollectTarget): Promise<CollectedValue> {
    const algorithm = this.find(source.config?.algorithmId, source.config?.version);
    const params = algorithm.inputs.map((input) => target[input.name]);
    const [row] = await query<Record<string, unknown>>(this.db, algorithm.sql, params);
    const value = row?.value;
    return { value: value === null || value === undefined ? null : String(value), detail: row ? [row] : [] };
  }

  private find(id: unknown, version: unknown): Algorithm {
    const parsed = parseAlgorithmVersion(version);
    const found = typeof id === 'string' && parsed !== null ? findAlgorithm(id.trim(), parsed) : undefined;
    if (!found) throw new CollectionError(`算法不存在：${String(id ?? '')} v${String(version ?? '')}`);
    return found;
  }
}
