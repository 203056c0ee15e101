import { YEAR_TARGET_LIMITS } from '@zhengai/contracts';

export { YEAR_TARGET_LIMITS };

/** What a year target holds, as the person typed it (before the checks). */
export interface YearTargetDraft {
  name?: unknown;
  cycleYear?: unknown;
  dimensionId?: unknown;
  description?: unknown;
}

/** A year target's values once checked: trimmed, the description null when blank. */
export interface YearTargetValues {
  name: string;
  cycleYear: string;
  dimensionId: string;
  description: string | null;
}

/** The years a target may belong to: wide enough for history and planning, narrow enough to catch typos (20266). */
export const CYCLE_YEAR_MIN = 2000;
export const CYCLE_YEAR_MAX = 2100;

export const YEAR_TARGET_MESSAGES = {
  nameRequired: '请输入年度目标名称',
  nameTooLong: `年度目标名称最多${YEAR_TARGET_LIMITS.name}个字符`,
  yearInvalid: `年度须为${CYCLE_YEAR_MIN}到${CYCLE_YEAR_MAX}之间的四位年份`,
  dimensionRequired: '请选择维度',
  descriptionTooLong: `年度目标描述最多${YEAR_TARGET_LIMITS.description}个字符`,
  notText: '须为文本',
  hasTasks: '该年度目标下已有目标任务，不能删除，请先删除其目标任务',
  nameTaken: '该年度已有同名的年度目标',
  notFound: '年度目标不存在',
  dimensionMissing: '维度不存在',
} as const;

/** The first problem of a draft, or its checked values. */
export function checkYearTarget(draft: YearTargetDraft): { ok: true; values: YearTargetValues } | { ok: false; message: string } {
  const { name, cycleYear, dimensionId, description } = draft;
  if (name !== undefined && name !== null && typeof name !== 'string') return { ok: false, message: `名称${YEAR_TARGET_MESSAGES.notText}` };
  const trimmedName = typeof name === 'string' ? name.trim() : '';
  if (trimmedName === '') return { ok: false, message: YEAR_TARGET_MESSAGES.nameRequired };
  if ([...trimmedName].length > YEAR_TARGET_LIMITS.name) return { ok: false, message: YEAR_TARGET_MESSAGES.nameTooLong };
  const year = typeof cycleYear === 'number' ? String(cycleYear) : typeof cycleYear === 'string' ? cycleYear.trim() : '';
  if (!/^[0-9]{4}$/.test(year) || Number(year) < CYCLE_YEAR_MIN || Number(year) > CYCLE_YEAR_MAX) return { ok: false, message: YEAR_TARGET_MESSAGES.yearInvalid };
  if (typeof dimensionId !== 'string' || dimensionId.trim() === '') return { ok: false, message: YEAR_TARGET_MESSAGES.dimensionRequired };
  if (description !== undefined && description !== null && typeof description !== 'string') return { ok: false, message: `描述${YEAR_TARGET_MESSAGES.notText}` };
  const text = typeof description === 'string' ? description.trim() : '';
  if ([...text].length > YEAR_TARGET_LIMITS.description) return { ok: false, message: YEAR_TARGET_MESSAGES.descriptionTooLong };
  return { ok: true, values: { name: trimmedName, cycleYear: year, dimensionId: dimensionId.trim(), description: text === '' ? null : text } };
}
