import { conditionSql, readableSql } from '../infrastructure/centre-access.sql.js';
import { CENTRE_READS, CENTRE_RELATIONS, mayReadObject, relationsTo, type CentreObjectFacts, type CentreViewer } from './centre-access.js';

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

  it('gives the lists one SQL term per relation of the table, each on the fact its TS twin compares', () => {
    const sql = readableSql(4);
    const terms = CENTRE_RELATIONS.map((r) => conditionSql(CENTRE_READS[r], 4));
    expect(sql).toBe(`(${terms.join(' OR ')})`);
    expect(terms).toEqual([
      `('admin' = ANY($5::text[]))`,
      `('yearTargetPublisher' = ANY($5::text[]))`,
      `('schoolLeader' = ANY($5::text[]))`,
      `(coalesce(o.department_id, up.department_id) = ANY($6::varchar[]))`,
      `(o.level IN ('major', 'course') AND o.responsible_id = $4::varchar)`,
      `(o.level IN ('course', 'student') AND up.responsible_id = $4::varchar)`,
      `(o.level IN ('teacher', 'student') AND o.user_id = $4::varchar)`,
    ]);
  });
});
