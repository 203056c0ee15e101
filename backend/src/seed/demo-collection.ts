import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { FormField, RowInput } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { CollectionDataService } from '../modules/data-collection/application/collection-data.service.js';
import { CollectionTaskService } from '../modules/data-collection/application/collection-task.service.js';
import { ConstantService } from '../modules/data-collection/application/constant.service.js';
import { FillTaskService } from '../modules/data-collection/application/fill-task.service.js';
import { FormDirectoryService } from '../modules/data-collection/application/form-directory.service.js';
import { FormService } from '../modules/data-collection/application/form.service.js';
import { GRADUATE_EMPLOYMENT_SQL } from './demo-monitoring.js';

// The demo's people (demo-seed.ts): the administrator designs, 王明 (质管处, a collection manager) runs the tasks,
// 李红 and 张伟 are 教务处, 陈静 is 信息工程学院.
const DESIGNER = 'u-admin';
const MANAGER = 'u-publisher';
const LI_HONG = 'u-depthead';
const ZHANG_WEI = 'u-auditor';
const CHEN_JING = 'u-owner';
const JWC = 'd-jwc';
const XXGC = 'd-xxgc';

const CONSTANT_TYPES: Array<{ code: string; name: string; items: Array<[value: string, text: string]> }> = [
  { code: 'major', name: '专业', items: [['510203', '软件技术'], ['510202', '计算机网络技术'], ['530701', '电子商务'], ['530302', '会计'], ['460301', '机电一体化技术']] },
  { code: 'degree', name: '学历', items: [['01', '博士研究生'], ['02', '硕士研究生'], ['03', '本科']] },
  { code: 'title', name: '职称', items: [['01', '教授'], ['02', '副教授'], ['03', '讲师'], ['04', '助教']] },
];

type FieldSpec = [key: string, label: string, component: FormField['component'], more?: { require?: boolean; unique?: boolean; custom?: { pattern: string; message: string }; options?: string }];

const FORMS: Array<{ code: string; name: string; directory: string; description: string; fields: FieldSpec[] }> = [
  {
    code: 'graduate_employment',
    name: '毕业生就业情况',
    directory: '学生发展',
    description: '各专业当年毕业生的就业与专业对口情况',
    fields: [
      ['major', '专业', 'select', { require: true, unique: true, options: 'major' }],
      ['graduates', '毕业生数', 'integer', { require: true }],
      ['employed', '就业人数', 'integer', { require: true }],
      ['matched', '对口就业人数', 'integer', { require: true }],
      ['contact', '联系人', 'text'],
      ['phone', '联系电话', 'phone'],
    ],
  },
  {
    code: 'teacher_info',
    name: '专任教师信息',
    directory: '师资队伍',
    description: '专任教师的学历、职称与联系方式',
    fields: [
      ['teacher_no', '工号', 'text', { require: true, unique: true, custom: { pattern: '^T\\d{4}$', message: '工号格式为T加4位数字' } }],
      ['name', '姓名', 'text', { require: true }],
      ['degree', '学历', 'select', { options: 'degree' }],
      ['title', '职称', 'select', { options: 'title' }],
      ['mobile', '手机号码', 'phone'],
      ['email', '邮箱', 'email'],
      ['hire_date', '入职日期', 'date'],
    ],
  },
];

// graduates, employed, matched per major. 2026: the numbers the monitoring demo's 专业对口就业率 (XX-002) reads.
const EMPLOYMENT: Record<'2025' | '2026', Array<[major: string, graduates: number, employed: number, matched: number]>> = {
  '2025': [['软件技术', 180, 171, 145], ['计算机网络技术', 149, 136, 104], ['电子商务', 126, 113, 80], ['会计', 168, 157, 128], ['机电一体化技术', 137, 124, 101]],
  '2026': [['软件技术', 195, 186, 158], ['计算机网络技术', 151, 142, 113], ['电子商务', 131, 120, 88], ['会计', 174, 165, 139], ['机电一体化技术', 140, 131, 112]],
};

// teacher_no, name, degree, title, mobile, email, hire date
type Teacher = [string, string | null, string | null, string | null, string | null, string | null, string | null];
const TEACHERS_XXGC_2025: Teacher[] = [
  ['T1001', '周立平', '博士研究生', '教授', '13905710001', 'zhoulp@demo.edu.cn', '2008-09-01'],
  ['T1002', '孙晓燕', '硕士研究生', '副教授', '13905710002', 'sunxy@demo.edu.cn', '2012-07-15'],
  ['T1003', '吴海涛', '硕士研究生', '讲师', '13905710003', 'wuht@demo.edu.cn', '2016-08-20'],
  ['T1004', '郑雅琴', '本科', '讲师', '0571-86880104', null, '2015-03-01'],
  ['T1005', '冯俊', '硕士研究生', '助教', '+8613905710005', 'fengj@demo.edu.cn', '2023-09-01'],
  ['T1006', '陈静', '硕士研究生', '副教授', '13905710006', 'chenj@demo.edu.cn', '2011-09-01'],
];
// 2026, 信息工程学院: a draft still being filled (one new teacher without a name yet).
const TEACHERS_XXGC_2026: Teacher[] = [
  ['T1001', '周立平', '博士研究生', '教授', '13905710001', 'zhoulp@demo.edu.cn', '2008-09-01'],
  ['T1002', '孙晓燕', '博士研究生', '教授', '13905710002', 'sunxy@demo.edu.cn', '2012-07-15'],
  ['T1007', null, '硕士研究生', '助教', null, null, '2026-09-01'],
];
// 2026, 教务处 (teachers who also teach): committed by 李红.
const TEACHERS_JWC_2026: Teacher[] = [
  ['T2001', '李红', '硕士研究生', '副教授', '13905712001', 'lih@demo.edu.cn', '2009-09-01'],
  ['T2002', '张伟', '本科', '讲师', '13905712002', 'zhangw@demo.edu.cn', '2014-09-01'],
  ['T2003', '何芳', '硕士研究生', '讲师', '025-84890203', null, '2019-07-01'],
];

const employmentRows = (cycle: '2025' | '2026'): RowInput[] =>
  EMPLOYMENT[cycle].map(([major, graduates, employed, matched]) => ({ values: { major, graduates: String(graduates), employed: String(employed), matched: String(matched), contact: '李红', phone: '0571-86880201' } }));
const teacherRows = (teachers: Teacher[]): RowInput[] =>
  teachers.map(([teacherNo, name, degree, title, mobile, email, hireDate]) => ({ values: { teacher_no: teacherNo, name, degree, title, mobile, email, hire_date: hireDate } }));

/** When the 2025 task happened (the server's time zone), so its history reads like last year's collection. */
const TIMES_2025 = { created: '2025-11-03 09:00', committed: '2025-11-28 16:30', audited: '2025-12-02 10:15' };

/**
 * Data collection demo (issue 15): directories 状态数据 → 学生发展 / 师资队伍, constants 专业 / 学历 / 职称, the published
 * forms 毕业生就业情况 (graduate_employment) and 专任教师信息 (teacher_info), the audited 2025 task and the 2026 task in
 * progress, all through the module's services, so the data centre's tables sjzx.graduate_employment and
 * sjzx.teacher_info are made and filled as a school's would be. Runs before anything reads those tables (the
 * monitoring's SQL source XX-002 reads the 2026 rows). Idempotent: each step is skipped when its result exists.
 */
export async function seedDemoCollection(db: DataSource, app: Pick<INestApplicationContext, 'get'>): Promise<void> {
  const logger = new Logger('Seed');
  const [done] = (await db.query(`SELECT 1 FROM dc_task WHERE name = '2026年状态数据采集'`)) as unknown[];
  if (done) return;
  // A demo loaded before issue 15 made sjzx.graduate_employment by hand; the form makes it now.
  const [handMade] = (await db.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = 'sjzx' AND table_name = 'graduate_employment'
       AND NOT EXISTS (SELECT 1 FROM dc_form WHERE code = 'graduate_employment')`,
  )) as unknown[];
  if (handMade) {
    await db.query(`DROP TABLE sjzx.graduate_employment`);
    // and XX-002 read that table without a cycle (the monitoring seed, which sets the new SQL, ran long ago there)
    await db.query(
      `UPDATE point_datasource d SET config = jsonb_build_object('sql', $1::text) FROM quality_point p
       WHERE d.point_id = p.id AND p.library_id = 'lib-school-2026' AND p.code = 'XX-002' AND d.cjfs = 'sql'`,
      [GRADUATE_EMPLOYMENT_SQL],
    );
  }

  const formIds = await seedForms(db, app);
  const tasks = app.get(CollectionTaskService);
  const fills = app.get(FillTaskService);
  const datas = app.get(CollectionDataService);

  /** A task of both forms, allocated and published; its fill task ids by form code and department. */
  const makeTask = async (name: string, cycle: string, deadline: string, description: string) => {
    const [existing] = (await db.query(`SELECT id FROM dc_task WHERE name = $1`, [name])) as Array<{ id: string }>;
    if (existing) return null;
    const task = await tasks.save(MANAGER, { name, cycle, deadline, description, formIds: [formIds.graduate_employment, formIds.teacher_info] });
    await tasks.allocate(MANAGER, { taskId: task.id, formId: formIds.graduate_employment, departmentIds: [JWC], auditorId: ZHANG_WEI });
    await tasks.allocate(MANAGER, { taskId: task.id, formId: formIds.teacher_info, departmentIds: [XXGC], auditorId: LI_HONG });
    if (cycle === '2026') await tasks.allocate(MANAGER, { taskId: task.id, formId: formIds.teacher_info, departmentIds: [JWC], auditorId: ZHANG_WEI });
    await tasks.publish(MANAGER, task.id);
    const fillOf = new Map((await tasks.allocations(MANAGER, task.id)).map((a) => [`${a.formId}|${a.departmentId}`, a.fillTaskId!]));
    const fill = (code: 'graduate_employment' | 'teacher_info', department: string) => fillOf.get(`${formIds[code]}|${department}`)!;
    return { id: task.id, fill };
  };

  const last = await makeTask('2025年状态数据采集', '2025', '2025-12-15', '2025年度高职院校人才培养状态数据采集');
  if (last) {
    const employment = last.fill('graduate_employment', JWC);
    await fills.commit(LI_HONG, { id: employment, rows: employmentRows('2025') });
    await fills.audit(ZHANG_WEI, employment);
    const teachers = last.fill('teacher_info', XXGC);
    await fills.commit(CHEN_JING, { id: teachers, rows: teacherRows(TEACHERS_XXGC_2025) });
    await fills.audit(LI_HONG, teachers);
    await backdate(db, last.id);
  }
  const current = await makeTask('2026年状态数据采集', '2026', '2026-12-15', '2026年度高职院校人才培养状态数据采集');
  if (current) {
    const employment = current.fill('graduate_employment', JWC);
    await fills.commit(LI_HONG, { id: employment, rows: employmentRows('2026') });
    await fills.audit(ZHANG_WEI, employment);
    await datas.save(CHEN_JING, { fillTaskId: current.fill('teacher_info', XXGC), rows: teacherRows(TEACHERS_XXGC_2026) });
    await fills.commit(LI_HONG, { id: current.fill('teacher_info', JWC), rows: teacherRows(TEACHERS_JWC_2026) });
  }
  logger.log('demo data collection ready: 2 forms, the 2025 task audited, the 2026 task in progress');
}

/** Directories, constants and the two forms, published; the forms' ids by code. */
async function seedForms(db: DataSource, app: Pick<INestApplicationContext, 'get'>): Promise<Record<'graduate_employment' | 'teacher_info', string>> {
  const directories = app.get(FormDirectoryService);
  const constants = app.get(ConstantService);
  const forms = app.get(FormService);

  const directory = async (name: string, parentId: string | null): Promise<string> => {
    const [found] = (await db.query(`SELECT id FROM dc_form_directory WHERE name = $1 AND parent_id IS NOT DISTINCT FROM $2`, [name, parentId])) as Array<{ id: string }>;
    return found ? found.id : (await directories.add(DESIGNER, { name, parentId })).id;
  };
  const root = await directory('状态数据', null);
  const directoryIds: Record<string, string> = { 学生发展: await directory('学生发展', root), 师资队伍: await directory('师资队伍', root) };

  const typeIds: Record<string, string> = {};
  for (const type of CONSTANT_TYPES) {
    const [found] = (await db.query(`SELECT id FROM dc_constant_type WHERE code = $1`, [type.code])) as Array<{ id: string }>;
    if (found) {
      typeIds[type.code] = found.id;
      continue;
    }
    const saved = await constants.saveType(DESIGNER, { code: type.code, name: type.name, description: null });
    typeIds[type.code] = saved.id;
    for (const [i, [value, text]] of type.items.entries()) await constants.save(DESIGNER, { typeId: saved.id, value, text, sort: i + 1 });
  }

  const ids: Partial<Record<'graduate_employment' | 'teacher_info', string>> = {};
  for (const form of FORMS) {
    const [found] = (await db.query(`SELECT id, version FROM dc_form WHERE code = $1`, [form.code])) as Array<{ id: string; version: number }>;
    let id = found?.id;
    if (!id) {
      const input = { directoryId: directoryIds[form.directory]!, name: form.name, code: form.code, formType: 'floating' as const, description: form.description };
      id = (await forms.add(DESIGNER, input)).id;
      const fields: FormField[] = form.fields.map(([key, label, component, more = {}]) => ({
        key, label, component,
        validations: { require: more.require ?? false, unique: more.unique ?? false, custom: more.custom ?? null },
        maxLength: null, constantTypeId: more.options ? typeIds[more.options]! : null, placeholder: null, width: null,
      }));
      await forms.update(DESIGNER, { id, ...input, fields, fixedRows: [] });
    }
    if (!found || found.version === 0) await forms.publish(DESIGNER, id);
    ids[form.code as 'graduate_employment' | 'teacher_info'] = id;
  }
  return ids as Record<'graduate_employment' | 'teacher_info', string>;
}

/** The 2025 task's times as they would have been (the services stamp now). */
async function backdate(db: DataSource, taskId: string): Promise<void> {
  const t = TIMES_2025;
  await db.transaction(async (m) => {
    await m.query(`UPDATE dc_task SET created_at = $2::timestamptz, updated_at = $2::timestamptz, published_at = $2::timestamptz WHERE id = $1`, [taskId, t.created]);
    await m.query(
      `UPDATE dc_fill_task SET committed_at = $2::timestamptz, audited_at = $3::timestamptz, updated_at = $3::timestamptz WHERE task_id = $1`,
      [taskId, t.committed, t.audited],
    );
    await m.query(
      `UPDATE dc_fill_history h SET at = CASE h.action WHEN 'audit' THEN $3::timestamptz ELSE $2::timestamptz END
       FROM dc_fill_task f WHERE f.id = h.fill_task_id AND f.task_id = $1`,
      [taskId, t.committed, t.audited],
    );
    await m.query(`UPDATE dc_row SET updated_at = $2::timestamptz WHERE task_id = $1`, [taskId, t.committed]);
    // The data centre's rows of this task (the two tables the forms made; names fixed here, not taken from input).
    await m.query(`UPDATE sjzx.graduate_employment SET audited_at = $2::timestamptz WHERE task_id = $1`, [taskId, t.audited]);
    await m.query(`UPDATE sjzx.teacher_info SET audited_at = $2::timestamptz WHERE task_id = $1`, [taskId, t.audited]);
  });
}
