import {
  NO_FILTER,
  TASK_LIST_PAGES,
  dateSpan,
  decodeName,
  deleteQuestion,
  departmentLine,
  nextSort,
  pickYearRange,
  rangeOf,
  rwjdOptions,
  rejectionText,
  rwjdTag,
  rwnfOf,
  tabOf,
  taskQuery,
  yearSpan,
} from './task-list-values';

describe('task list values', () => {
  it('gives each page its page types as tabs, 新增 only on 年度任务', () => {
    expect(TASK_LIST_PAGES.year.tabs.map((t) => t.pageType)).toEqual(['YEAR_TASK', 'MY_YEAR_TASK']);
    expect(TASK_LIST_PAGES.department.tabs.map((t) => t.pageType)).toEqual(['DEPARTMENT_TASK', 'DEPARTMENT_COOP_TASK']);
    expect(TASK_LIST_PAGES.my.tabs.map((t) => t.pageType)).toEqual(['MY_TASK', 'MY_COOP_TASK']);
    expect(TASK_LIST_PAGES.warning.tabs.map((t) => t.pageType)).toEqual(['WARNING_TASK']);
    expect(Object.entries(TASK_LIST_PAGES).filter(([, p]) => p.adds).map(([k]) => k)).toEqual(['year']);
    expect(tabOf(TASK_LIST_PAGES.department, 'DEPARTMENT_COOP_TASK')).toBe('DEPARTMENT_COOP_TASK');
    // a tab of another page falls back to the page's first
    expect(tabOf(TASK_LIST_PAGES.department, 'MY_TASK')).toBe('DEPARTMENT_TASK');
    expect(tabOf(TASK_LIST_PAGES.my, null)).toBe('MY_TASK');
  });

  it('sends only the chosen filters', () => {
    expect(taskQuery('MY_TASK', NO_FILTER)).toEqual({ pageType: 'MY_TASK', pageNum: 1, pageSize: 10 });
    const q = taskQuery('YEAR_TASK', { ...NO_FILTER, cycleYear: '2026', name: '专业', rwjd: 'executeing', rwlx: 'A', warningType: 'expired', sort: 'desc', year: '2027', yearTargetId: 'yt-1', page: 3 });
    expect(q).toEqual({ pageType: 'YEAR_TASK', pageNum: 3, pageSize: 10, cycleYear: '2026', name: '专业', rwjd: 'executeing', rwlx: 'A', warningType: 'expired', sort: 'desc', year: '2027', yearTargetId: 'yt-1' });
  });

  it('toggles the time sort between ascending and descending, starting ascending', () => {
    expect(nextSort(null)).toBe('asc');
    expect(nextSort('asc')).toBe('desc');
    expect(nextSort('desc')).toBe('asc');
  });

  it('leaves wait-resolve out of the my-task state filter only', () => {
    expect(rwjdOptions('my').map((o) => o.value)).not.toContain('waitResolve');
    expect(rwjdOptions('my').map((o) => o.value)).toContain('waitDefine');
    expect(rwjdOptions('year').map((o) => o.value)).toContain('waitResolve');
    expect(rwjdOptions('year')).toHaveLength(9);
  });

  it('colours rwjd by its display group', () => {
    expect(rwjdTag('waitDefine')).toEqual({ text: '待制定', color: 'orange' });
    expect(rwjdTag('executeing')).toEqual({ text: '执行中', color: 'blue' });
    expect(rwjdTag('delayDone')).toEqual({ text: '延期完成', color: 'green' });
  });

  it('decodes a URI-encoded creator name and keeps any other text', () => {
    expect(decodeName(encodeURIComponent('王明'))).toBe('王明');
    expect(decodeName(encodeURIComponent(encodeURIComponent('王明')))).toBe('%E7%8E%8B%E6%98%8E');
    expect(decodeName('王明')).toBe('王明');
    expect(decodeName('100%完成')).toBe('100%完成');
    // looks encoded but is not valid UTF-8: kept as it is
    expect(decodeName('%E7%8E')).toBe('%E7%8E');
    expect(decodeName(null)).toBe('');
  });

  it('shows rwnf first ~ last and the dates kssj ~ jssj', () => {
    expect(yearSpan('2026')).toBe('2026');
    expect(yearSpan('2027,2025,2026')).toBe('2025 ~ 2027');
    expect(yearSpan('')).toBe('未知');
    expect(dateSpan('2026-01-01', '2026-12-31 00:00:00')).toBe('2026-01-01 ~ 2026-12-31');
    expect(dateSpan(null, '2026-12-31')).toBe('未知 ~ 2026-12-31');
  });

  it('sets the end year to the start when a start is chosen without an end (001 §5)', () => {
    expect(pickYearRange({ start: '2026', end: null }, 'start')).toEqual({ start: '2026', end: '2026' });
    expect(pickYearRange({ start: '2026', end: '2028' }, 'start')).toEqual({ start: '2026', end: '2028' });
    expect(pickYearRange({ start: '2029', end: '2028' }, 'start')).toEqual({ start: '2029', end: '2029' });
    expect(pickYearRange({ start: '2026', end: '2025' }, 'end')).toEqual({ start: '2025', end: '2025' });
    expect(pickYearRange({ start: '2026', end: null }, 'end')).toEqual({ start: '2026', end: null });
    expect(rwnfOf('2025', '2027')).toBe('2025,2026,2027');
    expect(rwnfOf('2026', '2026')).toBe('2026');
    expect(rangeOf('2027,2025')).toEqual({ start: '2025', end: '2027' });
  });

  it('names the task in the delete question and warns when it has sub-tasks', () => {
    expect(deleteQuestion({ rwmc: '修订方案', childCount: 0 })).toBe('确定删除任务“修订方案”吗？删除后不可恢复。');
    expect(deleteQuestion({ rwmc: '修订方案', childCount: 2 })).toContain('已有2个子任务');
  });

  it('names the head of the one department listed, and counts several without naming one head for all (issue 35)', () => {
    expect(departmentLine([{ id: 'd-jwc', name: '教务处', headName: '李红', tasks: 3 }])).toEqual({ label: '部门负责人', value: '李红', detail: '教务处' });
    expect(departmentLine([{ id: 'd-xxgc', name: '信息工程学院', headName: null, tasks: 1 }]).value).toBe('未知');
    const several = departmentLine([
      { id: 'd-jwc', name: '教务处', headName: '李红', tasks: 30 },
      { id: 'd-xxzx', name: '信息中心', headName: '系统管理员', tasks: 2 },
      { id: 'd-xxgc', name: '信息工程学院', headName: null, tasks: 1 },
    ]);
    expect(several).toEqual({ label: '责任部门', value: '3个', detail: '教务处：李红；信息中心：系统管理员；信息工程学院：未知' });
    expect(departmentLine([])).toEqual({ label: '部门负责人', value: '—', detail: null });
    expect(departmentLine(null).value).toBe('—');
  });
});

describe('rejectionText', () => {
  it('names which word against the task stands', () => {
    expect(rejectionText({ kind: 'report' })).toBe('进度被驳回');
    expect(rejectionText({ kind: 'audit' })).toBe('审核不通过');
  });
});
