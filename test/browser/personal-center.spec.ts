import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, login, shotPath, toast, userMenu } from './support.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/personal-center.png', import.meta.url));

// the smallest PNG there is: one transparent pixel
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const dialog = (page: Page) => page.getByRole('dialog', { name: '个人中心' });

async function openPersonalCenter(page: Page) {
  await userMenu(page, '个人中心');
  await expect(dialog(page)).toBeVisible();
  // the profile is loaded fresh each time the modal opens
  await expect(dialog(page).getByLabel('所属部门')).not.toHaveValue('');
}

test('the personal center saves email and phone, and they are kept after a reload', async ({ page }) => {
  await login(page, DEMO.publisher);
  await openPersonalCenter(page);
  const modal = dialog(page);
  await expect(modal.getByLabel('所属部门')).toHaveValue('发展规划与质量管理处');
  await expect(modal.getByLabel('所属部门')).toBeDisabled();
  // measured once the opening animation has settled
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(508);

  // unique values per run, so the check below cannot pass on what an earlier run left
  const stamp = String(Date.now()).slice(-4);
  const email = `wangming${stamp}@school.edu.cn`;
  const phone = `1380013${stamp}`;
  await modal.getByLabel('邮箱').fill(email);
  await modal.getByLabel('联系电话').fill(phone);
  await modal.getByLabel('QQ').fill('10086');
  await page.screenshot({ path: shotPath(SCREENSHOT) });
  // blanks around a value are trimmed on submit
  await modal.getByLabel('邮箱').fill(`  ${email} `);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '更新用户信息成功!')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.reload();
  await openPersonalCenter(page);
  await expect(dialog(page).getByLabel('邮箱')).toHaveValue(email);
  await expect(dialog(page).getByLabel('联系电话')).toHaveValue(phone);
  await expect(dialog(page).getByLabel('QQ')).toHaveValue('10086');
});

test('the personal center checks the formats before saving', async ({ page }) => {
  await login(page, DEMO.publisher);
  await openPersonalCenter(page);
  const modal = dialog(page);

  let saved = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/user/personalInfo/update')) saved = true;
  });
  await modal.getByLabel('邮箱').fill('wangming@');
  await modal.getByLabel('联系电话').fill('12345');
  await modal.getByLabel('QQ').fill('0123456');
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(modal.getByText('邮箱格式不正确！')).toBeVisible();
  await expect(modal.getByText('联系电话格式不正确！')).toBeVisible();
  await expect(modal.getByText('QQ格式不正确！')).toBeVisible();
  expect(saved).toBe(false);

  // empty is allowed: every field is optional
  await modal.getByLabel('邮箱').fill('');
  await modal.getByLabel('联系电话').fill('');
  await modal.getByLabel('QQ').fill('');
  await expect(modal.getByText('邮箱格式不正确！')).toBeHidden();
  await expect(modal.getByText('QQ格式不正确！')).toBeHidden();
});

test('a new avatar shows in the header at once, and the default can be restored', async ({ page }) => {
  await login(page, DEMO.auditor);
  const headerAvatar = page.getByTestId('user-menu').getByRole('img', { name: '头像' });
  await expect(headerAvatar).toHaveAttribute('src', /avatar-male/);

  await openPersonalCenter(page);
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(dialog(page).getByRole('img', { name: '头像预览' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '更新用户头像成功!')).toBeVisible();
  await expect(headerAvatar).toHaveAttribute('src', /\/api\/user\/avatar\//);
  // gone before the second save, whose toast must be its own
  await expect(toast(page, '更新用户头像成功!')).toBeHidden();

  await openPersonalCenter(page);
  // the choice is forgotten when the last opening's close ends (afterClose): under load that came after this click once
  await expect(async () => {
    await dialog(page).getByRole('button', { name: '恢复默认头像' }).click();
    await dialog(page).getByRole('radio', { name: '女' }).check();
    await expect(dialog(page).getByRole('img', { name: '头像预览' })).toHaveAttribute('src', /avatar-female/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await dialog(page).getByRole('radio', { name: '男' }).check();
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '更新用户头像成功!')).toBeVisible();
  await expect(headerAvatar).toHaveAttribute('src', /avatar-male/);
});
