import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { workerDatabaseUrl } from './browser-workers.js';
import { DEMO, login, screenshot, searchAndPick } from './support.js';

// Issue 33, each centre's own 目标标准, 诊断改进, 监测预警 and 质量报告 on the demo school: the administrator opens them
// from the centre's sidebar and sees only that level's libraries, tasks (paged by the server: the total is the level's,
// not the 7,036 of the school), task picker and reports; the centre's path still opens its overview; the pages fit
// 390 px. Reads only.
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/** What of a page's cards reaches past a 390 px screen, tables' own scrolling parts aside. */
const OVERFLOWING = `[...document.querySelectorAll('.ant-card *')]
  .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.ant-table-content, .ant-table-body, .ant-table-header'))
  .map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30))`;

const sidebar = (page: Page) => page.getByRole('menu', { name: '子菜单' });
const taskCards = (page: Page) => page.locator('[role="link"].ant-card');

async function countTasks(where: string): Promise<number> {
  const db = new pg.Client({ connectionString: workerDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM obj_task WHERE ${where}`);
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

test('a centre\'s sidebar opens its overview and its level\'s 诊断改进, paged by the server', async ({ page }) => {
  const majors = await countTasks(`object_type = 'major'`);
  await login(page, DEMO.admin);
  // the centre's path is still its overview, now the first entry of its sidebar
  await page.goto('/majorDevelopCenter');
  await expect(page.getByTestId('centre-figure')).toHaveCount(5);
  await expect(sidebar(page).getByRole('menuitem')).toHaveText(['专业发展中心', '专业目标标准', '专业诊断改进', '专业监测预警', '专业质量报告']);

  const asked = page.waitForRequest((r) => r.url().includes('/task/select') && r.url().includes('objectType=major') && r.url().includes('pageSize=10'));
  await sidebar(page).getByRole('menuitem', { name: '专业诊断改进' }).click();
  await expect(page).toHaveURL(/\/majorDevelopCenter\/improvement$/);
  await asked;
  await expect(page.getByTestId('tab-strip').getByRole('tab', { name: '专业诊断改进' })).toHaveAttribute('aria-selected', 'true');
  await expect(taskCards(page)).toHaveCount(10);
  for (const text of await taskCards(page).allTextContents()) expect(text).toContain('专业：');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`当前页10条，共${majors}条`);
  await screenshot(page, shot('centre-improvement'));

  // the filters are the server's: a name, then the 待审核 ones
  await page.getByLabel('任务名称').fill('软件技术2026');
  await expect(taskCards(page).first()).toContainText('软件技术2026年度质量诊断');
  await page.getByLabel('任务名称').fill('');
  const submitted = await countTasks(`object_type = 'major' AND audit_state = 'submitted'`);
  await page.getByLabel('审核状态').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '待审核' }).click();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(new RegExp(`共${submitted}条$`));
  await expect(taskCards(page).first()).toContainText('待审核');
  // a task opens in the centre's own tab
  await taskCards(page).first().click();
  await expect(page).toHaveURL(/\/majorDevelopCenter\/improvement\?task=/);
  await expect(page.getByTestId('quality-table')).toBeVisible();
});

test('学生发展中心\'s 目标标准 shows only student libraries, with no 层面 filter', async ({ page }) => {
  await login(page, DEMO.admin);
  const asked = page.waitForRequest((r) => r.url().includes('/target/list') && r.url().includes('targetLevelId=student'));
  await page.goto('/stuDevelopCenter/standard');
  await asked;
  await expect(page.getByTestId('tab-strip').getByRole('tab', { name: '学生目标标准' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByTestId('library-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('层面学生');
  await expect(page.getByRole('combobox', { name: '层面' })).toHaveCount(0);
  await screenshot(page, shot('centre-standard'));
});

test('a centre\'s 监测预警 offers its level\'s tasks and its 质量报告 lists its level\'s reports', async ({ page }) => {
  await login(page, DEMO.admin);
  const asked = page.waitForRequest((r) => r.url().includes('/task/select') && r.url().includes('objectType=major'));
  await page.goto('/majorDevelopCenter/warning');
  await asked;
  await expect(page.getByText('预警总数')).toBeVisible();
  await searchAndPick(page, page.getByLabel('诊断任务'), '软件技术2026', /^软件技术2026年度质量诊断$/, '软件技术2026年度质量诊断');
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  await screenshot(page, shot('centre-warning'));

  const reports = page.waitForRequest((r) => r.url().includes('/report/select') && r.url().includes('cjlx=major'));
  await page.goto('/majorDevelopCenter/qualityReport');
  await reports;
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '范围' })).toHaveCount(0);
  await screenshot(page, shot('centre-quality-report'));
});

test('a centre\'s 诊断改进 and 目标标准 fit 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.admin);
  await page.goto('/majorDevelopCenter/improvement');
  await expect(taskCards(page)).toHaveCount(10);
  expect(await page.evaluate<string[]>(OVERFLOWING)).toEqual([]);
  await screenshot(page, shot('centre-improvement-390'));
  await page.goto('/stuDevelopCenter/standard');
  await expect(page.getByTestId('library-card').first()).toBeVisible();
  expect(await page.evaluate<string[]>(OVERFLOWING)).toEqual([]);
  await screenshot(page, shot('centre-standard-390'));
  await page.goto('/majorDevelopCenter/warning');
  await expect(page.getByText('预警总数')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  expect(await page.evaluate<string[]>(OVERFLOWING)).toEqual([]);
  await screenshot(page, shot('centre-warning-390'));
});
