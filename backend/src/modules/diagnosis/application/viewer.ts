import type { Viewer } from '../domain/task-access.js';
import type { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import type { TaskGrantsRepository } from './ports/task-grants-repository.port.js';

/** What decides a person's reach over a library's tasks (domain/task-access.ts reads it), with their task grants. */
export async function viewerOf(access: LibraryAccessReader, grants: TaskGrantsRepository, userId: string, libraryId: string): Promise<Viewer> {
  const [isAdmin, libraryAccess, headsDepartments, taskGrants] = await Promise.all([
    access.isAdmin(userId),
    access.accessOf(userId, libraryId),
    access.departmentsHeadedBy(userId),
    grants.heldBy(userId),
  ]);
  return { userId, isAdmin, libraryAccess, headsDepartments, taskGrants };
}
