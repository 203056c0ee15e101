/** One data source of a point, as a collector reads it (point_datasource with its config). */
export interface SourceSpec {
  datasourceId: string;
  pointId: string;
  cjfs: 'algorithm' | 'sql' | 'interface';
  config: Record<string, unknown> | null;
}

/** The object's task the value is collected for (algorithms read the platform's own data about it). */
export interface CollectTarget {
  resultId: string;
  objTaskId: string;
  pointId: string;
  /** The diagnosed object and cycle (an SQL source's :dxbm, :dxmc and :zq). */
  objectCode: string;
  objectName: string;
  cycleValue: string;
}

/** What a source answered: the value sampled (null when it gave none) and the rows shown as detail data. */
export interface CollectedValue {
  value: string | null;
  detail: Array<Record<string, unknown>> | null;
}

/**
 * A collection method that reads values from outside the quality table (algorithm, sql, interface).
 * A source that cannot be read throws CollectionError with a message a person can act on.
 */
export abstract class ValueSource {
  abstract readonly method: SourceSpec['cjfs'];
  abstract collect(source: SourceSpec, target: CollectTarget): Promise<CollectedValue>;
  /** Whether the source answers each object's task on its own; otherwise one read serves every task of the point. */
  perTarget(_source: SourceSpec): boolean {
    return false;
  }
}

/** A source that could not be read (bad config, refused SQL, timeout, HTTP error …). */
export class CollectionError extends Error {}

/** The platform cannot read the source at all (e.g. the SQL reader role cannot log in): not the source's fault. */
export class SourceUnavailable extends CollectionError {}

/** All value sources, one per method (bound in the module). */
export const VALUE_SOURCES = Symbol('VALUE_SOURCES');
