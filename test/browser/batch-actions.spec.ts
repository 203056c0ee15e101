// Batch actions (issue 34) in the browser: 王明 selects the task cards the server lets him push on 年度任务, 批量下发
// confirms naming the count, the summary says what was done and why the rest was refused (a task pushed meanwhile),
// and the cards show 待接收 without a reload; 张伟 passes two fills at once on 填报审核. At 1366 and at 390×844.
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CONTEXT_OPTIONS } from './browser-workers.js';
import { DEMO, login, screenshot, stamp } from './support.js';
import { addTask, apiAs, firstYearTarget, move, type ApiClient } from './task-life-support.js';
import { PATHS, searchTasks, settled, taskCard } from './task-lists-steps.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const API = '/api/herm-znfx';
const NEXT = new Date().getFullYear() + 1;

/** Three tasks of 教务处 under the first 2026 year target: A and B audited (pushable), C not submitted. */
async function tasks(c: ApiClient, auditor: ApiClient, run: string): Promise<Record<'A' | 'B' | 'C', { id: string; name: string }>> {
  const target = await firstYearTarget(c, '2026');
  const made = {} as Record<'A' | 'B' | 'C', { id: string; name: string }>;
  for (const key of ['A', 'B', 'C'] as const) {
    const name = `批量下发${key}${run}`;
    const id = await addTask(c, { yearTargetId: target.id, rwmc: name, chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', kssj: `${NEXT}-01-01`, jssj: `${NEXT}-12-31` });
    if (key !== 'C') {
      await move(c, id, 'submitAudit');
      await move(auditor, id, 'passAudit');
    }
    made[key] = { id, name };
  }
  return made;
}

const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

for (const viewport of [
  { label: 'desktop', width: 1366, height: 768 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`批量下发 on 年度任务 (${viewport.label}): only pushable cards are selectable, the summary names the refused one, the cards update`, async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const baseURL = test.info().project.use.baseURL!;
    const run = stamp();
    const fabu = await apiAs(playwright, baseURL, DEMO.publisher);
    const bmshr = await apiAs(playwright, baseURL, DEMO.auditor);
    const made = await tasks(fabu, bmshr, run);

    const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', ...CONTEXT_OPTIONS });
    const page = await context.newPage();
    await login(page, DEMO.publisher);
    await page.goto(PATHS.year);
    await settled(page);
    await searchTasks(page, run);
    await expect(taskCard(page, made.C.name)).toBeVisible();

    // A and B may be pushed (the server's allowed actions), C may not: it has no box
    const box = (name: string) => page.getByRole('checkbox', { name: `选择 ${name}` });
    await expect(box(made.A.name)).toBeVisible();
    await expect(box(made.B.name)).toBeVisible();
    await expect(box(made.C.name)).toHaveCount(0);
    await box(made.A.name).check();
    await box(made.B.name).check();
    const push = page.getByTestId('batch-push');
    await expect(push).toHaveText(/批量下发\s*\(2\)/);
    await push.scrollIntoViewIfNeeded();
    await expect(push).toBeInViewport();

    // someone pushes B meanwhile: the batch pushes A and names B with the move's reason
    await move(fabu, made.B.id, 'push');
    await push.click();
    await expect(confirmBox(page).getByTestId('batch-confirm')).toHaveText('确定批量下发 2 项任务？');
    if (viewport.label === 'desktop') await screenshot(page, shot('batch-confirm'));
    await confirmBox(page).getByRole('button', { name: /下发 2 项/ }).click();
    const summary = page.getByTestId('batch-summary');
    await expect(summary).toContainText('成功 1 项，失败 1 项');
    await expect(summary.getByTestId('batch-refusal')).toHaveText([`${made.B.name}：任务处于「待接收」状态，不能下发`]);
    await screenshot(page, shot(`batch-summary-${viewport.label}`));
    await confirmBox(page).getByRole('button', { name: /知道了/ }).click();

    // the list shows the new state without F5: A waits to be accepted, nothing is selected, A and B have no box now
    await settled(page);
    await expect(taskCard(page, made.A.name)).toContainText('待接收');
    await expect(box(made.A.name)).toHaveCount(0);
    await expect(page.getByTestId('batch-push')).toHaveCount(0);
    const task = await fabu.get<{ rwjd: string }>(`${API}/targetTask/detail`, { id: made.A.id });
    expect(task.rwjd).toBe('waitAccept');
    await Promise.all([fabu.dispose(), bmshr.dispose(), context.close()]);
  });
}

const SJGL = '/api/herm-sjgl';

/**
 * A published collection task of one floating form, allocated to three departments with 张伟 as auditor; the fills of
 * 教务处 and 信息工程学院 committed by their fillers (李红, 陈静), 机电工程学院's left uncommitted.
 */
async function fills(admin: ApiClient, fillers: ApiClient[], run: string): Promise<string> {
  const dir = await admin.post<{ id: string }>(`${SJGL}/formDirectorys/add`, { name: `批量目录${run}` });
  const code = `bat_${run}`;
  const name = `批量表单${run}`;
  const form = await admin.post<{ id: string }>(`${SJGL}/forms/add`, { directoryId: dir.id, name, code, formType: 'floating' });
  const fields = [{ key: 'note', label: '备注', component: 'text', validations: { require: false, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null }];
  await admin.post(`${SJGL}/forms/update`, { id: form.id, directoryId: dir.id, name, code, formType: 'floating', fields, fixedRows: [] });
  await admin.post(`${SJGL}/forms/publish`, { id: form.id });
  const task = await admin.post<{ id: string }>(`${SJGL}/tasks/add`, { name: `批量采集${run}`, cycle: '2026', deadline: '2099-12-31', formIds: [form.id] });
  await admin.post(`${SJGL}/taskAllocations/add`, { taskId: task.id, formId: form.id, departmentIds: ['d-jwc', 'd-xxgc', 'd-jdgc'], auditorId: 'u-auditor' });
  await admin.post(`${SJGL}/tasks/publish`, { id: task.id });
  const all = await admin.get<Array<{ id: string; departmentId: string }>>(`${SJGL}/fillTasks/ofTask`, { taskId: task.id });
  for (const [filler, department] of [[fillers[0]!, 'd-jwc'], [fillers[1]!, 'd-xxgc']] as const) {
    const fill = all.find((f) => f.departmentId === department)!;
    await filler.post(`${SJGL}/fillTasks/commit`, { id: fill.id, rows: [{ values: { note: `${department}填报` } }] });
  }
  return `批量采集${run}`;
}

for (const viewport of [
  { label: 'desktop', width: 1366, height: 768 },
  { label: 'phone', width: 390, height: 844 },
]) {
  test(`批量通过 on 填报审核 (${viewport.label}): the committed fills are selectable, passed at once, the list updates`, async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const baseURL = test.info().project.use.baseURL!;
    const run = stamp();
    const [admin, bmfzr, rwfzr] = await Promise.all([apiAs(playwright, baseURL, DEMO.admin), apiAs(playwright, baseURL, DEMO.deptHead), apiAs(playwright, baseURL, DEMO.owner)]);
    const taskName = await fills(admin, [bmfzr, rwfzr], run);

    const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', ...CONTEXT_OPTIONS });
    const page = await context.newPage();
    await login(page, DEMO.auditor);
    await page.goto('/dataCollection/audit');
    await settled(page);
    // 待审核 (the page's default filter), this run's task: the two committed fills, not the uncommitted one
    const search = page.getByPlaceholder('采集任务或表单名称');
    await search.fill(taskName);
    await search.press('Enter');
    await settled(page);
    const rows = page.locator('.ant-table-row').filter({ hasText: taskName });
    await expect(rows).toHaveCount(2);
    const pass = page.getByTestId('batch-audit');
    await expect(pass).toBeDisabled();
    for (const name of ['教务处', '信息工程学院']) await rows.filter({ hasText: name }).getByRole('checkbox').check();
    await expect(pass).toHaveText(/批量通过\s*\(2\)/);
    await expect(pass).toBeInViewport();
    await pass.click();
    await expect(confirmBox(page).getByTestId('batch-confirm')).toHaveText('确定批量通过 2 项填报？');
    await confirmBox(page).getByRole('button', { name: /通过 2 项/ }).click();
    await expect(page.getByTestId('batch-summary')).toContainText('成功 2 项，失败 0 项');
    await screenshot(page, shot(`batch-audit-${viewport.label}`));
    await confirmBox(page).getByRole('button', { name: /知道了/ }).click();
    // the list (待审核) no longer holds them, without a reload
    await settled(page);
    await expect(rows).toHaveCount(0);
    await Promise.all([admin.dispose(), bmfzr.dispose(), rwfzr.dispose(), context.close()]);
  });
}
