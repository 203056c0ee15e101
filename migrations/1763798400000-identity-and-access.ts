import type { MigrationInterface, QueryRunner } from 'typeorm';

type Menu = [key: string, name: string, path: string, component: string | null, parent: string | null];

/** The menus of spec 000 §2 and §6, keyed ly_herm_*; groups first, then their children. */
const MENUS: Menu[] = [
  ['ly_herm_homePage', '首页', '/index', 'Home', null],
  ['ly_herm_dataScreen', '数据大屏', '/dataScreen', null, null],
  ['ly_herm_dataScreen_dynamicScreen', '动态大屏', '/dataScreen/dynamic', 'Placeholder', 'ly_herm_dataScreen'],
  ['ly_herm_qualityManagement', '内部质量管理', '/qualityManagement', null, null],
  ['ly_herm_standard', '目标标准', '/qualityManagement/standard', 'Placeholder', 'ly_herm_qualityManagement'],
  ['ly_herm_improvement', '诊断改进', '/qualityManagement/improvement', 'Placeholder', 'ly_herm_qualityManagement'],
  ['ly_herm_qualityReport', '质量报告', '/qualityManagement/qualityReport', 'Placeholder', 'ly_herm_qualityManagement'],
  ['ly_herm_annual_wbs', '年度目标任务', '/qualityManagement/annualWbs', null, 'ly_herm_qualityManagement'],
  ['ly_herm_annual_wbs_personal_task', '我的任务', '/qualityManagement/annualWbs/personal', 'Placeholder', 'ly_herm_annual_wbs'],
  ['ly_herm_annual_wbs_departemnt_task', '部门任务', '/qualityManagement/annualWbs/department', 'Placeholder', 'ly_herm_annual_wbs'],
  ['ly_herm_majorDevelopCenter', '专业发展中心', '/majorDevelopCenter', 'Placeholder', null],
  ['ly_herm_couseDevelopCenter', '课程发展中心', '/couseDevelopCenter', 'Placeholder', null],
  ['ly_herm_teachDevelopCenter', '教师发展中心', '/teachDevelopCenter', 'Placeholder', null],
  ['ly_herm_stuDevelopCenter', '学生发展中心', '/stuDevelopCenter', 'Placeholder', null],
  ['ly_herm_intelligentAnalysis', '智能分析', '/analysis', 'Placeholder', null],
  ['ly_herm_dataCollection', '数据采集', '/dataCollection', 'Placeholder', null],
  ['ly_herm_dataManagement', '数据管理', '/dataManage', null, null],
  ['ly_herm_dataManagement_department', '部门管理', '/dataManage/department', 'Placeholder', 'ly_herm_dataManagement'],
  ['ly_herm_dataManagement_user', '用户管理', '/dataManage/user', 'Placeholder', 'ly_herm_dataManagement'],
  ['ly_herm_PersonalInformationCenter', '个人信息中心', '/link', 'Placeholder', null],
  ['ly_herm_PerformanceAppraisal', '绩效考核', '/linkjxkh', 'Placeholder', null],
];

/** The named roles of the spec (000 §6, 001 §1) plus the administrator and the expert. */
const ROLES = [
  ['r-admin', 'admin', '系统管理员'],
  ['r-publisher', 'yearTargetPublisher', '年度目标发布者'],
  ['r-depthead', 'targetTaskDepartHead', '目标任务部门负责人'],
  ['r-auditor', 'targetTaskDepartAuditor', '目标任务部门审核人'],
  ['r-owner', 'targetTaskOwner', '目标任务负责人'],
  ['r-leader', 'schoolLeader', '校领导'],
  ['r-expert', 'expert', '专家'],
];

const QM = ['ly_herm_qualityManagement'];
/** Which menus each role sees; the administrator sees all. A menu granted implies its parents. */
const GRANTS: Record<string, string[]> = {
  'r-publisher': ['ly_herm_homePage', ...QM, 'ly_herm_standard', 'ly_herm_improvement', 'ly_herm_qualityReport', 'ly_herm_annual_wbs', 'ly_herm_annual_wbs_personal_task', 'ly_herm_annual_wbs_departemnt_task', 'ly_herm_intelligentAnalysis', 'ly_herm_dataCollection', 'ly_herm_PersonalInformationCenter'],
  'r-depthead': ['ly_herm_homePage', ...QM, 'ly_herm_improvement', 'ly_herm_qualityReport', 'ly_herm_annual_wbs', 'ly_herm_annual_wbs_personal_task', 'ly_herm_annual_wbs_departemnt_task', 'ly_herm_majorDevelopCenter', 'ly_herm_couseDevelopCenter', 'ly_herm_PersonalInformationCenter'],
  'r-auditor': ['ly_herm_homePage', ...QM, 'ly_herm_improvement', 'ly_herm_annual_wbs', 'ly_herm_annual_wbs_departemnt_task', 'ly_herm_PersonalInformationCenter'],
  'r-owner': ['ly_herm_homePage', ...QM, 'ly_herm_improvement', 'ly_herm_annual_wbs', 'ly_herm_annual_wbs_personal_task', 'ly_herm_teachDevelopCenter', 'ly_herm_PersonalInformationCenter'],
  'r-leader': ['ly_herm_homePage', 'ly_herm_dataScreen', 'ly_herm_dataScreen_dynamicScreen', ...QM, 'ly_herm_standard', 'ly_herm_qualityReport', 'ly_herm_annual_wbs', 'ly_herm_intelligentAnalysis', 'ly_herm_majorDevelopCenter', 'ly_herm_couseDevelopCenter', 'ly_herm_teachDevelopCenter', 'ly_herm_stuDevelopCenter'],
  'r-expert': ['ly_herm_homePage', ...QM, 'ly_herm_improvement', 'ly_herm_qualityReport', 'ly_herm_intelligentAnalysis'],
};

/** File types of 001 §9 and the 内部支撑文件 type the upload flow picks (001 §7 item 5). */
const FILE_TYPES = [['ft-internal', '内部支撑文件'], ['ft-annual', '年度目标文件'], ['ft-support', '目标支撑文件'], ['ft-decompose', '任务分解文件'], ['ft-process', '过程文件'], ['ft-final', '最终成果文件']];

/** Menus and their grants, authorities, file types, login throttling, avatars and CAS tickets. */
export class IdentityAndAccess1763798400000 implements MigrationInterface {
  name = 'IdentityAndAccess1763798400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE menu (
        key varchar(80) PRIMARY KEY,
        name varchar(60) NOT NULL,
        path varchar(200) NOT NULL,
        component varchar(60),
        parent_key varchar(80) REFERENCES menu(key) ON DELETE CASCADE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE role_menu (
        role_id varchar(64) NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        menu_key varchar(80) NOT NULL REFERENCES menu(key) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_key)
      )`);
    // Write or read on one resource (a target-standard library, a report …), granted to a role group or a user.
    await q.query(`
      CREATE TABLE authority (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        resource_type varchar(40) NOT NULL,
        resource_id varchar(64) NOT NULL,
        subject_type varchar(10) NOT NULL CHECK (subject_type IN ('role', 'user')),
        subject_id varchar(64) NOT NULL,
        authority_type varchar(5) NOT NULL CHECK (authority_type IN ('write', 'read')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (resource_type, resource_id, subject_type, subject_id)
      )`);
    await q.query(`CREATE INDEX authority_subject_idx ON authority(subject_type, subject_id)`);
    await q.query(`
      CREATE TABLE file_type (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        mc varchar(60) NOT NULL UNIQUE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    // Failed logins per account and per address; a key is locked for a while after too many.
    await q.query(`
      CREATE TABLE login_failure (
        key varchar(200) PRIMARY KEY,
        failures int NOT NULL DEFAULT 0,
        window_start timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz
      )`);
    await q.query(`
      CREATE TABLE user_avatar (
        user_id varchar(64) PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        mime varchar(40) NOT NULL,
        data bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The service ticket that opened a session: refuses a replay and lets CAS single logout find the session.
    await q.query(`
      CREATE TABLE cas_ticket (
        ticket varchar(256) PRIMARY KEY,
        session_id varchar(128),
        user_id varchar(64) REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX cas_ticket_created_idx ON cas_ticket(created_at)`);

    for (const [i, [key, name, path, component, parent]] of MENUS.entries()) {
      await q.query(`INSERT INTO menu (key, name, path, component, parent_key, sort_order) VALUES ($1, $2, $3, $4, $5, $6)`, [key, name, path, component, parent, i]);
    }
    for (const [i, [id, code, name]] of ROLES.entries()) {
      await q.query(`INSERT INTO role (id, code, name, sort_order) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [id, code, name, i]);
    }
    await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT 'r-admin', key FROM menu`);
    for (const [role, keys] of Object.entries(GRANTS)) {
      await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [role, keys]);
    }
    for (const [i, [id, mc]] of FILE_TYPES.entries()) {
      await q.query(`INSERT INTO file_type (id, mc, sort_order) VALUES ($1, $2, $3)`, [id, mc, i]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['cas_ticket', 'user_avatar', 'login_failure', 'file_type', 'authority', 'role_menu', 'menu']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
