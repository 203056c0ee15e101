export interface AuthorityRecord {
  id: string;
  libraryId: string;
  subjectType: 'role' | 'user';
  subjectId: string;
  subjectName: string | null;
  authorityType: 'write' | 'read';
  createdAt: Date;
}

/** Write or read grants on a library (the authority table, resource type target-library). */
export abstract class AuthorityRepository {
  abstract list(libraryId: string): Promise<AuthorityRecord[]>;
  abstract find(id: string): Promise<AuthorityRecord | null>;
  /** The new grant's id, or null when the subject already has a grant on the library. */
  abstract add(libraryId: string, subjectType: 'role' | 'user', subjectId: string, authorityType: 'write' | 'read'): Promise<string | null>;
  abstract update(id: string, authorityType: 'write' | 'read'): Promise<void>;
  abstract remove(id: string): Promise<void>;
  abstract subjectExists(subjectType: 'role' | 'user', subjectId: string): Promise<boolean>;
}
