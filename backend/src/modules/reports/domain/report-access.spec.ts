import { REPORT_STATES } from '@zhengai/contracts';
import { mayRead } from './report-access.js';
import type { ReportRole } from './report-flow.js';

const roles = (...r: ReportRole[]) => new Set<ReportRole>(r);

describe('report access', () => {
  const base = { shared: false, readsScopes: false };
  it('lets experts read from submitted on and school reviewers from expertPassed on, and both what was sent back', () => {
    const expert = REPORT_STATES.filter((state) => mayRead({ ...base, state, roles: roles('expert') }));
    expect(expert).toEqual(['submitted', 'expertPassed', 'published', 'rejected']);
    const school = REPORT_STATES.filter((state) => mayRead({ ...base, state, roles: roles('school') }));
    expect(school).toEqual(['expertPassed', 'published', 'rejected']);
  });

  it('lets the author, administrators, shares and scope readers read in any state', () => {
    for (const state of REPORT_STATES) {
      expect(mayRead({ ...base, state, roles: roles('author') })).toBe(true);
      expect(mayRead({ ...base, state, roles: roles('admin') })).toBe(true);
      expect(mayRead({ ...base, shared: true, state, roles: roles() })).toBe(true);
      expect(mayRead({ ...base, readsScopes: true, state, roles: roles() })).toBe(true);
    }
  });

  it('refuses anyone else', () => {
    expect(mayRead({ ...base, state: 'published', roles: roles() })).toBe(false);
    expect(mayRead({ ...base, state: 'draft', roles: roles('expert', 'school') })).toBe(false);
  });
});
