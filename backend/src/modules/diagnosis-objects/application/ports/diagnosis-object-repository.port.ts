import type { ObjectImportLevel, ObjectLevel } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { ExistingObject, PlannedRow } from '../../domain/import-rows.js';
import type { ObjectFields, PersonFacts, UpperFacts } from '../../domain/object-rules.js';

/** One object as the list shows it (names joined). */
export interface ObjectView extends ObjectFields {
  id: string;
  departmentName: string | null;
  responsibleName: string | null;
  responsibleAccount: string | null;
  upperCode: string | null;
  upperName: string | null;
  userAccount: string | null;
  retiredAt: Date | null;
  updatedAt: Date;
}

export interface ObjectFilter {
  level?: ObjectLevel;
  departmentId?: string;
  upperId?: string;
  keyword?: string;
  state: 'live' | 'retired' | 'all';
}

export interface ObjectOption {
  id: string;
  code: string;
  name: string;
  departmentId: string | null;
}

/** diagnosis_object and the names it refers to. Writes taking a Transaction run in the caller's UnitOfWork. */
export abstract class DiagnosisObjectRepository {
  abstract list(filter: ObjectFilter, window: { take: number; skip: number }): Promise<{ rows: ObjectView[]; total: number }>;
  abstract byId(id: string): Promise<ObjectView | null>;
  abstract options(level: ObjectLevel, departmentId: string | null, keyword: string | null, limit: number): Promise<ObjectOption[]>;
  abstract departmentExists(id: string): Promise<boolean>;
  abstract personById(id: string): Promise<PersonFacts | null>;
  abstract upperFacts(id: string): Promise<UpperFacts | null>;
  /** Whether a school object other than `exceptId` exists. */
  abstract otherSchool(exceptId: string | null): Promise<boolean>;
  /** The object holding this code in the level, or this person, other than `exceptId` (what the unique keys refuse). */
  abstract clash(fields: ObjectFields, exceptId: string | null): Promise<'code' | 'person' | null>;
  /** Live courses and students whose upper is this object. */
  abstract liveLowerCount(id: string): Promise<number>;
  abstract add(fields: ObjectFields): Promise<string>;
  abstract update(id: string, fields: ObjectFields): Promise<boolean>;
  abstract setRetired(id: string, retired: boolean): Promise<boolean>;

  /** Import lookups: departments by name or Chinese short name, people by account, majors by code. */
  abstract departmentsByName(names: string[]): Promise<Map<string, string[]>>;
  abstract peopleByAccount(accounts: string[]): Promise<Map<string, PersonFacts>>;
  abstract majorsByCode(codes: string[]): Promise<Map<string, UpperFacts>>;
  /** The stored objects an import meets: by code (major, course) or by person id (student). */
  abstract existingOf(level: ObjectImportLevel, keys: string[]): Promise<Map<string, ExistingObject>>;
  /** Creates and updates the planned rows (unchanged ones are left alone), set-based, in the transaction. */
  abstract applyImport(tx: Transaction, rows: PlannedRow[]): Promise<void>;
}

/** The role codes of a person (role.code), which the access table (domain/object-access.ts) reads. */
export abstract class ObjectManagerReader {
  abstract roleCodes(userId: string): Promise<string[]>;
}
