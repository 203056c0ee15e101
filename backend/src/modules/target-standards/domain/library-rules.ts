import { CARD_MODES, LIBRARY_NAME_MAX, TARGET_LEVELS, TREE_LEVEL_MAX, type CardMode, type TargetLevel } from '@zhengai/contracts';

/** Target-standard libraries (目标标准库, spec 001 §2, §3, §6): levels, list modes, who may manage one, point codes. */
export { LIBRARY_NAME_MAX, TARGET_LEVELS, TREE_LEVEL_MAX, type TargetLevel };
export const isTargetLevel = (v: unknown): v is TargetLevel => typeof v === 'string' && (TARGET_LEVELS as readonly string[]).includes(v);

/** The card list modes of 001 §2 that list libraries: live ones, parents, one parent's children, the recycle bin. */
export const LIST_MODES = CARD_MODES;
export type ListMode = CardMode;

export type LibraryAccess = 'write' | 'read' | null;

/** How a person stands to a library: administrator, its creator, a write or a read grant (to them or a role group of theirs). */
export type LibraryRelation = 'admin' | 'creator' | 'writeGrant' | 'readGrant';

/**
 * read: see its card, catalogue and points; write: change its catalogue, points, sync and inherit; addChild: make a
 * library its child; grant: list and change its grants; manage: edit, delete, recover and purge the library itself.
 */
export const LIBRARY_RIGHTS = ['read', 'write', 'addChild', 'grant', 'manage'] as const;
export type LibraryRight = (typeof LIBRARY_RIGHTS)[number];
export type LibraryRights = Record<LibraryRight, boolean>;

/**
 * The one table of who may do what with a library (module README "Who may do what"). Every relation reads, so the
 * card list's "some relation holds" (SQL: administrator, creator or a grant) is "reads". Adding a child writes into
 * the parent: a read grant does not (issue 30). 001 §2: edit and delete show only to the creator.
 */
export const LIBRARY_RIGHTS_OF: Readonly<Record<LibraryRelation, readonly LibraryRight[]>> = {
  admin: ['read', 'write', 'addChild', 'grant', 'manage'],
  creator: ['read', 'write', 'addChild', 'grant', 'manage'],
  writeGrant: ['read', 'write', 'addChild', 'grant'],
  readGrant: ['read'],
};

/** The relations of a person to a library; the grant counts only where the person is neither administrator nor creator. */
export function libraryRelationsOf(p: { isAdmin: boolean; isCreator: boolean; granted: LibraryAccess }): LibraryRelation[] {
  const out: LibraryRelation[] = [];
  if (p.isAdmin) out.push('admin');
  if (p.isCreator) out.push('creator');
  if (out.length === 0 && p.granted === 'write') out.push('writeGrant');
  if (out.length === 0 && p.granted === 'read') out.push('readGrant');
  return out;
}

/**
 * What the relations allow. A library in the recycle bin takes no writes (recover it first): only read and manage
 * stay, for whoever may manage it.
 */
export function libraryRightsOf(relations: readonly LibraryRelation[], deleted = false): LibraryRights {
  const held = new Set(relations.flatMap((r) => LIBRARY_RIGHTS_OF[r]));
  const rights = Object.fromEntries(LIBRARY_RIGHTS.map((r) => [r, held.has(r)])) as LibraryRights;
  if (deleted) {
    const manages = rights.manage;
    return { read: manages, write: false, addChild: false, grant: false, manage: manages };
  }
  return rights;
}

/** The creator and administrators write; otherwise the strongest grant to the person or one of their role groups. */
export function libraryAccessOf(p: { isAdmin: boolean; isCreator: boolean; granted: LibraryAccess }): LibraryAccess {
  const rights = libraryRightsOf(libraryRelationsOf(p));
  return rights.write ? 'write' : rights.read ? 'read' : null;
}

/** Edit, delete, recover and purge belong to the creator (and administrators): 001 §2 "edit and delete show only to the creator". */
export function canManageLibrary(p: { userId: string; isAdmin: boolean; creatorId: string }): boolean {
  return libraryRightsOf(libraryRelationsOf({ isAdmin: p.isAdmin, isCreator: p.userId === p.creatorId, granted: null })).manage;
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
