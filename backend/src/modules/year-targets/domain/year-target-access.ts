/**
 * Who sees and does what on year targets: ONE table of the relations a person may have to year targets, and what each
 * gives. The services ask it (year-target.service, year-target-copy.service) and so do the target tasks' writes
 * ("Only the year target publisher and administrators write tasks": target-tasks imports `mayWriteTasks`). The module
 * README's table is this one, row for row (a unit test compares them).
 */

export const YEAR_TARGET_RELATIONS = ['admin', 'yearTargetPublisher', 'reader', 'copyRequester'] as const;
export type YearTargetRelation = (typeof YEAR_TARGET_RELATIONS)[number];

export interface YearTargetRule {
  relation: YearTargetRelation;
  /** The README's words. */
  name: string;
  /** Reads year targets and task types (yearTarget/list, getTaskTypeList). */
  reads: boolean;
  /** Adds, changes, deletes and copies year targets. */
  writes: boolean;
  /** Adds, changes and deletes target tasks (targetTask/add|update|delete). */
  writesTasks: boolean;
  /** Reads a copy's progress (yearTarget/checkStatus, taskResult): every copy, or the one they asked for. */
  readsCopy: 'any' | 'own' | 'none';
}

export const YEAR_TARGET_ACCESS: readonly YearTargetRule[] = [
  { relation: 'admin', name: '管理员 (role admin)', reads: true, writes: true, writesTasks: true, readsCopy: 'any' },
  { relation: 'yearTargetPublisher', name: '年度目标发布者 (role yearTargetPublisher)', reads: true, writes: true, writesTasks: true, readsCopy: 'none' },
  { relation: 'reader', name: '年度目标任务 menu (every role granted it)', reads: true, writes: false, writesTasks: false, readsCopy: 'none' },
  { relation: 'copyRequester', name: '复制发起人 (asked for the copy; once its job expired, the copy\'s creator)', reads: true, writes: false, writesTasks: false, readsCopy: 'own' },
];

const RULE: Record<YearTargetRelation, YearTargetRule> = Object.fromEntries(YEAR_TARGET_ACCESS.map((r) => [r.relation, r])) as Record<YearTargetRelation, YearTargetRule>;

/** The relations of a person with these role codes (the menu is checked by the route: whoever calls reads). */
export function yearTargetRelations(codes: readonly string[], copyRequester = false): Set<YearTargetRelation> {
  const relations = new Set<YearTargetRelation>(['reader']);
  if (codes.includes('admin')) relations.add('admin');
  if (codes.includes('yearTargetPublisher')) relations.add('yearTargetPublisher');
  if (copyRequester) relations.add('copyRequester');
  return relations;
}

const any = (relations: ReadonlySet<YearTargetRelation>, test: (r: YearTargetRule) => boolean) => [...relations].some((r) => test(RULE[r]));

/** Adds, changes, deletes and copies year targets. */
export const mayWriteYearTargets = (codes: readonly string[]): boolean => any(yearTargetRelations(codes), (r) => r.writes);

/** Adds, changes and deletes target tasks. */
export const mayWriteTasks = (codes: readonly string[]): boolean => any(yearTargetRelations(codes), (r) => r.writesTasks);

/** Reads a copy's progress: any copy, or the one the person asked for. */
export const mayReadCopy = (codes: readonly string[], requester: boolean): boolean =>
  any(yearTargetRelations(codes, requester), (r) => r.readsCopy === 'any' || (r.readsCopy === 'own' && r.relation === 'copyRequester'));

/** What a person with these role codes may do under 年度目标任务: the screens' buttons (yearTarget/rights). */
export const yearTargetRightsOf = (codes: readonly string[]): { writesYearTargets: boolean; writesTasks: boolean } => ({
  writesYearTargets: mayWriteYearTargets(codes),
  writesTasks: mayWriteTasks(codes),
});
