// Steps and locators of the 目标标准 pages, shared by standard.spec.ts and standard-more.spec.ts.
import { expect, type Page } from '@playwright/test';
import { topMenu } from './support.js';

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
  await page.getByLabel('名称').fill(name);
  await page.getByLabel('名称').press('Enter');
  await settled(page);
}
