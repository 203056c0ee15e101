import { INDICATOR_CATEGORY_LABELS } from '@zhengai/contracts';

/** Category renames applied on display (spec 001 §9; the contract's one catalogue): the stored name stays as entered. */
const RENAMES: Record<string, string> = INDICATOR_CATEGORY_LABELS;

/** The name every screen, report and export shows for an indicator (人才培养 reads 计分卡). */
export const displayIndicatorName = (name: string): string => RENAMES[name] ?? name;

const LEVEL_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Column titles 一级指标 … 十级指标. */
export function levelTitle(level: number): string {
  if (!Number.isInteger(level) || level < 1 || level > 10) throw new RangeError(`indicator level ${level} is outside 1-10`);
  return `${LEVEL_NUMERALS[level - 1]}级指标`;
}
