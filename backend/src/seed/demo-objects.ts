import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../infrastructure/database/pg-unit-of-work.js';

/**
 * The demo school at a believable size (issue 32): 8 二级学院, 20 majors, 200 courses, 300 teachers and 3,000
 * students, every one a diagnosis object of its level. Names are generated and plainly demo (accounts js0001…,
 * students' numbers 2023…); the same on every start. The first demo's own objects join the table: the school, 软件技术
 * (major-510203, 陈静 responsible), Java程序设计 (course-java) and 陈静 as a teacher, and their tasks get object_id.
 * Idempotent: nothing is written when the objects exist.
 */

/** The colleges beyond the first demo's three (信息工程学院 d-xxgc, 机电工程学院 d-jdgc, 经济管理学院 d-jjgl). */
export const NEW_COLLEGES: Array<[id: string, name: string, short: string, english: string]> = [
  ['d-jzgc', '建筑工程学院', '建工学院', 'CE'],
  ['d-ysxy', '艺术设计学院', '艺术学院', 'AD'],
  ['d-yyws', '医药卫生学院', '医卫学院', 'MH'],
  ['d-jtys', '交通运输学院', '交通学院', 'TR'],
  ['d-lyfw', '旅游与服务学院', '旅游学院', 'TS'],
];
const COLLEGES = ['d-xxgc', 'd-jdgc', 'd-jjgl', ...NEW_COLLEGES.map(([id]) => id)];

/** code, name, college, five core courses (the other five of each major are common to every major). */
const MAJORS: Array<[code: string, name: string, college: string, courses: string[]]> = [
  ['510203', '软件技术', 'd-xxgc', ['Java程序设计', 'Web前端开发', '数据库应用技术', '软件测试技术', '移动应用开发']],
  ['510201', '计算机应用技术', 'd-xxgc', ['计算机组装与维护', '办公自动化高级应用', '图形图像处理', 'Python程序设计', '网站建设与管理']],
  ['510202', '计算机网络技术', 'd-xxgc', ['网络设备配置与管理', 'Linux系统管理', '网络安全技术', '综合布线技术', '云计算基础']],
  ['510205', '大数据技术', 'd-xxgc', ['大数据平台部署', '数据采集与预处理', '数据可视化技术', 'Hadoop应用开发', '数据分析与挖掘']],
  ['460301', '机电一体化技术', 'd-jdgc', ['机械制图', '电工电子技术', '液压与气动技术', 'PLC应用技术', '机电设备维修']],
  ['460305', '工业机器人技术', 'd-jdgc', ['工业机器人编程', '传感器与检测技术', '机器视觉技术', '工业机器人系统集成', '电机与拖动']],
  ['460306', '电气自动化技术', 'd-jdgc', ['电力电子技术', '供配电技术', '自动控制原理', '变频器应用技术', '单片机应用技术']],
  ['530302', '大数据与会计', 'd-jjgl', ['基础会计', '财务会计', '成本会计', '税务会计', '财务大数据分析']],
  ['530701', '电子商务', 'd-jjgl', ['网店运营', '网络营销', '直播电商', '商务数据分析', '电子商务物流']],
  ['530605', '市场营销', 'd-jjgl', ['市场调查与预测', '消费者行为分析', '销售管理', '品牌策划', '营销策划']],
  ['440301', '建筑工程技术', 'd-jzgc', ['建筑材料', '建筑构造', '建筑结构', '建筑施工技术', '建筑工程测量']],
  ['440501', '工程造价', 'd-jzgc', ['建筑识图', '工程计量与计价', '工程招投标', '工程造价管理', 'BIM技术应用']],
  ['550106', '环境艺术设计', 'd-ysxy', ['设计素描', '设计色彩', '室内设计', '景观设计', '效果图表现技法']],
  ['550103', '数字媒体艺术设计', 'd-ysxy', ['数字插画', '影视后期制作', '三维动画设计', '交互设计', '短视频创作']],
  ['520201', '护理', 'd-yyws', ['人体解剖学', '基础护理', '内科护理', '外科护理', '急危重症护理']],
  ['520301', '药学', 'd-yyws', ['药物化学', '药理学', '药剂学', '药事管理与法规', '药物分析']],
  ['500606', '城市轨道交通运营管理', 'd-jtys', ['轨道交通概论', '行车组织', '客运组织', '票务管理', '应急处理']],
  ['500211', '汽车检测与维修技术', 'd-jtys', ['汽车构造', '汽车电气设备', '发动机检修', '底盘检修', '新能源汽车技术']],
  ['540101', '旅游管理', 'd-lyfw', ['旅游概论', '导游业务', '旅行社经营管理', '旅游市场营销', '研学旅行策划']],
  ['540106', '酒店管理与数字化运营', 'd-lyfw', ['酒店管理概论', '前厅服务与管理', '餐饮服务与管理', '客房服务与管理', '酒店数字化营销']],
];
const COMMON_COURSES = ['专业导论', '职业素养', '专业综合实训', '岗位实习', '毕业设计'];

const TEACHERS = 300;
const GRADES = ['2023', '2024', '2025'];
const STUDENTS_PER_CLASS = 50; // one class a grade and major: 20 majors × 3 grades × 50 = 3,000
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建波宁晨欣怡浩然子轩雨涵梓萱俊杰宇航思远佳琪嘉怡梦瑶博文嘉豪诗涵';

/** The named demo people: a generated name never equals one of theirs (an @ or a search for 王明 finds 王明). */
const NAMED = new Set(['系统管理员', '王明', '李红', '张伟', '陈静', '刘建国', '赵专家', '何芳', '孙丽', '周强', '黄涛', '吴磊', '郑敏']);

/** The demo's generated name n: a surname and one or two given characters, the same for the same n. */
function nameOf(n: number): string {
  const surname = SURNAMES[(n * 7) % SURNAMES.length]!;
  const first = GIVEN[(n * 13) % GIVEN.length]!;
  const second = n % 3 === 0 ? '' : GIVEN[(n * 29 + 5) % GIVEN.length]!;
  const name = `${surname}${first}${second}`;
  return NAMED.has(name) ? `${name}${GIVEN[n % GIVEN.length]!}` : name;
}

interface Row { [column: string]: string | number | null }

/** One INSERT … SELECT FROM unnest of rows (columns typed), in pieces of 2,000 rows. */
async function insertRows(m: { query: (sql: string, params: unknown[]) => Promise<unknown> }, table: string, rows: Row[], types: Record<string, string>, conflict = 'ON CONFLICT DO NOTHING'): Promise<void> {
  const columns = Object.keys(types);
  for (let i = 0; i < rows.length; i += 2_000) {
    const piece = rows.slice(i, i + 2_000);
    await m.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${columns.map((c, j) => `$${j + 1}::${types[c]}[]`).join(', ')}) ${conflict}`,
      columns.map((c) => piece.map((r) => r[c] ?? null)),
    );
  }
}

export async function seedDemoObjects(dataSource: DataSource): Promise<void> {
  const [{ n }] = (await dataSource.query(`SELECT count(*)::int AS n FROM diagnosis_object`)) as [{ n: number }];
  if (n > 0) return;
  const started = Date.now();
  await inTransaction(dataSource, async (m) => {
    // Their password is the demo one: the same hash as the demo owner's (one hash, not 3,300).
    const [{ hash }] = (await m.query(`SELECT password_hash AS hash FROM app_user WHERE id = 'u-owner'`)) as [{ hash: string }];
    await insertRows(m, 'department', NEW_COLLEGES.map(([id, name, short, english], i) => ({ id, name, parent_id: 'd-ejxy', short_name_chinese: short, short_name_english: english, sort_order: 20 + i })),
      { id: 'varchar', name: 'varchar', parent_id: 'varchar', short_name_chinese: 'varchar', short_name_english: 'varchar', sort_order: 'int' }, 'ON CONFLICT (id) DO NOTHING');
    await m.query(`INSERT INTO user_type (id, name, sort_order) VALUES ('t-student', '学生', 9) ON CONFLICT DO NOTHING`);

    // Teachers, spread over the eight colleges; js0001 … js0300.
    const teachers = Array.from({ length: TEACHERS }, (_, i) => ({
      id: `u-js${String(i + 1).padStart(4, '0')}`, account: `js${String(i + 1).padStart(4, '0')}`, name: nameOf(i + 1), password_hash: hash,
      org_id: COLLEGES[i % COLLEGES.length]!, user_type_id: 't-teacher', sex: i % 2 ? 2 : 1, person_kind: 'teacher',
    }));
    // Students: one class of 50 a grade and major; their number is grade, major's place, seat.
    const students = MAJORS.flatMap(([, majorName, college], mi) => GRADES.flatMap((grade) => Array.from({ length: STUDENTS_PER_CLASS }, (_, s) => {
      const account = `${grade}${String(mi + 1).padStart(2, '0')}${String(s + 1).padStart(3, '0')}`;
      return { id: `u-${account}`, account, name: nameOf(10_000 + Number(account.slice(2))), password_hash: hash, org_id: college, user_type_id: 't-student', sex: s % 2 ? 2 : 1, person_kind: 'student',
        majorIndex: mi, grade, className: `${grade}级${majorName}1班` };
    })));
    const userTypes = { id: 'varchar', account: 'varchar', name: 'varchar', password_hash: 'text', org_id: 'varchar', user_type_id: 'varchar', sex: 'smallint', person_kind: 'varchar' };
    await insertRows(m, 'app_user', teachers, userTypes, 'ON CONFLICT (account) DO NOTHING');
    await insertRows(m, 'app_user', students.map(({ majorIndex: _m, grade: _g, className: _c, ...u }) => u), userTypes, 'ON CONFLICT (account) DO NOTHING');
    await m.query(`INSERT INTO user_role (user_id, role_id) SELECT id, 'r-teacher' FROM app_user WHERE person_kind = 'teacher' AND id LIKE 'u-js%' ON CONFLICT DO NOTHING`);
    await m.query(`INSERT INTO user_role (user_id, role_id) SELECT id, 'r-student' FROM app_user WHERE person_kind = 'student' ON CONFLICT DO NOTHING`);
    // 陈静 teaches in 信息工程学院: a teacher, and so an object of the teacher level.
    await m.query(`UPDATE app_user SET person_kind = 'teacher' WHERE id = 'u-owner'`);
    // The new colleges are led by one of their teachers.
    for (const [id] of NEW_COLLEGES) {
      await m.query(`UPDATE department SET charge_user_id = (SELECT min(id) FROM app_user WHERE org_id = $1 AND id LIKE 'u-js%') WHERE id = $1 AND charge_user_id IS NULL`, [id]);
    }

    const teachersOf = (college: string) => teachers.filter((t) => t.org_id === college);
    const objects: Row[] = [{ id: 'obj-school', level: 'school', code: 'school-demo', name: '诊改示范职业技术学院', department_id: 'd-zlb', responsible_id: 'u-publisher', upper_id: null, user_id: null, class_name: null, grade: null }];
    for (const [mi, [code, name, college, core]] of MAJORS.entries()) {
      const staff = teachersOf(college);
      const majorId = code === '510203' ? 'obj-major-510203' : `obj-major-${code}`;
      // 软件技术 keeps the first demo's responsible person, 陈静, and code major-510203 (its tasks and reports name it so).
      objects.push({ id: majorId, level: 'major', code: code === '510203' ? 'major-510203' : code, name, department_id: college,
        responsible_id: code === '510203' ? 'u-owner' : staff[mi % staff.length]!.id, upper_id: null, user_id: null, class_name: null, grade: null });
      for (const [ci, course] of [...core, ...COMMON_COURSES.map((c) => `${name}${c}`)].entries()) {
        const java = code === '510203' && course === 'Java程序设计';
        objects.push({ id: java ? 'obj-course-java' : `obj-course-${code}${String(ci + 1).padStart(2, '0')}`, level: 'course', code: java ? 'course-java' : `${code}${String(ci + 1).padStart(2, '0')}`,
          name: course, department_id: college, responsible_id: java ? 'u-owner' : staff[(mi * 10 + ci) % staff.length]!.id, upper_id: majorId, user_id: null, class_name: null, grade: null });
      }
    }
    for (const t of [...teachers, { id: 'u-owner', account: 'rwfzr', name: '陈静', org_id: 'd-xxgc' }]) {
      objects.push({ id: `obj-teacher-${t.account}`, level: 'teacher', code: t.account, name: t.name, department_id: t.org_id, responsible_id: t.id, upper_id: null, user_id: t.id, class_name: null, grade: null });
    }
    for (const s of students) {
      const major = MAJORS[s.majorIndex]!;
      objects.push({ id: `obj-student-${s.account}`, level: 'student', code: s.account, name: s.name, department_id: s.org_id, responsible_id: s.id,
        upper_id: major[0] === '510203' ? 'obj-major-510203' : `obj-major-${major[0]}`, user_id: s.id, class_name: s.className, grade: s.grade });
    }
    await insertRows(m, 'diagnosis_object', objects, {
      id: 'varchar', level: 'varchar', code: 'varchar', name: 'varchar', department_id: 'varchar', responsible_id: 'varchar', upper_id: 'varchar', user_id: 'varchar', class_name: 'varchar', grade: 'varchar',
    });
    // The first demo's tasks name their objects.
    await m.query(
      `UPDATE obj_task t SET object_id = o.id FROM diagnosis_object o
       WHERE t.object_id IS NULL AND o.level = t.object_type
         AND o.code = CASE WHEN t.object_type = 'teacher' THEN 'rwfzr' ELSE t.object_code END`,
    );
  });
  new Logger('Seed').log(`demo objects ready: ${MAJORS.length} majors, ${MAJORS.length * 10} courses, ${TEACHERS + 1} teachers, ${MAJORS.length * GRADES.length * STUDENTS_PER_CLASS} students in ${Date.now() - started} ms`);
}
