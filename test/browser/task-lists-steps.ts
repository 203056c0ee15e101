// Steps of the task list pages' browser tests (年度任务, 部门任务, 我的任务, 预警任务): open a page from the menus, add a
// year target through 年度目标 (as year-targets.spec.ts does), fill the task form.
import { expect, type Locator, type Page } from '@playwright/test';
import { drawer, pick, searchAndPick, toast } from './support.js';

export const PATHS = {
  yearTarget: '/qualityManagement/annualWbs/yearTarget',
  year: '/qualityManagement/annualWbs/yearTask',
  department: '/qualityManagement/annualWbs/department',
  my: '/qualityManagement/annualWbs/personal',
  warning: '/qualityManagement/annualWbs/warning',
} as const;

export const taskCards = (page: Page) => page.getByTestId('task-card');
/** A task card by its exact name. */
export const taskCard = (page: Page, name: string) => taskCards(page).filter({ has: page.locator('.ant-card-head-title').getByText(name, { exact: true }) });
/** Nothing in the main area is loading. */
export const settled = (page: Page) => expect(page.getByRole('main').locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);

/** 内部质量管理 in the top menu, then an entry under 年度目标任务 in the sidebar. */
export async function openAnnualMenu(page: Page, name: '年度目标' | '年度任务' | '部门任务' | '我的任务' | '预警任务' | '汇总分析', path: string): Promise<void> {
  await page.getByRole('menu', { name: '主菜单' }).getByRole('menuitem', { name: '内部质量管理', exact: true }).click();
  // the group opens its first page: wait for that redirect, or it may land after the click below and win
  await expect(page).toHaveURL(/\/qualityManagement\/[^/]+/);
  await settled(page);
  const side = page.getByRole('menu', { name: '子菜单' });
  const item = side.getByRole('menuitem', { name, exact: true });
  if (!(await item.isVisible())) await side.getByRole('menuitem', { name: /年度目标任务/ }).click();
  // A click while antd's submenu is still opening can land on the moving item and go nowhere (seen once in CI on a
  // slow machine): click again until the page follows.
  await expect(async () => {
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await settled(page);
}

/** 新增年度目标 on the 年度目标 page (the page must be open). */
export async function addYearTarget(page: Page, name: string, year: string): Promise<void> {
  await page.getByRole('button', { name: /新增年度目标/ }).click();
  await drawer(page).getByLabel('年度目标名称').fill(name);
  await pick(page, drawer(page).getByLabel('年度', { exact: true }), year);
  await pick(page, drawer(page).getByLabel('维度'), '质量生成系统');
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);
}

/** Searches the list by task or department name. */
export async function searchTasks(page: Page, name: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: '名称' });
  await box.fill(name);
  await box.press('Enter');
  await settled(page);
}

export interface TaskFields {
  name: string;
  /** the year target's option text ('2026年 · name'); left out when the drawer fixes it (分解) */
  target?: string;
  type?: '重点任务' | '常规任务' | '一般任务';
  start: string;
  end: string;
  department: string;
  /** typed into the owner search, and the option picked */
  owner: { typed: string; option: string | RegExp };
}

/** Fills the task form drawer and saves it; waits for 新增成功 and the drawer to close. */
export async function fillTaskForm(page: Page, fields: TaskFields): Promise<void> {
  const form: Locator = drawer(page);
  await form.getByLabel('任务名称').fill(fields.name);
  if (fields.target) await pick(page, form.getByLabel('年度目标'), fields.target);
  if (fields.type) await pick(page, form.getByLabel('任务类型'), fields.type);
  await form.getByPlaceholder('开始时间').click();
  await form.getByPlaceholder('开始时间').fill(fields.start);
  await form.getByPlaceholder('开始时间').press('Enter');
  await form.getByPlaceholder('结束时间').fill(fields.end);
  await form.getByPlaceholder('结束时间').press('Enter');
  await expect(form.getByPlaceholder('结束时间')).toHaveValue(fields.end);
  await pick(page, form.getByLabel('责任部门'), fields.department);
  await searchAndPick(page, form.getByLabel('任务负责人'), fields.owner.typed, fields.owner.option);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);
}
