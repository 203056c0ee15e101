// Batch actions (issue 34) in the browser: 王明 selects the task cards the server lets him push on 年度任务, 批量下发
// confirms naming the count, the summary says what was done and why the rest was refused (a task pushed meanwhile),
// and the cards show 待接收 without a reload; at 1366 and at a phone's 390×844.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CONTEXT_OPTIONS } from './browser-workers.js';
import { DEMO, login, screenshot, stamp } from './support.js';
import { addTask, apiAs, firstYearTarget, move, type ApiClient } from './task-life-support.js';
import { PATHS, searchTasks, settled, taskCard } from './task-lists-steps.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const API = '/api/herm-znfx';
const NEXT = new Date().getFullYear() + 1;

/** Three tasks of 教务处 under the first 2026 year target: A and B audited (pushable), C not submitted. */
async function tasks(c: ApiClient, auditor: ApiClient, run: string): Promise<Record<'A' | 'B' | 'C', { id: string; name: string }>> {
  const target = await firstYearTarget(c, '2026');
  const made = {} as Record<'A' | 'B' | 'C', { id: string; name: string }>;
  for (const key of ['A', 'B', 'C'] as const) {
    const name = `批量下发${key}${run}`;
    const id = await addTask(c, { yearTargetId: target.id, rwmc: name, chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', kssj: `${NEXT}-01-01`, jssj: `${NEXT}-12-31` });
    if (key !== 'C') {
      await move(c, id, 'submitAudit');
      await move(auditor, id, 'passAudit');
    }
    made[key] = { id, name };
  }
  return made;
}

const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

for (const viewport of [
  { label: 'desktop', width: 1366, height: 768 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`批量下发 on 年度任务 (${viewport.label}): only pushable cards are selectable, the summary names the refused one, the cards update`, async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const baseURL = test.info().project.use.baseURL!;
    const run = stamp();
    const fabu = await apiAs(playwright, baseURL, DEMO.publisher);
    const bmshr = await apiAs(playwright, baseURL, DEMO.auditor);
    const made = await tasks(fabu, bmshr, run);

    const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', ...CONTEXT_OPTIONS });
    const page = await context.newPage();
    await login(page, DEMO.publisher);
    await page.goto(PATHS.year);
    await settled(page);
    await searchTasks(page, run);
    await expect(taskCard(page, made.C.name)).toBeVisible();

    // A and B may be pushed (the server's allowed actions), C may not: it has no box
    const box = (name: string) => page.getByRole('checkbox', { name: `选择 ${name}` });
    await expect(box(made.A.name)).toBeVisible();
    await expect(box(made.B.name)).toBeVisible();
    await expect(box(made.C.name)).toHaveCount(0);
    await box(made.A.name).check();
    await box(made.B.name).check();
    const push = page.getByTestId('batch-push');
    await expect(push).toHaveText(/批量下发\s*\(2\)/);
    await push.scrollIntoViewIfNeeded();
    await expect(push).toBeInViewport();

    // someone pushes B meanwhile: the batch pushes A and names B with the move's reason
    await move(fabu, made.B.id, 'push');
    await push.click();
    await expect(confirmBox(page).getByTestId('batch-confirm')).toHaveText('确定批量下发 2 项任务？');
    if (viewport.label === 'desktop') await page.screenshot({ path: shot('batch-confirm') });
    await confirmBox(page).getByRole('button', { name: /下发 2 项/ }).click();
    const summary = page.getByTestId('batch-summary');
    await expect(summary).toContainText('成功 1 项，失败 1 项');
    await expect(summary.getByTestId('batch-refusal')).toHaveText([`${made.B.name}：任务处于「待接收」状态，不能下发`]);
    await screenshot(page, shot(`batch-summary-${viewport.label}`));
    await confirmBox(page).getByRole('button', { name: /知道了/ }).click();

    // the list shows the new state without F5: A waits to be accepted, nothing is selected, A and B have no box now
    await settled(page);
    await expect(taskCard(page, made.A.name)).toContainText('待接收');
    await expect(box(made.A.name)).toHaveCount(0);
    await expect(page.getByTestId('batch-push')).toHaveCount(0);
    const task = await fabu.get<{ rwjd: string }>(`${API}/targetTask/detail`, { id: made.A.id });
    expect(task.rwjd).toBe('waitAccept');
    await Promise.all([fabu.dispose(), bmshr.dispose(), context.close()]);
  });
}
