import type { Viewer } from '../domain/task-access.js';
import type { VisibleTasks } from '../../../shared/kernel/visible-tasks.js';
import type { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import type { TaskGrantsRepository } from './ports/task-grants-repository.port.js';

/**
 * What decides a person's reach over a library's tasks (domain/task-access.ts reads it), with their task grants:
 * two round trips, run side by side (every diagnosis call pays them).
 */
export async function viewerOf(access: LibraryAccessReader, grants: TaskGrantsRepository, userId: string, libraryId: string): Promise<Viewer> {
  const [standing, taskGrants] = await Promise.all([access.standing(userId, libraryId), grants.heldBy(userId)]);
  return { userId, ...standing, taskGrants };
}

/** The filter of the tasks a person may read (as the task list applies it). */
export async function visibleTasksOf(access: LibraryAccessReader, grants: TaskGrantsRepository, userId: string): Promise<VisibleTasks> {
  const [reach, granted] = await Promise.all([access.reach(userId), grants.heldBy(userId)]);
  return { userId, all: reach.isAdmin, departmentIds: reach.headsDepartments, libraryIds: reach.readableLibraries, taskIds: Object.keys(granted) };
}
