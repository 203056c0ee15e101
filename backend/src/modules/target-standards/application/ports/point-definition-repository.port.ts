import type { ImportPlan } from '../../domain/excel-sheet.js';
import type { DatasourceDef, PointFields } from '../../domain/point-definition.js';

/** A stored quality-point definition. */
export interface PointDefinition extends PointFields {
  id: string;
  libraryId: string;
  indicatorId: string | null;
  code: string;
  sortOrder: number;
  originId: string | null;
  datasources: Array<DatasourceDef & { id: string }>;
}

/** Quality-point definitions of a library with their data sources. Every write also marks the library changed. */
export abstract class PointDefinitionRepository {
  /** Every point of the library, or only those on the given indicators, in catalogue order. */
  abstract list(libraryId: string, indicatorIds: string[] | null): Promise<PointDefinition[]>;
  abstract find(id: string): Promise<PointDefinition | null>;
  abstract codes(libraryId: string): Promise<string[]>;
  /** Which of these ids are points of the library. */
  abstract idsIn(libraryId: string, ids: string[]): Promise<string[]>;
  abstract maxSortOrder(libraryId: string): Promise<number>;
  /** Inserts or updates the point and replaces its data sources as a whole, in one transaction; false when the code is taken. */
  abstract save(point: Omit<PointDefinition, 'datasources' | 'originId'> & { datasources: DatasourceDef[] }, isNew: boolean): Promise<boolean>;
  /** Whether objects' tasks hold results or attachments of the point. */
  abstract inUse(id: string): Promise<boolean>;
  abstract remove(libraryId: string, id: string): Promise<void>;
  /** The indicators and points of an import, in one transaction (set-based); false when a code was taken meanwhile. */
  abstract importPlan(libraryId: string, plan: ImportPlan): Promise<boolean>;
}
