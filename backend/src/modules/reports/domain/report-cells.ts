import { formatPercent } from '../../../shared/kernel/format.js';
import { progress, type Amount } from '../../../shared/kernel/progress.js';
import { displayValue, isValueType } from '../../../shared/kernel/value-types.js';

/**
 * The statistics tables' cells as the page and the Word document show them (000 §9, issue 35): the tables are frozen
 * as text when the report is built, so they are formatted once here, by what each value is, not by how it was typed.
 */

/**
 * A quality point's value (目标值, 结果值, 标准值, 预警值, 上/本周期结果) by the point's type zlx, as the quality table
 * shows it: percent '85.00%', float '3.50', integer '55', 有/无, 是/否; empty stays empty, a value that does not read
 * as its type (a grade letter of a level warning, a word) as entered, and so is a value of an unknown type.
 */
export function valueCell(zlx: string | null | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return isValueType(zlx) ? displayValue(zlx, value) : value.trim();
}

/** 完成进度 of a target task: its last passed report against its target, a percentage ('60.00%'; '0.00%' without one). */
export function progressCell(reached: Amount, target: Amount): string {
  return formatPercent(progress(reached, target));
}
