import type { Attachment, ProgressReport, Rwjd, TargetTask, TaskCoop, TaskDelay, TaskHistory, TaskUrge, TaskWarning } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { TaskStanding } from '../../domain/task-access.js';

/** Owner types of target tasks' attachments in the files module: the task's own files, and a report's evidence. */
export const TARGET_TASK_OWNER = 'target-task';
export const PROGRESS_REPORT_OWNER = 'progress-report';

/** A report as read, before its progress is worked out against the task's target. */
export type ReportRow = Omit<ProgressReport, 'progress'>;

/** A task of a year, as the catalog reads it: its place in the tree and whether the viewer sees it themselves. */
export interface CatalogTaskRow {
  id: string;
  yearTargetId: string;
  parentId: string | null;
  rwmc: string;
  rwjd: Rwjd;
  visible: boolean;
}

/** What a person attaches as a report's evidence, as the move checks it. */
export interface EvidenceFile {
  id: string;
  uploaderId: string | null;
  ext: string;
}

/** The reads of a task's full picture (situation) and of a year's tree (catalog). */
export abstract class TaskPictureRepository {
  /** Ancestors, root first. */
  abstract path(taskId: string): Promise<Array<{ id: string; rwmc: string }>>;
  abstract children(taskId: string): Promise<TargetTask[]>;
  /** Newest first, with their evidence. */
  abstract reports(taskId: string): Promise<ReportRow[]>;
  abstract delays(taskId: string): Promise<TaskDelay[]>;
  abstract urges(taskId: string): Promise<TaskUrge[]>;
  abstract warnings(taskId: string): Promise<TaskWarning[]>;
  /** Oldest first. */
  abstract history(taskId: string): Promise<TaskHistory[]>;
  /** The task's own files (owner target-task, stage task). */
  abstract files(taskId: string): Promise<Attachment[]>;
  /** The year targets of a cycle year, oldest first. */
  abstract yearTargets(cycleYear: string): Promise<Array<{ id: string; name: string }>>;
  /** Every task of those year targets (one read), each marked whether the person sees it themselves (the YEAR_TASK predicate). */
  abstract catalogTasks(cycleYear: string, standing: TaskStanding): Promise<CatalogTaskRow[]>;
  /** The task of a report (the evidence's owner), or null. */
  abstract taskOfReport(reportId: string): Promise<string | null>;
  /** The files as the report's move checks them, in the caller's transaction. */
  abstract evidenceFiles(tx: Transaction, fileIds: string[]): Promise<EvidenceFile[]>;
}

/** The cooperating departments of tasks (target_task_coop_department) and their owners. */
export abstract class TaskCoopRepository {
  abstract list(taskId: string): Promise<TaskCoop[]>;
  /** False when the department already cooperates. */
  abstract add(taskId: string, departmentId: string, ownerId: string | null): Promise<boolean>;
  /** False when the department does not cooperate. */
  abstract update(taskId: string, departmentId: string, ownerId: string | null): Promise<boolean>;
  abstract remove(taskId: string, departmentId: string): Promise<boolean>;
}
