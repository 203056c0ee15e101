import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, clickUntilClosed, confirmBox, dialog, login, pick, screenshot, stamp, toast } from './support.js';
import { card, cards, indicator, modeTab, openStandards, pointNames, search, settled, tree } from './standard-steps.js';

const SHOTS = {
  cards: fileURLToPath(new URL('../../docs/screenshots/standard-cards.png', import.meta.url)),
  library: fileURLToPath(new URL('../../docs/screenshots/standard-library.png', import.meta.url)),
};

const LEVELS = ['学校', '专业', '课程', '教师', '学生'];
const DEMO_LIBRARIES = ['2025年', '2026年'].flatMap((year) => LEVELS.map((level) => `${year}${level}层面目标标准`));
const SCHOOL_2026 = '2026年学校层面目标标准';
/** The 2026 cards: five demo libraries of the year, the 软件技术 child library, and the 2026 major launch's own (seed/demo-launches.ts). */
const CARDS_2026 = 7;

async function openLibrary(page: Page, name: string) {
  await card(page, name).locator('.ant-card-head-title').getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(/\/qualityManagement\/standard\?library=/);
  await expect(page.getByTestId('library-name')).toHaveText(name);
  await expect(tree(page)).toBeVisible();
}

test('the publisher edits a library: tree, points, copy, recycle bin and export', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.publisher);
  await openStandards(page);

  // the ten demo libraries, each with its facts and the creator's buttons
  for (const name of DEMO_LIBRARIES) {
    await search(page, name);
    await expect(card(page, name)).toHaveCount(1);
  }
  await search(page, '');
  await page.getByRole('searchbox', { name: '名称' }).clear();
  await settled(page);
  const school = card(page, SCHOOL_2026);
  await expect(school).toContainText('层面学校');
  await expect(school).toContainText('周期2026');
  await expect(school).toContainText('创建人王明');
  await expect(school.getByRole('button', { name: /编\s*辑/ })).toBeVisible();
  await expect(school.getByRole('button', { name: /删\s*除/ })).toBeVisible();
  await pick(page, page.getByLabel('周期'), /^2026/);
  await expect(cards(page)).toHaveCount(CARDS_2026);
  // the address keeps the filter: the picture starts at the top of the page
  await page.reload();
  await expect(cards(page)).toHaveCount(CARDS_2026);
  await screenshot(page, SHOTS.cards);
  await page.getByRole('searchbox', { name: '名称' }).fill('没有这个目标标准');
  await page.getByRole('searchbox', { name: '名称' }).press('Enter');
  await expect(page.locator('.ant-empty-description').filter({ hasText: '暂无数据' })).toBeVisible();
  await page.getByRole('searchbox', { name: '名称' }).clear();
  await expect(cards(page)).toHaveCount(CARDS_2026);

  // the library: 人才培养 reads 计分卡, its level-3 indicators carry points
  await openLibrary(page, SCHOOL_2026);
  await expect(indicator(page, '计分卡')).toHaveCount(1);
  await expect(tree(page)).not.toContainText('人才培养');
  await indicator(page, '就业质量').click();
  await expect(pointNames(page).filter({ hasText: '毕业生初次就业率' })).toBeVisible();
  await expect(page.getByTestId('point-table')).toContainText('百分比');
  await screenshot(page, SHOTS.library);

  // a level-1 indicator and a point under it
  const indicatorName = `测试指标${stamp()}`;
  await page.getByRole('button', { name: /新增一级指标/ }).click();
  await dialog(page, '新增一级指标').getByLabel('指标名称').fill(indicatorName);
  await clickUntilClosed(dialog(page, '新增一级指标'), dialog(page, '新增一级指标').getByRole('button', { name: /保\s*存/ }));
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(indicator(page, indicatorName)).toHaveCount(1);
  await expect(page.locator('.ant-tree-node-selected')).toContainText(indicatorName);
  await expect(page.getByTestId('point-table').locator('.ant-empty-description')).toHaveText('暂无数据');

  const pointName = `测试质控点${stamp()}`;
  await page.getByRole('button', { name: /新增质控点/ }).click();
  const drawer = page.locator('.ant-drawer-section');
  await drawer.getByLabel('质控点名称').fill(pointName);
  await drawer.getByLabel('标准值').fill('80');
  await drawer.getByLabel('目标值').fill('90');
  await drawer.getByRole('button', { name: /添加数据源/ }).click();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '新增成功').first()).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(pointNames(page).filter({ hasText: pointName })).toBeVisible();
  const pointRow = page.getByTestId('point-table').locator('tr').filter({ hasText: pointName });
  await expect(pointRow).toContainText('80.00%');
  await expect(pointRow).toContainText('填报');
  await expect(pointRow).toContainText('表格');

  // export: '…质控点.xlsx'
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toBe(`${SCHOOL_2026}质控点.xlsx`);

  // copy with a unique name, wait for the job, see the new card
  await page.getByRole('button', { name: '返回目标标准列表' }).click();
  await expect(cards(page).first()).toBeVisible();
  const copyName = `复制测试${stamp()}`;
  await search(page, SCHOOL_2026);
  await card(page, SCHOOL_2026).getByRole('button', { name: /复\s*制/ }).click();
  const copyBox = dialog(page, /复制目标标准/);
  await copyBox.getByLabel('名称').fill(copyName);
  await copyBox.getByRole('button', { name: /复\s*制/ }).click();
  const progress = dialog(page, '复制');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('复制完成', { timeout: 30_000 });
  await progress.getByRole('button', { name: '关 闭', exact: true }).click();
  await search(page, copyName);
  await expect(card(page, copyName)).toHaveCount(1);
  await expect(card(page, copyName)).toContainText('创建人王明');

  // delete it: to 回收站; recover; delete again and purge
  const remove = async () => {
    await card(page, copyName).getByRole('button', { name: /删\s*除/ }).click();
    await expect(confirmBox(page)).toContainText('回收站');
    await confirmBox(page).getByRole('button', { name: /删\s*除/ }).click();
    await expect(toast(page, '删除成功').first()).toBeVisible();
    await expect(card(page, copyName)).toHaveCount(0);
  };
  await remove();
  await modeTab(page, '回收站').click();
  await expect(card(page, copyName)).toHaveCount(1);
  await card(page, copyName).getByRole('button', { name: /恢\s*复/ }).click();
  await expect(toast(page, '恢复成功')).toBeVisible();
  await expect(card(page, copyName)).toHaveCount(0);
  await modeTab(page, '目标标准').click();
  await search(page, copyName);
  await remove();
  await modeTab(page, '回收站').click();
  await card(page, copyName).getByRole('button', { name: /彻底删除/ }).click();
  await confirmBox(page).getByRole('button', { name: /彻底删除/ }).click();
  await expect(toast(page, '彻底删除成功')).toBeVisible();
  await expect(card(page, copyName)).toHaveCount(0);
});

// The expert (zj) reads every demo library through a grant, but the menu grants of the seed give the role no
// 目标标准 menu; the school leader reads them the same way and has the menu.
test('a reader sees the libraries without editing', async ({ page }) => {
  await login(page, DEMO.leader);
  await openStandards(page);
  await search(page, SCHOOL_2026);
  const school = card(page, SCHOOL_2026);
  await expect(school).toHaveCount(1);
  await expect(school.getByRole('button', { name: /进\s*入/ })).toBeVisible();
  await expect(cards(page).getByRole('button', { name: /编\s*辑|删\s*除/ })).toHaveCount(0);

  await openLibrary(page, SCHOOL_2026);
  await expect(page.getByText('只读', { exact: true })).toBeVisible();
  await indicator(page, '就业质量').click();
  await expect(pointNames(page).filter({ hasText: '毕业生初次就业率' })).toBeVisible();
  await expect(page.getByRole('button', { name: /新增|重命名|删\s*除|编\s*辑|导\s*入|下载模板|权\s*限/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /导\s*出/ })).toBeVisible();
});
