import type { ReportState } from '@zhengai/contracts';
import type { ReportRole } from './report-flow.js';

/**
 * States an expert reads in (from the first review on) and a school reviewer reads in (from the second review on); a
 * rejected report stays readable to the reviewers who sent it back, until its author rebuilds it.
 */
export const EXPERT_READS: readonly ReportState[] = ['submitted', 'expertPassed', 'published', 'rejected'];
export const SCHOOL_READS: readonly ReportState[] = ['expertPassed', 'published', 'rejected'];

export interface ReadFacts {
  state: ReportState;
  roles: ReadonlySet<ReportRole>;
  /** Shared with the person or their department. */
  shared: boolean;
  /** The person reads every diagnosed task of every scope of the report (the diagnosis task-access rule). */
  readsScopes: boolean;
}

/**
 * Who reads a report: its author, administrators, reviewers while it is theirs to see (experts from submitted on,
 * school reviewers from expertPassed on), people it is shared with (or their department), and people who read all
 * of its scopes' data anyway.
 */
export function mayRead(f: ReadFacts): boolean {
  if (f.roles.has('author') || f.roles.has('admin') || f.shared || f.readsScopes) return true;
  if (f.roles.has('expert') && EXPERT_READS.includes(f.state)) return true;
  return f.roles.has('school') && SCHOOL_READS.includes(f.state);
}

/** Who may write in the discussion: whoever reads the report. @mentions must name readers too. */
export const mayDiscuss = mayRead;
