import type { MenuGrant } from './menu-tree.js';

/** The levels whose objects have a responsible person (diagnosis_object.responsible_id) who reads the objects below. */
export type ResponsibleLevel = 'major' | 'course';

/**
 * A centre a responsible person opens by that fact, beside their roles' grants (issue 33: "a major's or course's
 * responsible person [sees] their own and the objects below"): a major's responsible person the major, course and
 * student centres (its courses and students, CENTRE_READS' upperResponsible), a course's the course centre. The
 * overview is granted (it brings its centre group); the centre's other pages still come from roles.
 */
const RESPONSIBLE_CENTRE_MENUS: Record<ResponsibleLevel, readonly string[]> = {
  major: ['ly_herm_majorDevelopCenter_overview', 'ly_herm_couseDevelopCenter_overview', 'ly_herm_stuDevelopCenter_overview'],
  course: ['ly_herm_couseDevelopCenter_overview'],
};

/** The roles' grants and, read-only, the centres the person opens as a responsible person (a role's grant wins). */
export function withResponsibleMenus(granted: readonly MenuGrant[], responsibleFor: Iterable<ResponsibleLevel>): MenuGrant[] {
  const held = new Set(granted.map((g) => g.key));
  const extra = new Set<string>();
  for (const level of responsibleFor) for (const key of RESPONSIBLE_CENTRE_MENUS[level]) if (!held.has(key)) extra.add(key);
  return [...granted, ...[...extra].map((key) => ({ key, canWrite: false }))];
}
