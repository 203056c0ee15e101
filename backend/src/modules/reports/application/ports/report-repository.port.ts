import type {
  CoverLayout,
  ReportComment,
  ReportCover,
  ReportHistoryEntry,
  ReportLevel,
  ReportOverview,
  ReportRow,
  ReportScope,
  ReportShare,
  ReportShareOptions,
  ReportState,
  ReportTables,
  ReportTemplate,
  ReportTemplateInput,
  ReviewResult,
} from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { VisibleTasks } from '../../../../shared/kernel/visible-tasks.js';

/** The template as a report keeps it (copied in when built: a later edit of the template leaves the report as it was). */
export type StoredTemplate = Pick<ReportTemplate, 'name' | 'items' | 'preface' | 'closing'>;
/** The cover as a report keeps it. */
export interface StoredCover {
  coverId: string | null;
  imageKey: string;
  imageType: string;
  layout: CoverLayout;
}
/** A review as stored (quality_report.expert_review / school_review). time: yyyy-MM-dd HH:mm. */
export interface StoredReview {
  fhjg: ReviewResult;
  opinion: string;
  reviewerId: string;
  reviewer: string;
  time: string;
}

export interface ReportRecord {
  id: string;
  reportName: string;
  cycle: string;
  scopes: ReportScope[];
  template: StoredTemplate;
  cover: StoredCover;
  principal: string;
  authorId: string | null;
  authorName: string;
  state: ReportState;
  overview: ReportOverview | null;
  tables: ReportTables | null;
  score: number | null;
  /** yyyy-MM-dd HH:mm, when the data was frozen. */
  builtAt: string | null;
  failReason: string | null;
  expertReview: StoredReview | null;
  schoolReview: StoredReview | null;
  rejectReason: string | null;
  documentKey: string | null;
  /** Changes with every move, reset and freeze (not with shares or the document): what a document was written from. */
  version: string;
}

/** What the download polls while the document's job runs. */
export interface DocumentState {
  state: ReportState;
  documentKey: string | null;
  version: string;
}

/** Who the person is, read once: role codes, own department, name. */
export interface ReportStanding {
  userId: string;
  name: string;
  codes: string[];
  departmentId: string | null;
}

/** The list's reading rule (report-access.ts, as SQL). */
export interface ReportReader {
  userId: string;
  departmentId: string | null;
  admin: boolean;
  expert: boolean;
  school: boolean;
  visible: VisibleTasks;
}

export interface ReportListFilter {
  cycle?: string;
  cjlx?: ReportLevel;
  state?: ReportState;
  name?: string;
}

export interface NewReport {
  id: string;
  reportName: string;
  cycle: string;
  scopes: ReportScope[];
  templateId: string | null;
  template: StoredTemplate;
  coverId: string | null;
  cover: StoredCover;
  principal: string;
  authorId: string;
}

export interface StateChange {
  state: ReportState;
  expertReview?: StoredReview | null;
  schoolReview?: StoredReview | null;
  rejectReason?: string | null;
}

export interface HistoryRow {
  reportId: string;
  action: string;
  actorId: string | null;
  actorName: string;
  comment?: string;
}

/** Reports, their history, shares and discussion. Writes take the unit of work's transaction. */
export abstract class ReportRepository {
  abstract standing(userId: string): Promise<ReportStanding>;
  /** The report (not deleted); inside tx when given (a job holding the document lock reads through it). */
  abstract find(id: string, tx?: Transaction): Promise<ReportRecord | null>;
  /** The state, stored document and version only: what the download polls. */
  abstract documentState(id: string): Promise<DocumentState | null>;
  /** Takes the report's document lock for the transaction: one writer of its document at a time (one storage key). */
  abstract lockDocument(tx: Transaction, id: string): Promise<void>;
  /** The report locked for a move (FOR UPDATE), or null when it does not exist (or is deleted). */
  abstract lock(tx: Transaction, id: string): Promise<ReportRecord | null>;
  abstract page(filter: ReportListFilter, reader: ReportReader, window: { skip: number; take: number }): Promise<{ rows: ReportRow[]; total: number }>;
  abstract isSharedWith(reportId: string, userId: string, departmentId: string | null): Promise<boolean>;
  /** Whether the person reads every diagnosed task of every scope in the cycle (and each scope has some). */
  abstract readsScopes(scopes: Array<{ cjlx: string; cjdmid: string }>, cycle: string, visible: VisibleTasks): Promise<boolean>;
  /** Of these diagnosed tasks (obj_task ids), the ones the person reads. */
  abstract readableTasks(taskIds: string[], visible: VisibleTasks): Promise<string[]>;

  abstract insert(tx: Transaction, report: NewReport): Promise<void>;
  /** A move's change; clears the stored document. Answers the report's new version. */
  abstract changeState(tx: Transaction, id: string, change: StateChange): Promise<string>;
  /** Back to building for a rebuild: the frozen data, reviews, rejection, failure and document go. */
  abstract resetForBuild(tx: Transaction, id: string): Promise<void>;
  /** Freezes a build's results and makes the report a draft; false when it is no longer building (deleted, rebuilt). */
  /** Freezes a building report's data and its document (null: written on the first download); false when no longer building. */
  abstract freeze(tx: Transaction, id: string, data: { overview: ReportOverview; tables: ReportTables; score: number | null }, documentKey: string | null): Promise<boolean>;
  /** Marks a building report failed; false when no longer building. */
  abstract fail(tx: Transaction, id: string, reason: string): Promise<boolean>;
  /** Removes a report still building whose job could not be queued (its history goes with it): as if never asked for. */
  abstract discard(id: string): Promise<void>;
  /**
   * Reports building since before `before` (not deleted), oldest first, with their build count (the job id's
   * number): the ones whose job may have been lost. `id` narrows it to one report.
   */
  abstract staleBuilds(before: Date, limit: number, id?: string): Promise<Array<{ id: string; builds: number }>>;
  /** Records the stored document, only while the report is at the version it was written from (else false). */
  abstract setDocument(tx: Transaction, id: string, key: string, version: string): Promise<boolean>;
  abstract softDelete(tx: Transaction, id: string): Promise<void>;

  abstract addHistory(tx: Transaction | null, row: HistoryRow): Promise<void>;
  abstract history(id: string): Promise<Array<Omit<ReportHistoryEntry, 'actionName'>>>;
  /** Each scope's diagnosis object (its tasks' object_id), in order; null where there is none. */
  abstract scopeObjectIds(scopes: ReadonlyArray<{ cjlx: string; cjdmid: string }>): Promise<Array<string | null>>;
  /** How many builds the report has had (generate and rebuild rows): the job id's attempt number. */
  abstract buildCount(id: string): Promise<number>;

  abstract shares(id: string): Promise<ReportShare[]>;
  abstract addShares(tx: Transaction, id: string, targets: Array<{ type: 'user' | 'department'; id: string }>, by: string): Promise<void>;
  abstract removeShare(tx: Transaction, id: string, type: 'user' | 'department', targetId: string): Promise<boolean>;
  abstract shareOptions(name: string): Promise<ReportShareOptions>;
  abstract existingUsers(ids: string[]): Promise<Array<{ id: string; name: string }>>;
  /** The people holding any of the role codes, and the members of the departments (whom a message addresses). */
  abstract recipients(tx: Transaction, roleCodes: readonly string[], departmentIds: readonly string[]): Promise<string[]>;
  abstract existingDepartments(ids: string[]): Promise<Array<{ id: string; name: string }>>;

  abstract comments(id: string): Promise<ReportComment[]>;
  abstract addComment(tx: Transaction, row: { reportId: string; authorId: string; authorName: string; content: string; mentionIds: string[] }): Promise<string>;

  /** The school's name (school_profile, the first one): stamps and covers carry it. */
  abstract schoolName(): Promise<string>;
}

export type TemplateValues = Omit<ReportTemplateInput, 'id'>;

export abstract class ReportTemplateRepository {
  abstract list(): Promise<ReportTemplate[]>;
  abstract find(id: string): Promise<ReportTemplate | null>;
  abstract findDefault(): Promise<ReportTemplate | null>;
  abstract add(tx: Transaction, values: TemplateValues, creatorId: string, isDefault: boolean): Promise<string>;
  abstract update(tx: Transaction, id: string, values: TemplateValues): Promise<boolean>;
  abstract remove(tx: Transaction, id: string): Promise<'ok' | 'notFound' | 'default'>;
  abstract setDefault(tx: Transaction, id: string): Promise<boolean>;
}

/** A cover with where its background lies. */
export type CoverRecord = ReportCover & { imageKey: string; imageType: string };

export abstract class ReportCoverRepository {
  abstract list(): Promise<CoverRecord[]>;
  abstract find(id: string): Promise<CoverRecord | null>;
  abstract findDefault(tx?: Transaction): Promise<CoverRecord | null>;
  abstract add(tx: Transaction, values: { name: string; layout: CoverLayout; imageKey: string; imageType: string }, creatorId: string | null, isDefault: boolean): Promise<string>;
  abstract update(tx: Transaction, id: string, values: { name: string; layout: CoverLayout }): Promise<boolean>;
  abstract remove(tx: Transaction, id: string): Promise<'ok' | 'notFound' | 'default'>;
  abstract setDefault(tx: Transaction, id: string): Promise<boolean>;
}

/** What an image's bytes are (magic bytes), whatever its name says. */
export abstract class ImageSniffer {
  abstract mimeOf(bytes: Buffer): Promise<string | null>;
}
