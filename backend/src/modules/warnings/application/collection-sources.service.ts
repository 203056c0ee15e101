import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import type { SqlParameterValues } from '../domain/sql-text.js';
import { AlgorithmCatalogue, SqlSourceTrial, type AlgorithmDetail, type SqlTrialRows } from './ports/collection-sources.port.js';
import { CollectionError, SourceUnavailable } from './ports/value-source.port.js';

/** A source's refusal is the caller's to fix (validation envelope); an unusable reader role is the platform's (503). */
async function asAppError<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof SourceUnavailable) throw new AppError('DATABASE_UNAVAILABLE', e.message);
    if (e instanceof CollectionError) throw new AppError('VALIDATION', e.message);
    throw e;
  }
}

/** The collection sources as the point editor uses them: trying an SQL source, and the algorithms to pick from. */
@Injectable()
export class CollectionSourcesService {
  constructor(
    private readonly sql: SqlSourceTrial,
    private readonly algorithms: AlgorithmCatalogue,
  ) {}

  async trySql(sql: string, parameters: SqlParameterValues): Promise<SqlTrialRows> {
    const { columns, rows, truncated } = await asAppError(() => this.sql.query(sql, parameters));
    return { columns, rows, truncated };
  }

  algorithm(id: unknown, version: unknown): Promise<AlgorithmDetail> {
    return asAppError(() => this.algorithms.detail(id, version));
  }

  algorithmList(): AlgorithmDetail[] {
    return this.algorithms.list();
  }
}
