import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, drawer, login, pick, screenshot, searchAndPick, stamp, toast, topMenu, userMenu } from './support.js';

const SHOTS = {
  departments: fileURLToPath(new URL('../../docs/screenshots/department-manage.png', import.meta.url)),
  users: fileURLToPath(new URL('../../docs/screenshots/user-manage.png', import.meta.url)),
};

const SAVE = /^保\s*存$/;
// buttons with an icon have the icon's name in front
const DELETE = /删\s*除/;

const deptTree = (page: Page) => page.locator('.ant-tree');
const treeNode = (page: Page, name: string) => deptTree(page).locator('.ant-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${name}$`) });
const details = (page: Page) => page.locator('.ant-card').filter({ hasText: '部门详情' });
const detail = (page: Page, label: string) => details(page).locator('tr').filter({ hasText: label }).locator('.ant-descriptions-item-content');
const userRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function openDepartments(page: Page) {
  await page.goto('/dataManage/department');
  await expect(treeNode(page, '二级学院')).toBeVisible();
}

/** 用户管理 searched for the administrator: the demo school's 3,300 people fill many pages, numbered accounts first. */
async function openUsers(page: Page) {
  await page.goto('/dataManage/user');
  await expect(userRows(page).first()).toBeVisible();
  await searchUsers(page, 'admin');
  await expect(userRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) })).toBeVisible();
}

/** Picks a department in a TreeSelect by typing its name (searchAndPick retries a pick lost on a loaded machine). */
async function pickDepartment(page: Page, field: Locator, name: string) {
  await searchAndPick(page, field, name, name);
  // The dropdown closes after the pick; on a loaded machine it may still cover the next field for a moment.
  const open = page.locator('.ant-select-dropdown:visible');
  if (await open.count()) await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
}

async function searchUsers(page: Page, text: string) {
  await page.getByLabel('姓名/账号').fill(text);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

test('the administrator adds, edits, filters and deletes a department', async ({ page }) => {
  const name = `测试学院${stamp()}`;
  await login(page, DEMO.admin);
  await openDepartments(page);

  await treeNode(page, '二级学院').click();
  await expect(detail(page, '部门名称')).toHaveText('二级学院');
  await expect(detail(page, '上级部门')).toHaveText('诊改示范职业技术学院');
  await expect(detail(page, '英文简称')).toHaveText('COL');
  await screenshot(page, SHOTS.departments);

  // 新增部门 adds under the selected department, in the 55% drawer
  await page.getByRole('button', { name: /新增部门/ }).click();
  await expect(drawer(page)).toContainText('新增部门');
  await expect.poll(async () => Math.round((await page.locator('.ant-drawer-content-wrapper').boundingBox())?.width ?? 0)).toBe(Math.round(1366 * 0.55));
  await expect(drawer(page).locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: '二级学院' }).first()).toBeVisible();
  // the name is required
  await drawer(page).getByRole('button', { name: SAVE }).click();
  await expect(drawer(page).getByText('请输入部门名称')).toBeVisible();
  await drawer(page).getByLabel('部门名称').fill(name);
  await drawer(page).getByLabel('中文简称').fill('测试');
  await drawer(page).getByLabel('英文简称').fill('TEST');
  await drawer(page).getByRole('button', { name: SAVE }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(drawer(page)).toBeHidden();
  await expect(treeNode(page, name)).toBeVisible();
  await expect(detail(page, '部门名称')).toHaveText(name);
  await expect(detail(page, '上级部门')).toHaveText('二级学院');
  await expect(detail(page, '负责人')).toHaveText('未知');

  // closing without changes asks nothing
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(drawer(page).getByLabel('部门名称')).toHaveValue(name);
  await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(confirmBox(page)).toHaveCount(0);

  // closing with changes asks; 不保存 throws them away
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await drawer(page).getByLabel('英文简称').fill('LOST');
  await page.locator('.ant-drawer-close').click();
  await expect(confirmBox(page)).toContainText('退出提示');
  await expect(confirmBox(page)).toContainText('是否保存当前的修改？');
  await confirmBox(page).getByRole('button', { name: '不保存' }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(detail(page, '英文简称')).toHaveText('TEST');

  // …and 保存 saves them
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await drawer(page).getByLabel('中文简称').fill('测试简称');
  await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
  await confirmBox(page).getByRole('button', { name: SAVE }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(drawer(page)).toBeHidden();
  await expect(detail(page, '中文简称')).toHaveText('测试简称');

  // the filter keeps the matches and their ancestors, and is case-sensitive
  const filter = page.getByLabel('搜索部门');
  await filter.fill(name.slice(2));
  await expect(treeNode(page, name)).toBeVisible();
  await expect(treeNode(page, '二级学院')).toBeVisible();
  await expect(treeNode(page, '教务处')).toHaveCount(0);
  await expect(treeNode(page, '信息工程学院')).toHaveCount(0);
  await filter.fill('二级学院'.replace('二', '.'));
  await expect(deptTree(page)).toHaveCount(0);
  await expect(page.getByText('没有匹配的部门')).toBeVisible();
  await filter.fill('');
  await expect(treeNode(page, '教务处')).toBeVisible();

  // delete, after a confirmation naming the department
  await treeNode(page, name).click();
  await page.getByRole('button', { name: DELETE }).click();
  await expect(confirmBox(page)).toContainText(name);
  await confirmBox(page).getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(treeNode(page, name)).toHaveCount(0);
  // the parent is selected instead
  await expect(detail(page, '部门名称')).toHaveText('二级学院');
});

test('a department with sub-departments cannot be deleted', async ({ page }) => {
  await login(page, DEMO.admin);
  await openDepartments(page);
  await treeNode(page, '二级学院').click();
  await page.getByRole('button', { name: DELETE }).click();
  await expect(confirmBox(page)).toContainText('二级学院');
  await confirmBox(page).getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '该部门下还有下级部门，不能删除')).toBeVisible();
  await expect(treeNode(page, '二级学院')).toBeVisible();
  await expect(treeNode(page, '信息工程学院')).toBeVisible();
});

test('the administrator adds a person with the 专家 role, who can log in; then deletes them', async ({ page }) => {
  const id = stamp();
  const person = { account: `expert_${id}`, password: 'Init2026x', name: `测试专家${id}` };
  await login(page, DEMO.admin);
  await openUsers(page);

  // the list: the spec's pagination, no size changer (the quick jump appears once there is a second page)
  await expect(page.getByText(/^当前页\d+条，共\d+条$/)).toBeVisible();
  await expect(page.locator('.ant-pagination-prev')).toHaveText('上一页');
  await expect(page.locator('.ant-pagination-next')).toHaveText('下一页');
  await expect(page.locator('.ant-pagination-options-size-changer')).toHaveCount(0);
  const adminRow = userRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(adminRow).toContainText('系统管理员');
  await expect(adminRow).toContainText('信息中心');
  await expect(adminRow).toContainText('启用');
  await screenshot(page, SHOTS.users);

  // 新增用户: the password rule, then saved; the drawer moves on to the roles
  await page.getByRole('button', { name: /新增用户/ }).click();
  await expect(drawer(page)).toContainText('新增用户');
  await drawer(page).getByLabel('账号').fill('a b');
  await drawer(page).getByLabel('姓名').fill(person.name);
  await drawer(page).getByLabel('初始密码').fill('abcdefgh');
  await drawer(page).getByRole('button', { name: SAVE }).click();
  await expect(drawer(page).getByText('账号只能包含字母、数字和 _ . @ -，2到60位')).toBeVisible();
  await expect(drawer(page).getByText('密码必须包含字母和数字,必须大于等于8位！')).toBeVisible();
  await drawer(page).getByLabel('账号').fill(person.account);
  await drawer(page).getByLabel('初始密码').fill(person.password);
  await pickDepartment(page, drawer(page).getByLabel('部门'), '信息工程学院');
  await pick(page, drawer(page).getByLabel('用户类型'), '校外专家');
  await drawer(page).getByLabel('女').check();
  await drawer(page).getByRole('button', { name: SAVE }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(drawer(page)).toContainText(`编辑用户：${person.name}`);
  await expect(drawer(page)).toContainText('已新增，可在此分配角色');

  // checking a role grants it at once
  const expertRole = drawer(page).getByRole('checkbox', { name: '专家', exact: true });
  await expect(expertRole).toBeEnabled();
  await expect(expertRole).not.toBeChecked();
  // it turns checked once the server has granted it
  await expertRole.click();
  await expect(toast(page, '已授予“专家”角色')).toBeVisible();
  await expect(expertRole).toBeChecked();
  await drawer(page).getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(confirmBox(page)).toHaveCount(0);

  await searchUsers(page, person.account);
  await expect(userRows(page)).toHaveCount(1);
  const row = userRows(page).first();
  await expect(row).toContainText(person.name);
  await expect(row).toContainText('信息工程学院');
  await expect(row).toContainText('校外专家');
  await expect(row).toContainText('女');
  await expect(row).toContainText('启用');
  await expect(row).toContainText('专家');
  await expect(page.getByText('当前页1条，共1条')).toBeVisible();

  // the new person logs in with the initial password and sees the expert's menu
  await userMenu(page, '退出登录');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, person);
  await expect(topMenu(page).getByRole('menuitem', { name: '首页', exact: true })).toBeVisible();
  await expect(topMenu(page).getByRole('menuitem', { name: '智能分析', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '数据管理', exact: true })).toHaveCount(0);
  await userMenu(page, '退出登录');
  await expect(page).toHaveURL(/\/login$/);

  // back as the administrator: delete them, after a confirmation naming them
  await login(page, DEMO.admin);
  await openUsers(page);
  await searchUsers(page, person.account);
  await expect(userRows(page)).toHaveCount(1);
  await userRows(page).first().getByRole('button', { name: DELETE }).click();
  await expect(confirmBox(page)).toContainText(person.account);
  await confirmBox(page).getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(userRows(page)).toHaveCount(0);
  await expect(page.locator('.ant-table-placeholder')).toContainText('暂无数据');
});

test('editing a person asks before throwing changes away, and nobody can delete themselves', async ({ page }) => {
  await login(page, DEMO.admin);
  await openUsers(page);
  const adminRow = userRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(adminRow.getByRole('button', { name: DELETE })).toBeDisabled();

  // the demo school has more people than a page holds: find the expert first
  await searchUsers(page, 'zj');
  const expertRow = userRows(page).filter({ has: page.getByRole('cell', { name: 'zj', exact: true }) });
  await expertRow.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(drawer(page)).toContainText('编辑用户：赵专家');
  await expect(drawer(page).getByLabel('账号')).toHaveValue('zj');
  await expect(drawer(page).getByLabel('初始密码')).toHaveCount(0);
  await expect(drawer(page).getByLabel('启用')).toBeChecked();
  await drawer(page).getByLabel('姓名').fill('赵专家改');
  await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirmBox(page)).toContainText('是否保存当前的修改？');
  await confirmBox(page).getByRole('button', { name: '不保存' }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(expertRow).toContainText('赵专家');
  await expect(expertRow).not.toContainText('赵专家改');

  // the 角色 action opens the drawer on the roles, as they are
  await expertRow.getByRole('button', { name: /角\s*色/ }).click();
  await expect(drawer(page).getByRole('checkbox', { name: '专家', exact: true })).toBeChecked();
  await expect(drawer(page).getByRole('checkbox', { name: '系统管理员', exact: true })).not.toBeChecked();
});

test('查询 on 用户管理 asks the server once: the page of people, nothing else reloaded (issue 35)', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/dataManage/user');
  await expect(userRows(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // what the search asks for (the bell's poll of unread messages runs on its own clock and is left out)
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/message/unreadCount') asked.push(`${r.method()} ${url.pathname}`);
  });
  await searchUsers(page, 'admin');
  await expect(userRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['GET /api/user/users/common']);
});

test('a department head cannot reach the user administration', async ({ page }) => {
  await login(page, DEMO.deptHead);
  await page.goto('/dataManage/user');
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /新增用户/ })).toHaveCount(0);
  await page.goto('/dataManage/department');
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await expect(page.locator('.ant-tree')).toHaveCount(0);
});
