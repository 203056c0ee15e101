import type { ReportState } from '@zhengai/contracts';
import { actionsOf, checkMove, reportRolesOf, reportTodoWaits, reviewStepOf, stateRefusal, type ReportRole } from './report-flow.js';

const roles = (...r: ReportRole[]) => new Set<ReportRole>(r);

describe('report flow', () => {
  it('walks the happy path: the author submits, the expert passes, the school publishes', () => {
    expect(checkMove('draft', 'submit', roles('author'))).toEqual({ ok: true, next: 'submitted' });
    expect(checkMove('submitted', 'expertReview', roles('expert'))).toEqual({ ok: true, next: 'expertPassed' });
    expect(checkMove('expertPassed', 'schoolReview', roles('school'))).toEqual({ ok: true, next: 'published' });
  });

  it('refuses a move in the wrong state naming the state', () => {
    expect(checkMove('published', 'reject', roles('school'))).toEqual({ ok: false, reason: 'state', message: '报告处于「已发布」状态，不能驳回' });
    expect(checkMove('submitted', 'submit', roles('author'))).toMatchObject({ ok: false, reason: 'state', message: stateRefusal('submitted', 'submit') });
  });

  it('refuses a person without the role', () => {
    expect(checkMove('draft', 'submit', roles('expert'))).toMatchObject({ ok: false, reason: 'role' });
    expect(checkMove('submitted', 'expertReview', roles('school'))).toMatchObject({ ok: false, reason: 'role' });
  });

  it('lets the expert reject while submitted and the school while expertPassed only', () => {
    expect(checkMove('submitted', 'reject', roles('expert')).ok).toBe(true);
    expect(checkMove('expertPassed', 'reject', roles('expert'))).toMatchObject({ ok: false, reason: 'state' });
    expect(checkMove('expertPassed', 'reject', roles('school')).ok).toBe(true);
    expect(checkMove('submitted', 'reject', roles('school'))).toMatchObject({ ok: false, reason: 'state' });
  });

  it('lets the author rebuild a draft, rejected or failed report, not a submitted one', () => {
    for (const s of ['draft', 'rejected', 'failed'] as ReportState[]) expect(checkMove(s, 'rebuild', roles('author'))).toEqual({ ok: true, next: 'building' });
    expect(checkMove('submitted', 'rebuild', roles('author')).ok).toBe(false);
  });

  it('deletes: the author in draft, rejected, failed; an administrator anything not published', () => {
    expect(checkMove('submitted', 'delete', roles('author')).ok).toBe(false);
    expect(checkMove('submitted', 'delete', roles('admin')).ok).toBe(true);
    expect(checkMove('published', 'delete', roles('admin', 'author'))).toMatchObject({ ok: false, reason: 'state' });
  });

  it('lists the actions of a person now', () => {
    expect(actionsOf({ state: 'draft' }, roles('author'))).toEqual(['submit', 'rebuild', 'delete', 'share']);
    expect(actionsOf({ state: 'submitted' }, roles('expert'))).toEqual(['expertReview', 'reject']);
    expect(actionsOf({ state: 'expertPassed' }, roles('school', 'admin'))).toEqual(['schoolReview', 'reject', 'delete', 'share']);
    expect(actionsOf({ state: 'building' }, roles('author'))).toEqual([]);
  });

  it('picks the review step by the state', () => {
    expect(reviewStepOf('submitted', roles('school'))).toBe('expertReview');
    expect(reviewStepOf('expertPassed', roles('expert'))).toBe('schoolReview');
    expect(reviewStepOf('draft', roles('expert'))).toBe('expertReview');
  });

  it('reads roles from role codes: administrators also review for the school', () => {
    expect([...reportRolesOf({ isAuthor: false, codes: ['admin'] })].sort()).toEqual(['admin', 'school']);
    expect([...reportRolesOf({ isAuthor: true, codes: ['expert'] })].sort()).toEqual(['author', 'expert']);
  });
});

describe('REPORT_TODOS (我的待办)', () => {
  it('waits where the move may be made: experts on submitted, the school on expertPassed, the author on rejected', () => {
    expect(reportTodoWaits().map((w) => `${w.action}:${w.role}:${w.state}`)).toEqual(['expertReview:expert:submitted', 'schoolReview:school:expertPassed', 'rebuild:author:rejected']);
    for (const w of reportTodoWaits()) expect(checkMove(w.state, w.action, new Set([w.role])).ok).toBe(true);
  });
});
