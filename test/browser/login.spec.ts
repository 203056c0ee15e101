import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { shotPath } from './support.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/login.png', import.meta.url));
const DEFAULT_SYSTEM_NAME = '教学质量监测与分析平台';

/**
 * The name the login page must show: the server's system setting without markup, or the default
 * when the call fails. Read from the page's own request so the test needs no csrf of its own.
 */
async function openLogin(page: Page, path = '/'): Promise<string> {
  const setting = page.waitForResponse((r) => r.url().includes('/api/user/systemSetting/001'));
  await page.goto(path);
  const response = await setting;
  try {
    const body = (await response.json()) as { meta?: { success?: boolean }; data?: { systemName?: string } };
    const name = body.meta?.success ? (body.data?.systemName ?? '').replace(/<[^>]*>/g, '').trim() : '';
    return name || DEFAULT_SYSTEM_NAME;
  } catch {
    return DEFAULT_SYSTEM_NAME;
  }
}

test('an anonymous visit to / is sent to the login page, which checks required fields', async ({ page }) => {
  const systemName = await openLogin(page, '/');

  await expect(page).toHaveURL(/\/login(\?from=.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(systemName);
  await expect(page.getByLabel('用户名')).toBeVisible();
  await expect(page.getByLabel('密码')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '记住我' })).not.toBeChecked();
  await expect(page.getByText('V3.2_20200311')).toBeVisible();
  await expect(page).toHaveTitle(systemName);

  await page.screenshot({ path: shotPath(SCREENSHOT), fullPage: true });

  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入用户名！')).toBeVisible();
  await expect(page.getByText('请输入密码！')).toBeVisible();
});

test('a protected path sends an anonymous visitor to login', async ({ page }) => {
  await page.goto('/qualityManagement/anything');
  await expect(page).toHaveURL(/\/login(\?from=%2FqualityManagement%2Fanything)?$/);
  await expect(page.getByLabel('用户名')).toBeVisible();
});

test('a refused login shows 登录失败 and stays on the page', async ({ page }) => {
  await openLogin(page, '/login');
  await page.getByLabel('用户名').fill('nobody-here');
  await page.getByLabel('密码').fill('wrong-password-1');
  await page.getByRole('button', { name: /登\s*录/ }).click();

  await expect(page.getByRole('alert').filter({ hasText: '登录失败' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the login card is centred and whole at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLogin(page, '/login');
    const card = await page.getByRole('region', { name: '登录' }).boundingBox();
    expect(card).not.toBeNull();
    const box = card!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    await expect(page.getByText('V3.2_20200311')).toBeInViewport();
  });
}

test('a refused single sign-on shows its reason under 登录失败', async ({ page }) => {
  await page.goto(`/login?ssoError=${encodeURIComponent('统一身份认证用户 stranger 不是本平台用户，请联系管理员')}`);
  const alert = page.getByRole('alert').filter({ hasText: '登录失败' });
  await expect(alert).toContainText('统一身份认证用户 stranger 不是本平台用户，请联系管理员');
});
