import { CONTEXT_OPTIONS } from './browser-workers.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, login, screenshot, searchAndPick, stamp, toast, topMenu } from './support.js';

const SHOTS = {
  files: fileURLToPath(new URL('../../docs/screenshots/my-files.png', import.meta.url)),
  upload: fileURLToPath(new URL('../../docs/screenshots/upload-modal.png', import.meta.url)),
};

// the smallest PNG there is: one transparent pixel
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
// a minimal PDF: a header, one empty page and the end marker
const MINIMAL_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

/** Writes files into a fresh temporary folder and gives their paths. */
function tempFiles(files: Record<string, string | Buffer>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'files-spec-'));
  const paths: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    paths[name] = join(dir, name);
    writeFileSync(paths[name], content);
  }
  return paths;
}

// every upload waits a second before its first chunk and polls the merge every second
test.describe.configure({ timeout: 60_000 });

const OK = /^确\s*定$/;
const CANCEL = /^取\s*消$/;
const DELETE = /^删\s*除$/;

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: '上传文件' });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** 个人信息中心 in the top menu (in the bar or under 更多), which opens its first page, 我的文件. */
async function openMyFiles(page: Page) {
  // the bar measures what goes under 更多 after login: an entry seen in the bar may move there before the click lands
  await expect(async () => {
    const entry = topMenu(page).getByRole('menuitem', { name: '个人信息中心', exact: true });
    if (await entry.isVisible()) {
      await entry.click({ timeout: 3_000 });
    } else {
      await page.getByTestId('top-menu-more').hover();
      await page.getByRole('menuitem', { name: '个人信息中心', exact: true }).click({ timeout: 3_000 });
    }
    await expect(page).toHaveURL(/\/link\/files$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('menu', { name: '子菜单' }).getByRole('menuitem', { name: /我的文件/ })).toBeVisible();
  await expect(page.locator('.ant-card-head-title').filter({ hasText: '我的文件' })).toBeVisible();
  await expect(page.getByRole('table', { name: '文件列表' })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
}

async function chooseFile(dialog: Locator, path: string) {
  await dialog.locator('input[type=file]').setInputFiles(path);
}

/** Chooses a file, confirms, and waits until the modal closes on the merged file. */
async function uploadFile(page: Page, path: string, name: string) {
  await page.getByRole('button', { name: /上传文件/ }).click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  await chooseFile(dialog, path);
  await expect(dialog.getByTestId('upload-file')).toContainText(name);
  await dialog.getByRole('button', { name: OK }).click();
  // the progress bar shows from the start (the first chunk waits a second)
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(toast(page, `“${name}”上传成功`)).toBeVisible();
  await expect(row(page, name)).toBeVisible();
}

test('陈静 uploads, previews, downloads as a zip and deletes her files; wrong files are refused', async ({ page }) => {
  const id = stamp();
  const pdfName = `证明材料${id}.pdf`;
  const pngName = `现场照片${id}.png`;
  const fakeName = `伪装文件${id}.pdf`;
  const files = tempFiles({
    [pdfName]: MINIMAL_PDF,
    [pngName]: PIXEL_PNG,
    [fakeName]: 'plain text, not a PDF at all\n',
    [`程序${id}.exe`]: 'MZ',
    [`空文件${id}.txt`]: '',
  });

  await login(page, DEMO.owner);
  await openMyFiles(page);

  // the upload modal: nothing chosen, a wrong extension, an empty file
  await page.getByRole('button', { name: /上传文件/ }).click();
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-select').filter({ hasText: '内部支撑文件' })).toBeVisible();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(toast(page, '请先选取文件!')).toBeVisible();
  await chooseFile(dialog, files[`程序${id}.exe`]);
  await expect(toast(page, '文件类型错误')).toBeVisible();
  await expect(dialog.getByTestId('upload-file')).toHaveCount(0);
  await chooseFile(dialog, files[`空文件${id}.txt`]);
  await expect(dialog.getByTestId('upload-file')).toContainText('文件为空');
  await expect(dialog.locator('.ant-progress-status-exception')).toBeVisible();
  // choosing another file replaces it
  await chooseFile(dialog, files[pdfName]);
  await expect(dialog.getByTestId('upload-file')).toHaveCount(1);
  await expect(dialog.getByTestId('upload-file')).toContainText(pdfName);
  await expect(dialog.getByTestId('upload-file')).not.toContainText('文件为空');
  await dialog.getByLabel('备注').fill('2025年度专业建设佐证材料');
  await screenshot(page, SHOTS.upload);
  await dialog.getByRole('button', { name: CANCEL }).click();
  await expect(dialog).toBeHidden();

  // two uploads: a PDF and a PNG
  await uploadFile(page, files[pdfName], pdfName);
  await uploadFile(page, files[pngName], pngName);
  await expect(row(page, pdfName)).toContainText('内部支撑文件');
  await expect(row(page, pdfName)).toContainText(DEMO.owner.name);
  await expect(row(page, pngName)).toContainText(/\d+\.\d{2} KB/);
  await expect(row(page, pngName)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  // the spec's pagination: 当前页N条，共M条, 上一页 / 下一页, no size changer
  await expect(page.getByText(/^当前页\d+条，共\d+条$/)).toBeVisible();
  await expect(page.locator('.ant-pagination-prev')).toHaveText('上一页');
  await expect(page.locator('.ant-pagination-options-size-changer')).toHaveCount(0);

  // the PNG in the image preview
  await row(page, pngName).getByRole('button', { name: /预\s*览/ }).click();
  const image = page.locator('.ant-image-preview img');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /\/api\/docrepo\/preview\?attachmentId=/);
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(image).toBeHidden();

  // the PDF in a modal with an iframe
  await row(page, pdfName).getByRole('button', { name: /预\s*览/ }).click();
  const pdfDialog = page.getByRole('dialog', { name: pdfName });
  await expect(pdfDialog).toBeVisible();
  await expect(pdfDialog.locator('iframe')).toBeVisible();
  await expect(pdfDialog.locator('iframe')).toHaveAttribute('src', /\/api\/docrepo\/preview\?attachmentId=/);
  await pdfDialog.getByRole('button', { name: '关闭' }).click();
  await expect(pdfDialog).toBeHidden();

  // both selected: one zip named 我的文件支撑附件.zip
  await row(page, pdfName).getByRole('checkbox').check();
  await row(page, pngName).getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: /批量下载（2）/ })).toBeEnabled();
  await screenshot(page, SHOTS.files);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /批量下载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('我的文件支撑附件.zip');
  const saved = await download.path();
  expect(statSync(saved).size).toBeGreaterThan(0);

  // text named .pdf: the server looks at the content and refuses it
  await page.getByRole('button', { name: /上传文件/ }).click();
  await chooseFile(dialog, files[fakeName]);
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByRole('alert')).toContainText('文件类型错误', { timeout: 20_000 });
  await expect(dialog.locator('.ant-progress-status-exception')).toBeVisible();
  await expect(toast(page, '文件类型错误')).toBeVisible();
  await dialog.getByRole('button', { name: CANCEL }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, fakeName)).toHaveCount(0);

  // delete the PNG after a confirmation naming it
  await row(page, pngName).getByRole('button', { name: DELETE }).click();
  await expect(confirmBox(page)).toContainText(`确定删除“${pngName}”吗？`);
  await confirmBox(page).getByRole('button', { name: DELETE }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(page, pngName)).toHaveCount(0);
  await expect(row(page, pdfName)).toBeVisible();
});

test('search by name, 编辑 keeps the extension, and 共享 shows the file to a colleague', async ({ page, browser }) => {
  const id = stamp();
  const name = `查找用${id}.pdf`;
  const files = tempFiles({ [name]: MINIMAL_PDF });
  await login(page, DEMO.owner);
  await openMyFiles(page);
  await uploadFile(page, files[name], name);

  await page.getByLabel('文件名').fill(`查找用${id}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  await page.getByLabel('文件名').fill(`没有这个文件${id}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-empty-description')).toHaveText('暂无数据');

  // 编辑: a new name keeps the extension
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await row(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  const drawer = page.locator('.ant-drawer-section');
  await expect(drawer.getByLabel('文件名')).toHaveValue(`查找用${id}`);
  await drawer.getByLabel('文件名').fill(`改名后${id}`);
  await drawer.getByLabel('备注').fill('改过的备注');
  await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row(page, `改名后${id}.pdf`)).toContainText('改过的备注');

  // 共享 with 李红, who then sees it (shared: no 编辑, 共享 or 删除 for her)
  const renamed = `改名后${id}.pdf`;
  await row(page, renamed).getByRole('button', { name: /共\s*享/ }).click();
  const share = page.getByRole('dialog', { name: `共享文件：${renamed}` });
  await expect(share).toBeVisible();
  await searchAndPick(page, share.getByLabel('共享人员'), DEMO.deptHead.name, DEMO.deptHead.name);
  await share.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(toast(page, '已共享给1人')).toBeVisible();
  await expect(share).toBeHidden();

  const context = await browser.newContext(CONTEXT_OPTIONS);
  const colleague = await context.newPage();
  try {
    await login(colleague, DEMO.deptHead);
    await openMyFiles(colleague);
    const shared = row(colleague, renamed);
    await expect(shared).toContainText('共享');
    await expect(shared).toContainText(DEMO.owner.name);
    await expect(shared.getByRole('button', { name: /删\s*除/ })).toBeDisabled();
    await expect(shared.getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
    await expect(shared.getByRole('button', { name: /下\s*载/ })).toBeEnabled();
  } finally {
    await context.close();
  }
});
