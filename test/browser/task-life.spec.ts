import { CONTEXT_OPTIONS } from './browser-workers.js';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO, answerConfirm, confirmBox, dialog, login, screenshot, stamp, toast, type DemoUser } from './support.js';
import { addTask, apiAs, firstYearTarget, homeCount, homeWarnings, move, scanTaskWarnings, type ApiClient } from './task-life-support.js';

// Issue 13's browser items for one task's life, in the task detail drawer the lists open with ?task=<id>: the owner
// accepts, accepts an urge, defines and reports with a file; the auditor rejects with a reason; the owner reports again
// and the auditor passes; a delay is asked and granted; the home page's counters follow.

const SHOTS = {
  detail: fileURLToPath(new URL('../../docs/screenshots/task-detail.png', import.meta.url)),
  report: fileURLToPath(new URL('../../docs/screenshots/task-report.png', import.meta.url)),
  history: fileURLToPath(new URL('../../docs/screenshots/task-history.png', import.meta.url)),
};

/** The list each person has in the menu; any of them opens the drawer from ?task=. */
const LISTS = {
  owner: '/qualityManagement/annualWbs/personal',
  auditor: '/qualityManagement/annualWbs/department',
  publisher: '/qualityManagement/annualWbs/yearTask',
} as const;

const OK = /^确\s*定$/;
/** antd puts a space between the two characters of a two-character button. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

const detail = (page: Page) => page.getByTestId('task-detail');
const head = (page: Page) => page.getByTestId('task-head');
const rwjd = (page: Page) => head(page).getByTestId('rwjd');
const actions = (page: Page) => head(page).getByRole('toolbar', { name: '操作' });
const tab = (page: Page, name: string) => detail(page).getByRole('tab', { name: new RegExp(`^${name}`) });
const reports = (page: Page) => detail(page).getByTestId('progress-report');

test.describe.configure({ timeout: 120_000 });

test.describe.serial('a target task from push to a granted delay', () => {
  const name = `浏览器测试任务${stamp()}`;
  const parentName = `${name}（上级）`;
  let taskId = '';
  let ownerTodoBefore = 0;
  /** The owner's open process warnings (home page, 任务预警 我的任务) before this task runs. */
  let ownerProcessBefore = 0;

  /** Logs in and opens the task's drawer from the person's list. */
  async function openTask(page: Page, user: DemoUser, list: string): Promise<void> {
    await login(page, user);
    await page.goto(`${list}?task=${taskId}`);
    await expect(head(page).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await expect(detail(page).locator('.ant-spin-spinning')).toHaveCount(0);
  }

  /** Loads the page again (what others did meanwhile) and waits for the drawer; a busy machine may take a while. */
  async function reopen(page: Page): Promise<void> {
    await page.reload();
    await expect(head(page).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
    await expect(detail(page).locator('.ant-spin-spinning')).toHaveCount(0);
  }

  /** Clicks a move's button and, for one that asks only a confirmation, confirms; waits for 「…成功」. */
  async function confirmMove(page: Page, action: string): Promise<void> {
    await actions(page).getByRole('button', { name: label(action) }).click();
    await expect(confirmBox(page)).toContainText(`确定${action}“${name}”吗？`);
    await answerConfirm(page, OK);
    await expect(toast(page, `${action}成功`).first()).toBeVisible();
  }

  /** Clicks a move's button that opens its dialog. */
  async function openMove(page: Page, action: string, title = action): Promise<Locator> {
    await actions(page).getByRole('button', { name: label(action) }).click();
    const box = dialog(page, title);
    await expect(box).toBeVisible();
    return box;
  }

  async function withPage<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
    const context = await browser.newContext(CONTEXT_OPTIONS);
    try {
      return await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  test('the publisher sets the task up through the API; its push adds to the owner’s 待办任务', async ({ page, playwright, baseURL }) => {
    const fabu: ApiClient = await apiAs(playwright, baseURL!, DEMO.publisher);
    const bmshr: ApiClient = await apiAs(playwright, baseURL!, DEMO.auditor);
    try {
      const yt = await firstYearTarget(fabu, '2026');
      const common = { yearTargetId: yt.id, chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', kssj: '2026-01-01', jssj: '2026-12-31', targetUnit: '篇' };
      const parentId = await addTask(fabu, { ...common, rwmc: parentName });
      taskId = await addTask(fabu, { ...common, parentId, rwmc: name });
      await move(fabu, taskId, 'submitAudit');
      await move(bmshr, taskId, 'passAudit');

      // the scan now, so the scheduled one finds nothing new to open while the counts are compared
      await scanTaskWarnings(playwright, baseURL!, DEMO.admin);
      await login(page, DEMO.owner);
      ownerTodoBefore = await homeCount(page, '待办任务');
      ownerProcessBefore = (await homeWarnings(page, 'personal')).process;
      expect(await move(fabu, taskId, 'push')).toBe('waitAccept');
      await expect.poll(() => homeCount(page, '待办任务')).toBe(ownerTodoBefore + 1);
    } finally {
      await fabu.dispose();
      await bmshr.dispose();
    }
  });

  test('the owner reads the task and accepts it; the publisher urges and the owner accepts the urge; the owner defines the target', async ({ page, browser, playwright, baseURL }) => {
    await openTask(page, DEMO.owner, LISTS.owner);
    // the header: state, type, the path of its parent, the facts
    await expect(rwjd(page)).toHaveText('待接收');
    await expect(head(page).getByRole('navigation', { name: '任务路径' })).toContainText(parentName);
    const facts = head(page).getByTestId('task-facts');
    await expect(facts).toContainText('负责人陈静');
    await expect(facts).toContainText('审核人张伟');
    await expect(facts).toContainText('2026-01-01 ~ 2026-12-31');
    await expect(head(page).getByTestId('task-target')).toHaveText('未制定');
    await expect(head(page).getByTestId('schedule-status')).toHaveText('未开始');
    await expect(reports(page)).toHaveCount(0);
    await expect(detail(page).getByText('暂无进度上报')).toBeVisible();
    // the owner cannot push or audit: only the owner's moves
    await expect(actions(page).getByRole('button')).toHaveText([label('接收任务'), label('退回任务')]);

    await confirmMove(page, '接收任务');
    await expect(rwjd(page)).toHaveText('待制定');

    // the publisher urges (a task waiting for its target) in a browser of their own
    await withPage(browser, async (publisher) => {
      await openTask(publisher, DEMO.publisher, LISTS.publisher);
      await confirmMove(publisher, '催办');
      await tab(publisher, '催办').click();
      const urges = detail(publisher).getByRole('table', { name: '催办记录' });
      await expect(urges).toContainText('目标未制定');
      await expect(urges).toContainText('已催办');
      await expect(urges).toContainText('王明');
    });

    await reopen(page);
    await expect(rwjd(page)).toHaveText('待制定');
    await confirmMove(page, '接收催办');
    await tab(page, '催办').click();
    await expect(detail(page).getByRole('table', { name: '催办记录' })).toContainText('已接收');

    const define = await openMove(page, '制定目标');
    await expect(define).toContainText('单位：篇');
    await define.getByRole('button', { name: OK }).click();
    await expect(define).toContainText('请填写大于0的量化目标值');
    await define.getByLabel('量化目标值').fill('10');
    await define.getByRole('button', { name: OK }).click();
    await expect(toast(page, '制定目标成功').first()).toBeVisible();
    await expect(define).toBeHidden();
    await expect(rwjd(page)).toHaveText('执行中');
    await expect(head(page).getByTestId('task-target')).toHaveText('10 篇');

    // executing since January without a report: the scan opens process warnings for the quarters gone by, and the
    // owner's 任务预警 card counts them
    await scanTaskWarnings(playwright, baseURL!, DEMO.admin);
    await reopen(page);
    await tab(page, '预警').click();
    const warnings = detail(page).getByRole('table', { name: '预警记录' }).locator('tbody tr.ant-table-row');
    await expect(warnings.first()).toContainText('过程预警');
    await expect(warnings.first()).toContainText('未关闭');
    const opened = await warnings.count();
    expect(opened).toBeGreaterThan(0);
    expect((await homeWarnings(page, 'personal')).process).toBe(ownerProcessBefore + opened);
  });

  test('the owner reports progress with a file; the auditor rejects it with a reason', async ({ page, browser }, testInfo) => {
    const pdf = testInfo.outputPath('进度佐证.pdf');
    writeFileSync(pdf, '%PDF-1.4\n% 浏览器测试的进度佐证\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

    const auditsBefore = await withPage(browser, async (auditor) => {
      await login(auditor, DEMO.auditor);
      return homeCount(auditor, '待审核');
    });

    await openTask(page, DEMO.owner, LISTS.owner);
    const report = await openMove(page, '提交进度');
    await expect(report.getByRole('radio', { name: '过程进度' })).toBeChecked();
    await report.getByLabel('进度说明').fill('完成了四篇论文的初稿');
    await report.getByLabel('完成值').fill('4');
    await report.getByRole('button', { name: /上传附件/ }).click();
    const upload = dialog(page, '上传文件');
    await upload.locator('input[type=file]').setInputFiles(pdf);
    await expect(upload.getByTestId('upload-file')).toContainText('进度佐证.pdf');
    await upload.getByRole('button', { name: OK }).click();
    await expect(upload).toBeHidden({ timeout: 20_000 });
    await expect(report.getByRole('list', { name: '佐证附件' })).toContainText('进度佐证.pdf');
    await screenshot(page, SHOTS.report);
    await report.getByRole('button', { name: label('提交') }).click();
    await expect(toast(page, '提交进度成功').first()).toBeVisible();
    await expect(report).toBeHidden();

    await expect(reports(page)).toHaveCount(1);
    await expect(reports(page).first()).toContainText('过程进度');
    await expect(reports(page).first().getByTestId('report-audit')).toHaveText('审核中');
    await expect(reports(page).first()).toContainText('完成了四篇论文的初稿');
    await expect(reports(page).first()).toContainText('完成值：4 篇');
    await expect(reports(page).first().getByRole('list', { name: '佐证附件' })).toContainText('进度佐证.pdf');
    // one report waits at a time: no second report until it is judged
    await expect(actions(page).getByRole('button', { name: label('提交进度') })).toHaveCount(0);

    await withPage(browser, async (auditor) => {
      await login(auditor, DEMO.auditor);
      await expect.poll(() => homeCount(auditor, '待审核')).toBe(auditsBefore + 1);
      await auditor.goto(`${LISTS.auditor}?task=${taskId}`);
      await expect(head(auditor).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
      const reject = await openMove(auditor, '驳回进度');
      await reject.getByRole('button', { name: OK }).click();
      await expect(reject).toContainText('请填写原因');
      await reject.getByLabel('驳回原因').fill('佐证材料不完整，请补充论文清单');
      await expect(reject).toContainText('15 / 500');
      await reject.getByRole('button', { name: OK }).click();
      await expect(toast(auditor, '驳回进度成功').first()).toBeVisible();
      await expect(reports(auditor).first().getByTestId('report-audit')).toHaveText('已驳回');
      await expect.poll(() => homeCount(auditor, '待审核')).toBe(auditsBefore);
    });
  });

  test('the owner sees the reason and reports again; the auditor passes; the progress follows', async ({ page, browser }) => {
    await openTask(page, DEMO.owner, LISTS.owner);
    await expect(reports(page).first().getByTestId('reject-reason')).toHaveText('驳回原因：佐证材料不完整，请补充论文清单');

    const report = await openMove(page, '提交进度');
    await report.getByLabel('进度说明').fill('完成了五篇论文，附论文清单');
    await report.getByLabel('完成值').fill('5');
    await report.getByRole('button', { name: label('提交') }).click();
    await expect(toast(page, '提交进度成功').first()).toBeVisible();
    await expect(reports(page)).toHaveCount(2);
    // newest first
    await expect(reports(page).first()).toContainText('完成了五篇论文');
    await expect(reports(page).nth(1).getByTestId('report-audit')).toHaveText('已驳回');

    await withPage(browser, async (auditor) => {
      await login(auditor, DEMO.auditor);
      await auditor.goto(`${LISTS.auditor}?task=${taskId}`);
      await expect(head(auditor).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
      await confirmMove(auditor, '审核通过进度');
      await expect(reports(auditor).first().getByTestId('report-audit')).toHaveText('审核通过');
    });

    await reopen(page);
    await expect(reports(page).first().getByTestId('report-audit')).toHaveText('审核通过');
    await expect(head(page).getByTestId('task-progress')).toContainText('50.00%');
    await expect(reports(page).first()).toContainText('进度：50.00%');
  });

  test('the owner asks a delay and the auditor grants it: the end date moves', async ({ page, browser }) => {
    await openTask(page, DEMO.owner, LISTS.owner);
    const delay = await openMove(page, '申请延期');
    await expect(delay).toContainText('当前结束时间：2026-12-31');
    await delay.getByLabel('延期至').fill('2027-01-31');
    await delay.getByLabel('延期至').press('Enter');
    await delay.getByLabel('延期原因').fill('论文评审时间推迟一个月');
    await delay.getByRole('button', { name: /提交申请/ }).click();
    await expect(toast(page, '申请延期成功').first()).toBeVisible();
    await tab(page, '延期').click();
    const delays = detail(page).getByRole('table', { name: '延期记录' });
    await expect(delays).toContainText('2027-01-31');
    await expect(delays).toContainText('待审核');

    await withPage(browser, async (auditor) => {
      await login(auditor, DEMO.auditor);
      await auditor.goto(`${LISTS.auditor}?task=${taskId}`);
      await expect(head(auditor).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
      await confirmMove(auditor, '同意延期');
      await expect(head(auditor).getByTestId('task-facts')).toContainText('2026-01-01 ~ 2027-01-31');
    });

    await reopen(page);
    await expect(rwjd(page)).toHaveText('延期未完成');
    await expect(head(page).getByTestId('task-facts')).toContainText('2026-01-01 ~ 2027-01-31');
    await tab(page, '延期').click();
    await expect(detail(page).getByRole('table', { name: '延期记录' })).toContainText('已同意');
    await tab(page, '进度上报').click();
    await screenshot(page, SHOTS.detail);

    // the history: every move, oldest first, with who and the states
    await tab(page, '历史').click();
    const history = detail(page).getByTestId('history-item');
    await expect(history.first()).toContainText('王明 新增任务');
    await expect(history.filter({ hasText: '驳回进度' })).toContainText('原因：佐证材料不完整，请补充论文清单');
    await expect(history.filter({ hasText: '接收任务' })).toContainText('待接收 → 待制定');
    await expect(history.filter({ hasText: '同意延期' })).toContainText('张伟');
    await expect(history.last()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await screenshot(page, SHOTS.history);
  });

  test('the owner attaches a file to the task and removes it again', async ({ page }, testInfo) => {
    const png = testInfo.outputPath('任务照片.png');
    writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    await openTask(page, DEMO.owner, LISTS.owner);
    await tab(page, '附件').click();
    const files = detail(page).getByRole('table', { name: '任务附件' });
    await expect(files).toContainText('暂无附件');
    await detail(page).getByRole('button', { name: /上传附件/ }).click();
    const upload = dialog(page, '上传文件');
    await upload.locator('input[type=file]').setInputFiles(png);
    await upload.getByRole('button', { name: OK }).click();
    await expect(upload).toBeHidden({ timeout: 20_000 });
    await expect(toast(page, '导入成功！').first()).toBeVisible();
    await expect(files).toContainText('任务照片.png');
    await expect(files).toContainText('陈静');
    await expect(tab(page, '附件')).toHaveText(/附件\(1\)/);

    await files.getByRole('button', { name: label('删除') }).click();
    await expect(confirmBox(page)).toContainText('确定删除“任务照片.png”吗？');
    await confirmBox(page).getByRole('button', { name: label('删除') }).click();
    await expect(toast(page, '删除成功').first()).toBeVisible();
    await expect(files).toContainText('暂无附件');
  });

  test('the school leader reads the task without moves or uploads; a task that is not there shows the server’s message', async ({ page }) => {
    await openTask(page, DEMO.leader, LISTS.publisher);
    await expect(actions(page)).toContainText('当前没有可执行的操作');
    await expect(actions(page).getByRole('button')).toHaveCount(0);
    await tab(page, '附件').click();
    await expect(detail(page).getByRole('button', { name: /上传附件/ })).toHaveCount(0);

    await page.goto(`${LISTS.publisher}?task=no-such-task`);
    await expect(page.getByTestId('task-refusal')).toBeVisible();
    await expect(page.getByTestId('task-refusal')).toContainText(/\S/);
    await expect(detail(page)).toHaveCount(0);
  });

  test('the parent task shows the task among its children, and opens it from there', async ({ page }) => {
    await openTask(page, DEMO.owner, LISTS.owner);
    await head(page).getByRole('navigation', { name: '任务路径' }).getByRole('button', { name: parentName }).click();
    await expect(head(page).getByTestId('task-name')).toHaveText(parentName);
    await expect(rwjd(page)).toHaveText('未下发');
    // a 未下发 task says what comes before its owner gets it (issue 35)
    await expect(head(page).getByTestId('push-steps')).toContainText(/提交审核.*审核通过.*下发/);
    await tab(page, '子任务').click();
    const children = detail(page).getByRole('table', { name: '子任务' });
    await expect(children).toContainText('延期未完成');
    await children.getByRole('button', { name }).click();
    await expect(head(page).getByTestId('task-name')).toHaveText(name);
  });
  test('a final report passed finishes the task late: 延期完成, progress 100, its warnings closed and the counter back', async ({ page, browser, playwright, baseURL }) => {
    await openTask(page, DEMO.owner, LISTS.owner);
    const report = await openMove(page, '提交进度');
    // antd's button radios hide their input: the label takes the click
    await report.locator('.ant-radio-button-wrapper').filter({ hasText: '最终成果' }).click();
    await expect(report.getByRole('radio', { name: '最终成果' })).toBeChecked();
    await report.getByLabel('进度说明').fill('十篇论文全部完成');
    await report.getByLabel('完成值').fill('10');
    await report.getByRole('button', { name: label('提交') }).click();
    await expect(toast(page, '提交进度成功').first()).toBeVisible();

    await withPage(browser, async (auditor) => {
      await login(auditor, DEMO.auditor);
      await auditor.goto(`${LISTS.auditor}?task=${taskId}`);
      await expect(head(auditor).getByTestId('task-name')).toHaveText(name, { timeout: 30_000 });
      await confirmMove(auditor, '审核通过进度');
      await expect(rwjd(auditor)).toHaveText('延期完成');
    });

    await scanTaskWarnings(playwright, baseURL!, DEMO.admin);
    await reopen(page);
    await expect(rwjd(page)).toHaveText('延期完成');
    await expect(head(page).getByTestId('schedule-status')).toHaveText('已完成');
    await expect(head(page).getByTestId('task-progress')).toContainText('100.00%');
    await expect(actions(page)).toContainText('当前没有可执行的操作');
    await tab(page, '预警').click();
    await expect(detail(page).getByRole('table', { name: '预警记录' }).getByText('未关闭')).toHaveCount(0);
    expect((await homeWarnings(page, 'personal')).process).toBe(ownerProcessBefore);
    // nothing waits for the owner on this task any more
    expect(await homeCount(page, '待办任务')).toBe(ownerTodoBefore);
  });
});
