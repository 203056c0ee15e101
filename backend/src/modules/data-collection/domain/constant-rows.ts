import { COLLECTION_MESSAGES, INPUT_MAX, type ImportProblem } from '@zhengai/contracts';

/** The constants template: one constant a row under this header. */
export const CONSTANT_SHEET_HEADER = ['值', '显示文本', '排序'] as const;
/** Rows one import takes (an option list longer than this is not a list a filler picks from). */
export const CONSTANT_IMPORT_MAX_ROWS = 5_000;

export const CONSTANT_IMPORT_MESSAGES = {
  header: `表头应为：${CONSTANT_SHEET_HEADER.join('、')}`,
  empty: '文件中没有常量',
  tooMany: `每次最多导入${CONSTANT_IMPORT_MAX_ROWS}个常量`,
  valueMissing: '值不能为空',
  textMissing: '显示文本不能为空',
  tooLong: (what: string) => `${what}不能超过${INPUT_MAX.default}个字符`,
  sort: '排序必须是整数',
  refused: (count: number) => `导入失败：${count}行数据有误`,
} as const;

/** A sheet row as read: its row number in the workbook and its cells as text. */
export interface ConstantSheetRow {
  row: number;
  cells: string[];
}

export interface ConstantRow {
  value: string;
  text: string;
  sort: number;
}

/**
 * The rows of an import, every bad row reported (row number and reason), or the constants when all are good. A
 * value repeated in the file is a bad row (the second one); a blank sort takes the row's place in the file.
 */
export function checkConstantRows(header: readonly string[], rows: readonly ConstantSheetRow[]): { constants: ConstantRow[] } | { problems: ImportProblem[] } {
  if (CONSTANT_SHEET_HEADER.some((h, i) => (header[i] ?? '').trim() !== h)) return { problems: [{ row: 1, reason: CONSTANT_IMPORT_MESSAGES.header }] };
  const filled = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) return { problems: [{ row: 2, reason: CONSTANT_IMPORT_MESSAGES.empty }] };
  if (filled.length > CONSTANT_IMPORT_MAX_ROWS) return { problems: [{ row: filled[CONSTANT_IMPORT_MAX_ROWS]!.row, reason: CONSTANT_IMPORT_MESSAGES.tooMany }] };
  const problems: ImportProblem[] = [];
  const constants: ConstantRow[] = [];
  const seen = new Set<string>();
  filled.forEach(({ row, cells }, i) => {
    const [value = '', text = '', sort = ''] = cells.map((c) => c.trim());
    const reason =
      value === '' ? CONSTANT_IMPORT_MESSAGES.valueMissing
      : text === '' ? CONSTANT_IMPORT_MESSAGES.textMissing
      : value.length > INPUT_MAX.default ? CONSTANT_IMPORT_MESSAGES.tooLong('值')
      : text.length > INPUT_MAX.default ? CONSTANT_IMPORT_MESSAGES.tooLong('显示文本')
      : sort !== '' && !/^-?\d{1,9}$/.test(sort) ? CONSTANT_IMPORT_MESSAGES.sort
      : seen.has(value) ? COLLECTION_MESSAGES.constantRepeated(value)
      : null;
    if (reason) {
      problems.push({ row, reason });
      return;
    }
    seen.add(value);
    constants.push({ value, text, sort: sort === '' ? i + 1 : Number(sort) });
  });
  return problems.length > 0 ? { problems } : { constants };
}
