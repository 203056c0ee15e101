/**
 * Copy and sync run as jobs; the id a person polls (001 §4) is the job id, derived from the request so a repeat
 * runs once: copy-<new library id> (the id is made before enqueueing), sync-<parent id>-<version of parent and
 * children>, points-<id made for a quality/copy request>. BullMQ refuses ':' in custom ids, hence the dashes.
 */
export type LibraryTask = { job: 'copy-target'; libraryId: string } | { job: 'sync-quality' } | { job: 'copy-points' };

const SAFE = /^[A-Za-z0-9_-]{1,100}$/;

export function copyTaskId(libraryId: string): string {
  if (!SAFE.test(libraryId)) throw new RangeError(`library id "${libraryId}" cannot make a task id`);
  return `copy-${libraryId}`;
}

export function syncTaskId(parentId: string, version: string, childId: string | null = null): string {
  if (!SAFE.test(parentId) || !/^[a-f0-9]{1,64}$/.test(version) || (childId !== null && !SAFE.test(childId))) throw new RangeError('bad sync task id parts');
  return childId === null ? `sync-${parentId}-${version}` : `sync-${parentId}-${version}-${childId}`;
}

/** A copy of chosen points (quality/copy): points-<id made for the request>. */
export function pointsTaskId(requestId: string): string {
  if (!SAFE.test(requestId)) throw new RangeError(`request id "${requestId}" cannot make a task id`);
  return `points-${requestId}`;
}

/** Which job a task id names, or null for anything else. */
export function taskOf(taskId: string): LibraryTask | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(taskId)) return null;
  if (taskId.startsWith('copy-') && taskId.length > 5) return { job: 'copy-target', libraryId: taskId.slice(5) };
  if (taskId.startsWith('sync-') && taskId.length > 5) return { job: 'sync-quality' };
  if (taskId.startsWith('points-') && taskId.length > 7) return { job: 'copy-points' };
  return null;
}
