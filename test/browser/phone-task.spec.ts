import { CONTEXT_OPTIONS } from './browser-workers.js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, PHONE, answerConfirm, comeBack, confirmBox, dialog, expectFitsPhone, expectThumbReach, login, screenshot, stamp, toast, type DemoUser } from './support.js';
import { addTask, apiAs, firstYearTarget, move, type ApiClient } from './task-life-support.js';

// Issue 34: a target task's moves from a phone (390×844) — the detail drawer takes the width and its buttons are in
// reach of a thumb — and screens that stay true: 张伟 rejects a report on his phone and 陈静's card, open on her desk
// all along, shows the rejection with its reason when she comes back to the window; her own report clears it at once.

const SHOTS = {
  detail: fileURLToPath(new URL('../../docs/screenshots/task-detail-390.png', import.meta.url)),
  reject: fileURLToPath(new URL('../../docs/screenshots/task-reject-390.png', import.meta.url)),
  card: fileURLToPath(new URL('../../docs/screenshots/task-card-rejected.png', import.meta.url)),
};
const MY_TASKS = '/qualityManagement/annualWbs/personal';
const DEPARTMENT_TASKS = '/qualityManagement/annualWbs/department';
const OK = /^确\s*定$/;
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

const detail = (page: Page) => page.getByTestId('task-detail');
const head = (page: Page) => page.getByTestId('task-head');
const actions = (page: Page) => head(page).getByRole('toolbar', { name: '操作' });
const panel = (page: Page) => page.locator('.ant-drawer-content-wrapper').filter({ has: detail(page) });

test.describe.configure({ timeout: 120_000 });

async function person(browser: Browser, user: DemoUser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, locale: 'zh-CN', ...CONTEXT_OPTIONS });
  const page = await context.newPage();
  await login(page, user);
  return page;
}

async function openTask(page: Page, list: string, id: string, name: string): Promise<void> {
  await page.goto(`${list}?task=${id}`);
  await expect(head(page).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
  await expect(detail(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

test.describe.serial('a target task from a phone, and a card that stays true', () => {
  const name = `手机任务${stamp()}`;
  let taskId = '';

  test('the publisher sets the task up and pushes it (API)', async ({ playwright, baseURL }) => {
    const fabu: ApiClient = await apiAs(playwright, baseURL!, DEMO.publisher);
    const bmshr: ApiClient = await apiAs(playwright, baseURL!, DEMO.auditor);
    try {
      const yt = await firstYearTarget(fabu, '2026');
      taskId = await addTask(fabu, { yearTargetId: yt.id, rwmc: name, chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', kssj: '2026-01-01', jssj: '2026-12-31', targetUnit: '篇' });
      await move(fabu, taskId, 'submitAudit');
      await move(bmshr, taskId, 'passAudit');
      expect(await move(fabu, taskId, 'push')).toBe('waitAccept');
    } finally {
      await fabu.dispose();
      await bmshr.dispose();
    }
  });

  test('陈静 accepts the task from her phone: the detail takes the width, the move is in reach', async ({ browser }) => {
    const phone = await person(browser, DEMO.owner, PHONE);
    await openTask(phone, MY_TASKS, taskId, name);
    await expectFitsPhone(panel(phone));
    const accept = actions(phone).getByRole('button', { name: label('接收任务') });
    await expectThumbReach(phone, accept);
    await screenshot(phone, SHOTS.detail);
    await accept.click();
    await expect(confirmBox(phone)).toContainText(`确定接收任务“${name}”吗？`);
    await expectFitsPhone(confirmBox(phone));
    await answerConfirm(phone, OK);
    await expect(toast(phone, '接收任务成功').first()).toBeVisible();
    await expect(head(phone).getByTestId('rwjd')).toHaveText('待制定');

    const define = actions(phone).getByRole('button', { name: label('制定目标') });
    await expectThumbReach(phone, define);
    await define.click();
    const box = dialog(phone, '制定目标');
    await expectFitsPhone(box);
    await box.getByLabel('量化目标值').fill('10');
    await box.getByRole('button', { name: OK }).click();
    await expect(toast(phone, '制定目标成功').first()).toBeVisible();
    await expect(head(phone).getByTestId('rwjd')).toHaveText('执行中');
    await phone.context().close();
  });

  test('张伟 rejects a report on his phone; 陈静’s card shows it when she comes back, and her new report clears it', async ({ browser, playwright, baseURL }) => {
    const rwfzr: ApiClient = await apiAs(playwright, baseURL!, DEMO.owner);
    try {
      await move(rwfzr, taskId, 'report', { reportType: 'process', content: '完成了两篇初稿', valueReached: 2 });
    } finally {
      await rwfzr.dispose();
    }

    // 陈静's list, on her desk, her task's card found by name: 执行中, nothing against it yet
    const desk = await person(browser, DEMO.owner, { width: 1366, height: 768 });
    await desk.goto(MY_TASKS);
    await desk.getByPlaceholder('部门名称或任务名称').fill(name);
    await desk.getByPlaceholder('部门名称或任务名称').press('Enter');
    const card = desk.getByTestId('task-card').filter({ hasText: name });
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(card.getByTestId('task-state')).toHaveText('执行中');
    await expect(card.getByTestId('task-rejection')).toHaveCount(0);

    // 张伟 on his phone: 驳回进度 in reach, its dialog fits, the reason required
    const phone = await person(browser, DEMO.auditor, PHONE);
    await openTask(phone, DEPARTMENT_TASKS, taskId, name);
    const reject = actions(phone).getByRole('button', { name: label('驳回进度') });
    await expectThumbReach(phone, reject);
    await reject.click();
    const box = dialog(phone, '驳回进度');
    await expectFitsPhone(box);
    await box.getByLabel('驳回原因').fill('佐证材料不完整');
    await screenshot(phone, SHOTS.reject);
    await box.getByRole('button', { name: OK }).click();
    await expect(toast(phone, '驳回进度成功').first()).toBeVisible();
    await phone.context().close();

    // 陈静 comes back to her window: the card says so, with the reason, no F5
    await comeBack(desk);
    await expect(card.getByTestId('task-rejection')).toContainText('进度被驳回');
    await expect(card.getByTestId('task-rejection')).toContainText('佐证材料不完整');
    await expect(card.getByTestId('task-rejection')).toContainText('张伟');
    await expect(card.getByTestId('task-state')).toHaveText('执行中');
    await screenshot(desk, SHOTS.card);

    // her own write: she reports again from the card's detail; the card behind the drawer loses the rejection at once
    await card.getByRole('link', { name }).click();
    await expect(head(desk).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await actions(desk).getByRole('button', { name: label('提交进度') }).click();
    const report = dialog(desk, '提交进度');
    await report.getByLabel('进度说明').fill('补充了论文清单');
    await report.getByLabel('完成值').fill('3');
    await report.getByRole('button', { name: label('提交') }).click();
    await expect(toast(desk, '提交进度成功').first()).toBeVisible();
    await expect(card.getByTestId('task-rejection')).toHaveCount(0);
    await desk.context().close();
  });
});
