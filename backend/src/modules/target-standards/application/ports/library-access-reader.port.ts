/** What every task check reads of a person for one library, in one round trip. */
export interface LibraryStanding {
  isAdmin: boolean;
  libraryAccess: 'write' | 'read' | null;
  headsDepartments: string[];
}

/** What the visible-tasks filter reads of a person, in one round trip. */
export interface LibraryReach {
  isAdmin: boolean;
  headsDepartments: string[];
  readableLibraries: string[];
}

/** How far a person reaches into a library: from its creator, its authorities (role group or person) and administration. */
export abstract class LibraryAccessReader {
  abstract accessOf(userId: string, libraryId: string): Promise<'write' | 'read' | null>;
  abstract librariesReadableBy(userId: string): Promise<string[]>;
  abstract isAdmin(userId: string): Promise<boolean>;
  /** Whether one of the person's roles has the 目标标准 menu with write (role_menu.can_write): who may create libraries. */
  abstract writesStandardMenu(userId: string): Promise<boolean>;
  abstract departmentsHeadedBy(userId: string): Promise<string[]>;
  /** isAdmin, accessOf and departmentsHeadedBy together (each call is a round trip; the task checks run on every request). */
  abstract standing(userId: string, libraryId: string): Promise<LibraryStanding>;
  /** isAdmin, departmentsHeadedBy and librariesReadableBy together. */
  abstract reach(userId: string): Promise<LibraryReach>;
}
