// 学校数据's pure helpers: the import's file check and the refused lines an import reports.
import type { ImportProblem } from '@zhengai/contracts';

/** Only .xlsx and .csv files go to schools/import. */
export function isSchoolSheet(fileName: string): boolean {
  return /\.(xlsx|csv)$/i.test(fileName.trim());
}

const isProblem = (r: unknown): r is ImportProblem => !!r && typeof r === 'object' && typeof (r as ImportProblem).row === 'number' && typeof (r as ImportProblem).reason === 'string';

/** The refused lines in an answer or a refusal's data: a list, or an object with `problems`; anything else is none. */
export function schoolImportProblems(data: unknown): ImportProblem[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { problems?: unknown }).problems) ? (data as { problems: unknown[] }).problems : [];
  return list.filter(isProblem);
}
