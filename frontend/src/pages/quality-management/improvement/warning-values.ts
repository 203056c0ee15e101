// Pure rules of monitoring (spec 001 §2, §3, §9): the names of warning modes, conditions, periods and grades,
// how a warning's values read, and which records wait for handling.
import type { Condition, WarningGrade, WarningMode, WarningPeriod, WarningRecord } from '../../../api/warnings';
import { formatValue } from './quality-values';

export const WARNING_MODE_NAMES: Record<WarningMode, string> = { value: '数值比较', level: '等级比较' };
export const CONDITIONS: readonly Condition[] = ['<', '<=', '=', '>=', '>'];
/** 每年 / 每月 / 每周 / 每天 / 不限 (001 §9). */
export const WARNING_PERIOD_NAMES: Record<WarningPeriod, string> = { year: '每年', month: '每月', week: '每周', day: '每天', none: '不限' };
export const WARNING_GRADES: readonly WarningGrade[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

export const WARNING_MODE_OPTIONS = (Object.keys(WARNING_MODE_NAMES) as WarningMode[]).map((value) => ({ value, label: WARNING_MODE_NAMES[value] }));
export const CONDITION_OPTIONS = CONDITIONS.map((value) => ({ value, label: value }));
export const WARNING_PERIOD_OPTIONS = (Object.keys(WARNING_PERIOD_NAMES) as WarningPeriod[]).map((value) => ({ value, label: WARNING_PERIOD_NAMES[value] }));
export const WARNING_GRADE_OPTIONS = WARNING_GRADES.map((value) => ({ value, label: value }));

/** Texts of the warning screens. */
export const WARNING_TEXTS = { noWarnings: '暂无预警', noOpenWarnings: '暂无待处理预警', disposed: '处理成功', scanned: '扫描完成' } as const;

/** A record is handled once it has a handling time (001 §3). */
export const isHandled = (record: Pick<WarningRecord, 'clsj'>): boolean => !!record.clsj && String(record.clsj).trim() !== '';

/** A warning or monitored value as the table shows it: percents with %, have 有/无, whether 是/否; grades as letters. */
export function warningValue(zlx: string | null | undefined, value: string | number | null | undefined, mode?: string | null): string {
  if (value === null || value === undefined || String(value).trim() === '') return '';
  if (mode === 'level') return String(value).trim().toUpperCase();
  return formatValue(zlx, value);
}

/** The warning value with its condition: '< 85.00%', '<= C'. */
export function warningLimit(record: Pick<WarningRecord, 'tj' | 'yjz' | 'zlx'> & { yjlx?: string | null }): string {
  const value = warningValue(record.zlx, record.yjz, record.yjlx);
  return record.tj ? `${record.tj} ${value}`.trim() : value;
}

/** The sampling modal's window (001 §2, §9): the last 7 days, today included. */
export const SAMPLING_WINDOW_DAYS = 7;


