import { describe, expect, it } from '@jest/globals';
import { ALL_MENUS, menuNode, menusWith } from './fixtures';
import { buildMenuRoutes } from './menu-routes';

describe('buildMenuRoutes', () => {
  it('routes every entry with a component and redirects groups to their first leaf', () => {
    const { pages, redirects } = buildMenuRoutes(ALL_MENUS);
    expect(pages.find((p) => p.path === '/index')).toMatchObject({ component: 'Home', name: '首页' });
    expect(pages.find((p) => p.path === '/qualityManagement/annualWbs/personal')).toMatchObject({ component: 'Placeholder', name: '我的任务' });
    expect(pages.find((p) => p.path === '/link')).toMatchObject({ name: '个人信息中心' });
    expect(redirects).toEqual([
      { path: '/dataScreen', to: '/dataScreen/dynamic' },
      { path: '/qualityManagement', to: '/qualityManagement/standard' },
      { path: '/qualityManagement/annualWbs', to: '/qualityManagement/annualWbs/personal' },
      { path: '/dataManage', to: '/dataManage/department' },
    ]);
  });

  it('lets a centre\'s overview, its group\'s first leaf on the group\'s own path, answer that path (no redirect to itself)', () => {
    const { pages, redirects } = buildMenuRoutes(ALL_MENUS);
    expect(redirects.some((r) => r.path === '/majorDevelopCenter')).toBe(false);
    expect(pages.filter((p) => p.path.startsWith('/majorDevelopCenter')).map((p) => [p.path, p.component, p.key])).toEqual([
      ['/majorDevelopCenter', 'DevelopCentre', 'ly_herm_majorDevelopCenter_overview'],
      ['/majorDevelopCenter/standard', 'Standard', 'ly_herm_majorDevelopCenter_standard'],
      ['/majorDevelopCenter/improvement', 'Improvement', 'ly_herm_majorDevelopCenter_improvement'],
    ]);
    // a centre holding only some pages keeps its overview first
    const menus = { ly_herm_majorDevelopCenter: { ...ALL_MENUS.ly_herm_majorDevelopCenter, children: ALL_MENUS.ly_herm_majorDevelopCenter.children.slice(0, 1) } };
    expect(buildMenuRoutes(menus).pages.map((p) => p.path)).toEqual(['/majorDevelopCenter', '/index']);
  });

  it('redirects to a leaf deeper down when the first children are groups', () => {
    const menus = menusWith('ly_herm_homePage');
    menus.ly_herm_qualityManagement = menuNode('ly_herm_qualityManagement', '内部质量管理', '/qualityManagement', null, [
      menuNode('a', '空组', '/qualityManagement/a', null),
      menuNode('b', '组', '/qualityManagement/b', null, [menuNode('c', '页', '/qualityManagement/b/c', 'Placeholder')]),
    ]);
    const { redirects } = buildMenuRoutes(menus);
    expect(redirects).toContainEqual({ path: '/qualityManagement', to: '/qualityManagement/b/c' });
    expect(redirects).toContainEqual({ path: '/qualityManagement/a', to: '/index' });
  });

  it('redirects a group without leaves to /index, and always has /index', () => {
    const menus = { ly_herm_dataManagement: menuNode('ly_herm_dataManagement', '数据管理', '/dataManage', null) };
    const { pages, redirects } = buildMenuRoutes(menus);
    expect(redirects).toEqual([{ path: '/dataManage', to: '/index' }]);
    expect(pages).toEqual([{ path: '/index', component: 'Home', name: '首页', key: 'ly_herm_homePage' }]);
    expect(buildMenuRoutes(undefined).pages.map((p) => p.path)).toEqual(['/index']);
  });

  it('routes /dashboards only with the home-page group', () => {
    expect(buildMenuRoutes(menusWith('ly_herm_homePage')).pages.map((p) => [p.path, p.name])).toEqual([
      ['/index', '首页'],
      ['/dashboards', '仪表盘自定义'],
    ]);
    expect(buildMenuRoutes(menusWith('ly_herm_majorDevelopCenter')).pages.map((p) => p.path)).not.toContain('/dashboards');
  });

  it('opens an entry with an outside address in the iframe page, and keeps the placeholder without one', () => {
    const menus = {
      ...menusWith('ly_herm_couseDevelopCenter'),
      ly_herm_PerformanceAppraisal: { ...ALL_MENUS.ly_herm_PerformanceAppraisal!, externalUrl: 'https://jxkh.example.cn/' },
    };
    const pages = buildMenuRoutes(menus).pages;
    expect(pages.find((p) => p.path === '/linkjxkh')).toEqual({
      path: '/linkjxkh', component: 'Iframe', name: '绩效考核', key: 'ly_herm_PerformanceAppraisal', externalUrl: 'https://jxkh.example.cn/',
    });
    expect(pages.find((p) => p.path === '/couseDevelopCenter')?.component).toBe('Placeholder');
  });
});
