// The login user's menu map (spec 000 §2, §6): which top-menu entries a person sees and what sits
// under each. Pure functions over the map; the layout and the route builder use them.
import type { MenuMap, MenuNode } from '../api/types';

export interface TopMenuEntry {
  /** group key of the menu map */
  key: string;
  path: string;
  /** default label; the server's menu name wins */
  name: string;
}

/** The top menu of spec 000 §2, in its order. */
export const TOP_MENU: readonly TopMenuEntry[] = [
  { key: 'ly_herm_homePage', path: '/index', name: '首页' },
  { key: 'ly_herm_dataScreen', path: '/dataScreen', name: '数据大屏' },
  { key: 'ly_herm_qualityManagement', path: '/qualityManagement', name: '内部质量管理' },
  { key: 'ly_herm_majorDevelopCenter', path: '/majorDevelopCenter', name: '专业发展中心' },
  // the path is spelled so
  { key: 'ly_herm_couseDevelopCenter', path: '/couseDevelopCenter', name: '课程发展中心' },
  { key: 'ly_herm_teachDevelopCenter', path: '/teachDevelopCenter', name: '教师发展中心' },
  { key: 'ly_herm_stuDevelopCenter', path: '/stuDevelopCenter', name: '学生发展中心' },
  { key: 'ly_herm_intelligentAnalysis', path: '/analysis', name: '智能分析' },
  { key: 'ly_herm_dataCollection', path: '/dataCollection', name: '数据采集' },
  { key: 'ly_herm_dataManagement', path: '/dataManage', name: '数据管理' },
  { key: 'ly_herm_PersonalInformationCenter', path: '/link', name: '个人信息中心' },
  { key: 'ly_herm_PerformanceAppraisal', path: '/linkjxkh', name: '绩效考核' },
];

/** Routed when the home-page group exists, never shown in the top bar. */
export const DASHBOARDS_ENTRY: TopMenuEntry = { key: 'ly_herm_homePage', path: '/dashboards', name: '仪表盘自定义' };

export const DATA_SCREEN_PATH = '/dataScreen';

function* walk(nodes: Iterable<MenuNode>): Generator<MenuNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children ?? []);
  }
}

/** Every node of the map, groups before their children. */
export function allMenuNodes(menus: MenuMap | null | undefined): MenuNode[] {
  return [...walk(Object.values(menus ?? {}))];
}

/** Whether the person has the menu `key`, as a group or anywhere below one. */
export function hasMenu(menus: MenuMap | null | undefined, key: string): boolean {
  if (!menus) return false;
  if (key in menus) return true;
  return allMenuNodes(menus).some((node) => node.key === key);
}

/** The top-menu entries the person sees, labelled with the server's names. */
export function visibleTopMenu(menus: MenuMap | null | undefined): TopMenuEntry[] {
  if (!menus) return [];
  return TOP_MENU.filter((entry) => menus[entry.key]).map((entry) => ({ ...entry, name: menus[entry.key].name || entry.name }));
}

/** '/qualityManagement/standard?x=1' → '/qualityManagement': the selected top-menu item. */
export function firstSegment(pathname: string): string {
  const segment = pathname.split(/[?#]/)[0].split('/').find((part) => part !== '');
  return segment ? `/${segment}` : '/';
}

/** The menu group of the top-menu entry the path belongs to, if the person has it. */
export function groupForPath(menus: MenuMap | null | undefined, pathname: string): MenuNode | null {
  const entry = TOP_MENU.find((e) => e.path === firstSegment(pathname));
  return (entry && menus?.[entry.key]) || null;
}

/**
 * The keys (paths) from the group down to the deepest node whose path is a prefix of `pathname`; among siblings the
 * longest path wins (a centre's overview has the centre's path, a prefix of its other pages').
 */
export function menuTrail(group: MenuNode | null, pathname: string): string[] {
  const trail: string[] = [];
  let nodes = group?.children ?? [];
  for (;;) {
    const next = nodes
      .filter((n) => pathname === n.path || pathname.startsWith(`${n.path}/`))
      .reduce<MenuNode | undefined>((best, n) => (best && best.path.length >= n.path.length ? best : n), undefined);
    if (!next) return trail;
    trail.push(next.path);
    nodes = next.children ?? [];
  }
}
