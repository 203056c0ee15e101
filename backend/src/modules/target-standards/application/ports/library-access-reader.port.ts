/** How far a person reaches into a library: from its creator, its authorities (role group or person) and administration. */
export abstract class LibraryAccessReader {
  abstract accessOf(userId: string, libraryId: string): Promise<'write' | 'read' | null>;
  abstract librariesReadableBy(userId: string): Promise<string[]>;
  abstract isAdmin(userId: string): Promise<boolean>;
  abstract departmentsHeadedBy(userId: string): Promise<string[]>;
}
