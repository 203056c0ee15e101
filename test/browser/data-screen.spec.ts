// Issue 16's portrait side in the browser: the data screen (numbers, #205081 header, refreshing itself with no failed
// call), the dynamic screen, monitoring, portraits and a composed dashboard on 首页.
import { expect, test, type Page, type Response } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, confirmBox, drawer, login, screenshot, stamp, topMenu } from './support.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));
const OVERVIEW = '/api/herm-znfx/dataScreen/overview';
/** echarts draws its first frame over 1 s on its canvas (not a CSS animation): let it finish before a picture. */
const drawn = (page: Page) => page.waitForTimeout(1_500);

test('数据大屏 shows its panels with numbers under the #205081 header and refreshes itself', async ({ page }) => {
  await login(page, DEMO.leader);
  await page.goto('/dataScreen');
  const screen = page.getByTestId('data-screen');
  await expect(screen.locator('h1')).toContainText('数据大屏');
  await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(32, 80, 129)');
  // no sidebar and no tab strip: the screen fills the window
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  for (const panel of ['质控点等级', '采集率', '预警情况', '任务完成', '竞争对手排名']) await expect(screen.locator('h3', { hasText: panel })).toBeVisible();
  await expect(page.getByTestId('progress-ring-value')).toHaveText(/^\d+(\.\d{1,2})?%$/);
  await expect(page.getByTestId('screen-figure').first()).toContainText(/\d+(\.\d+)?%/);
  await expect(screen.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('screen-clock')).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  // 改进成效 (issue 33): the centres' 改进有效率 of each level
  const effects = page.getByTestId('screen-improvement');
  await expect(effects.locator('li')).toHaveCount(4);
  await expect(page.getByTestId('screen-improvement-major')).toContainText(/专业.*(\d+(\.\d+)?%|—).*有效 \d+ \/ 措施 \d+/);
  await drawn(page);
  await screenshot(page, shot('data-screen.png'));
  // a phone: the tiles two abreast, none past the width
  await page.setViewportSize({ width: 390, height: 844 });
  await effects.scrollIntoViewIfNeeded();
  await expect.poll(async () => { const box = await effects.boundingBox(); return box ? box.x + box.width : Number.NaN; }).toBeLessThanOrEqual(390);
  expect(await effects.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
  await drawn(page);
  await screenshot(page, shot('data-screen-390.png'));
  await page.setViewportSize({ width: 1366, height: 768 });

  // ?refresh=1: at least three more overview calls, none failing
  const answers: Response[] = [];
  const onResponse = (r: Response) => {
    if (new URL(r.url()).pathname === OVERVIEW) answers.push(r);
  };
  page.on('response', onResponse);
  await page.goto('/dataScreen?refresh=1');
  await expect.poll(() => answers.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  page.off('response', onResponse);
  for (const r of answers) {
    expect(r.status()).toBe(200);
    expect(((await r.json()) as { meta: { success: boolean } }).meta.success).toBe(true);
  }
  await expect(page.getByTestId('screen-failed')).toHaveCount(0);

  // 动态大屏: the screens the leader may read, one of them with its cards
  await page.getByRole('button', { name: '动态大屏' }).click();
  await expect(page).toHaveURL(/\/dataScreen\/dynamic$/);
  const dynamic = page.getByTestId('dynamic-screen');
  await expect(dynamic.getByTestId('card-tile').first()).toBeVisible();
  await expect(dynamic.locator('h1')).not.toHaveText('');
  await expect(dynamic.getByTestId('card-tile').locator('canvas, [data-testid="card-number"]').first()).toBeVisible();
});

test('运行监测 and 学校画像 draw their figures', async ({ page }) => {
  await login(page, DEMO.leader);
  await page.goto('/analysis/operationMonitoring');
  const monitoring = page.getByTestId('monitoring');
  await expect(page.getByTestId('progress-ring-value')).toHaveText(/^\d+(\.\d{1,2})?%$/);
  await expect(monitoring.getByText('自动采集率')).toBeVisible();
  await expect(monitoring.locator('canvas').first()).toBeVisible();
  await drawn(page);
  await screenshot(page, shot('monitoring.png'));

  await page.goto('/analysis/portrayal');
  const portrayal = page.getByTestId('portrayal');
  await expect(portrayal.getByRole('tree').getByText('办学条件')).toBeVisible();
  await expect(portrayal.getByTestId('card-tile').first()).toBeVisible();
  await expect(portrayal.getByRole('button', { name: /订阅/ }).first()).toBeVisible();
  await expect(portrayal.getByTestId('card-tile').locator('canvas, [data-testid="card-number"]').first()).toBeVisible();
  await drawn(page);
  await screenshot(page, shot('portrayal.png'));
});

test('an administrator composes a dashboard of two cards and sees it on 首页', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/dashboards');
  const board = page.getByTestId('dashboards');
  await expect(board.getByTestId('available-card').first()).toBeVisible();
  // start empty: remove whatever the seed placed
  const tiles = board.getByTestId('dashboard-tile');
  await expect(async () => {
    const n = await tiles.count();
    if (n > 0) await board.getByRole('button', { name: '移除' }).first().click();
    expect(await tiles.count()).toBe(0);
  }).toPass({ timeout: 20_000 });
  const available = board.getByTestId('available-card');
  const first = (await available.nth(0).locator('.ant-list-item-meta-title').textContent()) ?? '';
  const second = (await available.nth(1).locator('.ant-list-item-meta-title').textContent()) ?? '';
  await available.nth(0).getByRole('button', { name: /添\s*加/ }).click();
  await available.nth(1).getByRole('button', { name: /添\s*加/ }).click();
  await expect(tiles).toHaveCount(2);
  // the second goes first and full width
  await board.getByRole('button', { name: '上移' }).nth(1).click();
  await tiles.nth(0).getByText('整行').click();
  await expect(tiles.nth(0).getByRole('radio', { name: '整行' })).toBeChecked();
  await expect(board.getByText('有未保存的修改')).toBeVisible();
  await board.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(board.getByText('有未保存的修改')).toHaveCount(0);
  await expect(tiles.nth(0).getByTestId('card-tile')).toContainText(second);
  await drawn(page);
  await screenshot(page, shot('dashboards.png'));

  await page.goto('/index');
  const home = page.getByTestId('home-dashboard');
  await expect(home.getByTestId('dashboard-tile')).toHaveCount(2);
  await expect(home.getByTestId('dashboard-tile').nth(0)).toContainText(second);
  await expect(home.getByTestId('dashboard-tile').nth(1)).toContainText(first);

  // an unsaved change asks 退出提示 when the top menu leads away; 不保存 leaves the saved dashboard as it was
  await page.goto('/dashboards');
  await expect(tiles).toHaveCount(2);
  await board.getByRole('button', { name: '移除' }).first().click();
  await expect(tiles).toHaveCount(1);
  await topMenu(page).getByRole('menuitem', { name: '首页', exact: true }).click();
  await expect(confirmBox(page)).toContainText('是否保存当前的修改？');
  await expect(page).toHaveURL(/\/dashboards$/);
  await confirmBox(page).getByRole('button', { name: /不保存/ }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(home.getByTestId('dashboard-tile')).toHaveCount(2);
});

test('画像管理 adds a card with a preview, and a subscribed card shows on 首页', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/analysis/portrayalManage');
  const manage = page.getByTestId('portrayal-manage');
  await expect(manage.getByTestId('portrayal-card-table').locator('tbody tr').first()).toContainText(/\S/);
  const name = `测试卡片${stamp()}`;
  await manage.getByRole('button', { name: /新增卡片/ }).click();
  const form = drawer(page);
  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('权限标识').fill(`card_${stamp()}`);
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  // the drawer stays with a preview of the saved card's figures
  await expect(form.getByText('预览')).toBeVisible();
  await expect(form.getByTestId('card-tile').locator('canvas, [data-testid="card-number"]').first()).toBeVisible();
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await manage.getByRole('searchbox').fill(name);
  await manage.getByRole('searchbox').press('Enter');
  await expect(manage.getByTestId('portrayal-card-table').locator('tbody tr')).toHaveCount(1);
  // delete after confirmation
  await manage.getByTestId('portrayal-card-table').getByRole('button', { name: /删\s*除/ }).click();
  await confirmBox(page).getByRole('button', { name: /删\s*除/ }).click();
  await expect(manage.getByTestId('portrayal-card-table')).toContainText('暂无数据');

  // subscribe to the first card on 我的订阅 and find it on 首页
  await page.goto('/analysis/subscription');
  const subs = page.getByTestId('subscriptions');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^当前页\d+条，共\d+条$/);
  const row = subs.locator('tbody tr').filter({ hasText: '数据采集进度' });
  const follow = row.getByRole('button', { name: /(^|\s)订\s*阅$/ });
  await expect(row.getByRole('button', { name: /订阅/ })).toBeVisible();
  if (await row.getByRole('button', { name: /取消订阅/ }).count()) await row.getByRole('button', { name: /取消订阅/ }).click();
  await follow.click();
  await expect(row).toContainText('已订阅');
  await page.goto('/index');
  await expect(page.getByTestId('home-subscriptions').getByTestId('card-tile')).toContainText(['数据采集进度']);
});
