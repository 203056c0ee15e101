import { REPORT_STATES, type ReportState } from '@zhengai/contracts';
import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { mayManageTemplates, mayRead, REPORT_READS, REPORT_RELATIONS, type ReportRelation } from './report-access.js';

const rel = (...r: ReportRelation[]) => new Set<ReportRelation>(r);

describe('report access (REPORT_READS)', () => {
  it('lets experts and scope readers read from submitted on and school reviewers from expertPassed on, and both what was sent back', () => {
    const reading = (r: ReportRelation) => REPORT_STATES.filter((state) => mayRead(state, rel(r)));
    expect(reading('expert')).toEqual(['submitted', 'expertPassed', 'published', 'rejected']);
    expect(reading('scopeReader')).toEqual(['submitted', 'expertPassed', 'published', 'rejected']);
    expect(reading('school')).toEqual(['expertPassed', 'published', 'rejected']);
  });

  it('lets the author, administrators and sharers read in every state', () => {
    for (const state of REPORT_STATES) for (const r of ['author', 'admin', 'sharer'] as const) expect(mayRead(state, rel(r))).toBe(true);
  });

  it('keeps an unsubmitted draft from everyone else (issue 30: reading the scopes does not open a draft)', () => {
    for (const state of ['building', 'failed', 'draft'] as ReportState[]) expect(mayRead(state, rel('expert', 'school', 'scopeReader'))).toBe(false);
    expect(mayRead('published', rel())).toBe(false);
  });

  it('lets administrators and year-target publishers manage templates, nobody else', () => {
    expect(mayManageTemplates(['admin'])).toBe(true);
    expect(mayManageTemplates(['expert', 'yearTargetPublisher'])).toBe(true);
    expect(mayManageTemplates(['expert', 'schoolLeader'])).toBe(false);
  });

  it('is the module README table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who reads');
    expect(rows.map((r) => [listCell(r.relation!)[0], listCell(r['reads in']!)])).toEqual(REPORT_RELATIONS.map((r) => [r, [...REPORT_READS[r]]]));
  });
});
