import type { ImportLine } from '../../domain/school-import-rows.js';

/** The school import workbook (.xlsx): the template, and the reading of a filled one. */
export abstract class SchoolImportSheet {
  abstract template(): Promise<Buffer>;
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: ImportLine[] }>;
}
