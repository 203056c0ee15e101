import type { Viewer } from '../domain/task-access.js';
import type { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';

/** What decides a person's reach over a library's tasks (domain/task-access.ts reads it). */
export async function viewerOf(access: LibraryAccessReader, userId: string, libraryId: string): Promise<Viewer> {
  const [isAdmin, libraryAccess, headsDepartments] = await Promise.all([access.isAdmin(userId), access.accessOf(userId, libraryId), access.departmentsHeadedBy(userId)]);
  return { userId, isAdmin, libraryAccess, headsDepartments };
}
