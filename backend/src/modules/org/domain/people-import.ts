import { PEOPLE_IMPORT_COLUMNS, PERSON_KIND_LABELS, PersonImportRowSchema, ROLE_SEPARATORS, type ImportProblem, type PersonKind } from '@zhengai/contracts';
import type { DepartmentPaths } from './department-paths.js';

/**
 * The people import (issue 32), all or nothing: every row is checked (its shape and formats by the contract's
 * PersonImportRowSchema, then the department, roles, CAS account and major it names, and duplicates in the file);
 * with one bad row nothing is stored and every bad row is reported. A good file is planned against the people
 * there are: created, updated (anything the row says differs) or unchanged, so importing the same file twice changes
 * nothing the second time.
 *
 * - 部门: a department name, or its full path (`机电学院/办公室`) when the name is not unique; empty: no department.
 * - 角色: role names separated by 、 , ， ; or ；. A filled cell is the person's roles exactly (others are taken away);
 *   an empty cell gives the default role of the person's kind where they have no role yet (rolesWhenEmpty), so an
 *   imported teacher or student sees their menus; other roles stay as they are.
 * - 专业代码, 班级, 年级: students only. 专业代码 names a major (diagnosis object of level major, not retired): the
 *   student's object's upper object.
 * - Teachers and students are diagnosis objects of their level (code = account, name, department); a person who
 *   becomes 教职工 has their object retired (kept for history), and one who is a teacher or student again gets it back.
 */

export interface SheetRow {
  row: number;
  cells: string[];
}

/** The names an import's rows point to, read before the rows are checked. */
export interface PersonRefs {
  departments: DepartmentPaths;
  /** role name → role id */
  roles: ReadonlyMap<string, string>;
  /** major code → the major's object id (level major, not retired) */
  majors: ReadonlyMap<string, string>;
  /** CAS user → the account (lower case) of the person who has it */
  casOwners: ReadonlyMap<string, string>;
}

export interface CleanPerson {
  row: number;
  account: string;
  name: string;
  orgId: string | null;
  kind: PersonKind;
  /** null: the cell was empty, an existing person's roles stay as they are */
  roleIds: string[] | null;
  casUser: string | null;
  phone: string | null;
  email: string | null;
  majorId: string | null;
  className: string | null;
  grade: string | null;
}

/** A teacher's or student's diagnosis object as it is or as it should be. */
export interface PersonObjectState {
  level: 'teacher' | 'student';
  code: string;
  name: string;
  departmentId: string | null;
  upperId: string | null;
  className: string | null;
  grade: string | null;
  retired: boolean;
}

export interface ExistingPerson {
  id: string;
  account: string;
  name: string;
  orgId: string | null;
  kind: PersonKind;
  casUser: string | null;
  phone: string | null;
  email: string | null;
  roleIds: string[];
  object: PersonObjectState | null;
}

/** What to write: people to create (with their new ids) and to update, their objects to write and to retire. */
export interface PeoplePlan {
  creates: Array<CleanPerson & { id: string }>;
  updates: Array<CleanPerson & { id: string; rolesChanged: boolean }>;
  unchanged: number;
  objects: Array<PersonObjectState & { userId: string }>;
  retireObjectsOf: string[];
}

/**
 * The roles a person of each kind gets when the 角色 cell is empty, by role code (migration teacher-student-roles):
 * 教师 and 学生. 教职工 have none: their roles differ by post (发布者, 部门负责人 …) and are given in the cell or in
 * 角色管理.
 */
export const DEFAULT_ROLE_CODES: Partial<Record<PersonKind, string>> = { teacher: 'teacher', student: 'student' };

/** The default role of each kind as role ids (a kind whose role does not exist has none). */
export type DefaultRoles = Partial<Record<PersonKind, string>>;

/** The default roles' ids, from the ids of the roles by code (a role an administrator deleted is no default). */
export function defaultRolesOf(roleIdsByCode: ReadonlyMap<string, string>): DefaultRoles {
  const defaults: DefaultRoles = {};
  for (const [kind, code] of Object.entries(DEFAULT_ROLE_CODES) as Array<[PersonKind, string]>) {
    const id = roleIdsByCode.get(code);
    if (id !== undefined) defaults[kind] = id;
  }
  return defaults;
}

/**
 * A person's roles when their 角色 cell is empty; null: leave them as they are. A new person, or one with no role at
 * all, gets their kind's default; one whose only role is their former kind's default gets the new kind's (none for
 * 教职工); roles an administrator gave stay.
 */
export function rolesWhenEmpty(kind: PersonKind, before: { kind: PersonKind; roleIds: readonly string[] } | null, defaults: DefaultRoles): string[] | null {
  const want = defaults[kind] ? [defaults[kind]] : [];
  if (before === null || before.roleIds.length === 0) return want.length > 0 ? want : null;
  const former = defaults[before.kind];
  if (before.kind !== kind && former !== undefined && before.roleIds.length === 1 && before.roleIds[0] === former) return want;
  return null;
}

const KIND_OF_LABEL = new Map(Object.entries(PERSON_KIND_LABELS).map(([kind, label]) => [label, kind as PersonKind]));
const REQUIRED_COLUMNS = PEOPLE_IMPORT_COLUMNS.slice(0, 8);

/** Where each column is in the sheet (by its header), or the problem with the header row. */
export function peopleColumns(header: readonly string[]): { at: Map<string, number> } | { problems: ImportProblem[] } {
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    const name = h.trim();
    if ((PEOPLE_IMPORT_COLUMNS as readonly string[]).includes(name) && !at.has(name)) at.set(name, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length > 0) return { problems: [{ row: 1, reason: `表头缺少「${missing.join('、')}」列，请使用导入模板` }] };
  return { at };
}

/** Checks every row; answers every problem, or the clean people when there is none. */
export function checkPeopleRows(header: readonly string[], rows: readonly SheetRow[], refs: PersonRefs): { problems: ImportProblem[] } | { people: CleanPerson[] } {
  const checker = peopleRowChecker(header, refs);
  if ('problems' in checker) return checker;
  if (rows.length === 0) return { problems: [{ row: 2, reason: '文件中没有数据' }] };
  for (const row of rows) checker.check(row);
  return checker.result();
}

/**
 * The row checks one row at a time (checkPeopleRows in pieces: a caller with 15,000 rows lets other work run between
 * them); remembers the accounts and CAS accounts seen, for the duplicates.
 */
export function peopleRowChecker(
  header: readonly string[],
  refs: PersonRefs,
): { problems: ImportProblem[] } | { check(row: SheetRow): void; result(): { problems: ImportProblem[] } | { people: CleanPerson[] } } {
  const columns = peopleColumns(header);
  if ('problems' in columns) return columns;
  const cellOf = (cells: string[], column: string) => {
    const i = columns.at.get(column);
    return i === undefined ? '' : (cells[i] ?? '');
  };
  const problems: ImportProblem[] = [];
  const people: CleanPerson[] = [];
  const accountRow = new Map<string, number>();
  const casRow = new Map<string, number>();
  const check = ({ row, cells }: SheetRow): void => {
    const reasons: string[] = [];
    const parsed = PersonImportRowSchema.safeParse({
      account: cellOf(cells, '账号'),
      name: cellOf(cells, '姓名'),
      department: cellOf(cells, '部门'),
      kind: cellOf(cells, '人员类型'),
      roles: cellOf(cells, '角色'),
      casUser: cellOf(cells, 'CAS账号'),
      phone: cellOf(cells, '手机'),
      email: cellOf(cells, '邮箱'),
      majorCode: cellOf(cells, '专业代码'),
      className: cellOf(cells, '班级'),
      grade: cellOf(cells, '年级'),
    });
    if (!parsed.success) {
      problems.push({ row, reason: [...new Set(parsed.error.issues.map((i) => i.message))].join('；') });
      return;
    }
    const r = parsed.data;
    const key = r.account.toLowerCase();
    const firstRow = accountRow.get(key);
    if (firstRow !== undefined) reasons.push(`账号「${r.account}」与第${firstRow}行重复`);
    else accountRow.set(key, row);

    let orgId: string | null = null;
    if (r.department !== '') {
      const found = refs.departments.resolve(r.department);
      if ('problem' in found) reasons.push(found.problem);
      else orgId = found.id;
    }
    const kind = KIND_OF_LABEL.get(r.kind)!;

    let roleIds: string[] | null = null;
    const roleNames = [...new Set(r.roles.split(ROLE_SEPARATORS).map((s) => s.trim()).filter((s) => s !== ''))];
    if (roleNames.length > 0) {
      const unknown = roleNames.filter((n) => !refs.roles.has(n));
      if (unknown.length > 0) reasons.push(`角色「${unknown.join('、')}」不存在`);
      roleIds = roleNames.map((n) => refs.roles.get(n)!).filter(Boolean).sort();
    }

    if (r.casUser !== '') {
      const first = casRow.get(r.casUser);
      if (first !== undefined) reasons.push(`CAS账号「${r.casUser}」与第${first}行重复`);
      else casRow.set(r.casUser, row);
      const owner = refs.casOwners.get(r.casUser);
      if (owner !== undefined && owner !== key) reasons.push(`CAS账号「${r.casUser}」已被账号「${owner}」使用`);
    }

    let majorId: string | null = null;
    if (kind === 'student') {
      if (r.majorCode !== '') {
        const found = refs.majors.get(r.majorCode);
        if (found) majorId = found;
        else reasons.push(`专业代码「${r.majorCode}」不存在`);
      }
    } else if (r.majorCode !== '' || r.className !== '' || r.grade !== '') {
      reasons.push('专业代码、班级、年级只适用于学生');
    }

    if (reasons.length > 0) problems.push({ row, reason: reasons.join('；') });
    else
      people.push({
        row,
        account: r.account,
        name: r.name,
        orgId,
        kind,
        roleIds,
        casUser: r.casUser || null,
        phone: r.phone || null,
        email: r.email || null,
        majorId,
        className: kind === 'student' ? r.className || null : null,
        grade: kind === 'student' ? r.grade || null : null,
      });
  };
  return { check, result: () => (problems.length > 0 ? { problems } : { people }) };
}

/** The diagnosis object a person of this kind should have (none for staff). */
export function objectOf(p: CleanPerson, code: string): PersonObjectState | null {
  if (p.kind === 'staff') return null;
  return {
    level: p.kind,
    code,
    name: p.name,
    departmentId: p.orgId,
    upperId: p.kind === 'student' ? p.majorId : null,
    className: p.className,
    grade: p.grade,
    retired: false,
  };
}

const sameObject = (a: PersonObjectState | null, b: PersonObjectState | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.level === b.level &&
    a.code === b.code &&
    a.name === b.name &&
    a.departmentId === b.departmentId &&
    a.upperId === b.upperId &&
    a.className === b.className &&
    a.grade === b.grade &&
    a.retired === b.retired);

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Plans the writes: a person the file names (account, case-insensitive) and the database has is updated when
 * anything the row says differs, else unchanged; the others are created with ids from newId.
 */
export function planPeople(people: readonly CleanPerson[], existing: readonly ExistingPerson[], newId: () => string, defaults: DefaultRoles = {}): PeoplePlan {
  const planner = peoplePlanner(existing, newId, defaults);
  for (const p of people) planner.add(p);
  return planner.plan;
}

/** planPeople one person at a time (a caller with 15,000 people lets other work run between them). */
export function peoplePlanner(existing: readonly ExistingPerson[], newId: () => string, defaults: DefaultRoles = {}): { add(p: CleanPerson): void; plan: PeoplePlan } {
  const byAccount = new Map(existing.map((e) => [e.account.toLowerCase(), e]));
  const plan: PeoplePlan = { creates: [], updates: [], unchanged: 0, objects: [], retireObjectsOf: [] };
  const add = (row: CleanPerson): void => {
    const found = byAccount.get(row.account.toLowerCase());
    const p = row.roleIds === null ? { ...row, roleIds: rolesWhenEmpty(row.kind, found ?? null, defaults) } : row;
    if (!found) {
      const id = newId();
      plan.creates.push({ ...p, id });
      const object = objectOf(p, p.account);
      if (object) plan.objects.push({ ...object, userId: id });
      return;
    }
    // the object keeps the code it has (an administrator may have renamed it); a new one is coded by the account
    const want = objectOf(p, found.object?.code ?? found.account);
    const objectChanged = want ? !sameObject(want, found.object) : found.object !== null && !found.object.retired;
    const rolesChanged = p.roleIds !== null && !sameSet(p.roleIds, found.roleIds);
    const personChanged =
      p.name !== found.name || p.orgId !== found.orgId || p.kind !== found.kind || p.casUser !== found.casUser || p.phone !== found.phone || p.email !== found.email;
    if (want && objectChanged) plan.objects.push({ ...want, userId: found.id });
    if (!want && objectChanged) plan.retireObjectsOf.push(found.id);
    if (personChanged || rolesChanged || objectChanged) plan.updates.push({ ...p, id: found.id, rolesChanged });
    else plan.unchanged++;
  };
  return { add, plan };
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/**
 * An initial password of `length` characters from letters and digits that are hard to mix up (no 0/O, 1/l/I), with
 * at least one letter and one digit (the password rules of 000 §5); pick(n) is a uniform random integer below n.
 */
export function makeInitialPassword(pick: (n: number) => number, length = 12): string {
  const all = LETTERS + DIGITS;
  const chars = Array.from({ length }, () => all[pick(all.length)]!);
  chars[pick(length)] = LETTERS[pick(LETTERS.length)]!;
  let digitAt = pick(length);
  while (/[A-Za-z]/.test(chars[digitAt]!) && chars.filter((c) => /[A-Za-z]/.test(c)).length === 1) digitAt = (digitAt + 1) % length;
  chars[digitAt] = DIGITS[pick(DIGITS.length)]!;
  return chars.join('');
}
