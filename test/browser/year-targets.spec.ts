import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, dialog, drawer, login, pick, screenshot, stamp, toast } from './support.js';
import { openAnnualMenu, settled, taskCards } from './task-lists-steps.js';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/year-targets.png', import.meta.url));
const PATH = '/qualityManagement/annualWbs/yearTarget';

const cards = (page: Page) => page.getByTestId('year-target-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.locator('.ant-card-head-title').getByText(name, { exact: true }) });

/** 年度目标 under 年度目标任务, once its cards are there. */
async function openYearTargets(page: Page): Promise<void> {
  await openAnnualMenu(page, '年度目标', PATH);
  await expect(cards(page).first()).toBeVisible();
  await settled(page);
}

async function search(page: Page, name: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: '名称' });
  await box.fill(name);
  await box.press('Enter');
  await settled(page);
}

test('the publisher adds, edits and deletes a year target', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.publisher);
  await openYearTargets(page);

  // the demo targets, newest year first, with the platform's pagination text
  await expect(cards(page).first()).toContainText('2026年');
  await expect(page.locator('.ant-pagination-total-text')).toContainText(/当前页\d+条，共\d+条/);
  await pick(page, page.getByLabel('年度', { exact: true }), '2025年');
  await settled(page);
  await expect(card(page, '提升专业人才培养质量')).toContainText('维度质量生成');
  await expect(cards(page).filter({ hasText: '2026年' })).toHaveCount(0);
  // the filters live in the page: a reload shows every year again
  await page.reload();
  await expect(cards(page).first()).toContainText('2026年');
  await settled(page);
  await screenshot(page, SHOT);

  // add: the name is required
  const name = `测试年度目标${stamp()}`;
  await page.getByRole('button', { name: /新增年度目标/ }).click();
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer(page)).toContainText('请输入年度目标名称');
  await drawer(page).getByLabel('年度目标名称').fill(name);
  await pick(page, drawer(page).getByLabel('年度', { exact: true }), '2026年');
  await pick(page, drawer(page).getByLabel('维度'), '资源建设系统');
  await drawer(page).getByLabel('描述').fill('浏览器测试的年度目标');
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  // closed, so its focus went back to the page before the search is typed
  await expect(drawer(page)).toHaveCount(0);
  await search(page, name);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, name)).toContainText('维度资源建设');
  await expect(card(page, name)).toContainText('创建人王明');
  await expect(card(page, name)).toContainText('浏览器测试的年度目标');

  // edit
  const renamed = `${name}改`;
  await card(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  await expect(drawer(page).getByLabel('年度目标名称')).toHaveValue(name);
  await drawer(page).getByLabel('年度目标名称').fill(renamed);
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '修改成功').first()).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);
  await search(page, renamed);
  await expect(card(page, renamed)).toHaveCount(1);

  // delete, after a confirmation naming it
  await card(page, renamed).getByRole('button', { name: /删\s*除/ }).click();
  await expect(confirmBox(page)).toContainText(`确定删除年度目标“${renamed}”吗？`);
  await confirmBox(page).getByRole('button', { name: /删\s*除/ }).click();
  await expect(toast(page, '删除成功').first()).toBeVisible();
  await expect(page.locator('.ant-empty-description').filter({ hasText: '暂无数据' })).toBeVisible();
});

test('the publisher copies a year target to the next year and watches the copy until it shows', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.publisher);
  await openYearTargets(page);
  // a target of its own (a demo target's copy would add tasks other specs count)
  const name = `复制年度目标${stamp()}`;
  await page.getByRole('button', { name: /新增年度目标/ }).click();
  await drawer(page).getByLabel('年度目标名称').fill(name);
  await pick(page, drawer(page).getByLabel('年度', { exact: true }), '2026年');
  await pick(page, drawer(page).getByLabel('维度'), '监督控制系统');
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);
  await search(page, name);

  // the confirmation names the target and the year; the progress polls until done
  await card(page, name).getByRole('button', { name: '复制到下一年' }).click();
  await expect(confirmBox(page)).toContainText(`确定将年度目标“${name}”复制到2027年吗？`);
  await confirmBox(page).getByRole('button', { name: /复\s*制/ }).click();
  const progress = dialog(page, '复制到2027年');
  await expect(progress.getByTestId('copy-step')).toContainText(`复制完成：“${name}”已复制到2027年`, { timeout: 30_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await progress.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(progress).toHaveCount(0);
  // the list now shows the new year with the copy
  await settled(page);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, name)).toContainText('2027年');
  await expect(card(page, name)).toContainText('创建人王明');

  // the 2026 one again: 2027 has that name now, so the copy is refused with the reason and nothing opens
  await pick(page, page.getByLabel('年度', { exact: true }), '2026年');
  await settled(page);
  await card(page, name).getByRole('button', { name: '复制到下一年' }).click();
  await confirmBox(page).getByRole('button', { name: /复\s*制/ }).click();
  await expect(page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: `2027年已有同名的年度目标「${name}」` }).first()).toBeVisible();
  await expect(dialog(page, '复制到2027年')).toHaveCount(0);
});

test('the school leader reads the year targets without 新增, 编辑 or 删除', async ({ page }) => {
  await login(page, DEMO.leader);
  await openYearTargets(page);
  await expect(card(page, '深化产教融合与专业群建设')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /新增年度目标/ })).toHaveCount(0);
  await expect(cards(page).first().getByRole('button', { name: /编\s*辑|删\s*除|复制到下一年/ })).toHaveCount(0);
});

test("a year target's 目标任务 count opens its tasks on 年度任务, as many as it counts (issue 35)", async ({ page }) => {
  await login(page, DEMO.publisher);
  await openYearTargets(page);
  const target = card(page, '深化产教融合与专业群建设');
  const count = target.getByRole('link', { name: '深化产教融合与专业群建设的目标任务' });
  const counted = Number(await count.textContent());
  expect(counted).toBeGreaterThan(0);
  await count.click();
  await expect(page).toHaveURL(/\/qualityManagement\/annualWbs\/yearTask\?yearTarget=/);
  await settled(page);
  await expect(page.locator('.ant-select', { has: page.getByRole('combobox', { name: '年度目标' }) })).toContainText('深化产教融合与专业群建设');
  await expect(page.locator('.ant-pagination-total-text')).toContainText(`共${counted}条`);
  await expect(taskCards(page).first()).toContainText('深化产教融合与专业群建设');
});
