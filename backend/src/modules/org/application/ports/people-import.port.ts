import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { DepartmentWrite, ExistingDepartment } from '../../domain/department-import.js';
import type { CleanPerson, ExistingPerson } from '../../domain/people-import.js';

/** What the people and department imports read before they check rows, and the set-based writes of a good file. */
export abstract class PeopleImportRepository {
  abstract departments(): Promise<ExistingDepartment[]>;
  /** role name → id */
  abstract roles(): Promise<Map<string, string>>;
  /** role code → id, of the roles with these codes */
  abstract roleIdsByCode(codes: string[]): Promise<Map<string, string>>;
  /** CAS user → the account (lower case) that has it */
  abstract casOwners(casUsers: string[]): Promise<Map<string, string>>;
  /** The people with these accounts (case-insensitive), without their objects. */
  abstract peopleByAccounts(accounts: string[]): Promise<Array<Omit<ExistingPerson, 'object'>>>;
  /** account (lower case) → user id */
  abstract userIdsByAccounts(accounts: string[]): Promise<Map<string, string>>;
  /**
   * Inserts the people to create with one password hash (mustChange: they change it at first login), updates the
   * others where a field differs, and sets the roles of those whose roleIds are given (rolesChanged for updates).
   */
  abstract writePeople(
    tx: Transaction,
    creates: Array<CleanPerson & { id: string }>,
    updates: Array<CleanPerson & { id: string; rolesChanged: boolean }>,
    password: { hash: string; mustChange: boolean },
  ): Promise<void>;
  abstract writeDepartments(tx: Transaction, creates: DepartmentWrite[], updates: DepartmentWrite[]): Promise<void>;
}

/** The import workbooks: the templates (a header row and an example) and reading an upload's first sheet. */
export abstract class PeopleSheets {
  abstract template(kind: 'people' | 'departments'): Promise<Buffer>;
  /** The header and the non-blank rows (row numbers as in the sheet); a limit passed rejects with an AppError. */
  abstract read(bytes: Buffer): Promise<{ header: string[]; rows: Array<{ row: number; cells: string[] }> }>;
}
