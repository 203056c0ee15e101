import { RWJD_NAMES, TARGET_AUDIT_STATE_NAMES, TARGET_TASK_STATE_NAMES, type TargetTask } from '@zhengai/contracts';

/** The task list's export columns (Chinese headers), a task's card fields in this order. */
export const TASK_EXPORT_HEADER = [
  '任务名称', '年度目标', '任务类型', '任务年份', '开始时间', '结束时间', '发布部门', '责任部门', '任务负责人', '审核人', '监控人',
  '协同部门', '目标值', '目标单位', '任务节点状态', '任务状态', '审核状态', '过程预警', '逾期预警', '创建人', '创建时间',
];

const text = (v: string | number | null): string => (v === null ? '' : String(v));

/** A task as a row of the export: names for codes, blanks for what is not set. */
export function taskExportRow(t: TargetTask): string[] {
  return [
    t.rwmc, text(t.yearTargetName), t.rwlxmc ?? t.rwlx, t.rwnf, text(t.kssj), text(t.jssj), text(t.fbbm), text(t.chargeDepartName),
    text(t.ownerName), text(t.auditorName), text(t.jkrmc), t.coopDepartments.map((d) => d.name ?? '').filter(Boolean).join('、'),
    text(t.targetValue), text(t.targetUnit), RWJD_NAMES[t.rwjd], TARGET_TASK_STATE_NAMES[t.taskState],
    t.auditState === null ? '未提交审核' : (TARGET_AUDIT_STATE_NAMES[t.auditState as 0 | 1 | 2] ?? ''),
    String(t.processWarningCount), String(t.expiredWarningCount), text(t.cjrmc), t.createTime,
  ];
}
