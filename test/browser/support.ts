// Shared steps of the browser tests. Every test logs in by itself: tests share one server and
// database in a run, never a browser session.
import { expect, type Locator, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Fills the login form and waits for the page the person lands on (the home page; a teacher or student with their
 * own object lands on its portrait in their centre) with the person's name in the header.
 */
export async function login(page: Page, user: DemoUser, password = user.password, landsOn: RegExp = /\/index$/): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(user.account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(landsOn);
  await expect(page.getByTestId('user-menu')).toContainText(user.name);
}

/** Picks 我的待办, 个人中心, 修改密码 or 退出登录 from the header's user dropdown. */
export async function userMenu(page: Page, item: '我的待办' | '个人中心' | '修改密码' | '退出登录'): Promise<void> {
  // A hover while the header still settles after login can open the dropdown and lose it again: hover until it shows.
  await expect(async () => {
    await page.mouse.move(0, 767);
    await page.getByTestId('user-menu').hover();
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('menuitem', { name: item }).click();
}

/** The bar of the top menu; items collapsed under 更多 are not visible in it. */
export const topMenu = (page: Page) => page.getByRole('menu', { name: '主菜单' });

/** A toast of antd's message (success, error, warning). */
export const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * Picks an option of an antd select and waits until the select shows it. A click that lands while the dropdown is
 * still opening can be lost on a busy machine, so the whole step is retried.
 */
export async function pick(page: Page, select: Locator, option: string | RegExp, shows: string | RegExp = option): Promise<void> {
  await retryChoice(page, select, option, shows, () => select.click());
}

/**
 * Types into a searching select (a remote search with a debounce) and picks the option it finds, retried like pick.
 * A multiple select toggles an option on a second click, so an attempt that already shows the choice ends the step.
 */
export async function searchAndPick(page: Page, select: Locator, typed: string, option: string | RegExp, shows: string | RegExp = option): Promise<void> {
  await retryChoice(page, select, option, shows, () => select.fill(typed));
}

const matches = (text: string, wanted: string | RegExp) => (typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text));

async function retryChoice(page: Page, select: Locator, option: string | RegExp, shows: string | RegExp, open: () => Promise<void>): Promise<void> {
  const shown = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  // a Select's options and a TreeSelect's nodes alike
  const options = page.locator('.ant-select-dropdown:visible :is(.ant-select-item-option, .ant-select-tree-treenode)').filter({ hasText: option });
  await expect(async () => {
    if (matches((await shown.textContent({ timeout: 1_000 })) ?? '', shows)) return;
    await open();
    await options.first().click({ timeout: 3_000 });
    await expect(shown).toContainText(shows, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Clicks until what the click makes shows: a click that lands while a dialog still opens can be lost on a busy
 * machine (CI saw 新增行 in the preview dialog do nothing). Clicks only while it does not show, so never twice.
 */
export async function clickUntilShown(button: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if ((await shown.count()) === 0) await button.click({ timeout: 3_000 });
    await expect(shown.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Unique per run, so a run never trips over what an earlier one left. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** antd's confirmation box (modal.confirm, Modal.confirm). */
export const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

/**
 * Answers antd's confirmation box: clicks its button until the box closes (on a loaded machine a click can be lost while
 * the box opens; CI saw a delete never sent).
 */
export async function answerConfirm(page: Page, button: string | RegExp): Promise<void> {
  await expect(async () => {
    if (await confirmBox(page).count()) await confirmBox(page).getByRole('button', { name: button }).click({ timeout: 3_000 });
    await expect(confirmBox(page)).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Clicks a dialog's button until the dialog closes: a click that lands while the dialog still opens can be lost on a
 * busy machine (CI saw 保存 of 新增一级指标 do nothing). Only for dialogs whose button shows its loading state and
 * submits once (confirmLoading with a single-flight submit), so a click landing twice saves once.
 */
export async function clickUntilClosed(box: Locator, button: Locator): Promise<void> {
  await expect(async () => {
    if ((await box.count()) > 0) await button.click({ timeout: 3_000 });
    await expect(box).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** A modal by its title. */
export const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** The open drawer's panel. */
export const drawer = (page: Page) => page.locator('.ant-drawer-section');

/**
 * Where a picture meant for docs/screenshots/<name>.png is written: test-results/screenshots/<name>.png (ignored), so
 * a test run leaves the checkout clean; `npm run screenshots` (SCREENSHOTS=docs) writes the documented ones instead.
 */
export function shotPath(docsPath: string): string {
  if (process.env.SCREENSHOTS === 'docs') return docsPath;
  return fileURLToPath(new URL(`../../test-results/screenshots/${basename(docsPath)}`, import.meta.url));
}

/** A 1366×768 picture once nothing is loading and the toasts of the steps before have gone. */
export async function screenshot(page: Page, path: string): Promise<void> {
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.mouse.move(0, 767);
  await page.screenshot({ path: shotPath(path), animations: 'disabled' });
}

/** A phone's viewport (issue 34: people approve from their phones). */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * On a phone: the button is inside the viewport's width once scrolled to (no horizontal scrolling to reach it), and
 * the page itself does not scroll sideways.
 */
export async function expectThumbReach(page: Page, button: Locator): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
}

/** A dialog or drawer panel fits the phone's width. */
export async function expectFitsPhone(panel: Locator): Promise<void> {
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The person comes back to the window (another tab, the phone unlocked): the screen asks again for what others may
 * have changed (frontend api/data-events.ts). Playwright's pages never lose focus, so the event is sent.
 */
export async function comeBack(page: Page): Promise<void> {
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
}
