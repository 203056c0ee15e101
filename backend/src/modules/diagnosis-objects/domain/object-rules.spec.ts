import { checkObject, editRefusal, LEVEL_RULES, OBJECT_RULE_MESSAGES as M, restoreRefusal, retireRefusal, sameFields, type DraftFacts, type ObjectDraft } from './object-rules.js';
import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { allowedActions, mayDo, OBJECT_RIGHTS_OF, OBJECT_ROLE_CODES } from './object-access.js';

const draft = (over: Partial<ObjectDraft> & Pick<ObjectDraft, 'level'>): ObjectDraft => ({
  code: 'C1', name: '名称', departmentId: null, responsibleId: null, upperId: null, userId: null, className: null, grade: null, ...over,
});
const facts = (over: Partial<DraftFacts> = {}): DraftFacts => ({ departmentExists: true, responsibleExists: true, upper: null, person: null, otherSchool: false, ...over });
const major = { id: 'm1', level: 'major' as const, retired: false, departmentId: 'd1' };
const student = { id: 'u1', account: 's001', name: '学生甲', kind: 'student' as const, orgId: 'd9' };
const teacher = { id: 'u2', account: 't001', name: '教师乙', kind: 'teacher' as const, orgId: 'd2' };

describe('diagnosis objects: the rules of each level', () => {
  it('a major needs an existing department; its upper is none', () => {
    expect(checkObject(draft({ level: 'major' }), facts())).toEqual({ ok: false, reason: M.departmentMissing });
    expect(checkObject(draft({ level: 'major', departmentId: 'dx' }), facts({ departmentExists: false }))).toEqual({ ok: false, reason: M.departmentUnknown });
    const ok = checkObject(draft({ level: 'major', departmentId: 'd1', upperId: 'm9', className: '1班', responsibleId: 'r1' }), facts());
    expect(ok).toEqual({ ok: true, value: expect.objectContaining({ departmentId: 'd1', upperId: null, className: null, responsibleId: 'r1' }) });
  });

  it('a course needs a live major and takes its department; an unknown responsible person is refused', () => {
    expect(checkObject(draft({ level: 'course', departmentId: 'd1' }), facts())).toEqual({ ok: false, reason: M.upperMissing });
    expect(checkObject(draft({ level: 'course', upperId: 'x' }), facts())).toEqual({ ok: false, reason: M.upperUnknown });
    expect(checkObject(draft({ level: 'course', upperId: 'c' }), facts({ upper: { ...major, level: 'course' } }))).toEqual({ ok: false, reason: M.upperNotMajor });
    expect(checkObject(draft({ level: 'course', upperId: 'm1' }), facts({ upper: { ...major, retired: true } }))).toEqual({ ok: false, reason: M.upperRetired });
    expect(checkObject(draft({ level: 'course', upperId: 'm1', responsibleId: 'r' }), facts({ upper: major, responsibleExists: false }))).toEqual({ ok: false, reason: M.responsibleUnknown });
    const ok = checkObject(draft({ level: 'course', upperId: 'm1', departmentId: 'other' }), facts({ upper: major }));
    expect(ok).toEqual({ ok: true, value: expect.objectContaining({ upperId: 'm1', departmentId: 'd1' }) });
  });

  it('a student is an existing person of kind student under a live major: code and name are the person\'s, department the major\'s', () => {
    expect(checkObject(draft({ level: 'student', upperId: 'm1' }), facts({ upper: major }))).toEqual({ ok: false, reason: M.personMissing });
    expect(checkObject(draft({ level: 'student', upperId: 'm1', userId: 'u' }), facts({ upper: major }))).toEqual({ ok: false, reason: M.personUnknown });
    expect(checkObject(draft({ level: 'student', upperId: 'm1', userId: 'u2' }), facts({ upper: major, person: teacher }))).toEqual({ ok: false, reason: '该人员不是学生' });
    const ok = checkObject(draft({ level: 'student', code: null, name: null, upperId: 'm1', userId: 'u1', className: '软件1班', grade: '2025', responsibleId: 'r' }), facts({ upper: major, person: student }));
    expect(ok).toEqual({ ok: true, value: { level: 'student', code: 's001', name: '学生甲', departmentId: 'd1', responsibleId: null, upperId: 'm1', userId: 'u1', className: '软件1班', grade: '2025' } });
  });

  it('a teacher is a person of kind teacher, in the department given or else their own', () => {
    expect(checkObject(draft({ level: 'teacher', userId: 'u1' }), facts({ person: student }))).toEqual({ ok: false, reason: '该人员不是教师' });
    expect(checkObject(draft({ level: 'teacher', userId: 'u2' }), facts({ person: teacher, departmentExists: false }))).toEqual({ ok: true, value: expect.objectContaining({ code: 't001', departmentId: 'd2', upperId: null }) });
    expect(checkObject(draft({ level: 'teacher', userId: 'u2', departmentId: 'gone' }), facts({ person: teacher, departmentExists: false }))).toEqual({ ok: false, reason: M.departmentUnknown });
  });

  it('there is one school object; code and name are required where the person does not give them', () => {
    expect(checkObject(draft({ level: 'school' }), facts({ otherSchool: true }))).toEqual({ ok: false, reason: M.oneSchool });
    expect(checkObject(draft({ level: 'school', code: null }), facts())).toEqual({ ok: false, reason: M.codeMissing });
    expect(checkObject(draft({ level: 'major', departmentId: 'd1', name: null }), facts())).toEqual({ ok: false, reason: M.nameMissing });
    expect(checkObject(draft({ level: 'school', departmentId: 'd1' }), facts())).toEqual({ ok: true, value: expect.objectContaining({ departmentId: null }) });
  });

  it('the table of levels says what the rules do', () => {
    expect(Object.entries(LEVEL_RULES).filter(([, r]) => r.upperLevel === 'major').map(([l]) => l)).toEqual(['course', 'student']);
    expect(Object.entries(LEVEL_RULES).filter(([, r]) => r.person).map(([l]) => l)).toEqual(['teacher', 'student']);
  });

  it('retire: not twice, not a major with live courses or students; restore: only retired, only under a live major; no edit while retired', () => {
    expect(retireRefusal({ level: 'major', retired: false }, 0)).toBeNull();
    expect(retireRefusal({ level: 'major', retired: false }, 3)).toBe('该专业下还有3个未停用的课程或学生，请先停用或转到其他专业');
    expect(retireRefusal({ level: 'course', retired: true }, 0)).toBe(M.alreadyRetired);
    expect(restoreRefusal({ retired: false }, null)).toBe(M.notRetired);
    expect(restoreRefusal({ retired: true }, { retired: true })).toBe(M.restoreUpperRetired);
    expect(restoreRefusal({ retired: true }, { retired: false })).toBeNull();
    expect(editRefusal({ retired: true })).toBe(M.retiredEdit);
    expect(editRefusal({ retired: false })).toBeNull();
  });

  it('sameFields compares every stored field', () => {
    const a = { level: 'major' as const, code: 'M', name: 'n', departmentId: 'd', responsibleId: null, upperId: null, userId: null, className: null, grade: null };
    expect(sameFields(a, { ...a })).toBe(true);
    expect(sameFields(a, { ...a, responsibleId: 'r' })).toBe(false);
  });
});

describe('diagnosis objects: who may do what (object-access.ts)', () => {
  it('administrators manage, publishers read, others nothing', () => {
    expect(allowedActions(['admin']).sort()).toEqual(['add', 'edit', 'import', 'read', 'restore', 'retire']);
    expect(allowedActions(['yearTargetPublisher'])).toEqual(['read']);
    expect(allowedActions(['targetTaskOwner', 'expert'])).toEqual([]);
    expect(mayDo(['yearTargetPublisher'], 'retire')).toBe(false);
    expect(mayDo(['yearTargetPublisher', 'admin'], 'retire')).toBe(true);
    expect(OBJECT_RIGHTS_OF.publisher).toEqual(['read']);
  });

  it('is the README\'s table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who may do what');
    expect(rows.map((r) => [listCell(r.role!)[0], listCell(r['role code']!)[0], listCell(r.actions!)])).toEqual(
      Object.entries(OBJECT_RIGHTS_OF).map(([role, actions]) => [role, OBJECT_ROLE_CODES[role as keyof typeof OBJECT_ROLE_CODES], [...actions]]),
    );
  });
});
