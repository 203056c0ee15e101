// The task cards of 诊断改进: object type names, the filters by cycle, audit state and name (the server applies them).
import type { AuditState, DiagnosisTask } from '../../../api/diagnosis';

export const OBJECT_TYPE_NAMES: Record<string, string> = {
  school: '学校',
  department: '部门',
  major: '专业',
  course: '课程',
  teacher: '教师',
  student: '学生',
};

export const objectTypeName = (type: string): string => OBJECT_TYPE_NAMES[type] ?? type;

export const AUDIT_STATE_OPTIONS: { value: AuditState; label: string }[] = [
  { value: 'draft', label: '未提交' },
  { value: 'submitted', label: '待审核' },
  { value: 'passed', label: '审核通过' },
  { value: 'refused', label: '审核不通过' },
];

export interface TaskFilter {
  cycle?: string | null;
  state?: AuditState | null;
  /** part of the task's or the object's name */
  keyword?: string | null;
}

/** A task's start and end as the card shows them (kssj ~ jssj, yyyy-MM-dd); null when it has neither. */
export function taskPeriod(task: Pick<DiagnosisTask, 'kssj' | 'jssj'>): string | null {
  if (!task.kssj && !task.jssj) return null;
  return `${task.kssj ?? '…'} ~ ${task.jssj ?? '…'}`;
}
