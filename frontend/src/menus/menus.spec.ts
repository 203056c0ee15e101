import { describe, expect, it } from '@jest/globals';
import { ALL_MENUS, menusWith } from './fixtures';
import { TOP_MENU, firstSegment, groupForPath, hasMenu, menuTrail, visibleTopMenu } from './menus';

describe('visibleTopMenu', () => {
  it('shows an entry only when its group is in the map, in the spec order, never /dashboards', () => {
    const menus = menusWith('ly_herm_couseDevelopCenter', 'ly_herm_homePage', 'ly_herm_qualityManagement');
    expect(visibleTopMenu(menus).map((e) => [e.path, e.name])).toEqual([
      ['/index', '首页'],
      ['/qualityManagement', '内部质量管理'],
      ['/couseDevelopCenter', '课程发展中心'],
    ]);
    expect(visibleTopMenu(ALL_MENUS)).toHaveLength(12);
    expect(visibleTopMenu(ALL_MENUS).some((e) => e.path === '/dashboards')).toBe(false);
    expect(visibleTopMenu(undefined)).toEqual([]);
  });

  it('takes the label from the server, the default when it has none', () => {
    const menus = { ly_herm_homePage: { ...ALL_MENUS.ly_herm_homePage, name: '工作台' }, ly_herm_dataScreen: { ...ALL_MENUS.ly_herm_dataScreen, name: '' } };
    expect(visibleTopMenu(menus).map((e) => e.name)).toEqual(['工作台', '数据大屏']);
  });

  it('has the twelve entries of the spec', () => {
    expect(TOP_MENU.map((e) => e.path)).toEqual([
      '/index',
      '/dataScreen',
      '/qualityManagement',
      '/majorDevelopCenter',
      '/couseDevelopCenter',
      '/teachDevelopCenter',
      '/stuDevelopCenter',
      '/analysis',
      '/dataCollection',
      '/dataManage',
      '/link',
      '/linkjxkh',
    ]);
  });
});

describe('firstSegment and groupForPath', () => {
  it('selects the top-menu item by the first path segment', () => {
    expect(firstSegment('/qualityManagement/annualWbs/personal')).toBe('/qualityManagement');
    expect(firstSegment('/index?x=1')).toBe('/index');
    expect(firstSegment('/')).toBe('/');
    expect(groupForPath(ALL_MENUS, '/dataManage/user')?.key).toBe('ly_herm_dataManagement');
    expect(groupForPath(menusWith('ly_herm_homePage'), '/dataManage/user')).toBeNull();
    expect(groupForPath(ALL_MENUS, '/unknown')).toBeNull();
  });
});

describe('hasMenu', () => {
  it('finds group keys and keys anywhere below them', () => {
    expect(hasMenu(ALL_MENUS, 'ly_herm_dataScreen')).toBe(true);
    expect(hasMenu(ALL_MENUS, 'ly_herm_annual_wbs_departemnt_task')).toBe(true);
    expect(hasMenu(menusWith('ly_herm_homePage'), 'ly_herm_annual_wbs')).toBe(false);
    expect(hasMenu(null, 'ly_herm_homePage')).toBe(false);
  });
});

describe('menuTrail', () => {
  it('lists the sidebar keys from the group down to the current page', () => {
    const group = ALL_MENUS.ly_herm_qualityManagement;
    expect(menuTrail(group, '/qualityManagement/annualWbs/personal')).toEqual([
      '/qualityManagement/annualWbs',
      '/qualityManagement/annualWbs/personal',
    ]);
    expect(menuTrail(group, '/qualityManagement/standard/detail/3')).toEqual(['/qualityManagement/standard']);
    expect(menuTrail(group, '/qualityManagement/standardX')).toEqual([]);
    expect(menuTrail(null, '/index')).toEqual([]);
  });

  it('picks the longest path among siblings: a centre\'s overview has the centre\'s path, a prefix of its pages\'', () => {
    const group = ALL_MENUS.ly_herm_majorDevelopCenter;
    expect(menuTrail(group, '/majorDevelopCenter')).toEqual(['/majorDevelopCenter']);
    expect(menuTrail(group, '/majorDevelopCenter/improvement')).toEqual(['/majorDevelopCenter/improvement']);
    expect(menuTrail(group, '/majorDevelopCenter/portrait/obj-1')).toEqual(['/majorDevelopCenter']);
  });
});
