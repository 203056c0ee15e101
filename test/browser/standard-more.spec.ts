// The 目标标准 paths beyond standard.spec.ts: parent and child libraries with sync and inherit, the library edit
// drawer's exit prompt, deleting an indicator that has points, the spreadsheet import and the library's grants.
// Every test makes its own libraries with unique names, so a run never trips over what an earlier one left.
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, confirmBox, dialog, drawer, login, pick, stamp, toast } from './support.js';
import { addIndicator, card, cards, createLibrary, indicator, modeTab, openLibrary, openStandards, pointNames, search, settled, tree } from './standard-steps.js';

/** Switches the card list's mode and waits for its cards. */
async function switchMode(page: Page, name: string) {
  await modeTab(page, name).click();
  await expect(modeTab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: '名称' })).toHaveValue('');
  await settled(page);
}

async function backToList(page: Page) {
  await page.getByRole('button', { name: '返回目标标准列表' }).click();
  await expect(cards(page).first()).toBeVisible();
}

async function addPoint(page: Page, name: string) {
  await page.getByRole('button', { name: /新增质控点/ }).click();
  const form = drawer(page);
  await form.getByLabel('质控点名称').fill(name);
  await form.getByLabel('标准值').fill('80');
  await form.getByLabel('目标值').fill('90');
  await form.getByRole('button', { name: /添加数据源/ }).click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  await expect(pointNames(page).filter({ hasText: name })).toBeVisible();
}

/** Waits for the job dialog (复制, 同步, 继承) to finish and closes it. */
async function awaitJob(page: Page, title: string) {
  const progress = page.getByRole('dialog', { name: title, exact: true });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(`${title}完成`, { timeout: 30_000 });
  await progress.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(progress).toBeHidden();
}

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('质控点');
  ws.addRow(['一级指标', '二级指标', '三级指标', '质控点编号', '质控点名称', '内涵', '诊断标准', '标准值', '目标值', '值类型', '采集方式', '展示方式']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('main').locator('input[type=file][accept=".xlsx"]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

test('a child library takes its parent’s indicators by sync and new points by inherit', async ({ page }) => {
  test.setTimeout(150_000);
  const id = stamp();
  const parent = `父库测试${id}`;
  const child = `子库测试${id}`;
  const ind = `父库指标${id}`;
  const first = `父库质控点一${id}`;
  const second = `父库质控点二${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);

  await createLibrary(page, parent);
  await openLibrary(page, parent);
  await addIndicator(page, ind);
  await addPoint(page, first);
  await backToList(page);

  await createLibrary(page, child, parent);
  await expect(card(page, child)).toContainText(`父库${parent}`);

  // 父库: the parent, 同步 to its children
  await switchMode(page, '父库');
  await search(page, parent);
  await card(page, parent).getByRole('button', { name: /同\s*步/ }).click();
  await expect(confirmBox(page)).toContainText(parent);
  await confirmBox(page).getByRole('button', { name: /同\s*步/ }).click();
  await awaitJob(page, '同步');

  // its children: the child has the indicator and point
  await card(page, parent).getByRole('button', { name: /子\s*库/ }).click();
  await expect(page.getByText(`子库：${parent}`)).toBeVisible();
  await expect(card(page, child)).toHaveCount(1);
  await openLibrary(page, child);
  await expect(indicator(page, ind)).toHaveCount(1);
  await indicator(page, ind).click();
  await expect(pointNames(page).filter({ hasText: first })).toBeVisible();
  await backToList(page);

  // a second point in the parent, then 继承 on the child's card; the list is still the parent's children
  await expect(page.getByText(`子库：${parent}`)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: '返回', exact: true }).click();
  await switchMode(page, '目标标准');
  await search(page, parent);
  await openLibrary(page, parent);
  await indicator(page, ind).click();
  await addPoint(page, second);
  await backToList(page);
  await switchMode(page, '父库');
  await search(page, parent);
  await card(page, parent).getByRole('button', { name: /子\s*库/ }).click();
  await card(page, child).getByRole('button', { name: /继\s*承/ }).click();
  await expect(confirmBox(page)).toContainText(parent);
  await confirmBox(page).getByRole('button', { name: /继\s*承/ }).click();
  await awaitJob(page, '继承');
  await openLibrary(page, child);
  await indicator(page, ind).click();
  await expect(pointNames(page).filter({ hasText: second })).toBeVisible();
  await expect(pointNames(page).filter({ hasText: first })).toBeVisible();
});

test('the library edit drawer saves a new name and 不保存 keeps the old one', async ({ page }) => {
  const id = stamp();
  const name = `编辑测试${id}`;
  const renamed = `编辑测试改${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);

  await card(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  const form = drawer(page);
  await expect(form).toContainText(`编辑目标标准：${name}`);
  await expect(form.getByLabel('名称')).toHaveValue(name);
  await form.getByLabel('名称').fill(renamed);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '修改成功').first()).toBeVisible();
  await expect(form).toBeHidden();
  await search(page, renamed);
  await expect(card(page, renamed)).toHaveCount(1);

  // a change, 取消, 退出提示 → 不保存: the name stays
  await card(page, renamed).getByRole('button', { name: /编\s*辑/ }).click();
  await form.getByLabel('名称').fill(`不该保存${id}`);
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirmBox(page)).toContainText('退出提示');
  await expect(confirmBox(page)).toContainText('是否保存当前的修改？');
  await confirmBox(page).getByRole('button', { name: /不保存/ }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: /刷\s*新/ }).click();
  await settled(page);
  await expect(card(page, renamed)).toHaveCount(1);
  await search(page, `不该保存${id}`);
  await expect(cards(page)).toHaveCount(0);
});

test('deleting an indicator with points explains why and 连同下级一起删除 removes both', async ({ page }) => {
  const id = stamp();
  const name = `删除指标测试${id}`;
  const ind = `有质控点的指标${id}`;
  const point = `将被删除的质控点${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);
  await openLibrary(page, name);
  await addIndicator(page, ind);
  await addPoint(page, point);

  await page.getByTestId('indicator-panel').getByRole('button', { name: /删\s*除/ }).click();
  await expect(confirmBox(page)).toContainText(`确定删除指标“${ind}”吗？`);
  await confirmBox(page).getByRole('button', { name: /删\s*除/ }).click();
  const refusal = confirmBox(page).filter({ hasText: '无法直接删除' });
  await expect(refusal).toContainText('该指标下还有1个质控点');
  await expect(indicator(page, ind)).toHaveCount(1);
  await refusal.getByRole('button', { name: '连同下级一起删除' }).click();
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(indicator(page, ind)).toHaveCount(0);
  await expect(pointNames(page)).toHaveCount(0);
  await page.reload();
  await expect(tree(page)).toHaveCount(0);
  await expect(page.getByTestId('indicator-panel')).toContainText('暂无数据');
});

test('import: the template downloads, bad rows are listed and nothing imported, a good sheet imports', async ({ page }) => {
  const id = stamp();
  const name = `导入测试${id}`;
  const ind = `导入指标${id}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);
  await openLibrary(page, name);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载模板/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // row 2 has no name, row 3 an unknown value type, row 4 is good: nothing is imported
  await upload(
    page,
    'bad.xlsx',
    await sheet([
      [ind, '', '', '', '', '', '', '80', '90', '百分比', '填报', '表格'],
      [ind, '', '', '', `坏类型${id}`, '', '', '80', '90', '分数', '填报', '表格'],
      [ind, '', '', '', `好行${id}`, '', '', '80', '90', '百分比', '填报', '表格'],
    ]),
  );
  const problems = dialog(page, '导入失败');
  await expect(problems).toBeVisible();
  await expect(problems).toContainText('以下2行数据有误');
  const rows = problems.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('td').nth(0)).toHaveText('2');
  await expect(rows.nth(0).locator('td').nth(1)).toContainText('缺少质控点名称');
  await expect(rows.nth(1).locator('td').nth(0)).toHaveText('3');
  await expect(rows.nth(1).locator('td').nth(1)).toContainText('值类型不正确：分数');
  await problems.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(problems).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('library-name')).toHaveText(name);
  await settled(page);
  await expect(tree(page)).toHaveCount(0);

  await upload(
    page,
    'good.xlsx',
    await sheet([
      [ind, '', '', '', `导入质控点一${id}`, '', '', '80', '90', '百分比', '填报', '表格'],
      [ind, '', '', '', `导入质控点二${id}`, '', '', '3', '5', '整数', '填报', '表格'],
    ]),
  );
  await expect(toast(page, '导入成功！').first()).toContainText('1个指标、2个质控点');
  await expect(indicator(page, ind)).toHaveCount(1);
  await indicator(page, ind).click();
  await expect(pointNames(page).filter({ hasText: `导入质控点一${id}` })).toBeVisible();
  await expect(pointNames(page).filter({ hasText: `导入质控点二${id}` })).toBeVisible();
});

test('权限: a read grant to the role 专家 is listed, changed to write and removed', async ({ page }) => {
  const name = `权限测试${stamp()}`;
  await login(page, DEMO.publisher);
  await openStandards(page);
  await createLibrary(page, name);
  await openLibrary(page, name);

  await page.getByRole('button', { name: /权\s*限/ }).click();
  const grants = dialog(page, `权限：${name}`);
  await expect(grants).toBeVisible();
  await pick(page, grants.getByRole('combobox', { name: '角色组' }), /专家/);
  await grants.getByRole('button', { name: /添\s*加/ }).click();
  await expect(toast(page, '添加成功').first()).toBeVisible();
  const row: Locator = grants.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: /专家/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('角色组');
  await expect(row).toContainText('查看');

  await pick(page, row.getByRole('combobox'), '编辑');
  await expect(toast(page, '修改成功').first()).toBeVisible();
  await expect(row).toContainText('编辑');
  await expect(row).not.toContainText('查看');

  await row.getByRole('button', { name: /移\s*除/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /移\s*除/ }).click();
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(row).toHaveCount(0);
});
