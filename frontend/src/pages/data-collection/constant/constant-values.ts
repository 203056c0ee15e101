// 常量管理's pure helpers: the import's file check and the refused rows a failed import carries.
import type { ImportProblem } from '@zhengai/contracts';

/** Only .xlsx files go to constants/import (the template's format). */
export function isXlsx(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName.trim());
}

/** The refusal's data when it lists rows ({row, reason}[]); anything else is no rows. */
export function importProblemsOf(data: unknown): ImportProblem[] {
  if (!Array.isArray(data)) return [];
  return data.filter((r): r is ImportProblem => !!r && typeof r === 'object' && typeof (r as ImportProblem).row === 'number' && typeof (r as ImportProblem).reason === 'string');
}
