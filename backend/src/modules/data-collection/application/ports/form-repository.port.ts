import type { FormCreateInput, FormDetail, FormField, FormSummary, FormType, FormVersion, PublishState } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';

/** A directory as stored, with the number of its own forms. */
export interface DirectoryRecord {
  id: string;
  name: string;
  parentId: string | null;
  sort: number;
  formCount: number;
}

export abstract class FormDirectoryRepository {
  abstract all(): Promise<DirectoryRecord[]>;
  abstract find(id: string, tx?: Transaction): Promise<DirectoryRecord | null>;
  abstract insert(input: { name: string; parentId: string | null; sort: number }): Promise<string>;
  abstract update(id: string, input: { name: string; sort: number }): Promise<void>;
  /** Deletes the directory unless it has forms or subdirectories; false when it has (it is kept). */
  abstract deleteIfEmpty(id: string): Promise<boolean>;
}

/** forms/list's filters, paged. */
export interface FormListFilter {
  directoryId?: string;
  name?: string;
  publishState?: PublishState;
  skip: number;
  take: number;
}

/** What a design change or publish reads of the stored form (locked in its transaction). */
export interface FormRecord {
  id: string;
  directoryId: string;
  name: string;
  code: string;
  formType: FormType;
  fields: FormField[];
  fixedRows: string[];
  version: number;
}

/** The design fields a save writes. */
export interface FormDesignRecord {
  directoryId: string;
  name: string;
  code: string;
  formType: FormType;
  description: string | null;
  fields: FormField[];
  fixedRows: string[];
}

export abstract class FormRepository {
  abstract page(filter: FormListFilter): Promise<{ records: FormSummary[]; total: number }>;
  abstract detail(id: string): Promise<FormDetail | null>;
  abstract version(id: string, version: number): Promise<FormVersion | null>;
  /** The form, locked for the transaction (FOR UPDATE), or null. */
  abstract lock(tx: Transaction, id: string): Promise<FormRecord | null>;
  /** The fields of every published version, oldest first (in the transaction when one is given). */
  abstract versionFields(id: string, tx?: Transaction): Promise<FormField[][]>;
  /** Whether another form (not exceptId) has this code. */
  abstract codeTaken(code: string, exceptId?: string, tx?: Transaction): Promise<boolean>;
  abstract insert(userId: string, input: FormCreateInput & { description: string | null }): Promise<string>;
  abstract updateDesign(tx: Transaction, id: string, design: FormDesignRecord): Promise<void>;
  /** Writes version n of the stored design and makes it the form's newest. */
  abstract publish(tx: Transaction, id: string, version: number, userId: string): Promise<void>;
  /** Whether a collection task uses the form. */
  abstract inUse(tx: Transaction, id: string): Promise<boolean>;
  abstract delete(tx: Transaction, id: string): Promise<void>;
}
