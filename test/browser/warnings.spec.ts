import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, dialog, drawer, login, pick, screenshot, searchAndPick, stamp, toast, topMenu } from './support.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const SHOTS = {
  table: shot('warning-table'),
  history: shot('warning-drawer-history'),
  trend: shot('warning-trend'),
  sampling: shot('sampling-modal'),
  home: shot('home-warnings'),
  rule: shot('point-warning-rule'),
};

// The demo monitoring (backend/src/seed/demo-monitoring.ts): the owner 陈静's teacher task samples 年度教学工作量
// daily for 90 days and warns weekly below 280 — older warnings handled by 陈静, the last month's still open.
const TEACHER_TASK = '陈静2026年度质量诊断';
const DAILY_POINT = '年度教学工作量';
const PARAMETER_SQL = 'select matched as 对口就业人数, major from graduate_employment where major = :dxmc';
const SCHOOL_2026 = '2026年学校层面目标标准';

const main = (page: Page) => page.getByRole('main');
const warningTable = (page: Page) => page.getByTestId('warning-table');
const warningRow = (page: Page, name: string) => warningTable(page).locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const history = (page: Page) => page.getByTestId('warning-history');
const historyRows = (page: Page) => history(page).locator('tr.ant-table-row');
const count = async (locator: Locator) => Number(((await locator.locator('.ant-statistic-content-value').textContent()) ?? '').replace(/\D/g, ''));

/** 内部质量管理 in the top menu, then an entry of its sidebar. */
async function openSideMenu(page: Page, name: string, path: RegExp) {
  await topMenu(page).getByRole('menuitem', { name: '内部质量管理', exact: true }).click();
  await page.getByRole('menu', { name: '子菜单' }).getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(path);
}

/** 监测预警 with a task picked; waits for its table. */
async function openWarnings(page: Page, task: string) {
  await openSideMenu(page, '监测预警', /\/qualityManagement\/warning/);
  await expect(main(page).getByText('预警总数')).toBeVisible();
  // typed: an expert reads the demo's 7,000 tasks, and the list shows a few at a time
  await searchAndPick(page, page.getByLabel('诊断任务'), task, new RegExp(`^${task}$`), task);
  await expect(warningTable(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(warningTable(page).locator('tr.ant-table-row').first()).toBeVisible();
}

/** A task's quality-point table from the cards of 诊断改进. */
async function openTask(page: Page, task: string) {
  await openSideMenu(page, '诊断改进', /\/qualityManagement\/improvement$/);
  await page.getByRole('link', { name: task, exact: true }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/improvement\?task=/);
  await expect(page.getByTestId('quality-table').locator('tr.ant-table-row').first()).toBeVisible();
}

test.describe.serial('monitoring and warnings', () => {
  test('the owner reads a point’s warnings and trend, and handles an open one from its drawer', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, DEMO.owner);
    await openWarnings(page, TEACHER_TASK);

    // the spec's columns in its order, then the actions
    const headers = (await warningTable(page).locator('thead th').allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(headers).toEqual(['质控点名称', '预警值', '原因分析', '处理措施', '预警次数', '已处理次数', '处理人', '操作']);
    const row = warningRow(page, DAILY_POINT);
    await expect(row).toContainText('280');
    await expect(row).toContainText('陈静');
    await expect(row.getByRole('button', { name: /处\s*理/ })).toBeVisible();
    const all = await count(page.getByTestId('count-all'));
    const disposed = await count(page.getByTestId('count-disposed'));
    expect(all).toBeGreaterThan(disposed);
    await screenshot(page, SHOTS.table);

    // 详情: the point's drawer on 预警历史, newest first, handled and open records
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await expect(drawer(page)).toContainText(DAILY_POINT);
    await expect(drawer(page).getByRole('tab', { name: '预警历史', selected: true })).toBeVisible();
    await expect(historyRows(page).first()).toBeVisible();
    for (const title of ['预警时间', '预警值', '监测值', '处理时间', '状态', '操作']) {
      await expect(history(page).getByRole('columnheader', { name: title, exact: true })).toBeVisible();
    }
    await expect(historyRows(page).first()).toContainText('< 280');
    const openBefore = await historyRows(page).filter({ hasText: '未处理' }).count();
    expect(openBefore).toBeGreaterThan(0);
    await expect(historyRows(page).filter({ hasText: '已处理' }).first()).toBeVisible();
    const times = (await historyRows(page).locator('td:first-child').allTextContents()).map((t) => t.trim());
    expect(times.every((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);

    // 查看: the handling detail of a handled record
    await historyRows(page).filter({ hasText: '已处理' }).first().getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialog(page, '处理详情');
    for (const label of ['原因分析', '处理措施', '处理人', '处理时间']) await expect(detail.getByText(label, { exact: true })).toBeVisible();
    await expect(detail).toContainText('陈静');
    await expect(detail).toContainText('主要原因是相关工作推进不及时');
    await detail.getByRole('button', { name: '关闭' }).click();
    await expect(detail).toBeHidden();
    await screenshot(page, SHOTS.history);

    // 预警趋势: a chart (blue monitored values, red warning values)
    await drawer(page).getByRole('tab', { name: '预警趋势' }).click();
    await expect(page.getByTestId('warning-trend').locator('canvas').first()).toBeVisible();
    // echarts draws its lines in about a second
    await page.waitForTimeout(1500);
    await screenshot(page, SHOTS.trend);

    // 处理 an open record (the oldest: the table's 处理 takes the latest): both texts required, at most 500
    // characters, with a live count
    await drawer(page).getByRole('tab', { name: '预警历史' }).click();
    const oldestOpen = historyRows(page).filter({ hasText: '未处理' }).last();
    const handledTime = ((await oldestOpen.locator('td').first().textContent()) ?? '').trim();
    await oldestOpen.getByRole('button', { name: /处\s*理/ }).click();
    const handling = dialog(page, new RegExp(`处理预警：${DAILY_POINT}`));
    await handling.getByRole('button', { name: /确\s*定/ }).click();
    await expect(handling.getByText('此项必填')).toHaveCount(2);
    await handling.getByLabel('原因分析').fill('字'.repeat(501));
    await expect(handling.getByText('最多只能输入500个字符')).toBeVisible();
    await expect(handling).toContainText('501 / 500');
    const cause = `本周课时安排调整，教学工作量暂时低于预警线。${stamp()}`;
    const measure = `下周补足课时，由教研室每周核对工作量。${stamp()}`;
    await handling.getByLabel('原因分析').fill(cause);
    await handling.getByLabel('处理措施').fill(measure);
    await expect(handling.getByText('最多只能输入500个字符')).toHaveCount(0);
    await expect(handling.getByText('此项必填')).toHaveCount(0);
    const disposal = page.waitForResponse((r) => r.url().includes('/api/herm-znfx/warningflow/dispose'));
    await handling.getByRole('button', { name: /确\s*定/ }).click();
    expect((await disposal).ok()).toBe(true);
    await expect(toast(page, '处理成功').first()).toBeVisible();
    await expect(handling).toBeHidden();
    await expect(historyRows(page).filter({ hasText: '未处理' })).toHaveCount(openBefore - 1);
    await historyRows(page).filter({ hasText: handledTime }).getByRole('button', { name: /查\s*看/ }).click();
    await expect(dialog(page, '处理详情')).toContainText(cause);
    await expect(dialog(page, '处理详情')).toContainText(measure);
    await dialog(page, '处理详情').getByRole('button', { name: '关闭' }).click();

    // closed, the counts have gone up in 已处理
    await page.locator('.ant-drawer-close').click();
    await expect(drawer(page)).toBeHidden();
    await expect.poll(() => count(page.getByTestId('count-disposed'))).toBe(disposed + 1);
    expect(await count(page.getByTestId('count-all'))).toBe(all);
  });

  test('the warning table handles the latest open warning of a point', async ({ page }) => {
    await login(page, DEMO.owner);
    await openWarnings(page, TEACHER_TASK);
    const row = warningRow(page, DAILY_POINT);
    const disposed = await count(page.getByTestId('count-disposed'));
    const rowDisposed = Number(((await row.locator('td').nth(5).textContent()) ?? '').trim());
    await row.getByRole('button', { name: /处\s*理/ }).click();
    const handling = dialog(page, /处理预警/);
    await handling.getByLabel('原因分析').fill(`教学任务分配不均。${stamp()}`);
    await handling.getByLabel('处理措施').fill(`重新分配教学任务。${stamp()}`);
    await handling.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '处理成功').first()).toBeVisible();
    await expect.poll(() => count(page.getByTestId('count-disposed'))).toBe(disposed + 1);
    await expect(row.locator('td').nth(5)).toHaveText(String(rowDisposed + 1));
  });

  test('the sampling analysis shows the last 7 days', async ({ page }) => {
    await login(page, DEMO.owner);
    await openTask(page, TEACHER_TASK);
    const row = page.getByTestId('quality-table').locator('tr.ant-table-row').filter({ has: page.getByTestId('point-name').getByText(DAILY_POINT, { exact: true }) });
    const answer = page.waitForResponse((r) => r.url().includes('/api/herm-znfx/quality/selectCollect'));
    await row.getByRole('button', { name: '采样分析' }).click();
    const url = new URL((await answer).url());
    const modal = dialog(page, `采样分析：${DAILY_POINT}`);
    await expect(modal).toBeVisible();

    // the default window: the last 7 days, today included
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expect(url.searchParams.get('startDate')).toBe(day(-6));
    expect(url.searchParams.get('endDate')).toBe(day(0));
    const inputs = modal.locator('.ant-picker-input input');
    await expect(inputs.nth(0)).toHaveValue(day(-6));
    await expect(inputs.nth(1)).toHaveValue(day(0));

    // 值趋势: a line; 采样记录: one sample a day, integers
    await expect(modal.getByRole('tab', { name: '值趋势', selected: true })).toBeVisible();
    await expect(modal.locator('canvas').first()).toBeVisible();
    await page.waitForTimeout(1500);
    await screenshot(page, SHOTS.sampling);
    await modal.getByRole('tab', { name: '采样记录' }).click();
    const records = page.getByTestId('sampling-records').locator('tr.ant-table-row');
    await expect(records.first().locator('td').first()).toHaveText(new RegExp(`^${day(-6)} \\d{2}:\\d{2}:\\d{2}$`));
    for (const title of ['采样时间', '采样值', '数据类型']) await expect(page.getByTestId('sampling-records').getByRole('columnheader', { name: title })).toBeVisible();
    await expect(records.first()).toContainText('整数');
    // one sample a day from the window's first day: through today, or through yesterday when the demo was sampled
    // before midnight and the run goes on after it (the daily sample of today comes with the next scheduled run)
    const days = (await records.evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''))).map((t) => t.slice(0, 10));
    const week = [-6, -5, -4, -3, -2, -1, 0].map(day);
    expect([week, week.slice(0, 6)]).toContainEqual(days);
  });

  test('the home page lists the owner’s open warnings, each a link to its drawer', async ({ page }) => {
    await login(page, DEMO.owner);
    const card = page.getByTestId('my-warnings');
    await expect(card.getByText('我的预警')).toBeVisible();
    const links = card.getByRole('link').filter({ hasNotText: '查看全部' });
    await expect(links.first()).toBeVisible();
    await expect(card).toContainText('预警值');
    await expect(card).toContainText('监测值');
    await screenshot(page, SHOTS.home);

    const name = ((await links.first().textContent()) ?? '').trim();
    await links.first().click();
    await expect(page).toHaveURL(/\/qualityManagement\/improvement\?task=[^&]+&point=[^&]+&tab=warnings/);
    await expect(drawer(page)).toContainText(name);
    await expect(drawer(page).getByRole('tab', { name: '预警历史', selected: true })).toBeVisible();
    await expect(historyRows(page).filter({ hasText: '未处理' }).first()).toBeVisible();
    // closed, the address forgets the point
    await page.locator('.ant-drawer-close').click();
    await expect(page).toHaveURL(/\/qualityManagement\/improvement\?task=[^&]+$/);
  });

  test('an expert reads warnings without handling them', async ({ page }) => {
    await login(page, DEMO.expert);
    await openWarnings(page, TEACHER_TASK);
    await expect(warningRow(page, DAILY_POINT).getByRole('button', { name: /详\s*情/ })).toBeVisible();
    await expect(warningTable(page).getByRole('button', { name: /处\s*理/ })).toHaveCount(0);
  });

  test('an administrator scans now', async ({ page }) => {
    await login(page, DEMO.admin);
    await openWarnings(page, TEACHER_TASK);
    await page.getByRole('button', { name: /立即扫描/ }).click();
    await expect(toast(page, '扫描完成')).toBeVisible({ timeout: 30_000 });
    await expect(warningRow(page, DAILY_POINT)).toBeVisible();
  });

  test('a point definition carries its warning rule and its sources’ configs', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, DEMO.admin);
    await openSideMenu(page, '目标标准', /\/qualityManagement\/standard$/);
    const card = page.getByTestId('library-card').filter({ has: page.locator('.ant-card-head-title').getByText(SCHOOL_2026, { exact: true }) });
    await page.getByLabel('名称').fill(SCHOOL_2026);
    await page.getByLabel('名称').press('Enter');
    await card.locator('.ant-card-head-title').getByText(SCHOOL_2026, { exact: true }).click();
    await expect(page.getByTestId('library-name')).toHaveText(SCHOOL_2026);
    await page.getByRole('tree', { name: '指标树' }).getByTestId('indicator').filter({ hasText: /^就业质量\d*$/ }).click();
    const pointRow = page.getByTestId('point-table').locator('tr').filter({ hasText: '用人单位满意度' });
    await pointRow.getByRole('button', { name: /编\s*辑/ }).click();
    const form = drawer(page);
    await expect(form.getByLabel('采样周期')).toBeVisible();

    // the seeded rule: 数值比较 < 85, 每月
    await expect(form.getByRole('switch', { name: '预警规则' })).toBeChecked();
    const rule = form.getByTestId('warning-rule');
    await expect(rule).toContainText('数值比较');
    await expect(rule).toContainText('每月');
    await expect(form.getByLabel('预警值')).toHaveValue('85');
    // level comparison takes a grade
    await pick(page, form.getByLabel('预警方式'), '等级比较');
    await pick(page, form.getByLabel('预警值'), /^D$/);
    await pick(page, form.getByLabel('预警周期'), '每周');

    // an SQL source, tried: an error, then rows
    await form.getByRole('button', { name: /添加数据源/ }).click();
    const source = form.getByTestId('datasource').last();
    await pick(page, source.getByLabel('采集方式'), /^SQL$/);
    await source.getByLabel('SQL').fill('select * from no_such_table');
    await source.getByRole('button', { name: /试运行/ }).click();
    await expect(source.getByTestId('sql-error')).toBeVisible();
    await source.getByLabel('SQL').fill("select 86.5 as value, '2026' as year");
    await source.getByRole('button', { name: /试运行/ }).click();
    await expect(source.getByTestId('sql-result')).toContainText('86.5');
    await expect(source.getByTestId('sql-result')).toContainText('year');
    // with a parameter, the try asks for its value (each task's own when sampled)
    await expect(source.getByLabel('试运行的诊断对象名称')).toHaveCount(0);
    await source.getByLabel('SQL').fill(PARAMETER_SQL);
    await source.getByLabel('试运行的诊断对象名称').fill('软件技术');
    await source.getByRole('button', { name: /试运行/ }).click();
    await expect(source.getByTestId('sql-result')).toContainText('158');
    await expect(source.getByTestId('sql-result')).not.toContainText('113');
    await screenshot(page, SHOTS.rule);

    // an interface source needs an http(s) address; an algorithm source one of the list, with its detail
    await form.getByRole('button', { name: /添加数据源/ }).click();
    const api = form.getByTestId('datasource').last();
    await pick(page, api.getByLabel('采集方式'), '接口');
    await api.getByLabel('接口地址').fill('ftp://example');
    await api.getByLabel('取值路径').fill('data.value');
    await expect(api.getByText('接口地址必须以 http:// 或 https:// 开头')).toBeVisible();
    await api.getByLabel('接口地址').fill('https://example.edu.cn/api/satisfaction');
    await api.getByLabel('超时时间').fill('8');
    await form.getByRole('button', { name: /添加数据源/ }).click();
    const algorithm = form.getByTestId('datasource').last();
    await pick(page, algorithm.getByLabel('采集方式'), '算法');
    await pick(page, algorithm.getByLabel('算法', { exact: true }), '预警处理率');
    await algorithm.getByRole('button', { name: '算法详情' }).click();
    await expect(dialog(page, '算法详情')).toContainText('预警处理率 = 已处理的预警数 ÷ 预警总数 × 100');
    await dialog(page, '算法详情').getByRole('button', { name: '关闭' }).click();

    // saved and opened again: all of it kept
    const saved = page.waitForResponse((r) => r.url().includes('/quality/definitions/update'));
    await form.getByRole('button', { name: /保\s*存/ }).click();
    expect((await saved).ok()).toBe(true);
    await expect(form).toBeHidden();
    await pointRow.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(form.getByTestId('warning-rule')).toContainText('等级比较');
    await expect(form.getByTestId('warning-rule')).toContainText('每周');
    await expect(form.getByTestId('warning-rule')).toContainText('D');
    await expect(form.getByLabel('SQL')).toHaveValue(PARAMETER_SQL);
    await expect(form.getByLabel('接口地址')).toHaveValue('https://example.edu.cn/api/satisfaction');
    await expect(form.getByLabel('超时时间')).toHaveValue('8');
    await expect(form.getByTestId('datasource').last()).toContainText('预警处理率');
  });
});
