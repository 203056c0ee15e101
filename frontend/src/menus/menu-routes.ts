// The generic route builder of spec 000 §2: menu entries with a component become pages; a group
// without one redirects to its first leaf page, or to /index when it has none (a leaf with the group's own path, such
// as a development centre's overview, is the group's page itself).
import type { MenuMap, MenuNode } from '../api/types';
import { DASHBOARDS_ENTRY, allMenuNodes } from './menus';

export const HOME_PATH = '/index';

export interface MenuPage {
  path: string;
  /** page name, e.g. 'Home' or 'Placeholder' */
  component: string;
  /** menu name: the page title and the tab label */
  name: string;
  key: string;
  /** an outside address the page shows in an iframe (component 'Iframe') */
  externalUrl?: string;
}

/** The page of an entry with an outside address (000 §2 embedded iframe page). */
export const IFRAME_COMPONENT = 'Iframe';

export interface MenuRedirect {
  path: string;
  to: string;
}

export interface MenuRoutes {
  pages: MenuPage[];
  redirects: MenuRedirect[];
}

/** The first entry below `node` (depth first) that has a component. */
export function firstLeafPage(node: MenuNode): MenuNode | null {
  for (const child of node.children ?? []) {
    if (child.component && child.path) return child;
    const below = firstLeafPage(child);
    if (below) return below;
  }
  return null;
}

export function buildMenuRoutes(menus: MenuMap | null | undefined): MenuRoutes {
  const pages: MenuPage[] = [];
  const redirects: MenuRedirect[] = [];
  const taken = new Set<string>();
  for (const node of allMenuNodes(menus)) {
    // one route a path: the first entry naming it wins
    if (!node.path || taken.has(node.path)) continue;
    taken.add(node.path);
    if (node.externalUrl) {
      // an administrator pointed the entry to another system: it opens inside the shell, whatever its own page
      pages.push({ path: node.path, component: IFRAME_COMPONENT, name: node.name, key: node.key, externalUrl: node.externalUrl });
    } else if (node.component) {
      pages.push({ path: node.path, component: node.component, name: node.name, key: node.key });
    } else {
      const leaf = firstLeafPage(node);
      // a group whose first leaf keeps the group's path (a centre's overview): the leaf's page answers the path
      if (leaf?.path === node.path) taken.delete(node.path);
      else redirects.push({ path: node.path, to: leaf?.path ?? HOME_PATH });
    }
  }
  if (menus?.[DASHBOARDS_ENTRY.key] && !taken.has(DASHBOARDS_ENTRY.path)) {
    taken.add(DASHBOARDS_ENTRY.path);
    pages.push({ path: DASHBOARDS_ENTRY.path, component: 'Dashboards', name: DASHBOARDS_ENTRY.name, key: 'dashboards' });
  }
  // every redirect ends at /index at worst, so it always exists
  if (!taken.has(HOME_PATH)) pages.push({ path: HOME_PATH, component: 'Home', name: '首页', key: 'ly_herm_homePage' });
  return { pages, redirects };
}
