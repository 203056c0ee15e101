import { CARD_MODES, LIBRARY_NAME_MAX, TARGET_LEVELS, TREE_LEVEL_MAX, type CardMode, type TargetLevel } from '@zhengai/contracts';

/** Target-standard libraries (目标标准库, spec 001 §2, §3, §6): levels, list modes, who may manage one, point codes. */
export { LIBRARY_NAME_MAX, TARGET_LEVELS, TREE_LEVEL_MAX, type TargetLevel };
export const isTargetLevel = (v: unknown): v is TargetLevel => typeof v === 'string' && (TARGET_LEVELS as readonly string[]).includes(v);

/** The card list modes of 001 §2 that list libraries: live ones, parents, one parent's children, the recycle bin. */
export const LIST_MODES = CARD_MODES;
export type ListMode = CardMode;

export type LibraryAccess = 'write' | 'read' | null;

/** The creator and administrators write; otherwise the strongest grant to the person or one of their role groups. */
export function libraryAccessOf(p: { isAdmin: boolean; isCreator: boolean; granted: LibraryAccess }): LibraryAccess {
  return p.isAdmin || p.isCreator ? 'write' : p.granted;
}

/** Edit, delete, recover and purge belong to the creator (and administrators): 001 §2 "edit and delete show only to the creator". */
export function canManageLibrary(p: { userId: string; isAdmin: boolean; creatorId: string }): boolean {
  return p.isAdmin || p.userId === p.creatorId;
}

export interface ParentCandidate {
  id: string;
  parentId: string | null;
  deleted: boolean;
}

/**
 * Libraries nest one deep (parent cards and child cards): a parent must be live and top-level, a library is never
 * its own parent, and a library that has children cannot become a child.
 */
export function parentRefusal(p: { libraryId: string | null; parent: ParentCandidate | null; hasChildren: boolean }): string | null {
  if (!p.parent) return '上级目标标准不存在';
  if (p.parent.deleted) return '上级目标标准已删除';
  if (p.libraryId !== null && p.parent.id === p.libraryId) return '不能把目标标准设为自己的上级';
  if (p.parent.parentId !== null) return '上级目标标准本身是子库，不能再作为上级';
  if (p.hasChildren) return '该目标标准已有子库，不能再作为子库';
  return null;
}

/** Code prefixes of generated point codes, as the demo libraries have them (XX-001 …). */
export const CODE_PREFIX: Record<TargetLevel, string> = { school: 'XX', major: 'ZY', course: 'KC', teacher: 'JS', student: 'XS' };

/** The next `count` free codes of a level: after the highest PREFIX-number in use, three digits at least. */
export function nextPointCodes(level: TargetLevel, existing: Iterable<string>, count = 1): string[] {
  const prefix = CODE_PREFIX[level];
  const pattern = new RegExp(`^${prefix}-(\\d{1,9})$`);
  const taken = new Set(existing);
  let highest = 0;
  for (const code of taken) {
    const m = pattern.exec(code);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  const codes: string[] = [];
  for (let n = highest + 1; codes.length < count; n++) {
    const code = `${prefix}-${String(n).padStart(3, '0')}`;
    if (!taken.has(code)) codes.push(code);
  }
  return codes;
}
