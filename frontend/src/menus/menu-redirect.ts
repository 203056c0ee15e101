// The redirect helper of spec 000 §2: from a view that exists at several levels (school, major,
// course, teacher, student) to the development centre of the right level.
import { CENTRE_LEVELS, CENTRES, type CentreLevel } from '@zhengai/contracts';
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

/**
 * The centre whose path `path` is (or starts), or null: the level a page under a centre is scoped to (its 目标标准,
 * 诊断改进, 监测预警 and 质量报告, issue 33); null is 内部质量管理, the whole school's.
 */
export function centreLevelOfPath(path: string): CentreLevel | null {
  return CENTRE_LEVELS.find((l) => path === CENTRES[l].path || path.startsWith(`${CENTRES[l].path}/`)) ?? null;
}
