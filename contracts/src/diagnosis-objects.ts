// 诊改对象 (issue 32): the school's objects of each level — the school itself, majors, courses, teachers and students —
// that a launched diagnosis gives one task each. Managed on 数据管理 › 诊改对象 (/api/herm-sjgl/diagnosisObjects/*).
import { z } from 'zod';
import { pageSchema } from './common.js';
import { id, optionalText, PAGE_QUERY, requiredText } from './input.js';

/** The levels of diagnosis objects (the same five as a library's targetLevelId). */
export const OBJECT_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export type ObjectLevel = (typeof OBJECT_LEVELS)[number];
export const OBJECT_LEVEL_NAMES: Record<ObjectLevel, string> = { school: '学校', major: '专业', course: '课程', teacher: '教师', student: '学生' };

/** The levels whose objects are imported from Excel here (teachers come from the people import). */
export const OBJECT_IMPORT_LEVELS = ['major', 'course', 'student'] as const;
export type ObjectImportLevel = (typeof OBJECT_IMPORT_LEVELS)[number];

/** Each import level's template columns, in order (the header row of the template and of an import). */
export const OBJECT_IMPORT_HEADERS: Record<ObjectImportLevel, readonly string[]> = {
  major: ['专业代码', '专业名称', '所属部门', '负责人账号'],
  course: ['课程代码', '课程名称', '所属专业代码', '负责人账号'],
  student: ['学号/账号', '专业代码', '班级', '年级'],
};

/** What a person may do on the 诊改对象 page (the server's answer drives its buttons). */
export const OBJECT_ACTIONS = ['read', 'add', 'edit', 'retire', 'restore', 'import'] as const;
export type ObjectAction = (typeof OBJECT_ACTIONS)[number];

/** Which objects a list shows: live ones (default), retired ones, or both. */
export const OBJECT_STATES = ['live', 'retired', 'all'] as const;

/** Field limits (spec 000 §9: default 60, small 20; names 200 as the table). */
export const OBJECT_LIMITS = { code: 64, name: 200, className: 60, grade: 20, keyword: 60 } as const;

/** Messages of the rules (domain/object-rules.ts in the backend), shown as they are. */
export const OBJECT_MESSAGES = {
  notFound: '诊改对象不存在',
  duplicateCode: '该层级已有相同代码的对象',
  duplicatePerson: '该人员已是诊改对象',
  importRefused: '导入失败，请按提示修改后重新导入',
  imported: '导入成功！',
} as const;

const levelSchema = z.enum(OBJECT_LEVELS, { error: '层级不正确' });

/** One diagnosis object as the list and the dialogs show it. */
export const DiagnosisObjectSchema = z
  .object({
    id: z.string(),
    level: levelSchema,
    levelName: z.string(),
    code: z.string(),
    name: z.string(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    responsibleId: z.string().nullable(),
    responsibleName: z.string().nullable(),
    responsibleAccount: z.string().nullable(),
    upperId: z.string().nullable().describe("the upper object (a course's or student's major)"),
    upperCode: z.string().nullable(),
    upperName: z.string().nullable(),
    userId: z.string().nullable().describe("a teacher's or student's person"),
    userAccount: z.string().nullable(),
    className: z.string().nullable(),
    grade: z.string().nullable(),
    retired: z.boolean(),
    retiredAt: z.string().nullable().describe('yyyy-MM-dd'),
    updatedAt: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'DiagnosisObject' });
export type DiagnosisObject = z.infer<typeof DiagnosisObjectSchema>;

export const DiagnosisObjectPageSchema = pageSchema(DiagnosisObjectSchema).meta({ id: 'DiagnosisObjectPage' });

/** The list's filters (paged per 000 §9). keyword: code or name (a teacher's or student's account too). */
export const DiagnosisObjectQuerySchema = z.object({
  ...PAGE_QUERY,
  level: levelSchema.optional(),
  departmentId: optionalText(64),
  upperId: optionalText(64),
  keyword: optionalText(OBJECT_LIMITS.keyword),
  state: z.enum(OBJECT_STATES).optional().default('live'),
});
export type DiagnosisObjectQuery = z.infer<typeof DiagnosisObjectQuerySchema>;

const objectFields = {
  code: requiredText(OBJECT_LIMITS.code).optional(),
  name: requiredText(OBJECT_LIMITS.name).optional(),
  departmentId: optionalText(64),
  responsibleId: optionalText(64),
  upperId: optionalText(64),
  userId: optionalText(64),
  className: optionalText(OBJECT_LIMITS.className),
  grade: optionalText(OBJECT_LIMITS.grade),
};

/**
 * A new object. code and name are required but for teachers and students, whose code is their account and name
 * their person's name; which other fields a level needs is the backend's rule (domain/object-rules.ts).
 */
export const DiagnosisObjectInputSchema = z.object({ level: levelSchema, ...objectFields }).meta({ id: 'DiagnosisObjectInput' });
export type DiagnosisObjectInput = z.infer<typeof DiagnosisObjectInputSchema>;

/** An object changed (its level stays). */
export const DiagnosisObjectUpdateSchema = z.object({ id: id(), ...objectFields }).meta({ id: 'DiagnosisObjectUpdate' });
export type DiagnosisObjectUpdate = z.infer<typeof DiagnosisObjectUpdateSchema>;

export const DiagnosisObjectRefSchema = z.object({ id: id() }).meta({ id: 'DiagnosisObjectRef' });
export const DiagnosisObjectIdSchema = z.object({ id: z.string() }).meta({ id: 'DiagnosisObjectId' });
export type DiagnosisObjectId = z.infer<typeof DiagnosisObjectIdSchema>;

/** A picker's objects: one level's live ones, of a department, by code or name (at most 200). */
export const DiagnosisObjectOptionsQuerySchema = z.object({
  level: levelSchema,
  departmentId: optionalText(64),
  keyword: optionalText(OBJECT_LIMITS.keyword),
});
export const DiagnosisObjectOptionSchema = z
  .object({ value: z.string(), text: z.string(), code: z.string(), name: z.string(), departmentId: z.string().nullable() })
  .meta({ id: 'DiagnosisObjectOption' });
export type DiagnosisObjectOption = z.infer<typeof DiagnosisObjectOptionSchema>;
export const OBJECT_OPTIONS_MAX = 200;

/** What the person may do on the page, from the one definition in the backend's domain. */
export const DiagnosisObjectActionsSchema = z
  .object({ actions: z.array(z.enum(OBJECT_ACTIONS)), importLevels: z.array(z.enum(OBJECT_IMPORT_LEVELS)) })
  .meta({ id: 'DiagnosisObjectActions' });
export type DiagnosisObjectActions = z.infer<typeof DiagnosisObjectActionsSchema>;

/** The template's and the import's level. */
export const DiagnosisObjectImportQuerySchema = z.object({ level: z.enum(OBJECT_IMPORT_LEVELS, { error: '该层级不能从Excel导入' }) });

export const ObjectImportProblemSchema = z.object({ row: z.number().int(), reason: z.string() }).meta({ id: 'ObjectImportProblem' });
export type ObjectImportProblem = z.infer<typeof ObjectImportProblemSchema>;
/** An import's counts; a refused import answers them 0 with every problem (row number and reason) in data. */
export const ObjectImportResultSchema = z
  .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), problems: z.array(ObjectImportProblemSchema) })
  .meta({ id: 'ObjectImportResult' });
export type ObjectImportResult = z.infer<typeof ObjectImportResultSchema>;
