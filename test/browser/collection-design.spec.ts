// 数据采集, design side (issue 15): 表单管理, the designer at /tableConfiguration/{id}, 常量管理.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO, clickUntilShown, confirmBox, dialog, login, screenshot, stamp, toast } from './support.js';

const SHOT = {
  forms: fileURLToPath(new URL('../../docs/screenshots/collection-forms.png', import.meta.url)),
  designer: fileURLToPath(new URL('../../docs/screenshots/collection-designer.png', import.meta.url)),
  preview: fileURLToPath(new URL('../../docs/screenshots/collection-preview.png', import.meta.url)),
  constants: fileURLToPath(new URL('../../docs/screenshots/collection-constants.png', import.meta.url)),
};

const ok = (page: Page, title: string | RegExp) => dialog(page, title).getByRole('button', { name: /确\s*定/ });

test('the administrator makes a directory and a form with a phone and an integer field, previews and publishes it', async ({ page }) => {
  test.setTimeout(120_000);
  const n = stamp();
  const directory = `采集目录${n}`;
  const formName = `教师联系表${n}`;
  const code = `t_contact_${n}`;
  await login(page, DEMO.admin);
  await page.goto('/dataCollection/form');

  // a directory, then selected
  await page.getByRole('button', { name: '新增目录' }).click();
  await dialog(page, '新增目录').getByLabel('目录名称').fill(directory);
  await ok(page, '新增目录').click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await expect(page.getByRole('tree', { name: '表单目录' })).toContainText(directory);

  // a form in it: a bad code is refused by the pattern first
  await page.getByRole('button', { name: /新增表单/ }).click();
  const create = dialog(page, '新增表单');
  await create.getByLabel('表单名称').fill(formName);
  await create.getByLabel('表单编码').fill('Bad-Code');
  await ok(page, '新增表单').click();
  await expect(create).toContainText('表单编码只能包含小写字母、数字和下划线');
  await create.getByLabel('表单编码').fill(code);
  await expect(create).toContainText(`数据中心表名 sjzx.${code}`);
  await ok(page, '新增表单').click();
  await expect(page).toHaveURL(/\/tableConfiguration\//);
  await expect(page.getByTestId('design-title')).toHaveText(formName);

  // two fields from the components: 电话 (必填) and 整数
  await page.getByRole('button', { name: /^电\s*话$/ }).click();
  await expect(page.getByLabel('列名')).toHaveValue('field_1');
  await page.getByLabel('标题').fill('联系电话');
  await page.getByRole('checkbox', { name: '必填' }).check();
  await page.getByRole('button', { name: /^整\s*数$/ }).click();
  await expect(page.getByLabel('列名')).toHaveValue('field_2');
  await page.getByLabel('标题').fill('教师人数');
  await page.getByLabel('列名').fill('teacher_count');
  await expect(page.getByTestId('design-field')).toHaveCount(2);
  await expect(page.getByText('未保存')).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await expect(page.getByText('未保存')).toHaveCount(0);

  // the preview is the fill grid of the design; a wrong phone is marked as the filler types
  await page.getByRole('button', { name: /预\s*览/ }).click();
  const preview = dialog(page, /预览/);
  await expect(preview).toContainText('联系电话');
  await expect(preview).toContainText('教师人数');
  await clickUntilShown(preview.getByRole('button', { name: /新增行/ }), preview.getByLabel('联系电话'));
  await preview.getByLabel('联系电话').fill('123');
  await preview.getByLabel('教师人数').click();
  await expect(preview).toContainText('请输入正确的国内手机或座机号码格式！');
  await screenshot(page, SHOT.preview);
  await preview.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // publish: version 1, and 创建数据源 is offered on the integer field
  await page.getByRole('button', { name: /发\s*布/ }).click();
  await expect(confirmBox(page)).toContainText('发布后为第1版');
  await confirmBox(page).getByRole('button', { name: /发\s*布/ }).click();
  await expect(toast(page, '发布成功').first()).toBeVisible();
  await expect(page.getByText('已发布 v1')).toBeVisible();
  await page.getByTestId('design-field').filter({ hasText: '教师人数' }).click();
  await expect(page.getByLabel('列名')).toBeDisabled();
  await expect(page.getByRole('button', { name: /创建数据源/ })).toBeEnabled();
  await screenshot(page, SHOT.designer);

  // 创建数据源: the SQL of the column's sum by cycle, tried on the data centre's (empty) table
  await page.getByRole('button', { name: /创建数据源/ }).click();
  const source = dialog(page, /创建数据源/);
  await source.getByRole('button', { name: /生成SQL/ }).click();
  await expect(source.getByLabel('数据源SQL')).toHaveValue(new RegExp(`"${code}"`));
  await expect(source.getByLabel('数据源SQL')).toHaveValue(/teacher_count/);
  await source.getByLabel('试运行周期').fill('2026');
  await source.getByRole('button', { name: /试运行/ }).click();
  await expect(source.locator('.ant-table')).toBeVisible();
  await source.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // back to the list: the form under its directory, published
  await page.getByRole('button', { name: /返\s*回/ }).click();
  await expect(page).toHaveURL(/\/dataCollection\/form$/);
  await page.getByRole('tree', { name: '表单目录' }).getByText(directory).click();
  const row = page.locator('.ant-table-row').filter({ hasText: formName });
  await expect(row).toContainText('已发布 v1');
  await expect(row).toContainText(code);
  await screenshot(page, SHOT.forms);
});

test('the administrator makes a constant type with a constant typed in and one imported from the template', async ({ page }) => {
  test.setTimeout(90_000);
  const n = stamp();
  const typeName = `职称${n}`;
  await login(page, DEMO.admin);
  await page.goto('/dataCollection/constant');

  await page.getByRole('button', { name: /新\s*增/ }).first().click();
  await dialog(page, '新增常量类型').getByLabel('类型编码').fill(`title_${n}`);
  await dialog(page, '新增常量类型').getByLabel('类型名称').fill(typeName);
  await ok(page, '新增常量类型').click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await page.getByTestId('constant-type').filter({ hasText: typeName }).click();

  await page.getByRole('button', { name: /新增常量/ }).click();
  await dialog(page, '新增常量').getByLabel('常量值').fill('prof');
  await dialog(page, '新增常量').getByLabel('显示文本').fill('教授');
  await ok(page, '新增常量').click();
  await expect(page.getByTestId('constant-text').filter({ hasText: '教授' })).toHaveCount(1);

  // import: 确定 without a file warns; the template with one more row imports it
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const importing = dialog(page, /导入常量/);
  await ok(page, /导入常量/).click();
  await expect(toast(page, '请先选取文件!').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await importing.getByRole('button', { name: /下载模板/ }).click();
  const template = await (await downloading).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(template)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  sheet.getRow(2).values = ['assoc', '副教授', '2'];
  const filled = Buffer.from(await book.xlsx.writeBuffer());
  await importing.locator('input[type=file]').setInputFiles({ name: 'constants.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
  await ok(page, /导入常量/).click();
  await expect(toast(page, '导入成功').first()).toBeVisible();
  await expect(page.getByTestId('constant-text')).toHaveCount(2);
  await expect(page.getByTestId('constant-text').filter({ hasText: '副教授' })).toHaveCount(1);
  await screenshot(page, SHOT.constants);
});
