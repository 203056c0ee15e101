import { REPORT_STATES, type ReportState } from '@zhengai/contracts';
import type { ReportRole } from './report-flow.js';

/**
 * How a person stands to a report (several at once): its author, an administrator, a sharer (shared with them or
 * their department), an expert, a school reviewer (school leaders and administrators), a scope reader (reads every
 * diagnosed task of every scope of the report in its cycle).
 */
export type ReportRelation = 'author' | 'admin' | 'sharer' | 'expert' | 'school' | 'scopeReader';

/** Submitted on: the reviews and everything after them; a rejected report stays with those who read it before. */
const FROM_SUBMITTED: readonly ReportState[] = ['submitted', 'expertPassed', 'published', 'rejected'];
const FROM_EXPERT_PASSED: readonly ReportState[] = ['expertPassed', 'published', 'rejected'];

/**
 * The one table of who reads a report, and in which states (module README "Who reads"): the author, administrators
 * and sharers in every state; experts and scope readers from submitted on (reading the scopes' data does not open
 * an unsubmitted draft); school reviewers from expertPassed on. Detail, discussion, shares, the Word document, the
 * images, the list and its total all derive from it.
 */
export const REPORT_READS: Readonly<Record<ReportRelation, readonly ReportState[]>> = {
  author: REPORT_STATES,
  admin: REPORT_STATES,
  sharer: REPORT_STATES,
  expert: FROM_SUBMITTED,
  scopeReader: FROM_SUBMITTED,
  school: FROM_EXPERT_PASSED,
};

export const REPORT_RELATIONS = Object.keys(REPORT_READS) as ReportRelation[];

/** The relations a set of roles carries (the other two, sharer and scopeReader, are facts about the report). */
export function relationsOf(roles: ReadonlySet<ReportRole>, facts: { shared: boolean; readsScopes: boolean }): Set<ReportRelation> {
  const out = new Set<ReportRelation>(roles);
  if (facts.shared) out.add('sharer');
  if (facts.readsScopes) out.add('scopeReader');
  return out;
}

/** Whether any relation reads the report in its state. */
export function mayRead(state: ReportState, relations: ReadonlySet<ReportRelation>): boolean {
  return [...relations].some((r) => REPORT_READS[r].includes(state));
}

/** Relations that would read in this state: the ones worth checking (the share and scope checks cost a query each). */
export const relationsReadingIn = (state: ReportState): ReportRelation[] => REPORT_RELATIONS.filter((r) => REPORT_READS[r].includes(state));

/** Who manages report templates and covers (add, update, delete, set default): administrators and year-target publishers. */
export const TEMPLATE_MANAGER_ROLES: readonly string[] = ['admin', 'yearTargetPublisher'];
export const mayManageTemplates = (codes: readonly string[]): boolean => codes.some((c) => TEMPLATE_MANAGER_ROLES.includes(c));
