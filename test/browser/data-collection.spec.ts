// 数据采集 end to end (issue 15): a form is published, a collection task allocates it to 信息工程学院 with 张伟 as
// auditor and is published; 陈静 fills it, is refused a wrong phone on the cell and on commit, commits; 张伟 rolls it
// back with a reason; 陈静 reads the reason, fixes and commits; 张伟 passes it; the task shows 100% and 已审核.
import { CONTEXT_OPTIONS } from './browser-workers.js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import { DEMO, PHONE, answerConfirm, comeBack, dialog, drawer, expectFitsPhone, expectThumbReach, login, screenshot, searchAndPick, stamp, toast, type DemoUser } from './support.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const PHONE_MESSAGE = '请输入正确的国内手机或座机号码格式！';

/** A page of its own browser context, logged in as the user (each person keeps a session while the others act). */
async function as(browser: Browser, user: DemoUser, viewport: { width: number; height: number } = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, locale: 'zh-CN', ...CONTEXT_OPTIONS });
  const page = await context.newPage();
  await login(page, user);
  return page;
}

/**
 * The form, designed and published in the designer of /tableConfiguration/{id} (its own spec,
 * collection-design.spec.ts, tests it in depth): a directory, a floating form, 单行文本 姓名 and 电话 联系电话 (必填).
 */
async function designForm(page: Page, name: string, code: string): Promise<void> {
  await page.goto('/dataCollection/form');
  await page.getByRole('button', { name: '新增目录' }).click();
  await dialog(page, '新增目录').getByLabel('目录名称').fill(`采集目录${code}`);
  await dialog(page, '新增目录').getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await page.getByRole('button', { name: /新增表单/ }).click();
  const create = dialog(page, '新增表单');
  await create.getByLabel('表单名称').fill(name);
  await create.getByLabel('表单编码').fill(code);
  await create.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/tableConfiguration\//);
  await page.getByRole('button', { name: '单行文本', exact: true }).click();
  await page.getByLabel('标题').fill('姓名');
  await page.getByRole('button', { name: /^电\s*话$/ }).click();
  await page.getByLabel('标题').fill('联系电话');
  await page.getByRole('checkbox', { name: '必填' }).check();
  await expect(page.getByTestId('design-field')).toHaveCount(2);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await page.getByRole('button', { name: /发\s*布/ }).click();
  await answerConfirm(page, /发\s*布/);
  await expect(toast(page, '发布成功').first()).toBeVisible();
}

/** A button by its text, after any icon's name; antd spaces two-character texts (提 交). */
const named = (text: string) => new RegExp(`(^|\\s)${text.split('').join('\\s*')}$`);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const cell = (page: Page, label: string) => drawer(page).getByLabel(label, { exact: true });

async function openFill(page: Page, formName: string, action: '填报' | '查看'): Promise<void> {
  await page.goto(`/dataCollection/${action === '填报' ? 'fill' : 'audit'}`);
  await row(page, formName).getByRole('button', { name: named(action) }).click();
  await expect(drawer(page)).toContainText(formName);
}

test('a collection task is allocated, filled, rolled back and audited', async ({ browser }) => {
  test.setTimeout(240_000);
  const id = stamp();
  const formName = `联系表${id}`;
  const taskName = `浏览器采集任务${id}`;

  // the administrator designs and publishes a form, then creates, allocates and publishes the task on the 采集任务 screen
  const admin = await as(browser, DEMO.admin);
  await designForm(admin, formName, `lx_${id}`);
  await admin.goto('/dataCollection/task');
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  await drawer(admin).getByLabel('名称').fill(taskName);
  await drawer(admin).getByLabel('周期').click();
  await drawer(admin).getByLabel('周期').fill('2026');
  await drawer(admin).getByLabel('周期').press('Enter');
  await drawer(admin).getByLabel('截止日期').click();
  await drawer(admin).getByLabel('截止日期').fill('2099-12-31');
  await drawer(admin).getByLabel('截止日期').press('Enter');
  await searchAndPick(admin, drawer(admin).getByLabel('表单'), formName, formName);
  await drawer(admin).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(admin, '保存成功').first()).toBeVisible();
  await expect(row(admin, taskName)).toContainText('未发布');

  await row(admin, taskName).getByRole('button', { name: named('详情') }).click();
  await drawer(admin).getByRole('tab', { name: '分配' }).click();
  await drawer(admin).getByRole('button', { name: /分\s*配/ }).click();
  const allocate = dialog(admin, '分配');
  // a tree select: its options are tree nodes
  await expect(async () => {
    // a second click on a chosen node would take it out again
    if ((await allocate.locator('.ant-select-selection-item').allTextContents()).some((t) => t.includes('信息工程学院'))) return;
    await allocate.getByLabel('填报部门').fill('信息工程');
    await admin.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: '信息工程学院' }).first().click({ timeout: 3_000 });
    await expect(allocate).toContainText('信息工程学院', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await searchAndPick(admin, allocate.getByLabel('审核人'), '张伟', /张伟/);
  await allocate.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(admin, '分配成功').first()).toBeVisible();
  await expect(drawer(admin).locator('.ant-table-row').filter({ hasText: '信息工程学院' })).toContainText('张伟');
  await admin.locator('.ant-drawer-close').click();

  await row(admin, taskName).getByRole('button', { name: named('发布') }).click();
  await answerConfirm(admin, /发\s*布/);
  await expect(toast(admin, '发布成功').first()).toBeVisible();
  await expect(row(admin, taskName)).toContainText('已发布');
  await expect(row(admin, taskName).getByTestId('task-rate')).toContainText('0.00%（0/1）');

  // 陈静 fills a wrong phone: the cell says so as she types, and the commit is refused naming the row and field
  const owner = await as(browser, DEMO.owner);
  await owner.goto('/dataCollection/fill');
  await expect(row(owner, formName)).toContainText('未提交');
  await openFill(owner, formName, '填报');
  await drawer(owner).getByRole('button', { name: /新增行/ }).click();
  await cell(owner, '姓名').fill('陈静');
  await cell(owner, '联系电话').fill('12345');
  await cell(owner, '联系电话').blur();
  await expect(drawer(owner).getByRole('alert').filter({ hasText: PHONE_MESSAGE })).toBeVisible();
  await screenshot(owner, shot('collection-fill'));
  await drawer(owner).getByRole('button', { name: /提\s*交/ }).click();
  await answerConfirm(owner, /提\s*交/);
  await expect(toast(owner, `第1行「联系电话」：${PHONE_MESSAGE}`).first()).toBeVisible();
  await expect(drawer(owner)).toBeVisible();

  await cell(owner, '联系电话').fill('13800138000');
  await expect(drawer(owner).getByRole('alert')).toHaveCount(0);
  await drawer(owner).getByRole('button', { name: /提\s*交/ }).click();
  await answerConfirm(owner, /提\s*交/);
  await expect(toast(owner, '提交成功').first()).toBeVisible();
  await expect(drawer(owner)).toHaveCount(0);
  await expect(row(owner, formName)).toContainText('待审核');

  // 张伟 rolls it back from his phone (issue 34): the drawer takes the width, 退回 is in reach, the reason is required
  const onPhone = await as(browser, DEMO.auditor, PHONE);
  await openFill(onPhone, formName, '查看');
  await expectFitsPhone(drawer(onPhone));
  await expect(drawer(onPhone).locator('td').filter({ hasText: '13800138000' })).toBeVisible();
  const rollbackButton = drawer(onPhone).getByRole('button', { name: /退\s*回/ });
  await expectThumbReach(onPhone, rollbackButton);
  await rollbackButton.click();
  const rollback = dialog(onPhone, '退回');
  await expectFitsPhone(rollback);
  await rollback.getByRole('button', { name: /退\s*回/ }).click();
  await expect(rollback).toContainText('请输入退回原因');
  await rollback.getByLabel('退回原因').fill('联系电话请填写办公电话');
  await screenshot(onPhone, shot('fill-audit-390'));
  await rollback.getByRole('button', { name: /退\s*回/ }).click();
  await expect(toast(onPhone, '已退回').first()).toBeVisible();
  // his list follows at once: nothing waits for his audit now (his own write)
  await expect(onPhone.locator('.ant-drawer')).toHaveCount(0);
  await expect(row(onPhone, formName)).toHaveCount(0);
  await onPhone.context().close();

  // 陈静's list, open all along, shows the rollback and its reason when she comes back to it, without F5
  await expect(row(owner, formName)).toContainText('待审核');
  await comeBack(owner);
  await expect(row(owner, formName)).toContainText('已退回');
  await expect(row(owner, formName)).toContainText('联系电话请填写办公电话');
  await openFill(owner, formName, '填报');
  await expect(drawer(owner).getByTestId('rollback-reason')).toHaveText('联系电话请填写办公电话');

  // 导入: the template downloads; a sheet with a wrong phone is refused with its rows listed, nothing replaced
  await drawer(owner).getByRole('button', { name: named('导入') }).click();
  const importing = dialog(owner, '导入');
  const [template] = await Promise.all([owner.waitForEvent('download'), importing.getByRole('button', { name: /下载模板/ }).click()]);
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['姓名', '联系电话']);
  sheet.addRow(['陈静', '12345']);
  const file = test.info().outputPath('wrong-phone.xlsx');
  await workbook.xlsx.writeFile(file);
  await importing.locator('input[type=file]').setInputFiles(file);
  await importing.getByRole('button', { name: named('导入') }).click();
  await expect(importing.getByTestId('import-problem').first()).toContainText(`第2行：「联系电话」：${PHONE_MESSAGE}`);
  await importing.getByRole('button', { name: named('取消') }).click();
  await expect(cell(owner, '联系电话')).toHaveValue('13800138000');
  await cell(owner, '联系电话').fill('0571-86001234');
  await drawer(owner).getByRole('button', { name: /提\s*交/ }).click();
  await answerConfirm(owner, /提\s*交/);
  await expect(toast(owner, '提交成功').first()).toBeVisible();

  // 张伟 passes it at his desk; its history shows every step
  const auditor = await as(browser, DEMO.auditor);
  await openFill(auditor, formName, '查看');
  await drawer(auditor).getByRole('tab', { name: '历史' }).click();
  await expect(drawer(auditor).getByTestId('fill-history-item').filter({ hasText: '退回' })).toContainText('联系电话请填写办公电话');
  await screenshot(auditor, shot('collection-audit'));
  await drawer(auditor).getByRole('tab', { name: '填报数据' }).click();
  await drawer(auditor).getByRole('button', { name: /审核通过/ }).click();
  await answerConfirm(auditor, /审核通过/);
  await expect(toast(auditor, '审核通过').first()).toBeVisible();

  // the task: 100% collected, the form 已审核, the data across departments
  await admin.goto('/dataCollection/task');
  await expect(row(admin, taskName).getByTestId('task-rate')).toContainText('100.00%（1/1）');
  await row(admin, taskName).getByRole('button', { name: named('详情') }).click();
  await expect(drawer(admin).getByTestId('progress-ring-value')).toHaveText('100.00%');
  await expect(drawer(admin).locator('.ant-table-row').filter({ hasText: formName })).toContainText('已审核');
  await admin.waitForTimeout(2_100); // the ring's 2 s fill, for the picture
  await screenshot(admin, shot('collection-task'));
  await drawer(admin).getByRole('tab', { name: '数据' }).click();
  await expect(drawer(admin).locator('.ant-table-row').filter({ hasText: '0571-86001234' })).toContainText('信息工程学院');
});
