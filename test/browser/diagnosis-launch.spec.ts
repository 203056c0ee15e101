import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { workerDatabaseUrl } from './browser-workers.js';
import { answerConfirm, clickUntilClosed, DEMO, dialog, login, pick, screenshot } from './support.js';

// 诊断任务下发 (issue 32) on a phone-sized screen: the publisher launches the 2026 major-level diagnosis of two majors
// (objects inserted here: the objects module manages them), watches the job's progress, opens the launch's counts and
// closes the cycle. Rows prefixed dlb-, removed after.
const SHOT = fileURLToPath(new URL('../../docs/screenshots/diagnosis-launch-390.png', import.meta.url));
const FORM_SHOT = fileURLToPath(new URL('../../docs/screenshots/diagnosis-launch-form-390.png', import.meta.url));
const PATH = '/qualityManagement/diagnosisLaunch';

const database = () => new pg.Client({ connectionString: workerDatabaseUrl() });
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function cleanUp(): Promise<void> {
  const db = database();
  await db.connect();
  try {
    await db.query(`DELETE FROM obj_task WHERE object_id LIKE 'dlb-%'`);
    await db.query(`DELETE FROM diagnosis_launch WHERE library_id = 'lib-major-2026' AND creator_id = 'u-publisher'`);
    await db.query(`DELETE FROM diagnosis_object WHERE id LIKE 'dlb-%'`);
  } finally {
    await db.end();
  }
}

test.beforeAll(async () => {
  await cleanUp();
  const db = database();
  await db.connect();
  try {
    await db.query(
      `INSERT INTO diagnosis_object (id, level, code, name, department_id, responsible_id) VALUES
         ('dlb-m1', 'major', 'DLB-M1', 'DLB软件技术', 'd-jwc', 'u-owner'),
         ('dlb-m2', 'major', 'DLB-M2', 'DLB机电一体化', 'd-rsc', 'u-depthead')`,
    );
  } finally {
    await db.end();
  }
});
test.afterAll(cleanUp);

async function fillDate(page: Page, label: string, value: string): Promise<void> {
  const input = dialog(page, '下发诊断任务').getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('the publisher launches the major level at 390 px, sees it done and counted, and closes the cycle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.publisher);
  await page.goto(PATH);
  await page.getByRole('button', { name: '下发诊断任务' }).click();
  const form = dialog(page, '下发诊断任务');
  await pick(page, form.getByLabel('诊断层面'), '专业');
  // choosing the type loads its values and selects the default (000 §4)
  const cycleItem = form.locator('.ant-form-item').filter({ has: page.getByLabel('周期', { exact: true }) });
  const typeItem = form.locator('.ant-form-item').filter({ has: page.getByLabel('周期类型') });
  await pick(page, form.getByLabel('周期类型'), '年度');
  await expect(cycleItem).toContainText('2026');
  // clearing the type clears the value; choosing it again selects the default again
  await typeItem.hover();
  await typeItem.locator('.ant-select-clear').click();
  await expect(cycleItem).not.toContainText('2026');
  await pick(page, form.getByLabel('周期类型'), '年度');
  await expect(cycleItem).toContainText('2026');
  await pick(page, form.getByLabel('目标标准'), /2026年专业层面/);
  await form.getByLabel('按部门选择').check();
  await pick(page, form.getByLabel('部门', { exact: true }), /教务处/);
  // 人事处 has no major of the demo's: the two departments hold these two objects alone
  await pick(page, form.getByLabel('部门', { exact: true }), /人事处/);
  await fillDate(page, '开始日期', day(0));
  await fillDate(page, '结束日期', day(60));
  await screenshot(page, FORM_SHOT);
  await form.getByRole('button', { name: /下\s*发/ }).click();
  await expect(page.getByTestId('launch-progress')).toContainText('完成（2/2）', { timeout: 30_000 });
  await expect(page.getByTestId('launch-progress')).toContainText('已创建2个诊断任务');
  await clickUntilClosed(dialog(page, '下发诊断任务'), dialog(page, '下发诊断任务').getByRole('button', { name: /完\s*成/ }));

  // the demo's own 2026 major launch (its own standard) is listed too
  const row = page.getByTestId('launch-table').locator('tr.ant-table-row').filter({ hasText: '专业层面 2026' }).filter({ hasText: '2026年专业层面目标标准' }).first();
  await expect(row).toContainText('进行中');
  await row.getByTestId('launch-link').click();
  await expect(page.getByTestId('launch-totals')).toContainText('合计2');
  await expect(page.getByTestId('launch-departments')).toContainText('教务处');
  await expect(page.getByTestId('launch-departments')).toContainText('人事处');
    // the page's own content fits the phone's width; its tables scroll inside themselves
  const overflowing = await page.evaluate<string[]>(`[...document.querySelectorAll('.ant-card *')]
    .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.ant-table-content, .ant-table-body, .ant-table-header'))
    .map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30))`);
  expect(overflowing).toEqual([]);
  // the shell's header is wider than the phone (its own matter): the picture starts at the left edge
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, SHOT);

  await page.getByRole('button', { name: '关闭周期' }).click();
  await answerConfirm(page, '关闭周期');
  await expect(page.getByText('已关闭', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '关闭周期' })).toHaveCount(0);
});
