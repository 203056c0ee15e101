import type { Algorithm, AlgorithmInput as WireAlgorithmInput, SqlQueryResult } from '@zhengai/contracts';
import type { SqlParameterValues } from '../../domain/sql-text.js';
import type { CollectTarget } from './value-source.port.js';

/** What an algorithm reads of the row it is computed for: the contract's AlgorithmInput, named by a key of the row. */
export type AlgorithmInput = WireAlgorithmInput & { name: keyof CollectTarget };

/** What the algorithm detail shows (spec 001 §7 item 11, algoRithmDetails): the contract's Algorithm. */
export type AlgorithmDetail = Algorithm;

/** The named algorithms a point may collect with, as the point editor lists and shows them. */
export abstract class AlgorithmCatalogue {
  abstract list(): AlgorithmDetail[];
  /** CollectionError when there is no such algorithm. */
  abstract detail(id: unknown, version: unknown): AlgorithmDetail;
}

/** What one trial of an SQL source answered (the contract's SqlQueryResult): at most SQL_MAX_ROWS rows, and whether there were more. */
export type SqlTrialRows = SqlQueryResult;

/**
 * Runs an SQL source once as the collector would (read-only role, timeout, row limit). Throws CollectionError with a
 * person's message, or SourceUnavailable when the reader role itself cannot be used.
 */
export abstract class SqlSourceTrial {
  abstract query(sql: string, parameters: SqlParameterValues): Promise<SqlTrialRows>;
}
