import { Logger, type INestApplicationContext } from '@nestjs/common';
import argon2 from 'argon2';
import type { DataSource } from 'typeorm';
import { TaskWarningService } from '../modules/target-tasks/application/task-warning.service.js';
import { seedDemoCollection } from './demo-collection.js';
import { seedDemoMonitoring } from './demo-monitoring.js';
import { seedDemoLaunches } from './demo-launches.js';
import { seedDemoObjects } from './demo-objects.js';
import { seedDemoPortrayals } from './demo-portrayals.js';
import { seedDemoQuality } from './demo-quality.js';
import { seedDemoReports } from './demo-reports.js';
import { seedDemoSchools } from './demo-schools.js';
import { seedDemoYearTargets } from './demo-year-targets.js';

/**
 * The demo school: departments, one user for every named role, cycles, dimensions and the system setting.
 * Idempotent: rows that exist are left as they are, so a restart never overwrites what people changed.
 */
export const DEMO_SCHOOL = { id: 'school-demo', name: '诊改示范职业技术学院', code: '99001', province: '江苏', nature: '公办', level: '高职（专科）' };

export const DEMO_PASSWORD = 'Demo2026';

/** account, name, role code, department, sex. The admin's password is Admin2026; the others use DEMO_PASSWORD. */
export const DEMO_USERS = [
  { id: 'u-admin', account: 'admin', name: '系统管理员', role: 'admin', org: 'd-xxzx', sex: 1 },
  { id: 'u-publisher', account: 'fabu', name: '王明', role: 'yearTargetPublisher', org: 'd-zlb', sex: 1 },
  { id: 'u-depthead', account: 'bmfzr', name: '李红', role: 'targetTaskDepartHead', org: 'd-jwc', sex: 2 },
  { id: 'u-auditor', account: 'bmshr', name: '张伟', role: 'targetTaskDepartAuditor', org: 'd-jwc', sex: 1 },
  { id: 'u-owner', account: 'rwfzr', name: '陈静', role: 'targetTaskOwner', org: 'd-xxgc', sex: 2 },
  { id: 'u-leader', account: 'xld', name: '刘建国', role: 'schoolLeader', org: 'd-dzb', sex: 1 },
  { id: 'u-expert', account: 'zj', name: '赵专家', role: 'expert', org: null, sex: 1 },
] as const;


// id, name, parent, short names, head (set once users exist)
const DEPARTMENTS: Array<[string, string, string | null, string, string, string | null]> = [
  ['d-root', DEMO_SCHOOL.name, null, '示范职院', 'DEMO', 'u-leader'],
  ['d-zn', '职能部门', 'd-root', '职能部门', 'ADM', null],
  ['d-dzb', '党政办公室', 'd-zn', '党政办', 'GO', 'u-leader'],
  ['d-zlb', '发展规划与质量管理处', 'd-zn', '质管处', 'QA', 'u-publisher'],
  ['d-jwc', '教务处', 'd-zn', '教务处', 'AA', 'u-depthead'],
  ['d-xgc', '学生工作处', 'd-zn', '学工处', 'SA', null],
  ['d-rsc', '人事处', 'd-zn', '人事处', 'HR', null],
  ['d-xxzx', '信息中心', 'd-zn', '信息中心', 'IT', 'u-admin'],
  ['d-ejxy', '二级学院', 'd-root', '二级学院', 'COL', null],
  ['d-xxgc', '信息工程学院', 'd-ejxy', '信息学院', 'IE', null],
  ['d-jdgc', '机电工程学院', 'd-ejxy', '机电学院', 'ME', null],
  ['d-jjgl', '经济管理学院', 'd-ejxy', '经管学院', 'EM', null],
];

const USER_TYPES = [['t-staff', '教职工'], ['t-teacher', '专任教师'], ['t-leader', '校领导'], ['t-expert', '校外专家']];

// 五纵: the five vertical systems of a school's internal quality assurance.
const DIMENSIONS = [['dim-jczh', '决策指挥', '决策指挥系统'], ['dim-zlsc', '质量生成', '质量生成系统'], ['dim-zyjs', '资源建设', '资源建设系统'], ['dim-zcfw', '支持服务', '支持服务系统'], ['dim-jdkz', '监督控制', '监督控制系统']];

const CYCLES: Array<{ id: string; name: string; values: Array<[string, string, boolean]> }> = [
  { id: 'c-year', name: '年度', values: [['cv-2023', '2023', false], ['cv-2024', '2024', false], ['cv-2025', '2025', false], ['cv-2026', '2026', true]] },
  { id: 'c-term', name: '学期', values: [['cv-2025-1', '2025-2026-1', false], ['cv-2025-2', '2025-2026-2', true]] },
  { id: 'c-plan', name: '规划周期', values: [['cv-145', '2021-2025', false], ['cv-155', '2026-2030', true]] },
];

/** Advisory-lock key of the demo seed (any constant; 'zgdemo' in hex). */
const SEED_LOCK = 0x7a6764656d6f;

/**
 * Loads the demo school, idempotently. Processes that start together on one database (the API and a worker, or
 * two test apps) take turns through an advisory lock, so none sees another's half-created rows or tables.
 */
export async function seedDemoData(dataSource: DataSource, app?: Pick<INestApplicationContext, 'get'>): Promise<void> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    await seedDemoDataLocked(dataSource);
    // Data collection and quality reports go through the app's own services, so they need the app (absent: skipped).
    // Collection first: it makes sjzx.graduate_employment, which the monitoring's SQL source XX-002 reads.
    if (app) await seedDemoCollection(dataSource, app);
    if (app) await seedDemoReports(dataSource, app);
    // The demo school is ready when its warnings are (issue 31 item 18): the task warning scan runs here, before the
    // API listens, not only on its schedule (a minute after start, then hourly), so the home page's warningCount is
    // right from the first request. Set-based and idempotent: on a later start it opens only what is new.
    if (app) await app.get(TaskWarningService).scan();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

async function seedDemoDataLocked(dataSource: DataSource): Promise<void> {
  const logger = new Logger('Seed');
  await dataSource.transaction(async (m) => {
    await m.query(
      `INSERT INTO school_profile (id, school_name, school_code, province, nature, level) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [DEMO_SCHOOL.id, DEMO_SCHOOL.name, DEMO_SCHOOL.code, DEMO_SCHOOL.province, DEMO_SCHOOL.nature, DEMO_SCHOOL.level],
    );
    await m.query(
      `INSERT INTO system_setting (app_id, system_name_source) VALUES ('001', $1) ON CONFLICT (app_id) DO NOTHING`,
      [`<b>${DEMO_SCHOOL.name}</b> 教学质量监测与分析平台`],
    );
    for (const [i, [id, name]] of USER_TYPES.entries()) {
      await m.query(`INSERT INTO user_type (id, name, sort_order) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, name, i]);
    }
    for (const [i, [id, name, parent, zh, en]] of DEPARTMENTS.entries()) {
      await m.query(
        `INSERT INTO department (id, name, parent_id, short_name_chinese, short_name_english, sort_order) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [id, name, parent, zh, en, i],
      );
    }
    const [{ count }] = (await m.query(`SELECT count(*)::int AS count FROM app_user WHERE id = ANY($1)`, [DEMO_USERS.map((u) => u.id)])) as [{ count: number }];
    if (count < DEMO_USERS.length) {
      const demoHash = await argon2.hash(DEMO_PASSWORD);
      const adminHash = await argon2.hash('Admin2026');
      for (const u of DEMO_USERS) {
        const type = u.role === 'expert' ? 't-expert' : u.role === 'schoolLeader' ? 't-leader' : u.role === 'targetTaskOwner' ? 't-teacher' : 't-staff';
        await m.query(
          `INSERT INTO app_user (id, account, name, password_hash, org_id, user_type_id, sex) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [u.id, u.account, u.name, u.account === 'admin' ? adminHash : demoHash, u.org, type, u.sex],
        );
        // The roles themselves come with the migrations (they are the product's, not the demo's).
        await m.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = $2 ON CONFLICT DO NOTHING`, [u.id, u.role]);
      }
    }
    for (const [id, , , , , head] of DEPARTMENTS) {
      if (head) await m.query(`UPDATE department SET charge_user_id = $2 WHERE id = $1 AND charge_user_id IS NULL`, [id, head]);
    }
    for (const [i, [id, name, display]] of DIMENSIONS.entries()) {
      await m.query(`INSERT INTO dimension (id, dimension_name, display_name, sort_order) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [id, name, display, i]);
    }
    for (const [i, cycle] of CYCLES.entries()) {
      await m.query(`INSERT INTO cycle_type (id, lxmc, sort_order) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [cycle.id, cycle.name, i]);
      for (const [j, [id, number, isDefault]] of cycle.values.entries()) {
        await m.query(
          `INSERT INTO cycle_value (id, cycle_type_id, cycle_number, defaults_status, sort_order) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [id, cycle.id, number, isDefault ? 1 : 0, j],
        );
      }
    }
  });
  logger.log(`demo data ready: ${DEMO_SCHOOL.name}, ${DEMO_USERS.length} demo users`);
  await seedDemoQuality(dataSource);
  await seedDemoMonitoring(dataSource);
  await seedDemoYearTargets(dataSource);
  await seedDemoSchools(dataSource);
  await seedDemoPortrayals(dataSource);
  await seedDemoObjects(dataSource);
  await seedDemoLaunches(dataSource);
}
