import type { CentreLevel } from '@zhengai/contracts';

/**
 * How a person stands to an object of a centre (several at once). Role relations: administrators, year-target
 * publishers, school leaders. Fact relations: head of the object's department (a course's or student's own, else its
 * major's), the object's responsible person (majors, courses), the responsible person of the object above it (a
 * major's courses and students), the object itself (a teacher's or student's own).
 */
export type CentreRelation = 'admin' | 'publisher' | 'leader' | 'departmentHead' | 'responsible' | 'upperResponsible' | 'self';

/** What a relation asks of the person and the object: a role code, or one fact comparing the two. */
export type CentreCondition =
  | { kind: 'role'; code: string }
  | { kind: 'headsDepartment' }
  | { kind: 'responsible'; levels: readonly CentreLevel[] }
  | { kind: 'upperResponsible'; levels: readonly CentreLevel[] }
  | { kind: 'self'; levels: readonly CentreLevel[] };

/**
 * The one table of who reads which object of a centre (module README "Who reads"): any relation reads the object —
 * its portrait, its row in the overview, its figures, the export. The portrait's check (`relationsTo`) and the lists'
 * SQL (`infrastructure/centre-access.sql.ts`) are both made from it: `centre-access.sql.spec.ts` holds the SQL to the
 * table, the e2e suite holds list and portrait equal for every fixture person and object.
 */
export const CENTRE_READS: Readonly<Record<CentreRelation, CentreCondition>> = {
  admin: { kind: 'role', code: 'admin' },
  publisher: { kind: 'role', code: 'yearTargetPublisher' },
  leader: { kind: 'role', code: 'schoolLeader' },
  departmentHead: { kind: 'headsDepartment' },
  responsible: { kind: 'responsible', levels: ['major', 'course'] },
  upperResponsible: { kind: 'upperResponsible', levels: ['course', 'student'] },
  self: { kind: 'self', levels: ['teacher', 'student'] },
};

export const CENTRE_RELATIONS = Object.keys(CENTRE_READS) as CentreRelation[];

/** The person asking: their role codes and the departments they head. */
export interface CentreViewer {
  userId: string;
  roleCodes: readonly string[];
  headsDepartments: readonly string[];
}

/** The object's facts the relations compare (departmentId: its own, else its upper's). */
export interface CentreObjectFacts {
  level: CentreLevel;
  departmentId: string | null;
  responsibleId: string | null;
  upperResponsibleId: string | null;
  userId: string | null;
}

/** Whether one condition holds. */
export function holds(c: CentreCondition, v: CentreViewer, o: CentreObjectFacts): boolean {
  switch (c.kind) {
    case 'role':
      return v.roleCodes.includes(c.code);
    case 'headsDepartment':
      return o.departmentId !== null && v.headsDepartments.includes(o.departmentId);
    case 'responsible':
      return c.levels.includes(o.level) && o.responsibleId !== null && o.responsibleId === v.userId;
    case 'upperResponsible':
      return c.levels.includes(o.level) && o.upperResponsibleId !== null && o.upperResponsibleId === v.userId;
    case 'self':
      return c.levels.includes(o.level) && o.userId !== null && o.userId === v.userId;
  }
}

export const relationsTo = (v: CentreViewer, o: CentreObjectFacts): CentreRelation[] => CENTRE_RELATIONS.filter((r) => holds(CENTRE_READS[r], v, o));

export const mayReadObject = (v: CentreViewer, o: CentreObjectFacts): boolean => relationsTo(v, o).length > 0;

/** Whether the person reads every object of every level by a role alone (no per-object condition to check). */
export const readsEverything = (v: CentreViewer): boolean =>
  CENTRE_RELATIONS.some((r) => CENTRE_READS[r].kind === 'role' && holds(CENTRE_READS[r], v, { level: 'major', departmentId: null, responsibleId: null, upperResponsibleId: null, userId: null }));

/**
 * Who reads the same objects, as a key (the kept figures are shared under it, never across it): anyone whom a role
 * relation lets read everything is `all`; anyone else reads by the fact relations alone, so by what those compare —
 * the departments they head and, for the responsible, upper-responsible and self relations, the person. A department
 * has one head (department.charge_user_id), so a head's key is in effect their department's.
 */
export function readerScope(v: CentreViewer): string {
  if (readsEverything(v)) return 'all';
  const kinds = new Set(CENTRE_RELATIONS.map((r) => CENTRE_READS[r].kind));
  return JSON.stringify({
    heads: kinds.has('headsDepartment') ? [...new Set(v.headsDepartments)].sort() : null,
    person: kinds.has('responsible') || kinds.has('upperResponsible') || kinds.has('self') ? v.userId : null,
  });
}

/** Roles of people who are only teachers or students (the default roles of 人员导入). */
const LEARNING_ROLE_CODES: ReadonlySet<string> = new Set(['teacher', 'student']);

/**
 * Whether a person lands on their own portrait right after logging in: when all their roles are a teacher's or a
 * student's. Someone who also holds a post (a task owner, a department head) lands on the home page and its to-dos.
 */
export function landsInCentreAfterLogin(roleCodes: readonly string[]): boolean {
  return roleCodes.length > 0 && roleCodes.every((code) => LEARNING_ROLE_CODES.has(code));
}
