import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, login, screenshot, shotPath, topMenu, userMenu } from './support.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/shell.png', import.meta.url));
const PHONE_SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/shell-phone-menu-390.png', import.meta.url));

test('a department head sees the top menu of that role', async ({ page }) => {
  await login(page, DEMO.deptHead);

  const bar = topMenu(page);
  // the four development centres too (issue 33: a department head reads their department's objects of every level);
  // the role's entries in order, as many as fit in the bar at 1366 px (beside the bell and the user menu), the rest
  // under 更多
  const entries = ['首页', '内部质量管理', '专业发展中心', '课程发展中心', '教师发展中心', '学生发展中心', '数据采集', '个人信息中心'];
  for (const name of entries.slice(0, 4)) {
    await expect(bar.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  for (const name of ['数据大屏', '数据管理']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
  }
  const inBar = (await bar.getByRole('menuitem').allTextContents()).filter((t) => !t.includes('更多'));
  expect(inBar).toEqual(entries.slice(0, inBar.length));
  // a hover while the header still settles after login can open the popup and lose it again: hover until it shows
  const popup = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '个人信息中心', exact: true }) });
  await expect(async () => {
    await page.mouse.move(0, 767);
    await page.getByTestId('top-menu-more').hover();
    await expect(popup).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const inPopup = await popup.getByRole('menuitem').allTextContents();
  expect([...inBar, ...inPopup]).toEqual(entries);
  await page.mouse.move(0, 767);
  await expect(bar.getByRole('menuitem', { name: '首页', exact: true })).toHaveClass(/ant-menu-item-selected/);
  // the default avatar of a woman, next to her name
  await expect(page.getByTestId('user-menu').getByRole('img', { name: '头像' })).toHaveAttribute('src', /avatar-female/);
});

test('the administrator sees every entry, the extra ones under 更多', async ({ page }) => {
  await login(page, DEMO.admin);

  const bar = topMenu(page);
  await expect(bar.getByRole('menuitem', { name: '首页', exact: true })).toBeVisible();
  await expect(page.getByText(/(上午|下午|中午|晚上|早上|凌晨)好，系统管理员/)).toBeVisible();
  for (const title of ['待办任务', '待处理预警', '待审核', '过程预警', '逾期预警', '预警总数']) {
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: shotPath(SCREENSHOT) });

  const more = page.getByTestId('top-menu-more');
  await expect(more).toBeVisible();
  const inBar = await bar.getByRole('menuitem').allTextContents();
  await more.hover();
  const popup = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '绩效考核', exact: true }) });
  await expect(popup).toBeVisible();
  const inPopup = await popup.getByRole('menuitem').allTextContents();
  // each of the twelve entries is either in the bar or under 更多, never both
  const shown = [...inBar.filter((t) => !t.startsWith('更多')), ...inPopup].map((t) => t.trim());
  expect(shown.sort()).toEqual(
    ['首页', '数据大屏', '内部质量管理', '专业发展中心', '课程发展中心', '教师发展中心', '学生发展中心', '智能分析', '数据采集', '数据管理', '个人信息中心', '绩效考核'].sort(),
  );
  expect(inPopup.length).toBeGreaterThan(0);

  await popup.getByRole('menuitem', { name: '数据管理', exact: true }).click();
  // a group goes to its first leaf, shown in the sidebar
  await expect(page).toHaveURL(/\/dataManage\/department$/);
  const sidebar = page.getByRole('menu', { name: '子菜单' });
  await expect(sidebar.getByRole('menuitem', { name: /部门管理/ })).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: /用户管理/ })).toBeVisible();
  await expect(page.getByText('部门结构')).toBeVisible();
  await expect(page.getByRole('tab', { name: '部门管理' })).toBeVisible();
  // an area of another system without an address is a clean placeholder, not a 404
  await page.goto('/linkjxkh');
  await expect(page.getByText('功能建设中')).toBeVisible();
  // the development centres are built (issue 33)
  await page.goto('/majorDevelopCenter');
  await expect(page.getByTestId('centre-figures')).toBeVisible();
  await expect(page.getByText('功能建设中')).toHaveCount(0);
});

test('a group redirects to its first page, the sidebar collapses to 80px and the tabs keep opened pages', async ({ page }) => {
  await login(page, DEMO.deptHead);

  await topMenu(page).getByRole('menuitem', { name: '内部质量管理', exact: true }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/improvement$/);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toHaveCSS('width', '255px');
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(sider).toHaveCSS('width', '80px');
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(sider).toHaveCSS('width', '255px');

  await page.getByRole('menu', { name: '子菜单' }).getByRole('menuitem', { name: /质量报告/ }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/qualityReport$/);
  // the shell's tabs only: the report page has tabs of its own (报告列表 …), drawn when its data comes
  const shellTabs = page.getByTestId('tab-strip').getByRole('tab');
  await expect(shellTabs).toHaveText(['首页', '诊断改进', '质量报告']);
  // closing the current tab opens its neighbour; 首页 cannot be closed
  await page.locator('.ant-tabs-tab').filter({ hasText: '质量报告' }).getByRole('button').click();
  await expect(page).toHaveURL(/\/qualityManagement\/improvement$/);
  await expect(shellTabs).toHaveText(['首页', '诊断改进']);
  await expect(page.locator('.ant-tabs-tab').filter({ hasText: '首页' }).getByRole('button')).toHaveCount(0);
  await page.getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/index$/);
  // a path the person has no menu for is not found, inside the shell
  await page.goto('/dataManage/user');
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
});

test('the theme swatch is remembered, and the data screen has its own header colour', async ({ page }) => {
  await login(page, DEMO.leader);
  const header = page.locator('.ant-layout-header');
  await expect(header).toHaveCSS('background-color', 'rgb(57, 126, 240)');
  await page.getByRole('radio', { name: '深色主题' }).click();
  await expect(header).toHaveCSS('background-color', 'rgb(36, 41, 62)');
  await page.reload();
  await expect(header).toHaveCSS('background-color', 'rgb(36, 41, 62)');

  await topMenu(page).getByRole('menuitem', { name: '数据大屏', exact: true }).click();
  await expect(page).toHaveURL(/\/dataScreen$/);
  await expect(header).toHaveCSS('background-color', 'rgb(32, 80, 129)');
});

test('logging out lands on /login and the shell is closed again', async ({ page }) => {
  await login(page, DEMO.auditor);
  await userMenu(page, '退出登录');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('用户名')).toBeVisible();

  await page.goto('/index');
  await expect(page).toHaveURL(/\/login(\?from=%2Findex)?$/);
});

test('a session survives a reload, and is restored from the server when the tab forgot it', async ({ page }) => {
  await login(page, DEMO.expert);
  await page.reload();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('user-menu')).toContainText('赵专家');

  // a new tab of the same browser has the cookie but no sessionStorage: GET tryLoginUserInfo restores it
  await page.evaluate('sessionStorage.clear()');
  const restore = page.waitForResponse((r) => r.url().includes('/api/user/tryLoginUserInfo'));
  await page.goto('/qualityManagement/qualityReport');
  expect((await restore).status()).toBe(200);
  await expect(page).toHaveURL(/\/qualityManagement\/qualityReport$/);
  await expect(page.getByTestId('user-menu')).toContainText('赵专家');
  await expect(page.getByRole('heading', { name: '质量报告' }).or(page.getByText('质量报告').first())).toBeVisible();
});

test('on a phone (390 px) the menus are in a drawer from the header, and the user menu stays in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.owner);
  // no top menu and no sidebar take the width: the page has all of it
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await expect(page.getByRole('menu', { name: '子菜单' })).toHaveCount(0);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  const user = (await page.getByTestId('user-menu').boundingBox())!;
  expect(user.x + user.width).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: '展开菜单' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('menu', { name: '主菜单' }) });
  await expect(drawer).toBeVisible();
  const menu = drawer.getByRole('menu', { name: '主菜单' });
  await menu.getByRole('menuitem', { name: '内部质量管理' }).click();
  await menu.getByRole('menuitem', { name: '年度目标任务' }).click();
  await screenshot(page, PHONE_SCREENSHOT);
  await menu.getByRole('menuitem', { name: '我的任务' }).click();
  // picking a page opens it and closes the drawer
  await expect(page).toHaveURL(/\/qualityManagement\/annualWbs\/personal$/);
  await expect(drawer).toBeHidden();

  // the user menu opens from the avatar
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
});
