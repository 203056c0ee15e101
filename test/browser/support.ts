// Shared steps of the browser tests. Every test logs in by itself: tests share one server and
// database in a run, never a browser session.
import { expect, type Page } from '@playwright/test';

/** Demo accounts of the seed (backend/src/seed/demo-seed.ts). */
export const DEMO = {
  admin: { account: 'admin', password: 'Admin2026', name: '系统管理员' },
  publisher: { account: 'fabu', password: 'Demo2026', name: '王明' },
  deptHead: { account: 'bmfzr', password: 'Demo2026', name: '李红' },
  auditor: { account: 'bmshr', password: 'Demo2026', name: '张伟' },
  owner: { account: 'rwfzr', password: 'Demo2026', name: '陈静' },
  leader: { account: 'xld', password: 'Demo2026', name: '刘建国' },
  expert: { account: 'zj', password: 'Demo2026', name: '赵专家' },
} as const;

export type DemoUser = { account: string; password: string; name: string };

/** Fills the login form and waits for the home page with the person's name in the header. */
export async function login(page: Page, user: DemoUser, password = user.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(user.account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('user-menu')).toContainText(user.name);
}

/** Picks 个人中心, 修改密码 or 退出登录 from the header's user dropdown. */
export async function userMenu(page: Page, item: '个人中心' | '修改密码' | '退出登录'): Promise<void> {
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The bar of the top menu; items collapsed under 更多 are not visible in it. */
export const topMenu = (page: Page) => page.getByRole('menu', { name: '主菜单' });

/** A toast of antd's message (success, error, warning). */
export const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
