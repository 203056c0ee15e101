// People at a school's size (issue 32): the person kinds, the people and department imports (their columns, the row
// rules and the answers) and the 用户管理 list query.
import { z } from 'zod';
import { PROFILE_FORMATS } from './limits.js';
import { text } from './input.js';
import { ImportProblemSchema } from './standard.js';

/** A person's place in 诊改 (app_user.person_kind): teachers and students are diagnosis objects of their level. */
export const PERSON_KINDS = ['staff', 'teacher', 'student'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];
export const PersonKindSchema = z.enum(PERSON_KINDS).describe('staff 教职工, teacher 教师, student 学生');
/** How a person kind is written in the import sheet and shown on screen. */
export const PERSON_KIND_LABELS: Record<PersonKind, string> = { staff: '教职工', teacher: '教师', student: '学生' };

/** The people import sheet's columns, in the template's order (专业代码, 班级, 年级: students only, optional). */
export const PEOPLE_IMPORT_COLUMNS = ['账号', '姓名', '部门', '人员类型', '角色', 'CAS账号', '手机', '邮箱', '专业代码', '班级', '年级'] as const;
/** The department import sheet's columns. */
export const DEPARTMENT_IMPORT_COLUMNS = ['名称', '简称', '上级部门', '负责人账号'] as const;

/** The account rule of users/add and of the import. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{2,60}$/;
export const ACCOUNT_MESSAGE = '账号只能包含字母、数字和 _ . @ -，2到60位';
/** Several roles in one cell: separated by 、 , ， ; or ；. */
export const ROLE_SEPARATORS = /[、,，;；]/;

const cell = (max: number, label: string) => text(max, { tooLong: `${label}最多${max}个字符` }).transform((v) => v.trim());

/**
 * One row of the people import as the sheet gives it (every cell text, trimmed): the shape and the formats. Which
 * department, role and major the names point to is checked against the database by the import itself.
 */
export const PersonImportRowSchema = z
  .object({
    account: cell(60, '账号').pipe(z.string().min(1, { error: '账号不能为空', abort: true }).regex(ACCOUNT_PATTERN, { error: ACCOUNT_MESSAGE })),
    name: cell(60, '姓名').pipe(z.string().min(1, { error: '姓名不能为空' })),
    department: cell(500, '部门'),
    kind: cell(10, '人员类型').pipe(
      z.string().min(1, { error: '人员类型不能为空' }).refine((v) => Object.values(PERSON_KIND_LABELS).includes(v), { error: '人员类型只能是教职工、教师或学生' }),
    ),
    roles: cell(500, '角色'),
    casUser: cell(100, 'CAS账号'),
    phone: cell(30, '手机').pipe(z.string().refine((v) => v === '' || PROFILE_FORMATS.mobile.test(v) || PROFILE_FORMATS.landline.test(v), { error: '手机号码格式不正确' })),
    email: cell(PROFILE_FORMATS.emailMax, '邮箱').pipe(z.string().refine((v) => v === '' || PROFILE_FORMATS.email.test(v), { error: '邮箱格式不正确' })),
    majorCode: cell(64, '专业代码'),
    className: cell(60, '班级'),
    grade: cell(20, '年级'),
  })
  .meta({ id: 'PersonImportRow' });
export type PersonImportRow = z.infer<typeof PersonImportRowSchema>;

/** One row of the department import (trimmed cells). */
export const DepartmentImportRowSchema = z
  .object({
    name: cell(100, '名称').pipe(z.string().min(1, { error: '名称不能为空' }).refine((v) => !v.includes('/'), { error: '名称不能包含 /' })),
    shortName: cell(60, '简称'),
    parent: cell(500, '上级部门'),
    headAccount: cell(60, '负责人账号'),
  })
  .meta({ id: 'DepartmentImportRow' });
export type DepartmentImportRow = z.infer<typeof DepartmentImportRowSchema>;


/**
 * POST users/import: all or nothing. Refused: success false, 400, data.problems lists every bad row and nothing is
 * stored. Done: the counts, and the one initial password of the people it created (shown once, never stored in
 * clear; null when nobody was created or for a CAS-only import).
 */
export const PeopleImportResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    initialPassword: z.string().nullable().describe('the one initial password of the people created; shown once'),
    problems: z.array(ImportProblemSchema),
  })
  .meta({ id: 'PeopleImportResult' });
export type PeopleImportResult = z.infer<typeof PeopleImportResultSchema>;

/** POST departments/import: all or nothing, the counts or every bad row. */
export const DepartmentImportResultSchema = z
  .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), problems: z.array(ImportProblemSchema) })
  .meta({ id: 'DepartmentImportResult' });
export type DepartmentImportResult = z.infer<typeof DepartmentImportResultSchema>;

/** The import's form fields beside the file: casOnly 'true' creates accounts with no usable password (CAS sign-in only). */
export const PeopleImportFieldsSchema = z
  .object({ casOnly: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional() })
  .meta({ id: 'PeopleImportFields' });

/** The optional person kind of users/add and users/update (unchanged on update when absent, staff on add). */
export const PersonKindInput = { personKind: z.preprocess((v) => (v === '' || v === null ? undefined : v), PersonKindSchema.optional()) };
