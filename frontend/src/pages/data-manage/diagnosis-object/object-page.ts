// 诊改对象's pure helpers: what each level's table and dialog show, and the refused rows of an import.
import type { ObjectImportProblem, ObjectLevel } from '@zhengai/contracts';

/** What a level's objects carry, as the server's rules say (backend domain/object-rules.ts). */
export interface LevelView {
  /** the code's column title */
  codeTitle: string;
  nameTitle: string;
  /** code and name typed in (else they are the person's account and name) */
  typed: boolean;
  department: 'pick' | 'fromMajor' | 'none';
  responsible: boolean;
  major: boolean;
  person: boolean;
  classAndGrade: boolean;
}

export const LEVEL_VIEWS: Record<ObjectLevel, LevelView> = {
  school: { codeTitle: '学校代码', nameTitle: '学校名称', typed: true, department: 'none', responsible: true, major: false, person: false, classAndGrade: false },
  major: { codeTitle: '专业代码', nameTitle: '专业名称', typed: true, department: 'pick', responsible: true, major: false, person: false, classAndGrade: false },
  course: { codeTitle: '课程代码', nameTitle: '课程名称', typed: true, department: 'fromMajor', responsible: true, major: true, person: false, classAndGrade: false },
  teacher: { codeTitle: '工号/账号', nameTitle: '姓名', typed: false, department: 'pick', responsible: false, major: false, person: true, classAndGrade: false },
  student: { codeTitle: '学号/账号', nameTitle: '姓名', typed: false, department: 'fromMajor', responsible: false, major: true, person: true, classAndGrade: true },
};

/** The list's state filter. */
export const STATE_OPTIONS = [
  { value: 'live', label: '在用' },
  { value: 'retired', label: '已停用' },
  { value: 'all', label: '全部' },
] as const;
export type StateFilter = (typeof STATE_OPTIONS)[number]['value'];

const isProblem = (r: unknown): r is ObjectImportProblem =>
  !!r && typeof r === 'object' && typeof (r as ObjectImportProblem).row === 'number' && typeof (r as ObjectImportProblem).reason === 'string';

/** The refused rows in an import's refusal data ({ problems }); anything else is none. */
export function importProblemsOf(data: unknown): ObjectImportProblem[] {
  const list = data && typeof data === 'object' && Array.isArray((data as { problems?: unknown }).problems) ? (data as { problems: unknown[] }).problems : [];
  return list.filter(isProblem);
}

/** Only .xlsx files go to the import. */
export const isXlsx = (fileName: string): boolean => /\.xlsx$/i.test(fileName.trim());

/** The counts of a good import, as one sentence. */
export const importSummary = (r: { created: number; updated: number; unchanged: number }): string =>
  `导入成功！新增${r.created}条，更新${r.updated}条，未变化${r.unchanged}条`;
