// Steps and locators of the 目标标准 pages, shared by standard.spec.ts, standard-more.spec.ts and standard-jobs.spec.ts.
import { expect, type Page } from '@playwright/test';
import { clickUntilClosed, dialog, drawer, pick, searchAndPick, toast, topMenu } from './support.js';

export const cards = (page: Page) => page.getByTestId('library-card');
export const card = (page: Page, name: string) => cards(page).filter({ has: page.locator('.ant-card-head-title').getByText(name, { exact: true }) });
export const tree = (page: Page) => page.getByRole('tree', { name: '指标树' });
export const indicator = (page: Page, name: string) => tree(page).getByTestId('indicator').filter({ hasText: new RegExp(`^${name}\\d*$`) });
export const pointNames = (page: Page) => page.getByTestId('point-table').getByTestId('point-name');
/** The mode tabs of the card list (the shell's tab strip has a 目标标准 tab too). */
export const modeTab = (page: Page, name: string) => page.getByRole('main').getByRole('tab', { name, exact: true });

/** No list, tree or table of the page is loading. */
export const settled = (page: Page) => expect(page.getByRole('main').locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);

/** 内部质量管理 in the top menu, then 目标标准 in the sidebar. */
export async function openStandards(page: Page): Promise<void> {
  await topMenu(page).getByRole('menuitem', { name: '内部质量管理', exact: true }).click();
  await page.getByRole('menu', { name: '子菜单' }).getByRole('menuitem', { name: /目标标准/ }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/standard$/);
  await expect(cards(page).first()).toBeVisible();
}

/** Filters the cards by name (the server searches). */
export async function search(page: Page, name: string): Promise<void> {
  // the search box by its role: a drawer's 名称 field may still be in the page while the drawer closes
  const box = page.getByRole('searchbox', { name: '名称' });
  await box.fill(name);
  await box.press('Enter');
  await settled(page);
}

/** Opens a library from its card: its page with the indicator tree. */
export async function openLibrary(page: Page, name: string): Promise<void> {
  await card(page, name).locator('.ant-card-head-title').getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/standard\?library=/);
  await expect(page.getByTestId('library-name')).toHaveText(name);
  await expect(page.getByTestId('indicator-panel')).toBeVisible();
  await settled(page);
}

/**
 * 新增目标标准 of 学校层面 in cycle 2023, optionally a child of parent; ends on the card list, filtered to it.
 * 2023, not the default 2026: standard.spec.ts counts the 2026 cards and runs after the other files in the same database.
 */
export async function createLibrary(page: Page, name: string, parent?: string): Promise<void> {
  await page.getByRole('button', { name: /新增目标标准/ }).click();
  const form = drawer(page);
  await expect(form).toContainText('新增目标标准');
  await form.getByLabel('名称').fill(name);
  await pick(page, form.getByLabel('层面'), '学校');
  await pick(page, form.getByLabel('周期'), /^2023$/, '2023');
  if (parent) {
    await searchAndPick(page, form.getByLabel('父库'), parent, parent);
  }
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(form).toBeHidden();
  await search(page, name);
  await expect(card(page, name)).toHaveCount(1);
  await expect(card(page, name)).toContainText('层面学校');
  await expect(card(page, name)).toContainText('周期2023');
}

/** 新增一级指标 in the open library; it ends selected. */
export async function addIndicator(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /新增一级指标/ }).click();
  await dialog(page, '新增一级指标').getByLabel('指标名称').fill(name);
  await clickUntilClosed(dialog(page, '新增一级指标'), dialog(page, '新增一级指标').getByRole('button', { name: /保\s*存/ }));
  await expect(indicator(page, name)).toHaveCount(1);
  await expect(page.locator('.ant-tree-node-selected')).toContainText(name);
}
