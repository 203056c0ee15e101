import type { QualityRow } from '@zhengai/contracts';
import { GRADE_NAMES } from '../../../shared/kernel/grade.js';
import { displayValue } from '../../../shared/kernel/value-types.js';

/** The figures and texts of a quality-table row after its hierarchy columns, in the table's order (issue 35). */
export const QUALITY_EXPORT_COLUMNS = ['质控点名称', '标准值', '目标值', '本期结果', '本期等级', '上期结果', '上期等级', '原因分析', '改进措施', '附件数'];

/**
 * The sheet of a task's quality table as the screen shows it: the hierarchy's level titles, then QUALITY_EXPORT_COLUMNS;
 * a revised target or result wins over the original (as on screen), values shown by their type, grades by name.
 */
export function qualitySheetOf(levelTitles: readonly string[], rows: readonly QualityRow[]): { header: string[]; rows: string[][] } {
  const shown = (row: QualityRow, value: string | null) => (value === null || value === '' ? '' : displayValue(row.zlx, value));
  const grade = (g: QualityRow['jgdj']) => (g ? GRADE_NAMES[g] : '');
  return {
    header: [...levelTitles, ...QUALITY_EXPORT_COLUMNS],
    rows: rows.map((r) => [
      ...levelTitles.map((_t, i) => r.indicatorPath[i] ?? ''),
      r.zkdmc,
      shown(r, r.bzz),
      shown(r, r.xzmbz ?? r.mbz),
      shown(r, r.xzjgz ?? r.jgz),
      grade(r.jgdj),
      shown(r, r.sljsz),
      grade(r.sldj),
      r.yyfx ?? '',
      r.gjcs ?? '',
      String(r.qualityFileList?.length ?? 0),
    ]),
  };
}
