import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, answerConfirm, confirmBox, dialog, login, pick, screenshot, searchAndPick, stamp, toast, type DemoUser } from './support.js';
import { addTask, apiAs, firstYearTarget } from './task-life-support.js';
import { PATHS, openAnnualMenu, searchTasks, settled, taskCard } from './task-lists-steps.js';

// Issue 13's cooperating departments in the task detail drawer (tab 协作部门): the publisher adds one with its owner,
// changes the owner, removes it after a confirmation naming the department, and adds it back; the cooperation owner
// then finds the task under 我的任务 › 我的协作 and reads the tab without any button (the server's canManage).

const SHOTS = {
  tab: fileURLToPath(new URL('../../docs/screenshots/task-coop.png', import.meta.url)),
  add: fileURLToPath(new URL('../../docs/screenshots/task-coop-add.png', import.meta.url)),
};
const OK = /^确\s*定$/;

const detail = (page: Page) => page.getByTestId('task-detail');
const head = (page: Page) => page.getByTestId('task-head');
const coopTable = (page: Page) => detail(page).getByRole('table', { name: '协作部门' });
const coopRow = (page: Page, department: string) => coopTable(page).locator('tbody tr').filter({ hasText: department });

test.describe.configure({ timeout: 120_000 });

test.describe.serial('cooperating departments of a task', () => {
  const name = `协作测试任务${stamp()}`;
  let taskId = '';

  /** Logs in, opens the task's drawer from the list's ?task= and its 协作部门 tab. */
  async function openCoops(page: Page, user: DemoUser, list: string): Promise<void> {
    await login(page, user);
    await page.goto(`${list}?task=${taskId}`);
    await expect(head(page).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await detail(page).getByRole('tab', { name: /^协作部门/ }).click();
    await expect(coopTable(page)).toBeVisible();
    await expect(coopTable(page).locator('.ant-spin-spinning')).toHaveCount(0);
  }

  test('the publisher sets the task up through the API', async ({ playwright, baseURL }) => {
    const fabu = await apiAs(playwright, baseURL!, DEMO.publisher);
    try {
      const yt = await firstYearTarget(fabu, '2026');
      taskId = await addTask(fabu, { yearTargetId: yt.id, rwmc: name, chargeDepartId: 'd-jwc', ownerId: 'u-auditor', auditorId: 'u-depthead', kssj: '2026-01-01', jssj: '2026-12-31' });
    } finally {
      await fabu.dispose();
    }
  });

  test('the publisher adds a cooperating department with its owner, changes the owner, removes it and adds it back', async ({ page }) => {
    await openCoops(page, DEMO.publisher, PATHS.year);
    await expect(detail(page).getByText('暂无协作部门')).toBeVisible();

    // 添加协作部门: the charge department 教务处 is not offered
    await detail(page).getByRole('button', { name: /添加协作部门/ }).click();
    const add = dialog(page, '添加协作部门');
    await expect(add).toBeVisible();
    await add.getByLabel('协作部门').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(offered.filter({ hasText: '信息工程学院' })).toHaveCount(1);
    await expect(offered.filter({ hasText: /^教务处$/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // both are required
    await add.getByRole('button', { name: OK }).click();
    await expect(add).toContainText('请选择协作部门');
    await expect(add).toContainText('请选择协作负责人');
    await pick(page, add.getByLabel('协作部门'), '信息工程学院');
    await searchAndPick(page, add.getByLabel('协作负责人'), '张伟', /张伟（bmshr/, '张伟');
    await add.getByRole('button', { name: OK }).click();
    await expect(toast(page, '添加成功').first()).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(coopRow(page, '信息工程学院')).toContainText('张伟');
    await expect(detail(page).getByRole('tab', { name: /^协作部门\(1\)/ })).toBeVisible();
    await expect(head(page).getByTestId('task-facts')).toContainText('协作部门信息工程学院');

    // 更换负责人
    await coopRow(page, '信息工程学院').getByRole('button', { name: '更换负责人' }).click();
    const change = dialog(page, '更换协作负责人');
    await expect(change).toContainText('信息工程学院');
    await expect(change.getByLabel('协作负责人').locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText('张伟');
    await searchAndPick(page, change.getByLabel('协作负责人'), '陈静', /陈静（rwfzr/, '陈静');
    await change.getByRole('button', { name: OK }).click();
    await expect(toast(page, '更换成功').first()).toBeVisible();
    await expect(change).toHaveCount(0);
    await expect(coopRow(page, '信息工程学院')).toContainText('陈静');
    await expect(coopRow(page, '信息工程学院')).not.toContainText('张伟');

    // 移除, after a confirmation naming the department
    await coopRow(page, '信息工程学院').getByRole('button', { name: /移\s*除/ }).click();
    await expect(confirmBox(page)).toContainText('确定移除协作部门“信息工程学院”吗？');
    await answerConfirm(page, /移\s*除/);
    await expect(toast(page, '移除成功').first()).toBeVisible();
    await expect(detail(page).getByText('暂无协作部门')).toBeVisible();
    await expect(head(page).getByTestId('task-facts')).toContainText('协作部门无');

    // back again, 陈静 its owner
    await detail(page).getByRole('button', { name: /添加协作部门/ }).click();
    const again = dialog(page, '添加协作部门');
    await pick(page, again.getByLabel('协作部门'), '信息工程学院');
    await searchAndPick(page, again.getByLabel('协作负责人'), '陈静', /陈静（rwfzr/, '陈静');
    await screenshot(page, SHOTS.add);
    await again.getByRole('button', { name: OK }).click();
    await expect(toast(page, '添加成功').first()).toBeVisible();
    await expect(coopRow(page, '信息工程学院')).toContainText('陈静');
    await screenshot(page, SHOTS.tab);
  });

  test('the cooperation owner finds the task under 我的协作 and reads the tab without buttons', async ({ page }) => {
    await login(page, DEMO.owner);
    await openAnnualMenu(page, '我的任务', PATHS.my);
    await page.getByRole('tab', { name: '我的协作' }).click();
    await settled(page);
    await searchTasks(page, name);
    await expect(taskCard(page, name)).toHaveCount(1);
    // not one of her own tasks (the list's tabs, not the page tab of the header's strip)
    const listTabs = page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: '我的协作' }) });
    await listTabs.getByRole('tab', { name: '我的任务' }).click();
    await settled(page);
    await searchTasks(page, name);
    await expect(taskCard(page, name)).toHaveCount(0);

    await page.goto(`${PATHS.my}?task=${taskId}`);
    await expect(head(page).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await detail(page).getByRole('tab', { name: /^协作部门/ }).click();
    await expect(coopRow(page, '信息工程学院')).toContainText('陈静');
    await expect(detail(page).getByRole('button', { name: /添加协作部门/ })).toHaveCount(0);
    await expect(coopTable(page).getByRole('button')).toHaveCount(0);
  });

  test('a reader (the school leader) sees the cooperations but no buttons', async ({ page }) => {
    await openCoops(page, DEMO.leader, PATHS.year);
    await expect(coopRow(page, '信息工程学院')).toContainText('陈静');
    await expect(detail(page).getByRole('button', { name: /添加协作部门/ })).toHaveCount(0);
    await expect(coopTable(page).getByRole('button')).toHaveCount(0);
  });
});
