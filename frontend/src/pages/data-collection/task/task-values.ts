// Plain values of the 采集任务 screen: the collection rate, the department tree as TreeSelect data, the auditor the
// allocation proposes (the department's head).
import type { DepartmentNode } from '@zhengai/contracts';
import { progressValue } from '../../../utils/formatters';

/** 采集率: filled / allocated as a percentage text ('0' when either is zero). */
export function collectionRate(task: { filled: number; allocated: number }): string {
  return progressValue(task.filled, task.allocated);
}

export interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

export function departmentOptions(nodes: readonly DepartmentNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.departmentId, title: n.departmentName, children: departmentOptions(n.childrens ?? []) }));
}

/** Every department of the tree by id. */
export function departmentIndex(nodes: readonly DepartmentNode[], into = new Map<string, DepartmentNode>()): Map<string, DepartmentNode> {
  for (const n of nodes) {
    into.set(n.departmentId, n);
    departmentIndex(n.childrens ?? [], into);
  }
  return into;
}

/** The auditor proposed for the chosen departments: the head of the first one that has a head. */
export function proposedAuditor(departmentIds: readonly string[], index: ReadonlyMap<string, DepartmentNode>): { id: string; name: string } | null {
  for (const id of departmentIds) {
    const d = index.get(id);
    if (d?.chargeUserId) return { id: d.chargeUserId, name: d.chargeUserName ?? d.chargeUserId };
  }
  return null;
}
