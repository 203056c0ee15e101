import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { AuditState } from '../../domain/audit.js';
import type { AuditorRule, LaunchLevel, LaunchScope, LaunchState, OwnerRule } from '../../domain/launch-rules.js';

/** A launch as stored (diagnosis_launch), with the names its list shows. */
export interface Launch {
  id: string;
  level: LaunchLevel;
  cycleTypeId: string | null;
  cycleTypeName: string | null;
  cycleValue: string;
  libraryId: string;
  libraryName: string;
  /** the library's parent: the upper objects' tasks whose targets are pushed down */
  parentLibraryId: string | null;
  scope: LaunchScope;
  scopeIds: string[];
  ownerRule: OwnerRule;
  ownerId: string | null;
  ownerName: string | null;
  auditorRule: AuditorRule;
  auditorId: string | null;
  auditorName: string | null;
  startDate: string;
  endDate: string;
  state: LaunchState;
  runs: number;
  failReason: string | null;
  objectCount: number | null;
  createdCount: number | null;
  tasks: number;
  creatorId: string | null;
  creatorName: string | null;
  createdAt: string;
  closedAt: string | null;
}

/** The launch's message to each new task's owner: content = before || the task's name || after, link = linkPrefix || the task's id. */
export interface LaunchMessages {
  batchId: string;
  title: string;
  before: string;
  after: string;
  linkPrefix: string;
}

export type NewLaunch = Pick<Launch, 'id' | 'level' | 'cycleTypeId' | 'cycleValue' | 'libraryId' | 'scope' | 'scopeIds' | 'ownerRule' | 'ownerId' | 'auditorRule' | 'auditorId' | 'startDate' | 'endDate' | 'creatorId'>;

/** The library a launch names, as its rules read it. */
export interface LaunchLibrary {
  level: string;
  cycleValue: string;
  cycleTypeId: string | null;
  points: number;
  deleted: boolean;
  /** a launch of it closed its cycle */
  closed: boolean;
}

/** Counts of a launch's tasks by audit state (and the overdue ones), for one department or all. */
export interface StateCounts {
  draft: number;
  submitted: number;
  passed: number;
  refused: number;
  total: number;
  overdue: number;
}

export interface LaunchTaskRow {
  id: string;
  rwmc: string;
  objectCode: string;
  objectName: string;
  departmentName: string | null;
  ownerName: string | null;
  auditorName: string | null;
  auditState: AuditState;
  kssj: string | null;
  jssj: string | null;
  urgeCount: number;
  lastUrgedAt: string | null;
}

/** The launches, their objects and tasks (diagnosis_launch, diagnosis_object, obj_task, quality_result). */
export abstract class LaunchRepository {
  /** The person's role codes and name. */
  abstract standing(userId: string): Promise<{ codes: string[]; name: string }>;

  // options
  abstract cycleTypes(): Promise<Array<{ id: string; lxmc: string }>>;
  abstract cycleValues(cycleTypeId: string): Promise<Array<{ cycleId: string; cycleNumber: string; defaultsStatus: number }>>;
  /** Audited libraries of a level and cycle: live (not in the recycle bin) and with points. */
  abstract libraries(level: LaunchLevel, cycleValue: string, cycleTypeId: string | null): Promise<Array<{ id: string; name: string; cycleValue: string; points: number }>>;
  abstract departments(level: LaunchLevel): Promise<Array<{ id: string; name: string; objects: number }>>;
  abstract objects(level: LaunchLevel, keyword: string | null, limit: number): Promise<Array<{ id: string; code: string; name: string; departmentName: string | null }>>;
  abstract people(keyword: string | null, limit: number): Promise<Array<{ userId: string; userName: string; account: string; departmentName: string | null }>>;
  abstract cycleTypeName(id: string): Promise<string | null>;
  abstract library(id: string): Promise<LaunchLibrary | null>;
  /** Which of these people exist (and are enabled). */
  abstract existingPeople(ids: string[]): Promise<string[]>;

  // the launch row
  abstract insert(launch: NewLaunch): Promise<void>;
  /** Removes a launch whose job could not be queued (the row and its job together or not at all). */
  abstract discard(id: string): Promise<void>;
  abstract find(id: string): Promise<Launch | null>;
  abstract list(filter: { level?: LaunchLevel }, window: { skip: number; take: number }): Promise<{ rows: Launch[]; total: number }>;
  /** launching → running with its counts; false when it is no longer launching. */
  abstract finish(id: string, counts: { objectCount: number; createdCount: number }): Promise<boolean>;
  /** launching → failed with the reason; false when it is no longer launching (or another run is the current one). */
  abstract fail(id: string, reason: string, run?: number): Promise<boolean>;
  /** failed → launching with the next run; its run number, or null when it was not failed. */
  abstract retry(id: string): Promise<number | null>;
  /** Closes the cycle: this launch and the library's other running or failed launches; false when it was closed (or launching). */
  abstract close(id: string, userId: string): Promise<boolean>;

  // the job
  /** How many live objects the launch chose, and how many of them have no task in its library yet. */
  abstract scopeCount(launch: Launch): Promise<{ objects: number; missing: number }>;
  /** The next live objects of the launch without a task in its library (id order, after `after`). */
  abstract nextObjects(launch: Launch, after: string | null, size: number): Promise<string[]>;
  /**
   * One task each of these objects (one per object and library: an object with one is left) with a quality row for
   * every point of the library, the upper object's task's targets pushed down, in `tx`; with `messages`, a message to
   * each new task's owner (but the launcher) in the same transaction, one INSERT … SELECT. Answers tasks made.
   */
  abstract createTasks(tx: Transaction, launch: Launch, objectIds: string[], taskSuffix: string, messages: LaunchMessages | null): Promise<number>;

  // the page
  abstract counts(launchId: string, today: string): Promise<Array<StateCounts & { departmentId: string | null; departmentName: string }>>;
  abstract tasks(launchId: string, filter: { departmentId?: string; auditState?: AuditState; overdueBefore?: string }, window: { skip: number; take: number }): Promise<{ rows: LaunchTaskRow[]; total: number }>;
  /**
   * Records a 催办 of each task (one task, or every overdue task of the launch when taskId is null) and, in `tx`,
   * tells each task's owner (the text around the task's name); answers how many.
   */
  abstract urge(tx: Transaction, launchId: string, taskId: string | null, today: string, by: { userId: string; userName: string }, messages: LaunchMessages): Promise<number>;
}
