/** Category renames applied on display (spec 001 §9): the stored name stays as entered. */
const RENAMES: Record<string, string> = { 人才培养: '计分卡', 教学条件: '资源表', 国际交流: '国际影响表', 社会服务: '服务贡献表', 政策落实: '落实政策表' };

export const displayIndicatorName = (name: string): string => RENAMES[name] ?? name;

const LEVEL_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** Column titles 一级指标 … 十级指标. */
export function levelTitle(level: number): string {
  if (!Number.isInteger(level) || level < 1 || level > 10) throw new RangeError(`indicator level ${level} is outside 1-10`);
  return `${LEVEL_NUMERALS[level - 1]}级指标`;
}
