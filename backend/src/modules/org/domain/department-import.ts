import { DEPARTMENT_IMPORT_COLUMNS, DepartmentImportRowSchema, type ImportProblem } from '@zhengai/contracts';
import { pathNames, PATH_SEPARATOR } from './department-paths.js';
import type { SheetRow } from './people-import.js';

/**
 * The department import (issue 32), all or nothing like the people import. A department is known by its name under
 * its parent: a row whose 上级部门 and 名称 match a department there is updates its 简称 and 负责人 (an empty cell
 * clears them); any other row creates one. 上级部门 names a department of the file or of the platform, by name (a
 * row of the file first) or by a path (the full path from the top or its last names, `机电学院/办公室`); a parent may come later in the file than its children.
 * Rows whose parents lead round in a circle are refused. Moving a department stays 部门管理's work.
 */

export interface ExistingDepartment {
  id: string;
  name: string;
  parentId: string | null;
  shortName: string | null;
  chargeUserId: string | null;
}

export interface DepartmentWrite {
  id: string;
  name: string;
  parentId: string | null;
  shortName: string | null;
  chargeUserId: string | null;
}

export interface DepartmentPlan {
  creates: DepartmentWrite[];
  updates: DepartmentWrite[];
  unchanged: number;
}

interface Row {
  row: number;
  name: string;
  shortName: string | null;
  parent: string;
  headAccount: string;
}

type Outcome = { id: string | null } | { problem: string };

export function departmentColumns(header: readonly string[]): { at: number[] } | { problems: ImportProblem[] } {
  const cells = header.map((h) => h.trim());
  const at = DEPARTMENT_IMPORT_COLUMNS.map((c) => cells.indexOf(c));
  const missing = DEPARTMENT_IMPORT_COLUMNS.filter((_, i) => at[i] === -1);
  if (missing.length > 0) return { problems: [{ row: 1, reason: `表头缺少「${missing.join('、')}」列，请使用导入模板` }] };
  return { at };
}

/**
 * Checks the rows and plans the writes. heads: account (lower case) → user id. newId gives the id of a department
 * to create.
 */
export function planDepartmentImport(
  header: readonly string[],
  sheetRows: readonly SheetRow[],
  existing: readonly ExistingDepartment[],
  heads: ReadonlyMap<string, string>,
  newId: () => string,
): { problems: ImportProblem[] } | DepartmentPlan {
  const columns = departmentColumns(header);
  if ('problems' in columns) return columns;
  if (sheetRows.length === 0) return { problems: [{ row: 2, reason: '文件中没有数据' }] };
  const problems = new Map<number, string[]>();
  const addProblem = (row: number, reason: string) => {
    const list = problems.get(row) ?? [];
    if (!list.includes(reason)) list.push(reason);
    problems.set(row, list);
  };

  const rows: Row[] = [];
  for (const { row, cells } of sheetRows) {
    const [name, shortName, parent, headAccount] = columns.at.map((i) => cells[i] ?? '');
    const parsed = DepartmentImportRowSchema.safeParse({ name, shortName, parent, headAccount });
    if (!parsed.success) addProblem(row, [...new Set(parsed.error.issues.map((i) => i.message))].join('；'));
    else rows.push({ row, name: parsed.data.name, shortName: parsed.data.shortName || null, parent: parsed.data.parent, headAccount: parsed.data.headAccount });
  }

  const existingIds = new Set(existing.map((d) => d.id));
  const existingById = new Map(existing.map((d) => [d.id, d]));
  const existingChildren = new Map<string | null, ExistingDepartment[]>();
  for (const d of existing) {
    const parent = d.parentId && existingIds.has(d.parentId) ? d.parentId : null;
    existingChildren.set(parent, [...(existingChildren.get(parent) ?? []), d]);
  }
  const existingByName = new Map<string, ExistingDepartment[]>();
  for (const d of existing) existingByName.set(d.name, [...(existingByName.get(d.name) ?? []), d]);
  const rowsByName = new Map<string, number[]>();
  rows.forEach((r, i) => rowsByName.set(r.name, [...(rowsByName.get(r.name) ?? []), i]));

  const newIds = rows.map(() => newId());
  const identity = new Map<number, Outcome>();
  const parentOf = new Map<number, Outcome>();
  const visiting = new Set<number>();
  const resolvingParent = new Set<number>();
  const CYCLE = '上级部门形成循环';

  // The department row i is: an existing one (same name under the same parent) or the new one it creates.
  const identityOf = (i: number): Outcome => {
    const known = identity.get(i);
    if (known) return known;
    if (visiting.has(i)) return { problem: CYCLE };
    visiting.add(i);
    const parent = parentOfRow(i);
    visiting.delete(i);
    let outcome: Outcome;
    if ('problem' in parent) outcome = parent;
    else if (parent.id === null || existingIds.has(parent.id)) {
      const match = (existingChildren.get(parent.id) ?? []).find((d) => d.name === rows[i]!.name);
      outcome = { id: match ? match.id : newIds[i]! };
    } else outcome = { id: newIds[i]! };
    identity.set(i, outcome);
    return outcome;
  };

  const parentOfRow = (i: number): Outcome => {
    const known = parentOf.get(i);
    if (known) return known;
    if (resolvingParent.has(i)) return { problem: CYCLE };
    resolvingParent.add(i);
    const text = rows[i]!.parent;
    const outcome: Outcome = text === '' ? { id: null } : resolveRef(text);
    resolvingParent.delete(i);
    parentOf.set(i, outcome);
    return outcome;
  };

  const resolveRef = (text: string): Outcome => {
    const names = pathNames(text);
    if (names.length === 1) {
      const name = names[0]!;
      const inFile = rowsByName.get(name) ?? [];
      if (inFile.length > 1) return { problem: `上级部门「${name}」在文件中有重名，请填写完整路径（如 机电学院${PATH_SEPARATOR}办公室）` };
      if (inFile.length === 1) return identityOf(inFile[0]!);
      const there = existingByName.get(name) ?? [];
      if (there.length === 1) return { id: there[0]!.id };
      if (there.length > 1) return { problem: `上级部门「${name}」有重名，请填写完整路径（如 ${pathOf(there[0]!.id)}）` };
      return { problem: `上级部门「${name}」不存在` };
    }
    // a path: the department named last whose parents, nearest first, have the names before it
    const last = names[names.length - 1]!;
    const candidates = new Map<string, number | null>();
    for (const d of existingByName.get(last) ?? []) candidates.set(d.id, null);
    for (const j of rowsByName.get(last) ?? []) {
      const id = identityOf(j);
      if ('problem' in id) {
        if (id.problem === CYCLE) return id;
        continue;
      }
      candidates.set(id.id!, j);
    }
    const matches = [...candidates.keys()].filter((id) => {
      let at: string | null = id;
      for (let k = names.length - 2; k >= 0; k--) {
        at = parentIdOf(at!);
        if (at === null || nameOf(at) !== names[k]) return false;
      }
      return true;
    });
    if (matches.length === 1) return { id: matches[0]! };
    if (matches.length === 0) return { problem: `上级部门「${names.join(PATH_SEPARATOR)}」不存在` };
    return { problem: `上级部门「${names.join(PATH_SEPARATOR)}」有重名，请填写更完整的路径` };
  };

  // a department's parent and name, for a path: an existing one's as stored, a new one's as its row says
  const rowOfNewId = new Map(newIds.map((id, i) => [id, i]));
  const parentIdOf = (id: string): string | null => {
    const row = rowOfNewId.get(id);
    if (row === undefined) return existingById.get(id)?.parentId ?? null;
    const parent = parentOfRow(row);
    return 'problem' in parent ? null : parent.id;
  };
  const nameOf = (id: string): string => {
    const row = rowOfNewId.get(id);
    return row === undefined ? (existingById.get(id)?.name ?? '') : rows[row]!.name;
  };

  const pathOf = (id: string): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at = existingById.get(id); at && !seen.has(at.id); at = at.parentId ? existingById.get(at.parentId) : undefined) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names.join(PATH_SEPARATOR);
  };

  const plan: DepartmentPlan = { creates: [], updates: [], unchanged: 0 };
  const rowOfIdentity = new Map<string, number>();
  rows.forEach((r, i) => {
    const id = identityOf(i);
    if ('problem' in id) return addProblem(r.row, id.problem);
    const parent = parentOfRow(i) as { id: string | null };
    // two rows of one name under one parent are one department
    const key = `${parent.id ?? ''}\u0000${r.name}`;
    const first = rowOfIdentity.get(key);
    if (first !== undefined) return addProblem(r.row, `部门「${r.name}」与第${first}行重复`);
    rowOfIdentity.set(key, r.row);
    const chargeUserId = r.headAccount === '' ? null : (heads.get(r.headAccount.toLowerCase()) ?? null);
    if (r.headAccount !== '' && !chargeUserId) return addProblem(r.row, `负责人账号「${r.headAccount}」不存在`);
    const write: DepartmentWrite = { id: id.id!, name: r.name, parentId: parent.id, shortName: r.shortName, chargeUserId };
    const there = existingById.get(id.id!);
    if (!there) plan.creates.push(write);
    else if (there.shortName !== write.shortName || there.chargeUserId !== write.chargeUserId) plan.updates.push(write);
    else plan.unchanged++;
  });
  if (problems.size > 0) return { problems: [...problems.entries()].sort(([a], [b]) => a - b).map(([row, reasons]) => ({ row, reason: reasons.join('；') })) };
  return plan;
}
