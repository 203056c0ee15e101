/** How far a person reaches into a library: from its creator, its authorities (role group or person) and administration. */
export abstract class LibraryAccessReader {
  abstract accessOf(userId: string, libraryId: string): Promise<'write' | 'read' | null>;
  abstract librariesReadableBy(userId: string): Promise<string[]>;
  abstract isAdmin(userId: string): Promise<boolean>;
  /** Whether one of the person's roles has the 目标标准 menu with write (role_menu.can_write): who may create libraries. */
  abstract writesStandardMenu(userId: string): Promise<boolean>;
  abstract departmentsHeadedBy(userId: string): Promise<string[]>;
}
