import { OBJECT_IMPORT_HEADERS, OBJECT_LIMITS, type ObjectImportLevel, type ObjectImportProblem } from '@zhengai/contracts';
import { checkObject, sameFields, type ObjectFields, type PersonFacts, type UpperFacts } from './object-rules.js';

/**
 * An import of one level's objects from the template's sheet, all or nothing (issue 32): every bad row is reported with
 * its row number and reason, and nothing is stored while one is. Majors and courses are keyed by their code, students
 * by their person (学号/账号, an existing person of kind student); a row like the stored object is unchanged, another
 * one updates it, a new key creates one. Retired objects stay retired (an import does not restore).
 * Teachers are not imported here: the people import makes them from each person's kind.
 */
export interface SheetLine {
  row: number;
  cells: string[];
}

/** One row's cells by meaning (the template's columns in order). */
export interface ImportLine {
  row: number;
  /** major, course: the code; student: the account */
  key: string;
  name: string;
  /** major: department name; course, student: the major's code */
  parent: string;
  /** major, course: the responsible person's account; student: the class */
  third: string;
  /** student: the grade */
  fourth: string;
}

export const IMPORT_MESSAGES = {
  header: (level: ObjectImportLevel) => `表头应为：${OBJECT_IMPORT_HEADERS[level].join('、')}`,
  empty: '表格中没有数据',
  required: (column: string) => `${column}不能为空`,
  tooLong: (column: string, max: number) => `${column}最多${max}个字符`,
  duplicate: (column: string, value: string, first: number) => `${column}“${value}”与第${first}行重复`,
  unknownDepartment: (name: string) => `所属部门“${name}”不存在`,
  ambiguousDepartment: (name: string) => `所属部门“${name}”有多个同名部门，请改用唯一的名称`,
  unknownPerson: (account: string) => `账号“${account}”的人员不存在`,
  wrongKind: (account: string, kind: string) => `账号“${account}”的人员不是${kind}`,
  unknownMajor: (code: string) => `专业代码“${code}”不存在`,
  retiredMajor: (code: string) => `专业“${code}”已停用`,
} as const;

/** Each level's columns: which are required and their limits (the header names are the contract's). */
const COLUMN_RULES: Record<ObjectImportLevel, Array<{ required: boolean; max: number }>> = {
  major: [{ required: true, max: OBJECT_LIMITS.code }, { required: true, max: OBJECT_LIMITS.name }, { required: true, max: 200 }, { required: false, max: 64 }],
  course: [{ required: true, max: OBJECT_LIMITS.code }, { required: true, max: OBJECT_LIMITS.name }, { required: true, max: OBJECT_LIMITS.code }, { required: false, max: 64 }],
  student: [{ required: true, max: 64 }, { required: true, max: OBJECT_LIMITS.code }, { required: false, max: OBJECT_LIMITS.className }, { required: false, max: OBJECT_LIMITS.grade }],
};

/** The sheet's rows read as lines of the level, with the problems a row shows by itself (header, blanks, lengths, repeats). */
export function readLines(level: ObjectImportLevel, header: string[], rows: SheetLine[]): { lines: ImportLine[]; problems: ObjectImportProblem[] } {
  const columns = OBJECT_IMPORT_HEADERS[level];
  const problems: ObjectImportProblem[] = [];
  const headerOk = columns.every((c, i) => (header[i] ?? '').trim() === c) && header.slice(columns.length).every((c) => c.trim() === '');
  if (!headerOk) return { lines: [], problems: [{ row: 1, reason: IMPORT_MESSAGES.header(level) }] };
  if (rows.length === 0) return { lines: [], problems: [{ row: 2, reason: IMPORT_MESSAGES.empty }] };
  const lines: ImportLine[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, cells } of rows) {
    const values = columns.map((_, i) => (cells[i] ?? '').trim());
    const reasons: string[] = [];
    COLUMN_RULES[level].forEach((rule, i) => {
      if (rule.required && !values[i]) reasons.push(IMPORT_MESSAGES.required(columns[i]!));
      else if (values[i]!.length > rule.max) reasons.push(IMPORT_MESSAGES.tooLong(columns[i]!, rule.max));
    });
    const key = values[0]!;
    if (key) {
      const first = firstRow.get(key);
      if (first !== undefined) reasons.push(IMPORT_MESSAGES.duplicate(columns[0]!, key, first));
      else firstRow.set(key, row);
    }
    if (reasons.length > 0) problems.push({ row, reason: reasons.join('；') });
    else if (level === 'student') lines.push({ row, key, name: '', parent: values[1]!, third: values[2]!, fourth: values[3]! });
    else lines.push({ row, key, name: values[1]!, parent: values[2]!, third: values[3]!, fourth: '' });
  }
  return { lines, problems };
}

/** What the import needs to know of the names its lines use. */
export interface ImportLookups {
  /** department name (or Chinese short name) → the departments so called */
  departments: Map<string, string[]>;
  /** account → person */
  people: Map<string, PersonFacts>;
  /** major code → the major */
  majors: Map<string, UpperFacts>;
}

/** A stored object the import may meet (by code for majors and courses, by person for students). */
export interface ExistingObject extends ObjectFields {
  id: string;
}

export interface PlannedRow {
  row: number;
  /** the stored object it updates or leaves alone; null creates one */
  id: string | null;
  fields: ObjectFields;
  change: 'create' | 'update' | 'unchanged';
}

/** The key an existing object is met by: its code (major, course) or its person (student). */
export const importKeyOf = (level: ObjectImportLevel, o: ObjectFields): string => (level === 'student' ? (o.userId ?? '') : o.code);

/** The lines resolved against the lookups and compared with what is stored: every problem, or the plan. */
export function planImport(
  level: ObjectImportLevel,
  lines: ImportLine[],
  lookups: ImportLookups,
  existing: Map<string, ExistingObject>,
): { problems: ObjectImportProblem[]; planned: PlannedRow[] } {
  const problems: ObjectImportProblem[] = [];
  const planned: PlannedRow[] = [];
  for (const line of lines) {
    const reasons: string[] = [];
    let departmentId: string | null = null;
    let upper: UpperFacts | null = null;
    let person: PersonFacts | null = null;
    let responsibleId: string | null = null;
    if (level === 'major') {
      const ids = lookups.departments.get(line.parent) ?? [];
      if (ids.length === 0) reasons.push(IMPORT_MESSAGES.unknownDepartment(line.parent));
      else if (ids.length > 1) reasons.push(IMPORT_MESSAGES.ambiguousDepartment(line.parent));
      else departmentId = ids[0]!;
    } else {
      upper = lookups.majors.get(line.parent) ?? null;
      if (!upper) reasons.push(IMPORT_MESSAGES.unknownMajor(line.parent));
      else if (upper.retired) reasons.push(IMPORT_MESSAGES.retiredMajor(line.parent));
    }
    if (level === 'student') {
      person = lookups.people.get(line.key) ?? null;
      if (!person) reasons.push(IMPORT_MESSAGES.unknownPerson(line.key));
      else if (person.kind !== 'student') reasons.push(IMPORT_MESSAGES.wrongKind(line.key, '学生'));
    } else if (line.third) {
      const responsible = lookups.people.get(line.third);
      if (!responsible) reasons.push(IMPORT_MESSAGES.unknownPerson(line.third));
      else responsibleId = responsible.id;
    }
    if (reasons.length > 0) {
      problems.push({ row: line.row, reason: reasons.join('；') });
      continue;
    }
    const checked = checkObject(
      {
        level,
        code: level === 'student' ? null : line.key,
        name: level === 'student' ? null : line.name,
        departmentId,
        responsibleId,
        upperId: upper?.id ?? null,
        userId: person?.id ?? null,
        className: level === 'student' ? line.third || null : null,
        grade: level === 'student' ? line.fourth || null : null,
      },
      { departmentExists: departmentId !== null, responsibleExists: responsibleId !== null, upper, person, otherSchool: false },
    );
    if (!checked.ok) {
      problems.push({ row: line.row, reason: checked.reason });
      continue;
    }
    const stored = existing.get(importKeyOf(level, checked.value));
    const change = !stored ? 'create' : sameFields(stored, checked.value) ? 'unchanged' : 'update';
    planned.push({ row: line.row, id: stored?.id ?? null, fields: checked.value, change });
  }
  return { problems, planned };
}
