import type { ObjectAction } from '@zhengai/contracts';

/**
 * Who may do what with diagnosis objects: the one definition. The 质量办's administrators manage the objects (add,
 * edit, retire, restore, import); the year-target publisher, who launches diagnoses, reads them (lists and pickers).
 * Nobody else reads them here: owners see their objects through their tasks. The page asks `allowedActions` and shows
 * only those buttons; every route checks the same table.
 */
export type ObjectRole = 'admin' | 'publisher';

/** Role codes (role.code) as this table names them. */
export const OBJECT_ROLE_CODES: Record<ObjectRole, string> = { admin: 'admin', publisher: 'yearTargetPublisher' };

export const OBJECT_RIGHTS_OF: Record<ObjectRole, readonly ObjectAction[]> = {
  admin: ['read', 'add', 'edit', 'retire', 'restore', 'import'],
  publisher: ['read'],
};

/** The actions a person with these role codes may take. */
export function allowedActions(roleCodes: readonly string[]): ObjectAction[] {
  const actions = new Set<ObjectAction>();
  for (const role of Object.keys(OBJECT_RIGHTS_OF) as ObjectRole[]) {
    if (roleCodes.includes(OBJECT_ROLE_CODES[role])) for (const a of OBJECT_RIGHTS_OF[role]) actions.add(a);
  }
  return [...actions];
}

export function mayDo(roleCodes: readonly string[], action: ObjectAction): boolean {
  return allowedActions(roleCodes).includes(action);
}
