// Pure helpers over the department tree (spec 000 §3, §5) for the department and user screens.
import type { DepartmentNode, DepartmentShortName } from '../../api/types';

/** What the department screen shows of one department. */
export interface DepartmentInfo {
  departmentId: string;
  departmentName: string;
  parentId: string | null;
  parentName: string | null;
  chargeUserId: string | null;
  chargeUserName: string | null;
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
  childNames: string[];
}

/** A node for antd's TreeSelect. */
export interface DepartmentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: DepartmentOption[];
}

/** Unknown values display 未知 (spec 000 §9). */
export const UNKNOWN = '未知';

/** The text with every regular-expression character escaped, to be matched literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The department name filter of spec 000 §5: a case-sensitive match on the escaped text. */
export function nameMatches(name: string, keyword: string): boolean {
  return new RegExp(escapeRegExp(keyword)).test(name);
}

/**
 * The tree cut down to the departments whose name matches, keeping their ancestors so each match
 * stays where it is. A blank keyword keeps everything.
 */
export function filterDepartments(tree: DepartmentNode[], keyword: string): DepartmentNode[] {
  if (!keyword) return tree;
  const keep = (nodes: DepartmentNode[]): DepartmentNode[] =>
    nodes.flatMap((node) => {
      const childrens = keep(node.childrens ?? []);
      return nameMatches(node.departmentName, keyword) || childrens.length ? [{ ...node, childrens }] : [];
    });
  return keep(tree);
}

/** Every department, depth first in display order. */
export function flattenDepartments(tree: DepartmentNode[]): DepartmentNode[] {
  return tree.flatMap((node) => [node, ...flattenDepartments(node.childrens ?? [])]);
}

/** The ids of the departments that have sub-departments (what "expand all" opens). */
export function parentIds(tree: DepartmentNode[]): string[] {
  return flattenDepartments(tree)
    .filter((node) => node.childrens?.length)
    .map((node) => node.departmentId);
}

/** The department and everything below it; empty when it is not in the tree. */
export function subtreeIds(tree: DepartmentNode[], id: string): Set<string> {
  const root = flattenDepartments(tree).find((node) => node.departmentId === id);
  return new Set(root ? flattenDepartments([root]).map((node) => node.departmentId) : []);
}

/** Every department by id, with its parent's name, its short names and the names of its sub-departments. */
export function indexDepartments(tree: DepartmentNode[], shortNames: DepartmentShortName[] = []): Map<string, DepartmentInfo> {
  const short = new Map(shortNames.map((s) => [s.departId, s]));
  const index = new Map<string, DepartmentInfo>();
  const visit = (nodes: DepartmentNode[], parent: DepartmentNode | null) => {
    for (const node of nodes) {
      const names = short.get(node.departmentId);
      index.set(node.departmentId, {
        departmentId: node.departmentId,
        departmentName: node.departmentName,
        parentId: parent?.departmentId ?? null,
        parentName: parent?.departmentName ?? null,
        chargeUserId: node.chargeUserId ?? null,
        chargeUserName: node.chargeUserName ?? null,
        shortNameChinese: names?.shortNameChinese ?? null,
        shortNameEnglish: names?.shortNameEnglish ?? null,
        childNames: (node.childrens ?? []).map((child) => child.departmentName),
      });
      visit(node.childrens ?? [], node);
    }
  };
  visit(tree, null);
  return index;
}

/** The tree as TreeSelect options; `disabled` ids cannot be picked (a department cannot move under itself). */
export function departmentOptions(tree: DepartmentNode[], disabled: Set<string> = new Set()): DepartmentOption[] {
  return tree.map((node) => ({
    value: node.departmentId,
    title: node.departmentName,
    ...(disabled.has(node.departmentId) ? { disabled: true } : {}),
    children: departmentOptions(node.childrens ?? [], disabled),
  }));
}

/** The name split around the first match of the keyword, for highlighting; no match leaves it whole. */
export function splitMatch(name: string, keyword: string): { before: string; match: string; after: string } | null {
  if (!keyword) return null;
  const found = new RegExp(escapeRegExp(keyword)).exec(name);
  if (!found) return null;
  return { before: name.slice(0, found.index), match: found[0], after: name.slice(found.index + found[0].length) };
}
