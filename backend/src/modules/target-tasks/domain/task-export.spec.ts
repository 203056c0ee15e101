import type { TargetTask } from '@zhengai/contracts';
import { TASK_EXPORT_HEADER, taskExportRow } from './task-export.js';

const task: TargetTask = {
  id: 't1', yearTargetId: 'y1', yearTargetName: '年度目标一', parentId: null, rwmc: '=SUM(1,1)', rwlx: 'A', rwlxmc: 'A类', examType: 'score',
  rwnf: '2026,2027', kssj: '2026-01-01', jssj: '2027-12-31', fbbmId: 'd0', fbbm: '发展规划处', chargeDepartId: 'd1', chargeDepartName: '教务处',
  ownerId: 'u1', ownerName: '陈静', auditorId: null, auditorName: null, jkr: null, jkrmc: null, creator: 'u0', cjrmc: '王明',
  targetValue: 85.5, targetUnit: '%', rwjd: 'delayNotDone', taskState: 'normal', auditState: null, childCount: 0,
  coopDepartments: [{ id: 'd2', name: '学生处' }, { id: 'd3', name: '信息工程学院' }], processWarningCount: 2, expiredWarningCount: 0,
  rejection: null, openUrge: null, createTime: '2026-01-02 08:00:00',
};

describe('the task list export row (issue 35)', () => {
  it('writes a task as its card shows it: names for codes, blanks for what is not set, one cell a header', () => {
    const row = taskExportRow(task);
    expect(row).toHaveLength(TASK_EXPORT_HEADER.length);
    const cell = (h: string) => row[TASK_EXPORT_HEADER.indexOf(h)];
    expect(cell('任务名称')).toBe('=SUM(1,1)'); // quoted by the writer, not here
    expect(cell('任务类型')).toBe('A类');
    expect(cell('审核人')).toBe('');
    expect(cell('协同部门')).toBe('学生处、信息工程学院');
    expect(cell('目标值')).toBe('85.5');
    expect(cell('任务节点状态')).toBe('延期未完成');
    expect(cell('任务状态')).toBe('正常');
    expect(cell('审核状态')).toBe('未提交审核');
    expect(taskExportRow({ ...task, auditState: 2 })[TASK_EXPORT_HEADER.indexOf('审核状态')]).toBe('审核不通过');
    expect(cell('过程预警')).toBe('2');
  });
});
