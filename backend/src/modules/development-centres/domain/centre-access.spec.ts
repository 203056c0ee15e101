import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { CENTRE_RELATIONS, landsInCentreAfterLogin, mayReadObject, readerScope, relationsTo, type CentreObjectFacts, type CentreViewer } from './centre-access.js';

const viewer = (v: Partial<CentreViewer> = {}): CentreViewer => ({ userId: 'u1', roleCodes: [], headsDepartments: [], ...v });
const object = (o: Partial<CentreObjectFacts> = {}): CentreObjectFacts => ({ level: 'major', departmentId: 'd1', responsibleId: null, upperResponsibleId: null, userId: null, ...o });

describe('centre access (CENTRE_READS)', () => {
  it('lets administrators, publishers and leaders read every object of every level by their role alone', () => {
    for (const code of ['admin', 'yearTargetPublisher', 'schoolLeader']) {
      for (const level of ['major', 'course', 'teacher', 'student'] as const) expect(mayReadObject(viewer({ roleCodes: [code] }), object({ level, departmentId: null }))).toBe(true);
    }
    expect(mayReadObject(viewer({ roleCodes: ['targetTaskOwner', 'expert', 'teacher', 'student'] }), object())).toBe(false);
  });

  it("lets a department head read their department's objects (a course or student through its major's department) and no other", () => {
    const head = viewer({ headsDepartments: ['d1'] });
    expect(relationsTo(head, object({ level: 'student', departmentId: 'd1' }))).toEqual(['departmentHead']);
    expect(mayReadObject(head, object({ departmentId: 'd2' }))).toBe(false);
    expect(mayReadObject(head, object({ departmentId: null }))).toBe(false);
  });

  it("lets a major's or course's responsible person read it and the objects right below it, never a teacher or student by responsibility", () => {
    const me = viewer({ userId: 'p' });
    expect(relationsTo(me, object({ level: 'major', responsibleId: 'p' }))).toEqual(['responsible']);
    expect(relationsTo(me, object({ level: 'course', responsibleId: 'p' }))).toEqual(['responsible']);
    expect(relationsTo(me, object({ level: 'course', upperResponsibleId: 'p' }))).toEqual(['upperResponsible']);
    expect(relationsTo(me, object({ level: 'student', upperResponsibleId: 'p' }))).toEqual(['upperResponsible']);
    expect(mayReadObject(me, object({ level: 'student', responsibleId: 'p' }))).toBe(false);
    expect(mayReadObject(me, object({ level: 'teacher', responsibleId: 'p' }))).toBe(false);
    expect(mayReadObject(me, object({ level: 'major', upperResponsibleId: 'p' }))).toBe(false);
  });

  it('lets a teacher or student read their own object only', () => {
    const me = viewer({ userId: 'p', roleCodes: ['teacher'] });
    expect(relationsTo(me, object({ level: 'teacher', userId: 'p' }))).toEqual(['self']);
    expect(relationsTo(me, object({ level: 'student', userId: 'p' }))).toEqual(['self']);
    expect(mayReadObject(me, object({ level: 'teacher', userId: 'q' }))).toBe(false);
  });

  it("lists in the module README's table every relation of the code's table, once", () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who reads');
    expect(rows.flatMap((r) => listCell(r.relation!)).sort()).toEqual([...CENTRE_RELATIONS].sort());
  });
});

describe('readerScope (the kept figures\' key)', () => {
  it('is one key for everyone reading everything by a role, whoever they are and whatever else they head', () => {
    const keys = ['admin', 'yearTargetPublisher', 'schoolLeader'].map((code, i) => readerScope(viewer({ userId: `u${i}`, roleCodes: [code, 'teacher'], headsDepartments: i ? ['d1'] : [] })));
    expect(new Set(keys)).toEqual(new Set(['all']));
  });

  it('tells apart every reader whose objects may differ: other departments, another person', () => {
    const head = readerScope(viewer({ headsDepartments: ['d2', 'd1'] }));
    expect(readerScope(viewer({ headsDepartments: ['d1', 'd2', 'd1'] }))).toBe(head);
    expect(readerScope(viewer({ headsDepartments: ['d1'] }))).not.toBe(head);
    expect(readerScope(viewer({ userId: 'u2', headsDepartments: ['d1', 'd2'] }))).not.toBe(head);
    expect(readerScope(viewer({ roleCodes: ['teacher'] }))).not.toBe('all');
    expect(readerScope(viewer({ roleCodes: ['teacher'] }))).toBe(readerScope(viewer({ roleCodes: ['student'] })));
  });
});

describe('landsInCentreAfterLogin', () => {
  it('lands teachers and students, not people who also hold a post, nor people without roles', () => {
    expect(landsInCentreAfterLogin(['teacher'])).toBe(true);
    expect(landsInCentreAfterLogin(['student'])).toBe(true);
    expect(landsInCentreAfterLogin(['teacher', 'targetTaskOwner'])).toBe(false);
    expect(landsInCentreAfterLogin(['targetTaskOwner'])).toBe(false);
    expect(landsInCentreAfterLogin([])).toBe(false);
  });
});
