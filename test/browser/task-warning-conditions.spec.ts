// 预警设置 on 年度任务: the task warning conditions (school-wide, a year target's own). The school-wide conditions are
// restored to the seeded 按季度 / 15 days at the end: other specs of a run count on them.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, drawer, login, pick, screenshot, stamp, toast } from './support.js';
import { apiAs } from './task-life-support.js';
import { PATHS, addYearTarget, openAnnualMenu } from './task-lists-steps.js';

const run = stamp();
const NOW = new Date().getFullYear();
const TARGET = `预警设置测试目标${run}`;
const TARGET_OPTION = `${NOW}年 · ${TARGET}`;
const SCHOOL = /全校（所有年度目标的默认设置）/;
const TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

const info = (page: Page) => page.getByTestId('warning-condition-info');
const scope = (page: Page) => drawer(page).getByLabel('适用范围');

async function openConditions(page: Page): Promise<void> {
  await page.getByRole('button', { name: /预警设置/ }).click();
  await expect(drawer(page)).toContainText('预警设置');
  await expect(drawer(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The shown conditions: the checked cadence and the grace days. */
async function expectShown(page: Page, cadence: '按月' | '按季度' | '按半年', graceDays: number, source: string): Promise<void> {
  await expect(drawer(page).getByRole('radio', { name: cadence })).toBeChecked();
  await expect(drawer(page).getByLabel('宽限天数')).toHaveValue(String(graceDays));
  await expect(info(page)).toContainText(source);
}

async function setConditions(page: Page, cadence: '按月' | '按季度' | '按半年', graceDays: number): Promise<void> {
  await drawer(page).getByText(cadence, { exact: true }).click();
  await drawer(page).getByLabel('宽限天数').fill(String(graceDays));
  await expect(page.getByTestId('warning-condition-sentence')).toContainText(graceDays > 0 ? `结束${graceDays}天后` : '结束后');
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
}

async function closeDrawer(page: Page): Promise<void> {
  await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(drawer(page)).toHaveCount(0);
}

test.describe.serial('预警设置 (task warning conditions)', () => {
  // Whatever happened above, the school-wide conditions go back to the seeded ones (other specs count warnings by them).
  test.afterAll(async ({ playwright, baseURL }) => {
    const fabu = await apiAs(playwright, baseURL!, DEMO.publisher);
    await fabu.post('/api/herm-znfx/targetTask/warningCondition/update', { cadence: 'quarter', graceDays: 15 });
    await fabu.dispose();
  });
  test('the publisher changes the school-wide cadence, sets a year target its own, and restores the school-wide one', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, DEMO.publisher);
    await openAnnualMenu(page, '年度目标', PATHS.yearTarget);
    await addYearTarget(page, TARGET, `${NOW}年`);
    await openAnnualMenu(page, '年度任务', PATHS.year);

    // the seeded school-wide conditions, and what a process warning is
    await openConditions(page);
    await expect(scope(page).locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText(SCHOOL);
    await expect(page.getByTestId('warning-explanation')).toContainText('过程预警');
    await expect(page.getByTestId('warning-explanation')).toContainText('逾期预警');
    await expectShown(page, '按季度', 15, '全校设置');
    await expect(page.getByTestId('warning-condition-sentence')).toContainText('每季度须上报一次进度；某一周期结束15天后');

    // school-wide: every month, 10 days; saved, and still so after reopening
    await setConditions(page, '按月', 10);
    await expect(info(page)).toContainText(TIME);
    await closeDrawer(page);
    await openConditions(page);
    await expectShown(page, '按月', 10, '全校设置');
    await expect(info(page)).toContainText(TIME);
    await screenshot(page, 'docs/screenshots/task-warning-conditions.png');

    // a year target without its own conditions inherits the school's
    await pick(page, scope(page), TARGET_OPTION);
    await expectShown(page, '按月', 10, '沿用全校设置');
    await expect(page.getByTestId('warning-condition-inherited')).toBeVisible();
    // its own: every half year, 30 days
    await setConditions(page, '按半年', 30);
    await expect(info(page)).toContainText('本年度目标单独设置');
    await expect(page.getByTestId('warning-condition-inherited')).toHaveCount(0);
    // the school's stay as they were
    await pick(page, scope(page), SCHOOL);
    await expectShown(page, '按月', 10, '全校设置');
    await closeDrawer(page);

    // reopened with the year target chosen in the filter: its own conditions
    await pick(page, page.getByRole('main').getByRole('combobox', { name: '年度目标', exact: true }), TARGET);
    await openConditions(page);
    await expect(scope(page).locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText(TARGET_OPTION);
    await expectShown(page, '按半年', 30, '本年度目标单独设置');

    // restore the school-wide conditions the other specs count on
    await pick(page, scope(page), SCHOOL);
    await expectShown(page, '按月', 10, '全校设置');
    await setConditions(page, '按季度', 15);
    await closeDrawer(page);
    await openConditions(page);
    await pick(page, scope(page), SCHOOL);
    await expectShown(page, '按季度', 15, '全校设置');
    // the year target keeps its own
    await pick(page, scope(page), TARGET_OPTION);
    await expectShown(page, '按半年', 30, '本年度目标单独设置');
    await closeDrawer(page);
  });

  test('the school leader reads 年度任务 but has no 预警设置', async ({ page }) => {
    await login(page, DEMO.leader);
    await openAnnualMenu(page, '年度任务', PATHS.year);
    await expect(page.getByRole('button', { name: /刷\s*新/ })).toBeVisible();
    await expect(page.getByTestId('count-tasks')).toContainText(/任务总数\d+/);
    await expect(page.getByRole('button', { name: /预警设置/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /新增任务/ })).toHaveCount(0);
  });
});
