import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO, answerConfirm, confirmBox, drawer, login, pick, screenshot, stamp, toast } from './support.js';
import { PATHS, addYearTarget, fillTaskForm, openAnnualMenu, searchTasks, settled, taskCard, taskCards } from './task-lists-steps.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

// One run's names: a year target and three tasks under it (B is another department's, the child is 张伟's).
const run = stamp();
// The tasks end next year, so no warning scan finds them overdue while the tests run.
const NOW = new Date().getFullYear();
const NEXT = NOW + 1;
const TARGET = `任务测试目标${run}`;
const A = `修订人才培养方案${run}`;
const B = `建设在线开放课程${run}`;
const CHILD = `修订信息类专业方案${run}`;
const CHEN = { typed: '陈静', option: /陈静（rwfzr/ };
const ZHANG = { typed: '张伟', option: /张伟（bmshr/ };

/** A select of the filter bar by its label (the tab strip may hold a tab of the same name). */
const filterBox = (page: Page, name: string) => page.getByRole('main').getByRole('combobox', { name, exact: true });
const names = async (page: Page) => (await taskCards(page).locator('.ant-card-head-title').allTextContents()).map((t) => t.trim());

test.describe.serial('the task lists', () => {
  test('the publisher decomposes a year target into tasks on 年度任务, filters and sorts them, and is refused deleting a parent', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, DEMO.publisher);
    await openAnnualMenu(page, '年度目标', PATHS.yearTarget);
    await addYearTarget(page, TARGET, `${NOW}年`);

    await openAnnualMenu(page, '年度任务', PATHS.year);
    await expect(page.getByRole('tab', { name: '全部任务' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '我发布的' })).toBeVisible();
    await expect(page.getByTestId('count-tasks')).toContainText(/任务总数\d+/);
    await expect(page.getByTestId('count-process')).toContainText('过程预警');
    await expect(page.getByTestId('count-expired')).toContainText('逾期预警');

    // A: the year range picker sets the end year to a start chosen without one (001 §5)
    await page.getByRole('button', { name: /新增任务/ }).click();
    await expect(drawer(page)).toContainText('新增任务');
    await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(drawer(page)).toContainText('请输入任务名称');
    const endYear = drawer(page).getByLabel('结束年份');
    await endYear.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]').hover();
    await drawer(page).locator('.ant-select-clear').first().click();
    await pick(page, drawer(page).getByLabel('开始年份'), `${NEXT}年`);
    await expect(endYear.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText(`${NEXT}年`);
    await pick(page, drawer(page).getByLabel('开始年份'), `${NOW}年`);
    await fillTaskForm(page, { name: A, target: `${NOW}年 · ${TARGET}`, type: '重点任务', start: `${NEXT}-03-01`, end: `${NEXT}-12-31`, department: '教务处', owner: CHEN });
    // B: another department, the earliest end
    await page.getByRole('button', { name: /新增任务/ }).click();
    await fillTaskForm(page, { name: B, target: `${NOW}年 · ${TARGET}`, start: `${NEXT}-03-01`, end: `${NEXT}-06-30`, department: '信息工程学院', owner: ZHANG });

    await searchTasks(page, run);
    await expect(taskCards(page)).toHaveCount(2);
    const a = taskCard(page, A);
    await expect(a).toContainText(`任务年份${NOW} ~ ${NEXT}`);
    await expect(a).toContainText('任务类型重点任务');
    await expect(a).toContainText('创建人王明');
    await expect(a).toContainText('责任部门教务处');
    await expect(a).toContainText('负责人陈静');
    await expect(a).toContainText(`${NEXT}-03-01 ~ ${NEXT}-12-31`);
    await expect(a).toContainText(`年度目标${TARGET}`);
    await expect(a.getByTestId('task-state')).toHaveText('未下发');
    await expect(a.getByTestId('expired-warnings')).toContainText('0');

    // 分解: a child under A, its year target and parent fixed
    await a.getByRole('button', { name: /分\s*解/ }).click();
    await expect(drawer(page)).toContainText(`分解任务：${A}`);
    await expect(drawer(page).getByLabel('上级任务')).toHaveValue(A);
    await expect(drawer(page).getByLabel('年度目标')).toBeDisabled();
    await screenshot(page, shot('task-lists-decompose'));
    // the child starts with the parent's task type: made 常规任务 here
    await expect(drawer(page).getByLabel('任务类型').locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText('重点任务');
    await fillTaskForm(page, { name: CHILD, type: '常规任务', start: `${NEXT}-04-01`, end: `${NEXT}-09-30`, department: '教务处', owner: ZHANG });
    await settled(page);
    await expect(taskCards(page)).toHaveCount(3);
    await expect(taskCard(page, A)).toContainText('子任务 1');

    // the filters narrow the list: task type, then the year target
    await pick(page, filterBox(page, '任务类型'), '重点任务');
    await expect.poll(() => names(page)).toEqual([A]);
    await filterBox(page, '任务类型').locator('xpath=ancestor::*[contains(@class, "ant-select")][1]').hover();
    await page.locator('.ant-select-clear').filter({ visible: true }).first().click();
    await settled(page);
    await expect(taskCards(page)).toHaveCount(3);
    await pick(page, filterBox(page, '年度'), `${NOW - 1}年`);
    await settled(page);
    await expect(taskCards(page)).toHaveCount(0);
    await expect(page.locator('.ant-empty-description').filter({ hasText: '暂无数据' })).toBeVisible();
    await pick(page, filterBox(page, '年度'), `${NOW}年`);
    await pick(page, filterBox(page, '年度目标'), TARGET);
    await settled(page);
    await expect(taskCards(page)).toHaveCount(3);
    await expect(page.getByTestId('count-tasks')).toContainText('任务总数3');

    // the time sort: by the end date, ascending then descending on the next click
    const sort = page.getByRole('button', { name: /时间排序|结束时间/ });
    await expect(sort).toHaveAttribute('data-sort', 'none');
    await sort.click();
    await expect(sort).toHaveAttribute('data-sort', 'asc');
    await expect(sort).toContainText('结束时间升序');
    await settled(page);
    await expect.poll(() => names(page)).toEqual([B, CHILD, A]);
    await sort.click();
    await expect(sort).toHaveAttribute('data-sort', 'desc');
    await expect(sort).toContainText('结束时间降序');
    await expect.poll(() => names(page)).toEqual([A, CHILD, B]);
    await screenshot(page, shot('task-lists-year'));

    // 我发布的: what the publisher created
    await page.getByRole('tab', { name: '我发布的' }).click();
    await expect(page).toHaveURL(/tab=MY_YEAR_TASK/);
    await settled(page);
    await expect(taskCards(page)).toHaveCount(3);
    await page.getByRole('tab', { name: '全部任务' }).click();
    await settled(page);

    // a card opens the task's detail: its id in the address
    await taskCard(page, B).locator('.ant-card-body').click();
    await expect(page).toHaveURL(/[?&]task=[^&]+/);

    // deleting a task with a child asks, naming it, and the server refuses
    await page.goto(PATHS.year);
    await settled(page);
    await searchTasks(page, run);
    await taskCard(page, A).getByRole('button', { name: /删\s*除/ }).click();
    await expect(confirmBox(page)).toContainText(`确定删除任务“${A}”吗？它下面已有1个子任务`);
    await answerConfirm(page, /删\s*除/);
    await expect(toast(page, '该任务下有子任务，不能删除').first()).toBeVisible();
    await expect(taskCards(page)).toHaveCount(3);
  });

  test('a department head sees only their department’s tasks on 部门任务', async ({ page }) => {
    await login(page, DEMO.deptHead);
    await openAnnualMenu(page, '部门任务', PATHS.department);
    await expect(page.getByTestId('department-head')).toContainText('部门负责人李红');
    await expect(page.getByTestId('count-warnings')).toContainText(/预警总数\d+/);
    await expect(page.getByRole('button', { name: /新增任务/ })).toHaveCount(0);
    await searchTasks(page, run);
    await expect.poll(() => names(page).then((n) => n.sort())).toEqual([A, CHILD].sort());
    await expect(taskCards(page).first().getByRole('button', { name: /编\s*辑|删\s*除|分\s*解/ })).toHaveCount(0);
    // the state filter offers every state here
    await filterBox(page, '任务状态').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '待分解' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await screenshot(page, shot('task-lists-department'));
  });

  test('a department auditor follows their own department and the tasks they audit elsewhere, each department’s head named', async ({ page }) => {
    await login(page, DEMO.auditor);
    await openAnnualMenu(page, '部门任务', PATHS.department);
    // the demo's 张伟 audits tasks of several departments: the line counts them and names each head in its tooltip
    await expect(page.getByTestId('department-head')).toHaveText(/^责任部门\d+个$/);
    await page.getByTestId('department-head').hover();
    await expect(page.getByRole('tooltip')).toContainText('教务处：李红');
    await expect(page.getByTestId('count-expired')).toContainText(/逾期预警\d+/);
    await searchTasks(page, run);
    await expect.poll(() => names(page).then((n) => n.sort())).toEqual([A, CHILD].sort());
  });

  test('the owner’s 我的任务 shows their own tasks', async ({ page }) => {
    await login(page, DEMO.owner);
    await openAnnualMenu(page, '我的任务', PATHS.my);
    await expect(page.getByRole('tab', { name: '我的协作' })).toBeVisible();
    await searchTasks(page, run);
    await expect.poll(() => names(page)).toEqual([A]);
    // the my-task state filter leaves out wait-resolve (001 §4)
    await filterBox(page, '任务状态').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '待制定' })).toHaveCount(1);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '待分解' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await screenshot(page, shot('task-lists-my'));
    await page.getByRole('tab', { name: '我的协作' }).click();
    await settled(page);
    await expect(taskCards(page)).toHaveCount(0);
  });

  test('the publisher deletes and edits a task; 预警任务 lists tasks with warnings', async ({ page }) => {
    await login(page, DEMO.publisher);
    await openAnnualMenu(page, '年度任务', PATHS.year);
    await searchTasks(page, run);
    await taskCard(page, CHILD).getByRole('button', { name: /删\s*除/ }).click();
    await expect(confirmBox(page)).toContainText(`确定删除任务“${CHILD}”吗？删除后不可恢复。`);
    await answerConfirm(page, /删\s*除/);
    await expect(toast(page, '删除成功').first()).toBeVisible();
    await expect(taskCard(page, CHILD)).toHaveCount(0);
    await expect(taskCards(page)).toHaveCount(2);
    await expect(taskCard(page, A)).toContainText('末级任务');

    // edit in the drawer: the fields as saved, the year target fixed
    const renamed = `${B}改`;
    await taskCard(page, B).getByRole('button', { name: /编\s*辑/ }).click();
    await expect(drawer(page)).toContainText(`编辑任务：${B}`);
    await expect(drawer(page).getByLabel('任务名称')).toHaveValue(B);
    await expect(drawer(page).getByLabel('年度目标')).toBeDisabled();
    await expect(drawer(page).getByLabel('任务负责人').locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText('张伟');
    await expect(drawer(page).getByPlaceholder('结束时间')).toHaveValue(`${NEXT}-06-30`);
    await drawer(page).getByLabel('任务名称').fill(renamed);
    await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(toast(page, '修改成功').first()).toBeVisible();
    await expect(drawer(page)).toHaveCount(0);
    await expect(taskCard(page, renamed)).toContainText('责任部门信息工程学院');

    await openAnnualMenu(page, '预警任务', PATHS.warning);
    await expect(page.getByRole('main').getByRole('tab')).toHaveCount(0);
    await expect(page.getByTestId('count-expired')).toContainText(/逾期预警\d+/);
    await screenshot(page, shot('task-lists-warning'));
    // a task that has just been made has no warning yet
    await searchTasks(page, run);
    await expect(taskCards(page)).toHaveCount(0);
  });

  test('the administrator’s counters count what the list shows (issue 35)', async ({ page }) => {
    const counter = async (testId: string) => Number((await page.getByTestId(testId).textContent())?.replace(/\D/g, ''));
    await login(page, DEMO.admin);
    await openAnnualMenu(page, '年度任务', PATHS.year);
    await expect(page.getByTestId('count-warnings')).toContainText(/预警总数\d+/);
    expect(await counter('count-warnings')).toBeGreaterThan(0);
    // searched to this run's tasks, none warned yet: the warning counters follow the list, not every task
    await searchTasks(page, run);
    await expect(taskCards(page)).toHaveCount(2);
    await expect(page.getByTestId('count-tasks')).toHaveText('任务总数2');
    await expect(page.getByTestId('count-warnings')).toHaveText('预警总数0');
    await expect(page.getByTestId('count-process')).toHaveText('过程预警0');
    await expect(page.getByTestId('count-expired')).toHaveText('逾期预警0');

    // 部门任务 of an administrator lists every department's tasks: the line counts the departments, no one head for all
    await openAnnualMenu(page, '部门任务', PATHS.department);
    await expect(page.getByTestId('department-head')).toHaveText(/^责任部门\d+个$/);
    await expect(page.getByTestId('department-head')).not.toContainText('系统管理员');
    await expect(page.getByTestId('count-warnings')).toContainText(/预警总数\d+/);
    // the warnings of every department listed, not the 3 of 信息中心, which the administrator heads
    expect(await counter('count-warnings')).toBeGreaterThan(3);
    await page.getByTestId('department-head').hover();
    await expect(page.getByRole('tooltip')).toContainText('教务处：李红');
  });
});
