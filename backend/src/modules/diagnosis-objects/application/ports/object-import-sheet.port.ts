import type { ObjectImportLevel } from '@zhengai/contracts';
import type { SheetLine } from '../../domain/import-rows.js';

/** The import template of a level and the reading of an uploaded sheet (off the event loop). */
export abstract class ObjectImportSheet {
  abstract template(level: ObjectImportLevel): Promise<Buffer>;
  /** The first sheet's header and non-blank rows; rejects (or an AppError for a limit) when unreadable. */
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: SheetLine[] }>;
}
