// Issue 12 on the 目标标准 pages: the job dialog shows the job's progress (done of total, the step) while it runs
// and the reason when it failed; 复制质控点 copies points of another library into the selected indicator.
// Every test makes its own libraries with unique names (cycle 2023: standard.spec.ts counts the 2026 cards).
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, dialog, login, pick, screenshot, stamp, toast } from './support.js';
import { addIndicator, card, createLibrary, openLibrary, openStandards, pointNames, search } from './standard-steps.js';

const SHOTS = {
  progress: fileURLToPath(new URL('../../docs/screenshots/standard-job-progress.png', import.meta.url)),
  failed: fileURLToPath(new URL('../../docs/screenshots/standard-job-failed.png', import.meta.url)),
  copyPoints: fileURLToPath(new URL('../../docs/screenshots/standard-copy-points.png', import.meta.url)),
  copiedPoints: fileURLToPath(new URL('../../docs/screenshots/standard-copy-points-done.png', import.meta.url)),
};
const SOURCE = '2026年学校层面目标标准';
const SOURCE_POINT = '毕业生初次就业率';

/**
 * Moves the test's libraries to the recycle bin: the card list is newest first, and standard.spec.ts, which runs
 * after this file in the same database, expects the demo libraries on its first page.
 */
async function removeLibraries(page: Page, names: string[]) {
  for (const name of names) {
    await search(page, name);
    await expect(card(page, name)).toHaveCount(1, { timeout: 20_000 });
    await card(page, name).getByRole('button', { name: /删\s*除/ }).click();
    await expect(confirmBox(page)).toContainText(name);
    await confirmBox(page).getByRole('button', { name: /删\s*除/ }).click();
    // the box closes with an animation: the next deletion must not click this one's button
    await expect(confirmBox(page)).toHaveCount(0);
    await expect(card(page, name)).toHaveCount(0);
  }
}

/** 复制 on the library's card, under a new name; the job dialog 复制 opens. */
async function startCopy(page: Page, source: string, name: string) {
  await card(page, source).getByRole('button', { name: /复\s*制/ }).click();
  const form = dialog(page, `复制目标标准：${source}`);
  await form.getByLabel('名称').fill(name);
  await form.getByRole('button', { name: /复\s*制/ }).click();
  await expect(form).toBeHidden();
}

test('the job dialog shows the copy’s step and share while it runs, then done; a failure shows its reason', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `进度测试库${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);

  // The copy of a small library ends within a poll: the answers are held at a stage the server reports (2 of 5,
  // 复制质控点) until the running dialog has been seen; then the server's own answers pass.
  let hold = true;
  await page.route('**/api/herm-znfx/quality/taskResult?*', async (route) => {
    if (!hold) return route.continue();
    const taskId = new URL(route.request().url()).searchParams.get('taskId');
    await route.fulfill({
      json: { meta: { success: true, message: '' }, code: 200, data: { taskId, state: 'running', done: 2, total: 5, step: '复制质控点', reason: null, libraryId: null, renamed: [] } },
    });
  });
  await startCopy(page, name, `${name}（副本）`);
  const job = page.getByRole('dialog', { name: '复制', exact: true });
  await expect(job.getByTestId('job-step')).toContainText('正在复制：复制质控点（2/5）');
  await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await screenshot(page, SHOTS.progress);
  hold = false;
  await expect(job).toContainText('复制完成', { timeout: 30_000 });
  await job.getByRole('button', { name: '关 闭', exact: true }).click();
  await page.unroute('**/api/herm-znfx/quality/taskResult?*');
  await search(page, `${name}（副本）`);
  await expect(card(page, `${name}（副本）`)).toHaveCount(1);

  // A failed job: the dialog shows the reason the server gives (here answered for the server: the e2e suite
  // job-progress makes a copy fail for real, with its source deleted before the worker runs).
  await search(page, name);
  await page.route('**/api/herm-znfx/quality/taskResult?*', (route) =>
    route.fulfill({
      json: { meta: { success: true, message: '' }, code: 200, data: { taskId: 'x', state: 'failed', done: 0, total: 5, step: '失败', reason: '要复制的目标标准不存在或已删除', libraryId: null, renamed: [] } },
    }),
  );
  await startCopy(page, name, `${name}（失败）`);
  await expect(job.getByTestId('job-reason')).toHaveText('要复制的目标标准不存在或已删除');
  await expect(job).toContainText('复制失败');
  await screenshot(page, SHOTS.failed);
  await job.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(job).toBeHidden();
  await page.unroute('**/api/herm-znfx/quality/taskResult?*');
  await removeLibraries(page, [`${name}（副本）`, `${name}（失败）`, name]);
});

test('复制质控点 copies ticked points of another library into the selected indicator, renaming a code taken', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `复制质控点测试库${id}`;
  const ind = `复制目标指标${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);
  await openLibrary(page, name);
  await addIndicator(page, ind);

  const copyOnce = async () => {
    await page.getByRole('button', { name: /复制质控点/ }).click();
    const modal = dialog(page, '复制质控点');
    await pick(page, modal.getByLabel('来源目标标准'), SOURCE);
    const row = modal.getByTestId('copy-point-table').locator('tr').filter({ hasText: SOURCE_POINT });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox').check();
    await expect(modal).toContainText('已选1个');
    // the target is the indicator selected in the tree
    await expect(modal.locator('.ant-select').filter({ hasText: ind })).toHaveCount(1);
    return modal;
  };

  const modal = await copyOnce();
  await screenshot(page, SHOTS.copyPoints);
  await modal.getByRole('button', { name: /复\s*制/ }).click();
  const job = page.getByRole('dialog', { name: '复制质控点', exact: true }).filter({ has: page.getByTestId('job-progress') });
  await expect(job).toContainText('复制质控点完成', { timeout: 30_000 });
  await job.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(pointNames(page).filter({ hasText: SOURCE_POINT })).toHaveCount(1);

  // The same point again: its code is taken in this library now, so the copy takes a new one and says so.
  const codeBefore = await page.getByTestId('point-table').locator('tr').filter({ hasText: SOURCE_POINT }).locator('td').first().textContent();
  const again = await copyOnce();
  await again.getByRole('button', { name: /复\s*制/ }).click();
  await expect(job).toContainText('复制质控点完成', { timeout: 30_000 });
  await expect(job.getByTestId('job-renamed')).toContainText(`${codeBefore} → XX-`);
  await screenshot(page, SHOTS.copiedPoints);
  await job.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(pointNames(page).filter({ hasText: SOURCE_POINT })).toHaveCount(2);
  await page.getByRole('button', { name: '返回目标标准列表' }).click();
  await removeLibraries(page, [name]);
});

test('a failed dimension list says 获取维度信息失败！ and the page goes on', async ({ page }) => {
  await page.route('**/api/user/dimensions?*', (route) => route.fulfill({ status: 500, json: { meta: { success: false, message: '服务器内部错误' }, data: null, code: 500 } }));
  await login(page, DEMO.publisher);
  await openStandards(page);
  await expect(toast(page, '获取维度信息失败！')).toHaveCount(1);
  await expect(toast(page, '服务器内部错误')).toHaveCount(0);
});

test('an expert, who reads 目标标准 only, is offered no 新增目标标准 and no 复制', async ({ page }) => {
  await login(page, DEMO.expert);
  await openStandards(page);
  await expect(card(page, SOURCE)).toHaveCount(1);
  await expect(card(page, SOURCE).getByRole('button', { name: /进\s*入/ })).toBeVisible();
  await expect(card(page, SOURCE).getByRole('button', { name: /复\s*制/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /新增目标标准/ })).toHaveCount(0);
});
