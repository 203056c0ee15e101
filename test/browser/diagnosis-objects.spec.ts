import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import { DEMO, answerConfirm, clickUntilClosed, dialog, login, pick, screenshot, searchAndPick, stamp, toast } from './support.js';

// 诊改对象 (issue 32): the administrator adds a major, imports majors from Excel (a bad row refused with its row
// number and reason, then fixed and imported), retires one, and the page stays whole at 390 px.
const SHOT = fileURLToPath(new URL('../../docs/screenshots/diagnosis-object.png', import.meta.url));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('专业');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function searchCode(page: Page, text: string) {
  await page.getByLabel('专业代码/名称').fill(text);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

test('the administrator adds, imports (a bad row refused, then fixed) and retires majors', async ({ page }) => {
  const s = stamp().toUpperCase();
  await login(page, DEMO.admin);
  await page.goto('/dataManage/diagnosisObject');
  await expect(page.getByRole('tab', { name: '专业' })).toHaveAttribute('aria-selected', 'true');

  // 新增专业 with its department and responsible person
  await page.getByRole('button', { name: /新增专业/ }).click();
  const form = dialog(page, '新增专业');
  await form.getByLabel('专业代码').fill(`B${s}1`);
  await form.getByLabel('专业名称').fill(`浏览器专业${s}`);
  await searchAndPick(page, form.getByLabel('所属部门'), '信息工程学院', '信息工程学院');
  await searchAndPick(page, form.getByLabel('负责人'), '陈静', /陈静/);
  await clickUntilClosed(form, form.getByRole('button', { name: /保\s*存/ }));
  await expect(toast(page, '新增成功')).toBeVisible();
  await searchCode(page, `B${s}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`浏览器专业${s}`);
  await expect(rows(page).first()).toContainText('信息工程学院');
  await expect(rows(page).first()).toContainText('陈静（rwfzr）');

  // the import: one unknown department refuses the whole file, with its row number and reason
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const importing = dialog(page, '导入诊改对象');
  await expect(importing).toContainText('专业代码、专业名称、所属部门、负责人账号');
  const header = ['专业代码', '专业名称', '所属部门', '负责人账号'];
  const bad = await xlsx([header, [`B${s}2`, `导入专业${s}`, '信息工程学院', ''], [`B${s}3`, `坏专业${s}`, '没有的学院', '']]);
  await importing.locator('input[type=file]').setInputFiles({ name: '专业.xlsx', mimeType: XLSX, buffer: bad });
  await expect(importing.getByRole('alert')).toContainText('导入失败，请按提示修改后重新导入');
  const problems = importing.locator('.ant-table');
  await expect(problems).toContainText('3');
  await expect(problems).toContainText('所属部门“没有的学院”不存在');
  const good = await xlsx([header, [`B${s}2`, `导入专业${s}`, '信息工程学院', ''], [`B${s}3`, `改好的专业${s}`, '经济管理学院', '']]);
  await importing.locator('input[type=file]').setInputFiles({ name: '专业.xlsx', mimeType: XLSX, buffer: good });
  await expect(importing.getByRole('alert')).toContainText('导入成功！新增2条，更新0条，未变化0条');
  await importing.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await searchCode(page, `B${s}`);
  await expect(rows(page)).toHaveCount(3);
  await screenshot(page, SHOT);

  // 停用 with a confirmation: gone from the live list, shown under 已停用
  await rows(page).filter({ hasText: `改好的专业${s}` }).getByRole('button', { name: /停\s*用/ }).click();
  await answerConfirm(page, /停\s*用/);
  await expect(rows(page)).toHaveCount(2);
  await pick(page, page.getByLabel('状态'), '已停用');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('已停用');
  await expect(rows(page).first().getByRole('button', { name: /恢\s*复/ })).toBeVisible();
});

test('the page fits a 390 px screen: tabs, filters and the table scroll within its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.admin);
  await page.goto('/dataManage/diagnosisObject');
  // the shell's side menu folded, as a phone's user does (收起菜单)
  await page.getByRole('button', { name: '收起菜单' }).click();
  await page.getByRole('tab', { name: '学生' }).click();
  await expect(page.getByLabel('所属专业')).toBeVisible();
  await expect(page.getByRole('button', { name: /新增学生/ })).toBeVisible();
  await expect(page.locator('.ant-table').first()).toBeVisible();
  // nothing of the page sticks out of its card; the table scrolls inside itself
  const card = page.locator('.ant-card').first();
  await expect.poll(() => card.evaluate((c) => c.scrollWidth - c.clientWidth)).toBeLessThanOrEqual(1);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
