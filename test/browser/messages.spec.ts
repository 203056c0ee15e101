import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, login, screenshot, stamp } from './support.js';
import { addTask, apiAs, firstYearTarget, move, type ApiClient } from './task-life-support.js';

// Issue 34, 消息中心: 王明 pushes a task — 陈静's bell counts it without a reload, she opens the message and lands on the
// task's detail; the same on a phone (390×844), where the bell sits between the brand and the avatar.

const SHOTS = {
  desktop: fileURLToPath(new URL('../../docs/screenshots/messages.png', import.meta.url)),
  phone: fileURLToPath(new URL('../../docs/screenshots/messages-390.png', import.meta.url)),
};

const bell = (page: Page) => page.getByTestId('message-bell');
/** The bell's figure (0 when antd shows no badge). */
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const m = /(\d+)条未读/.exec(label);
  return m ? Number(m[1]) : 0;
}

test.describe.configure({ timeout: 180_000 });

test.describe.serial('messages reach the person who must act', () => {
  const name = `消息测试任务${stamp()}`;
  let taskId = '';
  let fabu: ApiClient;
  let owner: ApiClient;

  test.beforeAll(async ({ playwright, baseURL }) => {
    fabu = await apiAs(playwright, baseURL!, DEMO.publisher);
    owner = await apiAs(playwright, baseURL!, DEMO.owner);
    const bmshr = await apiAs(playwright, baseURL!, DEMO.auditor);
    try {
      const yt = await firstYearTarget(fabu, '2026');
      taskId = await addTask(fabu, { yearTargetId: yt.id, rwmc: name, chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', kssj: '2026-01-01', jssj: '2026-12-31', targetUnit: '篇' });
      await move(fabu, taskId, 'submitAudit');
      await move(bmshr, taskId, 'passAudit');
    } finally {
      await bmshr.dispose();
    }
  });

  test.afterAll(async () => {
    await fabu?.dispose();
    await owner?.dispose();
  });

  test('王明 pushes the task: 陈静’s bell shows it at once, the message opens the task', async ({ page }) => {
    await login(page, DEMO.owner);
    await expect(bell(page)).toBeVisible();
    // her unread from the demo's own moves, if any, all marked read so the figure is this test's
    await owner.post('/api/message/readAll', {});
    await page.reload();
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(0);

    expect(await move(fabu, taskId, 'push')).toBe('waitAccept');
    // no reload: the bell polls while the page is visible
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(1);

    await bell(page).click();
    await expect(page).toHaveURL(/\/messages$/);
    const first = page.getByTestId('message-item').first();
    await expect(first).toContainText('目标任务已下发');
    await expect(first).toContainText(`王明下发了目标任务「${name}」，请接收`);
    await expect(first).toContainText('未读');
    await expect(page.getByText('监测预警', { exact: true })).toBeVisible();
    await screenshot(page, SHOTS.desktop);

    await first.getByTestId('message-open').click();
    await expect(page).toHaveURL(new RegExp(`/qualityManagement/annualWbs/personal\\?task=${taskId}$`));
    await expect(page.getByTestId('task-head').getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(0);
  });

  test('on a phone (390×844) the bell is in the header; 王明 urges, 陈静 reads it there without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, DEMO.owner);
    const box = (await bell(page).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await move(owner, taskId, 'accept');
    await move(fabu, taskId, 'urge', { reason: '请尽快制定目标' });
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(1);

    await bell(page).click();
    await expect(page).toHaveURL(/\/messages$/);
    const first = page.getByTestId('message-item').first();
    await expect(first).toContainText('目标任务督办');
    await expect(first).toContainText('督办意见：请尽快制定目标');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, SHOTS.phone);

    // 全部已读 empties the bell; the 质量报告 tab has none: 暂无消息
    await page.getByTestId('messages-read-all').click();
    await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(0);
    await page.getByText('质量报告', { exact: true }).click();
    await expect(page.getByText('暂无消息')).toBeVisible();

    await page.getByText('全部', { exact: true }).click();
    await page.getByTestId('message-item').first().getByTestId('message-open').click();
    await expect(page).toHaveURL(new RegExp(`/qualityManagement/annualWbs/personal\\?task=${taskId}$`));
    await expect(page.getByTestId('task-head').getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
  });
});
