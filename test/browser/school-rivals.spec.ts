// Issue 16's school side in the browser: the school-selection modal (search, bounds, max disabling the other boxes),
// 竞争对手分析's trend, rank and two-school views of the chosen schools, and 指标数据.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, dialog, login, pick, screenshot, toast } from './support.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));
const OWN = '诊改示范职业技术学院';
const HINT = '查询单位时，至少选择2所、最多选择10所学校';

async function search(page: Page, text: string) {
  const modal = dialog(page, '选择学校');
  await modal.getByLabel('搜索学校').fill(text);
  // the list follows the debounced keyword: every school name drawn matches it
  const names = modal.getByTestId('school-row').locator('span[title]');
  await expect(names.first()).toContainText(text);
  await expect(names.filter({ hasNotText: text })).toHaveCount(0);
}

test('竞争对手分析: choose five schools in the modal, see trend, rank and two schools, then 指标数据', async ({ page }) => {
  await login(page, DEMO.leader);
  await page.goto('/analysis/rival');
  await expect(page.getByRole('tab', { name: '趋势分析' })).toBeVisible();
  await page.getByTestId('current-schools').getByRole('button', { name: '选择学校' }).click();
  const modal = dialog(page, '选择学校');
  await expect(modal.getByTestId('selection-hint')).toContainText(HINT);
  await expect(modal.getByTestId('school-row').first()).toBeVisible();
  // a windowed list: far fewer rows in the document than schools
  expect(await modal.getByTestId('school-row').count()).toBeLessThan(40);

  // 设置: levels, natures and the province list folded behind 展开
  await modal.getByRole('button', { name: '设置' }).click();
  const settings = dialog(page, '筛选设置');
  await expect(settings).toContainText('办学层次');
  await expect(settings).toContainText('国家示范（骨干）');
  await expect(settings.getByText('新疆', { exact: true })).toHaveCount(0);
  await settings.getByRole('button', { name: '展开' }).click();
  await expect(settings.getByText('新疆', { exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: '收起' })).toBeVisible();
  await settings.getByRole('button', { name: /取\s*消/ }).click();
  await expect(settings).toBeHidden();

  // clear: OK below the min is refused with the hint
  const clear = modal.getByRole('button', { name: '清空' });
  if (await clear.isVisible()) await clear.click();
  await expect(modal.getByTestId('picked-schools')).toContainText('尚未选择学校');
  await modal.getByTestId('selection-ok').click();
  await expect(toast(page, HINT)).toBeVisible();

  // the own school, then nine 江苏 schools: the max (10) disables every other box
  await search(page, OWN);
  await modal.getByTestId('school-row').filter({ hasText: OWN }).getByRole('checkbox').check();
  await search(page, '江苏');
  const rows = modal.getByTestId('school-row');
  const names: string[] = [OWN];
  for (let i = 0; i < 9; i++) {
    await rows.nth(i).getByRole('checkbox').check();
    names.push((await rows.nth(i).locator('span[title]').getAttribute('title')) ?? '');
  }
  await expect(modal.getByTestId('picked-schools').locator('.ant-tag')).toHaveCount(10);
  await expect(rows.nth(9).getByRole('checkbox')).toBeDisabled();
  await expect(rows.nth(12).getByRole('checkbox')).toBeDisabled();
  await expect(rows.nth(3).getByRole('checkbox')).toBeEnabled();
  await expect(modal).toContainText('已达上限10所');
  await screenshot(page, shot('analysis-modal.png'));

  // back to five: remove the last five tags, the boxes are enabled again
  for (let i = 0; i < 5; i++) await modal.getByTestId('picked-schools').locator('.ant-tag').last().locator('.ant-tag-close-icon').click();
  await expect(modal.getByTestId('picked-schools').locator('.ant-tag')).toHaveCount(5);
  await expect(rows.nth(9).getByRole('checkbox')).toBeEnabled();
  await expect(modal.getByTestId('picked-schools')).toContainText(`${OWN}（本校）`);
  const five = names.slice(0, 5);
  await modal.getByTestId('selection-ok').click();
  await expect(modal).toBeHidden();
  for (const n of five) await expect(page.getByTestId('current-schools')).toContainText(n);

  // 趋势分析: a chart drawn
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await page.waitForTimeout(1500); // the picture only: echarts draws its lines in with an animation
  await screenshot(page, shot('analysis-rival-trend.png'));

  // 排名分析: the rank chart and the end year's table with the five names
  await page.getByRole('tab', { name: '排名分析' }).click();
  await expect(page.getByTestId('rank-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('rank-school')).toHaveCount(5);
  for (const n of five) await expect(page.getByTestId('rank-table')).toContainText(n);
  await expect(page.getByTestId('rank-table')).toContainText('第1名');
  await page.waitForTimeout(1500); // the picture only: echarts draws its lines in with an animation
  await screenshot(page, shot('analysis-rival-rank.png'));

  // 两校对比: every indicator with the better value marked
  await page.getByRole('tab', { name: '两校对比' }).click();
  const table = page.getByTestId('double-table');
  await expect(table).toContainText('全日制在校生数');
  await expect(table.locator('[aria-label="较优"]').first()).toBeVisible();
  await expect(page.getByTestId('double-radar').locator('canvas')).toBeVisible();
  await page.waitForTimeout(1500); // the picture only: echarts draws the radar in with an animation
  await screenshot(page, shot('analysis-rival-double.png'));

  // 均值分析: the own school against the group's mean, with the difference per year
  await page.getByRole('tab', { name: '均值分析' }).click();
  await expect(page.getByTestId('avg-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('avg-table')).toContainText('平均值');
  await expect(page.getByTestId('avg-table')).toContainText(OWN);

  // 对比总览: the five schools with places
  await page.getByRole('tab', { name: '对比总览' }).click();
  await expect(page.getByTestId('overview-table').locator('tbody tr.ant-table-row')).toHaveCount(5);

  // 指标数据: the selection's columns, the national median, renamed category tabs
  await page.goto('/analysis/indicatorData');
  for (const label of ['计分卡', '资源表', '国际影响表', '服务贡献表', '落实政策表']) await expect(page.getByRole('tab', { name: label })).toBeVisible();
  const data = page.getByTestId('indicator-table');
  await expect(data).toContainText('全国中位数');
  await expect(data).toContainText(OWN);
  await page.getByRole('tab', { name: '资源表' }).click();
  await expect(data).toContainText('生师比');
  await screenshot(page, shot('analysis-indicator-data.png'));
});

test('学校数据: the demo banner, the 双高 filter, 设为本校 asks first, an import lists its refused lines', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/analysis/schools');
  await expect(page.getByTestId('generated-banner')).toContainText('当前为生成的演示数据，不代表任何真实院校');
  // the spec's pagination, as on every list (issue 35): 当前页N条，共M条, a quick jump, no size changer
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('当前页20条，共1549条');
  await expect(page.locator('.ant-pagination-options-size-changer')).toHaveCount(0);
  await expect(page.locator('.ant-pagination-options-quick-jumper')).toBeVisible();
  await page.getByLabel('搜索学校').fill(OWN);
  await page.getByLabel('搜索学校').press('Enter');
  await expect(page.getByTestId('school-name')).toHaveCount(1);
  await expect(page.getByTestId('school-name')).toContainText('本校');
  await page.getByLabel('搜索学校').fill('');
  await page.getByLabel('搜索学校').press('Enter');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('当前页20条，共1549条');

  // 双高: only the schools on the list
  await pick(page, page.getByLabel('双高'), '高水平学校');
  await expect(page.getByText(/共1549所/)).toBeHidden();
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('高水平学校');
  await expect(rows.filter({ hasNotText: '高水平学校' })).toHaveCount(0);

  // 设为本校 asks before it changes anything; cancel keeps the own school
  await page.getByRole('button', { name: '设为本校' }).first().click();
  await expect(confirmBox(page)).toContainText('原本校将被替换');
  await confirmBox(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirmBox(page)).toBeHidden();

  // an import with bad lines: nothing stored, every refused line listed
  const total = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  const csv = ['学校代码,学校名称,省份,办学性质,办学层次,年份,全日制在校生数(students)', ',无代码学院,江苏,公办,一般高职,2025,100', 'X1,某学院,火星,公办,一般高职,2025,abc'].join('\n');
  await page.locator('input[type=file][accept=".xlsx,.csv"]').setInputFiles({ name: '学校数据.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const problems = dialog(page, '导入失败');
  await expect(problems).toBeVisible();
  await expect(problems.locator('tbody tr.ant-table-row td:first-child')).toHaveText(['2', '3']);
  await screenshot(page, shot('analysis-school-import.png'));
  await problems.getByRole('button', { name: '关闭' }).last().click();
  await expect(problems).toBeHidden();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(total);
});
