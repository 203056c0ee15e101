import type { ListMode, TargetLevel } from '../../domain/library-rules.js';

/** A target-standard library as the service sees it (spec 001 §3 Target standard and Target card). */
export interface LibraryRecord {
  id: string;
  name: string;
  cycleTypeId: string | null;
  cycleValue: string;
  targetLevelId: TargetLevel;
  dimensionId: string | null;
  dimensionName: string | null;
  treeLevel: number;
  targetType: string;
  parentId: string | null;
  parentName: string | null;
  creatorId: string;
  creatorName: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  childCount: number;
  pointCount: number;
}

/** What a person sets on a library. */
export interface LibraryFields {
  name: string;
  cycleTypeId: string | null;
  cycleValue: string;
  targetLevelId: TargetLevel;
  dimensionId: string | null;
  treeLevel: number;
  parentId: string | null;
}

export interface LibraryListFilter {
  mode: ListMode;
  parentId?: string;
  targetLevelId?: string;
  cycleValue?: string;
  name?: string;
  viewer: { userId: string; isAdmin: boolean };
}

/** Libraries: the list by card mode, one library, its fields, the recycle bin, purge. */
export abstract class LibraryRepository {
  /** Each row with the person's access to it (write or read; only readable rows are listed). */
  abstract list(filter: LibraryListFilter, window: { skip: number; take: number }): Promise<{ rows: Array<LibraryRecord & { access: 'write' | 'read' }>; total: number }>;
  abstract find(id: string): Promise<LibraryRecord | null>;
  abstract create(id: string, fields: LibraryFields, creatorId: string): Promise<void>;
  abstract update(id: string, fields: LibraryFields): Promise<void>;
  /** Moves a live library to the recycle bin (deleted true) or a deleted one back; false when it was not in that state. */
  abstract setDeleted(id: string, deleted: boolean): Promise<boolean>;
  /**
   * Deletes a library in the recycle bin for good, with its catalogue, points, authorities and the attachments of
   * its points, in one transaction; refuses while objects' tasks use it.
   */
  abstract purge(id: string): Promise<{ purged: true } | { purged: false; tasks: number }>;
  /** The deepest level its indicators reach (0 without indicators). */
  abstract deepestIndicatorLevel(id: string): Promise<number>;
  abstract dimensionExists(id: string): Promise<boolean>;
  abstract cycleTypeExists(id: string): Promise<boolean>;
  /** The children's ids: live ones only, or also those in the recycle bin. */
  abstract children(parentId: string, options: { live: boolean }): Promise<string[]>;
  /** A short hash that changes whenever the parent or any of its live children changes (sync job ids). */
  abstract syncVersion(parentId: string): Promise<string>;
}
