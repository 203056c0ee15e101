// The redirect helper of spec 000 §2: from a view that exists at several levels (school, major,
// course, teacher, student) to the development centre of the right level.
import type { MenuMap } from '../api/types';

export type MenuLevel = 'student' | 'teacher' | 'course' | 'major' | 'school';

/** In the spec's order: with no level given, the last one the person has wins. */
const LEVELS: ReadonlyArray<{ level: MenuLevel; key: string; path: string }> = [
  { level: 'student', key: 'ly_herm_stuDevelopCenter', path: '/stuDevelopCenter' },
  { level: 'teacher', key: 'ly_herm_teachDevelopCenter', path: '/teachDevelopCenter' },
  { level: 'course', key: 'ly_herm_couseDevelopCenter', path: '/couseDevelopCenter' },
  { level: 'major', key: 'ly_herm_majorDevelopCenter', path: '/majorDevelopCenter' },
  { level: 'school', key: 'ly_herm_qualityManagement', path: '/qualityManagement' },
];

/**
 * Where the helper goes: the level's path plus `suffix`; with no level, the path of the last level
 * present in the menu map. Null means no navigation.
 */
export function menuRedirectPath(menus: MenuMap | null | undefined, suffix = '', level?: MenuLevel | null): string | null {
  let path: string | null = null;
  if (level) {
    path = LEVELS.find((l) => l.level === level)?.path ?? null;
  } else {
    for (const l of LEVELS) if (menus?.[l.key]) path = l.path;
  }
  return path === null ? null : `${path}${suffix}`;
}
