import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, drawer, login, screenshot, searchAndPick, toast, topMenu, type DemoUser } from './support.js';

// obj/authority, obj/calScore and obj/refreshTarget on the task view (issue 12). The student task of 陈静's is used
// by no other browser test; 李红 heads 教务处, not its department, and no library grants her, so she cannot see it.
const SHOTS = {
  buttons: fileURLToPath(new URL('../../docs/screenshots/task-score-buttons.png', import.meta.url)),
  authority: fileURLToPath(new URL('../../docs/screenshots/task-authority.png', import.meta.url)),
};
const TASK = '2024级软件技术1班2026年度质量诊断';

const qualityTable = (page: Page) => page.getByTestId('quality-table');
const grants = (page: Page) => drawer(page).getByTestId('task-grants');

async function openImprovement(page: Page, user: DemoUser) {
  await login(page, user);
  await topMenu(page).getByRole('menuitem', { name: '内部质量管理', exact: true }).click();
  await page.getByRole('menu', { name: '子菜单' }).getByRole('menuitem', { name: /诊断改进/ }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/improvement$/);
}

async function openTask(page: Page) {
  await page.getByRole('link', { name: TASK, exact: true }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/improvement\?task=/);
  await expect(qualityTable(page).locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(qualityTable(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Removes a person's grant in the open drawer, through its confirmation. */
async function removeGrant(page: Page, name: string) {
  await grants(page).getByRole('row').filter({ hasText: name }).getByRole('button', { name: /移\s*除/ }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: `确定移除${name}对该任务的权限吗？` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /移\s*除/ }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(grants(page)).not.toContainText(name);
}

test.describe.serial('the task view: 计算得分, 刷新目标 and 权限设置', () => {
  test('the owner scores the task and refreshes its targets', async ({ page }) => {
    await openImprovement(page, DEMO.owner);
    await openTask(page);
    const score = page.getByRole('button', { name: '计算得分' });
    const refresh = page.getByRole('button', { name: '刷新目标' });
    await expect(score).toBeVisible();
    await expect(refresh).toBeVisible();
    await expect(page.getByRole('button', { name: '权限设置' })).toBeVisible();
    await screenshot(page, SHOTS.buttons);

    const scored = page.waitForResponse((r) => r.url().includes('/api/herm-znfx/obj/calScore'));
    await score.click();
    const answer = (await (await scored).json()) as { data: { score: number | null } };
    await expect(toast(page, '计算得分成功')).toBeVisible();
    // the facts show the new score as the server answered it, as a percent
    const shown = answer.data.score === null ? '未知' : `${answer.data.score.toFixed(2)}%`;
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '得分' })).toContainText(shown);

    await refresh.click();
    await expect(toast(page, '刷新目标成功')).toBeVisible();
    await expect(qualityTable(page).locator('.ant-spin-spinning')).toHaveCount(0);
  });

  test('the owner grants 李红 read through 权限设置, and she then sees the task', async ({ page, browser }) => {
    await openImprovement(page, DEMO.owner);
    await openTask(page);
    await page.getByRole('button', { name: '权限设置' }).click();
    await expect(drawer(page)).toContainText(`权限设置：${TASK}`);
    await expect(drawer(page)).toContainText('任务负责人');
    await expect(drawer(page)).toContainText('审核人');
    await expect(grants(page)).toContainText('暂无授权人员');

    await searchAndPick(page, drawer(page).getByLabel('授权人员'), '李红', /李红/);
    await drawer(page).getByText('只读', { exact: true }).click();
    await drawer(page).getByRole('button', { name: /添\s*加/ }).click();
    await expect(toast(page, '授权成功')).toBeVisible();
    await expect(grants(page).getByRole('row').filter({ hasText: '李红' })).toBeVisible();
    await screenshot(page, SHOTS.authority);

    // 李红, in a browser of her own, now finds the task and reads it; she may not change it nor its grants.
    const other = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openImprovement(other, DEMO.deptHead);
    await openTask(other);
    await expect(other.getByText('只读', { exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: '权限设置' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: '计算得分' })).toHaveCount(0);
    // a point's detail names who the task is shared with (sharePos, 001 §3)
    await other.getByTestId('point-name').first().click();
    await expect(other.getByTestId('point-sharers')).toContainText('李红');
    await other.keyboard.press('Escape');

    // Taken away again (after a confirmation), the task leaves her list.
    await removeGrant(page, '李红');
    await other.reload();
    await expect(other.getByText('无法打开该诊断任务')).toBeVisible();
    await other.close();
  });
});
