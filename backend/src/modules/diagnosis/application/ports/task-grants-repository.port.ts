import type { TaskGrantAccess } from '../../domain/task-access.js';

/** One person granted read or write on one object's task (obj/authority). */
export interface TaskGrantRecord {
  id: string;
  taskId: string;
  userId: string;
  userName: string;
  account: string;
  access: TaskGrantAccess;
  createdAt: Date;
}

/** Grants on objects' tasks: who reads and writes a task besides its owner, auditor and department head. */
export abstract class TaskGrantsRepository {
  /** The person's grants, by task id (what the task rules read). */
  abstract heldBy(userId: string): Promise<Record<string, TaskGrantAccess>>;
  abstract list(taskId: string): Promise<TaskGrantRecord[]>;
  /** Grants the person, or changes the access of the grant they hold. */
  abstract set(taskId: string, userId: string, access: TaskGrantAccess, grantedBy: string): Promise<void>;
  /** False when the person held no grant on the task. */
  abstract remove(taskId: string, userId: string): Promise<boolean>;
  abstract userName(userId: string): Promise<string | null>;
  /** The head of a department (department.charge_user_id), with the name. */
  abstract departmentHead(departmentId: string): Promise<{ userId: string; userName: string } | null>;
}
