import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { workerDatabaseUrl } from './browser-workers.js';
import { DEMO, drawer, login, pick, screenshot } from './support.js';
import { openAnnualMenu, settled } from './task-lists-steps.js';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/task-summary.png', import.meta.url));
const DEPT_SHOT = fileURLToPath(new URL('../../docs/screenshots/task-summary-department.png', import.meta.url));
const LEAF_SHOT = fileURLToPath(new URL('../../docs/screenshots/task-summary-leaf-tasks.png', import.meta.url));
const PATH = '/qualityManagement/annualWbs/summary';
/** This spec's year target and tasks (inserted in SQL, removed after): known numbers for the charts. */
const YT = 'tsb-yt';
const YT_NAME = 'TSB汇总分析测试目标';

const tabs = (page: Page) => page.getByTestId('summary-tabs').getByRole('tab');
const card = (page: Page, key: string) => page.getByTestId(`summary-${key}`).locator('.ant-statistic-content');
/** The chart's own element: echarts writes the numbers it draws into its aria-label (aria enabled). */
const chartLabel = (page: Page, key: string) => page.getByTestId(`chart-${key}`).locator('[aria-label]').first();

const database = () => new pg.Client({ connectionString: workerDatabaseUrl() });

test.beforeAll(async () => {
  const db = database();
  await db.connect();
  try {
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, $2, '2026', 'u-publisher') ON CONFLICT (id) DO NOTHING`, [YT, YT_NAME]);
    // id, charge department, owner, type, rwjd, task state, target
    const tasks: Array<[string, string, string, string, string, string, number | null]> = [
      ['tsb-1', 'd-jwc', 'u-owner', 'A', 'executeing', 'normal', 10],
      ['tsb-2', 'd-jwc', 'u-depthead', 'B', 'hasDone', 'finished', 10],
      ['tsb-3', 'd-xxgc', 'u-owner', 'C', 'waitDefine', 'normal', null],
      ['tsb-4', 'd-zlb', 'u-publisher', 'A', 'delayDone', 'finished', 10],
      ['tsb-5', 'd-xxgc', 'u-owner', 'A', 'delayNotDone', 'normal', 10],
    ];
    for (const [id, dept, owner, rwlx, rwjd, state, target] of tasks) {
      await db.query(
        `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, auditor_id, creator_id, rwjd, task_state, target_value)
         VALUES ($1, $2, $3, $4, '2026', '2026-01-01', '2026-06-30', $5, $6, 'u-auditor', 'u-publisher', $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [id, YT, `TSB任务${id.slice(4)}`, rwlx, dept, owner, rwjd, state, target],
      );
    }
    await db.query(
      `INSERT INTO progress_report (task_id, kind, content, value_reached, audit_state, reported_by)
       VALUES ('tsb-1', 'process', 'TSB进度', 5, 'pass', 'u-owner'), ('tsb-2', 'final', 'TSB完成', 10, 'pass', 'u-depthead')`,
    );
    await db.query(
      `INSERT INTO task_warning (task_id, kind, period_key, opened_at, closed_at) VALUES
         ('tsb-1', 'process', 'tsb-p1', '2026-04-05 12:00:00', NULL),
         ('tsb-5', 'process', 'tsb-p1', '2026-04-05 12:00:00', NULL),
         ('tsb-5', 'expired', 'tsb-e0', '2026-02-05 12:00:00', '2026-02-06 12:00:00'),
         ('tsb-5', 'expired', 'tsb-e1', '2026-03-10 12:00:00', NULL)
       ON CONFLICT DO NOTHING`,
    );
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  const db = database();
  await db.connect();
  try {
    await db.query(`DELETE FROM target_task WHERE year_target_id = $1`, [YT]);
    await db.query(`DELETE FROM year_target WHERE id = $1`, [YT]);
  } finally {
    await db.end();
  }
});

/** 汇总分析 under 年度目标任务, once its cards are there. */
async function openSummary(page: Page): Promise<void> {
  await openAnnualMenu(page, '汇总分析', PATH);
  await expect(card(page, 'total')).toBeVisible();
  await settled(page);
}

/** The rows of the 部门汇总 tab's 末级任务 list. */
const leafRows = (page: Page) => page.getByTestId('leaf-tasks').locator('.ant-table-tbody tr.ant-table-row');

/** The year 2026 and this spec's year target in the filter bar. */
async function filterToSeeded(page: Page): Promise<void> {
  await pick(page, page.getByLabel('年度', { exact: true }), '2026年');
  await settled(page);
  await pick(page, page.getByLabel('年度目标', { exact: true }), `${YT_NAME}（2026）`);
  await settled(page);
}

test('the school leader reads the global summary of the seeded tasks in cards and charts', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.leader);
  await openSummary(page);
  // the leader may use all three summaries; the first is their own
  await expect(tabs(page)).toHaveText(['我的汇总', '部门汇总', '全局汇总']);
  await expect(tabs(page).filter({ hasText: '我的汇总' })).toHaveAttribute('aria-selected', 'true');
  await tabs(page).filter({ hasText: '全局汇总' }).click();
  await settled(page);
  await filterToSeeded(page);

  await expect(card(page, 'total')).toHaveText('5');
  await expect(card(page, 'finished')).toHaveText('2');
  await expect(card(page, 'rate')).toHaveText('40.00%');
  await expect(card(page, 'process')).toHaveText('2');
  await expect(card(page, 'expired')).toHaveText('1');
  // the charts draw the same numbers (echarts reads them out in their aria labels: category index, value)
  await expect(chartLabel(page, 'group')).toHaveAttribute('aria-label', /暂停的数据是1，正常的数据是2，已完成的数据是2/);
  await expect(chartLabel(page, 'type')).toHaveAttribute('aria-label', /任务数的柱状图，其数据是——重点任务的数据是0，3，常规任务的数据是1，1，一般任务的数据是2，1；/);
  await expect(chartLabel(page, 'department')).toHaveAttribute('aria-label', /已完成的柱状图，其数据是——教务处的数据是0，1，.*信息工程学院的数据是1，0，.*未完成的柱状图，其数据是——教务处的数据是0，1，.*信息工程学院的数据是1，2，/);
  await expect(chartLabel(page, 'progress')).toHaveAttribute('aria-label', /0%的数据是0，3，0-25%的数据是1，0，25-50%的数据是2，1，50-75%的数据是3，0，75-100%的数据是4，0，100%的数据是5，1/);
  await expect(chartLabel(page, 'trend')).toHaveAttribute('aria-label', /1月的数据是0，0，2月的数据是1，1，3月的数据是2，1，4月的数据是3，0/);
  await expect(page.getByTestId('chart-trend')).toContainText('2026年逾期预警趋势');
  await tabs(page).first().scrollIntoViewIfNeeded();
  await screenshot(page, SHOT);
});

test('a department head sees the department summary defaulted to their department, with its head', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.deptHead);
  await openSummary(page);
  await expect(tabs(page)).toHaveText(['我的汇总', '部门汇总']);
  await tabs(page).filter({ hasText: '部门汇总' }).click();
  await settled(page);
  await expect(page.getByLabel('责任部门', { exact: true }).locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')).toContainText('教务处');
  await expect(page.getByTestId('department-head')).toHaveText('部门负责人：李红');
  await filterToSeeded(page);
  await expect(card(page, 'total')).toHaveText('2');
  await expect(card(page, 'finished')).toHaveText('1');
  await expect(card(page, 'rate')).toHaveText('50.00%');
  await expect(card(page, 'process')).toHaveText('1');
  await expect(card(page, 'expired')).toHaveText('0');
  // no expired warning of this department this year: the trend shows its empty state
  await expect(page.getByTestId('chart-trend')).toContainText('暂无数据');
  await tabs(page).first().scrollIntoViewIfNeeded();
  await screenshot(page, DEPT_SHOT);
});

test('a department head narrows the last-level tasks of their department by name and by owner, and opens one', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.deptHead);
  await openSummary(page);
  await tabs(page).filter({ hasText: '部门汇总' }).click();
  await settled(page);
  await filterToSeeded(page);
  const list = page.getByTestId('leaf-tasks');
  // 教务处's two tasks of the seeded year target (both without children), newest first
  await expect(leafRows(page)).toHaveCount(2);
  await expect(leafRows(page).locator('td:first-child')).toHaveText(['TSB任务2', 'TSB任务1']);
  await expect(leafRows(page).first()).toContainText('2026-01-01 ~ 2026-06-30');
  await expect(leafRows(page).getByTestId('leaf-task-state')).toHaveText(['已完成', '执行中']);

  // by name: only the task whose name holds the text
  await list.getByLabel('末级任务名称').fill('任务1');
  await list.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(leafRows(page)).toHaveCount(1);
  await expect(leafRows(page).first()).toContainText('TSB任务1');
  const owner = (await leafRows(page).first().locator('td').nth(1).innerText()).trim();
  expect(owner).not.toBe('');
  await list.getByRole('button', { name: /^重\s*置$/ }).click();
  await expect(list.getByLabel('末级任务名称')).toHaveValue('');
  await expect(leafRows(page)).toHaveCount(2);

  // by the owner name seen in the list: only that person's task
  await list.getByLabel('末级任务负责人').fill(owner);
  await list.getByLabel('末级任务负责人').press('Enter');
  await expect(leafRows(page)).toHaveCount(1);
  await expect(leafRows(page).first()).toContainText('TSB任务1');
  await expect(leafRows(page).first()).toContainText(owner);
  // a name nobody has: the empty state
  await list.getByLabel('末级任务名称').fill('没有这个任务');
  await list.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(leafRows(page)).toHaveCount(0);
  await expect(list).toContainText('暂无数据');
  await list.getByRole('button', { name: /^重\s*置$/ }).click();
  await expect(leafRows(page)).toHaveCount(2);
  await list.scrollIntoViewIfNeeded();
  await screenshot(page, LEAF_SHOT);

  // a row opens the task's detail, its id in the address
  await leafRows(page).filter({ hasText: 'TSB任务2' }).click();
  await expect(page).toHaveURL(/[?&]task=tsb-2(&|$)/);
  await expect(drawer(page)).toContainText('任务详情');
  await expect(drawer(page)).toContainText('TSB任务2');
  await page.locator('.ant-drawer-close').click();
  await expect(page).not.toHaveURL(/[?&]task=/);
});
