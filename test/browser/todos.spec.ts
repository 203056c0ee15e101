import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, drawer, login, screenshot, userMenu } from './support.js';

// Issue 34, 我的待办: 张伟 (an auditor) follows his home page's 待审核 to the list filtered to it, and 去处理 opens the
// target task's drawer on 部门任务 — at 1366 px and at a phone's 390 × 844, where the rows are cards and the button
// stays on screen. Reads only.
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/** What of the page's card reaches past the window's right edge. */
const OVERFLOWING = (width: number) => `[...document.querySelectorAll('[data-testid="todo-page"] *')]
  .filter((e) => e.getBoundingClientRect().right > ${width + 1})
  .map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30))`;

async function counterToTodo(page: Page, width: number, picture: string) {
  await login(page, DEMO.auditor);
  const counter = page.getByTestId('todo-link-audits');
  await expect(counter).toBeVisible();
  await counter.click();
  await expect(page).toHaveURL(/\/todo\?group=audits$/);
  const rows = page.getByTestId('todo-row');
  await expect(rows.first()).toBeVisible();
  // the filter is on: every row is an audit, and the group's button shows the home counter's number
  await expect(page.getByRole('radio', { name: /待审核 \d+/ })).toBeChecked();
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  await expect(page.getByText(/待审核 (\d+)/).first()).toContainText(`待审核 ${n}`);
  expect(await page.evaluate<string[]>(OVERFLOWING(width))).toEqual([]);
  await screenshot(page, shot(picture));

  const row = rows.filter({ hasText: '审核目标任务' }).first();
  const name = (await row.locator('[title]').first().getAttribute('title'))!;
  const button = row.getByRole('button', { name: '去处理' });
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await button.click();
  await expect(page).toHaveURL(/\/qualityManagement\/annualWbs\/(department|yearTask)\?task=/);
  await expect(drawer(page)).toContainText(name);
}

test('张伟 follows 待审核 from the home page to 我的待办 and 去处理 into the task (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await counterToTodo(page, 1366, 'todos');
});

test('the same at a phone\'s 390 × 844: rows as cards, the button in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await counterToTodo(page, 390, 'todos-390');
});

test('我的待办 is in every person\'s user menu; an empty group says 暂无待办', async ({ page }) => {
  await login(page, DEMO.expert);
  await userMenu(page, '我的待办');
  await expect(page).toHaveURL(/\/todo$/);
  await expect(page.getByTestId('todo-row').first()).toBeVisible();
  await page.locator('.ant-radio-button-wrapper', { hasText: '待处理预警' }).click();
  await expect(page).toHaveURL(/group=warnings/);
  await expect(page.getByText('暂无待办')).toBeVisible();
});
