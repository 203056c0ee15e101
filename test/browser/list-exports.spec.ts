import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { workerDatabaseUrl } from './browser-workers.js';
import { DEMO, PHONE, expectThumbReach, login, pick } from './support.js';
import { PATHS, taskCards } from './task-lists-steps.js';

// Issue 35, 导出Excel beside a list's search: the download carries the list's Chinese name and the rows the list counts
// under its filters, on a desktop and on a phone. Reads only.

/** Clicks 导出Excel and answers the download's name and its sheet's data rows (below the header). */
async function exportList(page: Page): Promise<{ name: string; rows: number }> {
  const button = page.getByRole('button', { name: '导出Excel' });
  await expect(button).toBeEnabled();
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  return { name: file.suggestedFilename(), rows: book.worksheets[0]!.rowCount - 1 };
}

/** Runs `act` and answers the total of the list answer it causes (the list's counter). */
async function totalAfter(page: Page, route: string, act: () => Promise<unknown>, has = ''): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes(route) && r.url().includes(has) && r.request().method() === 'GET');
  await act();
  const total = ((await (await answer).json()) as { data: { total: number } }).data.total;
  return total;
}

test('年度任务 exports every task 全部任务 counts, and a filter narrows the export as it narrows the list', async ({ page }) => {
  await login(page, DEMO.publisher);
  const total = await totalAfter(page, '/targetTask/list', () => page.goto(PATHS.year), 'pageType=YEAR_TASK');
  await expect(taskCards(page).first()).toBeVisible();
  await expect(page.getByTestId('count-tasks')).toContainText(String(total));
  expect(total).toBeGreaterThan(10); // more than the page of cards shown
  expect(await exportList(page)).toEqual({ name: '全部任务.xlsx', rows: total });

  // 我发布的 tab, then a state filter: the export follows what the list counts
  const published = await totalAfter(page, '/targetTask/list', () => page.getByRole('tab', { name: '我发布的' }).click(), 'pageType=MY_YEAR_TASK');
  await expect(page).toHaveURL(/tab=MY_YEAR_TASK/);
  await expect(taskCards(page).first()).toBeVisible();
  const narrowed = await totalAfter(page, '/targetTask/list', () => pick(page, page.getByLabel('任务状态'), '执行中'), 'rwjd=executeing');
  await expect(page.getByTestId('count-tasks')).toContainText(String(narrowed));
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(published);
  expect(await exportList(page)).toEqual({ name: '我发布的.xlsx', rows: narrowed });
});

test('我的任务 exports on a phone: 导出Excel within reach at 390 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, DEMO.owner);
  const total = await totalAfter(page, '/targetTask/list', () => page.goto(PATHS.my), 'pageType=MY_TASK');
  await expect(taskCards(page).first()).toBeVisible();
  await expectThumbReach(page, page.getByRole('button', { name: '导出Excel' }));
  expect(await exportList(page)).toEqual({ name: '我的任务.xlsx', rows: total });
});

test('用户管理 exports the people its search keeps, on a desktop and on a phone', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/dataManage/user');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // the first page of the demo school's 3,300 people waits for the roles and the department tree too
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('输入姓名或账号').fill('admin');
  const found = await totalAfter(page, '/users/common', () => page.getByRole('button', { name: /查\s*询/ }).click(), 'userName=admin');
  expect(found).toBeGreaterThan(0);
  await expect(rows).toHaveCount(Math.min(found, 10));
  expect(await exportList(page)).toEqual({ name: '用户列表.xlsx', rows: found });
  await page.setViewportSize(PHONE);
  await expectThumbReach(page, page.getByRole('button', { name: '导出Excel' }));
});

test('监测预警 exports the picked task\'s warning table, named after the task', async ({ page }) => {
  // a demo task whose table has warnings (the demo's scan opened them), and how many points it lists
  const db = new pg.Client({ connectionString: workerDatabaseUrl() });
  await db.connect();
  let task: { id: string; rwmc: string; points: number };
  try {
    const { rows } = await db.query<{ id: string; rwmc: string; points: number }>(
      `SELECT t.id, t.rwmc, count(DISTINCT r.point_id)::int AS points
         FROM warning_flow f JOIN quality_result r ON r.id = f.result_id JOIN obj_task t ON t.id = r.obj_task_id
        GROUP BY t.id, t.rwmc ORDER BY t.id LIMIT 1`,
    );
    task = rows[0]!;
  } finally {
    await db.end();
  }
  await login(page, DEMO.admin);
  await page.goto(`/qualityManagement/warning?task=${encodeURIComponent(task.id)}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  expect(await exportList(page)).toEqual({ name: `预警列表-${task.rwmc.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`, rows: task.points });
});

test("诊断改进 exports a task's quality-point table: as many rows as the table shows, named after the task", async ({ page }) => {
  const task = 'Java程序设计2026年度质量诊断';
  await login(page, DEMO.owner);
  await page.goto('/qualityManagement/improvement');
  await page.getByLabel('任务名称').fill(task);
  await page.getByRole('link', { name: task, exact: true }).click();
  const rows = page.getByTestId('quality-table').locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(await exportList(page)).toEqual({ name: `质控点列表-${task}.xlsx`, rows: shown });
});
