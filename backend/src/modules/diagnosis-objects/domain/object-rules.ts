import type { ObjectLevel } from '@zhengai/contracts';

/**
 * The rules of diagnosis objects, in one place (issue 32). Levels and what each needs:
 *
 * | level   | upper object      | department                     | responsible | person          | class, grade |
 * |---------|-------------------|--------------------------------|-------------|-----------------|--------------|
 * | school  | none              | none                           | optional    | none            | no           |
 * | major   | none (its dept.)  | required                       | optional    | none            | no           |
 * | course  | a live major      | the major's                    | optional    | none            | no           |
 * | teacher | none (its dept.)  | required (default: the person's) | none      | kind `teacher`  | no           |
 * | student | a live major      | the major's                    | none        | kind `student`  | optional     |
 *
 * A teacher's or student's code is their account and their name the person's name. Codes are unique per level (the
 * table's unique key; retired objects keep theirs). There is one school object. In the up and down lists (001 §7)
 * a major's and a teacher's upper is the school object (LIST_UPPER_LEVEL).
 */
export interface LevelRule {
  upperLevel: ObjectLevel | null;
  department: 'required' | 'fromUpper' | 'none';
  responsible: boolean;
  person: 'teacher' | 'student' | null;
  classAndGrade: boolean;
}

export const LEVEL_RULES: Record<ObjectLevel, LevelRule> = {
  school: { upperLevel: null, department: 'none', responsible: true, person: null, classAndGrade: false },
  major: { upperLevel: null, department: 'required', responsible: true, person: null, classAndGrade: false },
  course: { upperLevel: 'major', department: 'fromUpper', responsible: true, person: null, classAndGrade: false },
  teacher: { upperLevel: null, department: 'required', responsible: false, person: 'teacher', classAndGrade: false },
  student: { upperLevel: 'major', department: 'fromUpper', responsible: false, person: 'student', classAndGrade: true },
};

/** The level of an object's upper in the up and down lists: the stored upper, or the school for majors and teachers. */
export const LIST_UPPER_LEVEL: Record<ObjectLevel, ObjectLevel | null> = { school: null, major: 'school', course: 'major', teacher: 'school', student: 'major' };

export type PersonKind = 'staff' | 'teacher' | 'student';
export const PERSON_KIND_NAMES: Record<PersonKind, string> = { staff: '教职工', teacher: '教师', student: '学生' };

/** An object as stored (diagnosis_object), without its id and dates. */
export interface ObjectFields {
  level: ObjectLevel;
  code: string;
  name: string;
  departmentId: string | null;
  responsibleId: string | null;
  upperId: string | null;
  userId: string | null;
  className: string | null;
  grade: string | null;
}

/** What a person sent (add or edit): code and name may be absent for a teacher or student. */
export type ObjectDraft = Omit<ObjectFields, 'code' | 'name'> & { code: string | null; name: string | null };

export interface PersonFacts {
  id: string;
  account: string;
  name: string;
  kind: PersonKind;
  orgId: string | null;
}

export interface UpperFacts {
  id: string;
  level: ObjectLevel;
  retired: boolean;
  departmentId: string | null;
}

/** What the rules need to know of the ids a draft names (null: the id names nothing, or none was given). */
export interface DraftFacts {
  departmentExists: boolean;
  responsibleExists: boolean;
  upper: UpperFacts | null;
  person: PersonFacts | null;
  /** another school object exists (there is one school) */
  otherSchool: boolean;
}

export const OBJECT_RULE_MESSAGES = {
  codeMissing: '代码不能为空',
  nameMissing: '名称不能为空',
  departmentMissing: '请选择所属部门',
  departmentUnknown: '所属部门不存在',
  responsibleUnknown: '负责人不存在',
  upperMissing: '请选择所属专业',
  upperUnknown: '所属专业不存在',
  upperNotMajor: '所属专业须为专业层级的对象',
  upperRetired: '所属专业已停用',
  personMissing: '请选择人员',
  personUnknown: '人员不存在',
  oneSchool: '学校层级只能有一个对象',
  retiredEdit: '已停用的对象不能修改，请先恢复',
  alreadyRetired: '该对象已停用',
  notRetired: '该对象未停用',
  restoreUpperRetired: '所属专业已停用，请先恢复专业',
} as const;

export const personKindMessage = (kind: 'teacher' | 'student') => `该人员不是${PERSON_KIND_NAMES[kind]}`;
export const liveLowerMessage = (count: number) => `该专业下还有${count}个未停用的课程或学生，请先停用或转到其他专业`;

/**
 * A draft checked against its level's rule and the facts of what it names: the object to store (fields a level does
 * not use are cleared, a course's or student's department is its major's, a teacher's or student's code and name are
 * the person's), or the first broken rule.
 */
export function checkObject(draft: ObjectDraft, facts: DraftFacts): { ok: true; value: ObjectFields } | { ok: false; reason: string } {
  const rule = LEVEL_RULES[draft.level];
  const fail = (reason: string) => ({ ok: false as const, reason });
  if (draft.level === 'school' && facts.otherSchool) return fail(OBJECT_RULE_MESSAGES.oneSchool);

  let code = draft.code;
  let name = draft.name;
  let departmentId = rule.department === 'none' ? null : draft.departmentId;
  let userId: string | null = null;
  if (rule.person) {
    if (!draft.userId) return fail(OBJECT_RULE_MESSAGES.personMissing);
    if (!facts.person) return fail(OBJECT_RULE_MESSAGES.personUnknown);
    if (facts.person.kind !== rule.person) return fail(personKindMessage(rule.person));
    userId = facts.person.id;
    code = facts.person.account;
    name = facts.person.name;
    if (rule.department === 'required' && !departmentId) departmentId = facts.person.orgId;
  }
  if (!code) return fail(OBJECT_RULE_MESSAGES.codeMissing);
  if (!name) return fail(OBJECT_RULE_MESSAGES.nameMissing);

  let upperId: string | null = null;
  if (rule.upperLevel) {
    if (!draft.upperId) return fail(OBJECT_RULE_MESSAGES.upperMissing);
    if (!facts.upper) return fail(OBJECT_RULE_MESSAGES.upperUnknown);
    if (facts.upper.level !== rule.upperLevel) return fail(OBJECT_RULE_MESSAGES.upperNotMajor);
    if (facts.upper.retired) return fail(OBJECT_RULE_MESSAGES.upperRetired);
    upperId = facts.upper.id;
  }
  if (rule.department === 'fromUpper') departmentId = facts.upper?.departmentId ?? null;
  if (rule.department === 'required') {
    if (!departmentId) return fail(OBJECT_RULE_MESSAGES.departmentMissing);
    // a teacher's default department is the person's, which exists; one given must
    if (departmentId === draft.departmentId && !facts.departmentExists) return fail(OBJECT_RULE_MESSAGES.departmentUnknown);
  }
  const responsibleId = rule.responsible ? draft.responsibleId : null;
  if (responsibleId && !facts.responsibleExists) return fail(OBJECT_RULE_MESSAGES.responsibleUnknown);

  return {
    ok: true,
    value: {
      level: draft.level,
      code,
      name,
      departmentId,
      responsibleId,
      upperId,
      userId,
      className: rule.classAndGrade ? draft.className : null,
      grade: rule.classAndGrade ? draft.grade : null,
    },
  };
}

/** Whether an object may be retired: not twice, and not a major that live courses or students still point at. */
export function retireRefusal(object: { level: ObjectLevel; retired: boolean }, liveLowerCount: number): string | null {
  if (object.retired) return OBJECT_RULE_MESSAGES.alreadyRetired;
  if (liveLowerCount > 0) return liveLowerMessage(liveLowerCount);
  return null;
}

/** Whether a retired object may be restored: its major (course, student) must be live. */
export function restoreRefusal(object: { retired: boolean }, upper: { retired: boolean } | null): string | null {
  if (!object.retired) return OBJECT_RULE_MESSAGES.notRetired;
  if (upper?.retired) return OBJECT_RULE_MESSAGES.restoreUpperRetired;
  return null;
}

/** Whether an object may be edited: not while retired (its history stays as it was). */
export function editRefusal(object: { retired: boolean }): string | null {
  return object.retired ? OBJECT_RULE_MESSAGES.retiredEdit : null;
}

/** Two stored shapes alike: an import's unchanged row, an edit that changes nothing. */
export function sameFields(a: ObjectFields, b: ObjectFields): boolean {
  return (
    a.level === b.level && a.code === b.code && a.name === b.name && a.departmentId === b.departmentId && a.responsibleId === b.responsibleId &&
    a.upperId === b.upperId && a.userId === b.userId && a.className === b.className && a.grade === b.grade
  );
}
