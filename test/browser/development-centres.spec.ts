import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { workerDatabaseUrl } from './browser-workers.js';
import { DEMO, login, screenshot, searchAndPick, type DemoUser } from './support.js';

// 发展中心 (issue 33) on the demo school: 刘建国 (校领导) reads the major centre, sorts the majors by score, opens the
// weakest one's 专业画像 and follows a course below it into the course centre; a teacher opening 教师发展中心 lands on
// their own 教师画像; the overview fits a phone's width. Reads only.
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const MAJOR = '/majorDevelopCenter';

/** What of a page's cards reaches past a 390 px screen, tables' own scrolling parts aside. */
const OVERFLOWING = `[...document.querySelectorAll('.ant-card *')]
  .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.ant-table-content, .ant-table-body, .ant-table-header'))
  .map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30))`;

const table = (page: Page) => page.getByTestId('centre-table');
const rows = (page: Page) => table(page).locator('tr.ant-table-row');

/** The scores of the rows shown (the 得分 column), '-' for an object without one. */
async function shownScores(page: Page): Promise<string[]> {
  const index = await table(page).locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === '得分'));
  return rows(page).evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent?.trim() ?? ''), index);
}

test('刘建国 sorts the majors by score, opens the weakest major\'s portrait and follows a course below it', async ({ page }) => {
  await login(page, DEMO.leader);
  await page.goto(MAJOR);
  await expect(page.getByTestId('centre-figure')).toHaveCount(5);
  await expect(page.getByTestId('centre-figures')).toContainText('任务提交');
  await expect(page.getByTestId('centre-figures')).toContainText('改进有效率');
  await expect(rows(page).first()).toBeVisible();
  await screenshot(page, shot('centre-major-overview'));
  // 导出Excel: the filtered objects as a workbook
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // one click on 得分 sorts ascending on the server: the weakest first, objects without a score last
  const sorted = page.waitForResponse((r) => r.url().includes('/centre/overview') && r.url().includes('sort=score') && r.url().includes('order=asc'));
  await table(page).locator('thead th').filter({ hasText: /^得分$/ }).click();
  await sorted;
  await expect(table(page).locator('thead th[aria-sort="ascending"]')).toHaveText('得分');
  const scores = await shownScores(page);
  const numbers = scores.filter((s) => s !== '-').map((s) => Number(s.replace(/%$/, '')));
  expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  expect(scores.slice(numbers.length).every((s) => s === '-')).toBe(true);

  const weakest = rows(page).first().getByTestId('centre-object-link');
  const name = (await weakest.textContent())!.trim();
  await weakest.click();
  await expect(page).toHaveURL(/\/majorDevelopCenter\/portrait\/[^/]+$/);
  await expect(page.getByTestId('portrait-title')).toHaveText(`专业画像：${name}`);
  // the portrait keeps its centre's tab current
  await expect(page.getByTestId('tab-strip').getByRole('tab', { name: '专业发展中心' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('得分与等级')).toBeVisible();
  await expect(page.getByText('原因分析与改进措施')).toBeVisible();
  // a major's courses, each linked into the course centre
  const course = page.getByTestId('portrait-lowers').getByTestId('centre-object-link').first();
  await expect(course).toBeVisible();
  await screenshot(page, shot('centre-major-portrait'));
  // the points' trend charts: one a point (value against target, two series), at most six before the person picks more
  const charts = page.getByTestId('point-chart');
  expect(await charts.count()).toBeLessThanOrEqual(6);
  await page.getByText('质控点趋势').scrollIntoViewIfNeeded();
  await screenshot(page, shot('centre-major-portrait-points'));

  const courseName = (await course.textContent())!.trim();
  await course.click();
  await expect(page).toHaveURL(/\/couseDevelopCenter\/portrait\/[^/]+$/);
  await expect(page.getByTestId('portrait-title')).toHaveText(`课程画像：${courseName}`);
  // and back up to its major
  await expect(page.getByTestId('portrait-upper')).toHaveText(name);
  await page.getByTestId('portrait-upper').click();
  await expect(page.getByTestId('portrait-title')).toHaveText(`专业画像：${name}`);

  // the course centre's overview filtered by that major: only its courses
  await page.goto('/couseDevelopCenter');
  await expect(rows(page).first()).toBeVisible();
  const filtered = page.waitForResponse((r) => r.url().includes('/centre/overview') && r.url().includes('majorId='));
  await searchAndPick(page, page.getByLabel('所属专业'), name, name);
  await filtered;
  await expect(table(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(rows(page).first()).toContainText(name);
  const majorsShown = await table(page).locator('tbody tr.ant-table-row td:nth-child(4)').allTextContents();
  expect(new Set(majorsShown)).toEqual(new Set([name]));
});

test('a teacher lands on their own portrait in 教师发展中心 when they log in, and again when they open the centre', async ({ page }) => {
  const db = new pg.Client({ connectionString: workerDatabaseUrl() });
  await db.connect();
  let teacher: DemoUser;
  try {
    const { rows: found } = await db.query<{ name: string }>(`SELECT name FROM app_user WHERE account = 'js0001'`);
    teacher = { account: 'js0001', password: 'Demo2026', name: found[0]!.name };
  } finally {
    await db.end();
  }
  await login(page, teacher, teacher.password, /\/teachDevelopCenter\/portrait\/obj-teacher-js0001$/);
  await expect(page.getByTestId('portrait-title')).toHaveText(`教师画像：${teacher.name}`);
  await page.goto('/index');
  await page.goto('/teachDevelopCenter');
  await expect(page).toHaveURL(/\/teachDevelopCenter\/portrait\/obj-teacher-js0001$/);
  await expect(page.getByTestId('portrait-title')).toHaveText(`教师画像：${teacher.name}`);
  // a teacher's portrait has no lower objects
  await expect(page.getByTestId('portrait-lowers')).toHaveCount(0);
  await screenshot(page, shot('centre-teacher-portrait'));
});

test('the major centre\'s overview and a portrait fit 390 px: figures and filters wrap, tables scroll inside themselves', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.leader);
  await page.goto(MAJOR);
  await expect(page.getByTestId('centre-figure')).toHaveCount(5);
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate<string[]>(OVERFLOWING)).toEqual([]);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, shot('centre-major-overview-390'));

  // a portrait at the same width: its tables scroll, its charts take the width
  await rows(page).first().getByTestId('centre-object-link').click();
  await expect(page.getByTestId('portrait-title')).toContainText('专业画像：');
  await expect(page.getByTestId('portrait-lowers')).toBeVisible();
  expect(await page.evaluate<string[]>(OVERFLOWING)).toEqual([]);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, shot('centre-major-portrait-390'));
});
