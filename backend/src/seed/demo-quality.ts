import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { calRuleOf, gradePoint, scoreOf } from '../shared/kernel/grade.js';
import { diagnosticStandard } from '../shared/kernel/diagnostic-standard.js';
import type { ValueType } from '../shared/kernel/value-types.js';
import { LEVEL_TREES, SCHOOL_TREE, type Tree } from './demo-quality-data.js';

export type Level = 'school' | 'major' | 'course' | 'teacher' | 'student';

/** One diagnosed object a level: who owns its task, who audits it, its department. */
const OBJECTS: Record<Level, { type: string; code: string; name: string; owner: string; auditor: string; department: string }> = {
  school: { type: 'school', code: 'school-demo', name: '诊改示范职业技术学院', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' },
  major: { type: 'major', code: 'major-510203', name: '软件技术', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' },
  course: { type: 'course', code: 'course-java', name: 'Java程序设计', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' },
  teacher: { type: 'teacher', code: 'teacher-u-owner', name: '陈静', owner: 'u-owner', auditor: 'u-depthead', department: 'd-xxgc' },
  student: { type: 'student', code: 'class-2024-rj1', name: '2024级软件技术1班', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' },
};
const LEVEL_NAMES: Record<Level, string> = { school: '学校层面目标标准', major: LEVEL_TREES.major.name, course: LEVEL_TREES.course.name, teacher: LEVEL_TREES.teacher.name, student: LEVEL_TREES.student.name };
const CODE_PREFIX: Record<Level, string> = { school: 'XX', major: 'ZY', course: 'KC', teacher: 'JS', student: 'XS' };
const CYCLES = ['2025', '2026'] as const;
const SOURCES = [['report', 'table'], ['report', 'line'], ['algorithm', 'histogram'], ['report', 'pie']] as const;

/** A number from 0 to 1 that is always the same for the same words (demo values must not change between starts). */
export function unit(...words: string[]): number {
  return createHash('sha256').update(words.join('|')).digest().readUInt32BE(0) / 0xffffffff;
}

/**
 * A result near the target: most meet it, some fall a little short, a few clearly miss. It stays within its meaning:
 * a rate (percent) within 0–100 %, a count (integer) whole and not negative.
 */
export function demoResult(zlx: string, target: string, direction: 'higher' | 'lower', seed: string): string {
  const u = unit(seed);
  if (zlx === 'have' || zlx === 'whether') return u < 0.8 ? target : String(1 - Number(target));
  const t = Number(target);
  const factor = u < 0.6 ? 1 + u * 0.15 : u < 0.85 ? 0.88 + (u - 0.6) * 0.4 : 0.7 + (u - 0.85);
  const value = Math.max(0, direction === 'lower' ? t * (2 - factor) : t * factor);
  if (zlx === 'integer') return String(Math.round(value));
  return String(Math.round((zlx === 'percent' ? Math.min(100, value) : value) * 100) / 100);
}

/**
 * The demo target standards: a library a level and cycle with its indicator tree, points and data sources;
 * one object a level with a task in each cycle (2025 audited, 2026 in progress). Idempotent: skipped when present.
 */
export async function seedDemoQuality(db: DataSource): Promise<void> {
  const exists: unknown[] = await db.query(`SELECT 1 FROM target_library WHERE id = 'lib-school-2026'`);
  if (exists.length > 0) {
    // A demo loaded before the directions were added gets them too.
    const directions: unknown[] = await db.query(`SELECT 1 FROM target_library WHERE id = $1`, [DIRECTION_LIBRARY]);
    if (directions.length === 0) await db.transaction((m) => seedDirections(m));
    return;
  }
  let points = 0;
  await db.transaction(async (m) => {
    for (const level of Object.keys(OBJECTS) as Level[]) {
      const tree = level === 'school' ? SCHOOL_TREE : LEVEL_TREES[level].tree;
      for (const cycle of CYCLES) points += await seedLibrary(m, level, tree, cycle);
    }
    await seedDirections(m);
  });
  new Logger('Seed').log(`demo target standards ready: ${points} quality points in ${Object.keys(OBJECTS).length * CYCLES.length} libraries and a child library`);
}

/** A point of a demo library as its tasks' rows read it. */
export interface DemoPoint {
  id: string;
  code: string;
  name: string;
  zlx: ValueType;
  bzz: string;
  mbz: string;
  direction: 'higher' | 'lower';
  calRule: { direction: 'higher' | 'lower'; b: number; c: number };
  cjfs: string;
}

/**
 * A demo library with its indicator tree, points and data sources, readable by leaders, experts and auditors.
 * `reportedOnly`: every point typed in by its owner, none sampled (the semester libraries of the launched diagnoses).
 */
export async function seedLibraryTree(
  m: EntityManager, level: Level, tree: Tree,
  lib: { id: string; name: string; cycleTypeId: string; cycleValue: string; createdAt: Date; reportedOnly?: boolean },
): Promise<DemoPoint[]> {
  await m.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id, created_at)
     VALUES ($1, $2, $3, $4, $5, 'dim-zlsc', 3, 'u-publisher', $6)`,
    [lib.id, lib.name, lib.cycleTypeId, lib.cycleValue, level, lib.createdAt],
  );
  // Leaders and experts read every library; the department auditor reads the level's libraries too.
  await m.query(
    `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type)
     VALUES ('target-library', $1, 'role', 'r-leader', 'read'), ('target-library', $1, 'role', 'r-expert', 'read'), ('target-library', $1, 'role', 'r-auditor', 'read')`,
    [lib.id],
  );
  const points: DemoPoint[] = [];
  let i = 0;
  for (const [l1, children] of Object.entries(tree)) {
    const id1 = `${lib.id}-i${++i}`;
    await m.query(`INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order) VALUES ($1, $2, NULL, $3, 1, $4)`, [id1, lib.id, l1, i]);
    for (const [l2, leaves] of Object.entries(children)) {
      const id2 = `${lib.id}-i${++i}`;
      await m.query(`INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order) VALUES ($1, $2, $3, $4, 2, $5)`, [id2, lib.id, id1, l2, i]);
      for (const [l3, defs] of Object.entries(leaves)) {
        const id3 = `${lib.id}-i${++i}`;
        await m.query(`INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order) VALUES ($1, $2, $3, $4, 3, $5)`, [id3, lib.id, id2, l3, i]);
        for (const [name, zlx, bzz, mbz, nh, direction = 'higher'] of defs) {
          const n = points.length + 1;
          const code = `${CODE_PREFIX[level]}-${String(n).padStart(3, '0')}`;
          const pointId = `${lib.id}-p${n}`;
          const calRule = { direction: direction as 'higher' | 'lower', b: 0.9, c: 0.8 };
          await m.query(
            `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsjzxz, cal_rule, sampling_period, sort_order)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
            [pointId, lib.id, id3, code, name, nh, diagnosticStandard(zlx, bzz, mbz, direction), bzz, mbz, zlx, n % 5 === 0 ? 1 : 0, calRule,
              !lib.reportedOnly && n % 3 === 0 ? 'month' : 'none', n],
          );
          const [cjfs, xsfs] = lib.reportedOnly ? SOURCES[0] : SOURCES[n % SOURCES.length]!;
          await m.query(`INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs) VALUES ($1, $2, $3, $4, $5)`, [pointId, zlx, cjfs === 'algorithm' ? `算法：${name}` : null, cjfs, xsfs]);
          points.push({ id: pointId, code, name, zlx, bzz, mbz, direction: calRule.direction, calRule, cjfs });
        }
      }
    }
  }
  return points;
}

async function seedLibrary(m: EntityManager, level: Level, tree: Tree, cycle: string): Promise<number> {
  const lib = `lib-${level}-${cycle}`;
  const points = await seedLibraryTree(m, level, tree, { id: lib, name: `${cycle}年${LEVEL_NAMES[level]}`, cycleTypeId: 'c-year', cycleValue: cycle, createdAt: new Date(`${cycle}-01-15T08:00:00+08:00`) });
  const object = OBJECTS[level];
  const task = `task-${level}-${cycle}`;
  const passed = cycle === '2025';
  await m.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [task, lib, `${object.name}${cycle}年度质量诊断`, object.type, object.code, object.name, cycle, object.department, object.owner, object.auditor, passed ? 'passed' : 'draft',
      `${cycle}-01-01`, `${cycle}-12-31`],
  );
  const grades: Array<string | null> = [];
  for (const { id: pointId, code, name, zlx, bzz, mbz, direction, calRule, cjfs } of points) {
    // Every point of a task has its result: typed for reported points; an open task's collected points take their
    // latest sample (demo-monitoring.ts), as sampling makes them.
    if (!passed && cjfs !== 'report') continue;
    const jgz = demoResult(zlx, mbz, direction, `${code}|${cycle}`);
    const { jgdj, unfin, dis } = gradePoint(zlx, mbz, bzz, jgz, calRuleOf(calRule));
    grades.push(jgdj);
    const misses = unfin;
    await m.query(
      `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj, yyfx, gjcs, unfin, dis, updated_by, jgz_source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [task, pointId, jgz, jgdj, passed && misses ? `${name}未达到目标值，主要原因是相关工作推进滞后、资源投入不足。` : null,
        passed && misses ? `明确责任部门和完成时限，按月跟踪${name}，必要时调整资源配置。` : null, unfin, dis, object.owner, cjfs === 'report' ? 'typed' : 'sampled'],
    );
  }
  // A graded task carries its score, as calresult leaves it (the audited 2025 cards showed 得分 未知).
  await m.query(`UPDATE obj_task SET score = $2 WHERE id = $1`, [task, scoreOf(grades)]);
  if (passed) {
    await m.query(
      `INSERT INTO audit_dynamic (obj_task_id, action, from_state, to_state, comment, user_id, user_name, created_at) VALUES
       ($1, 'submit', 'draft', 'submitted', NULL, $2::varchar, (SELECT name FROM app_user WHERE id = $2::varchar), '2025-12-20T10:00:00+08:00'),
       ($1, 'pass', 'submitted', 'passed', '诊断充分，改进措施可行。', $3::varchar, (SELECT name FROM app_user WHERE id = $3::varchar), '2025-12-25T15:30:00+08:00')`,
      [task, object.owner, object.auditor],
    );
  }
  return points.length;
}

/** The two directions of 软件技术 whose 2026 tasks sit under the major's task (上下级对象). */
const DIRECTIONS = [
  { task: 'task-major-2026-ydkf', code: 'major-510203-ydkf', name: '软件技术（移动应用开发方向）', owner: 'u-owner' },
  { task: 'task-major-2026-yjs', code: 'major-510203-yjs', name: '软件技术（云计算应用方向）', owner: 'u-depthead' },
] as const;
const DIRECTION_LIBRARY = 'lib-major-2026-fx';

/**
 * A child library of the 2026 major library for the directions of 软件技术, with the parent's indicators and points
 * (origin_id links them, as a sync leaves them) and a draft task a direction with its reported results filled: the major's
 * task can push its targets down to them and roll their results up.
 */
async function seedDirections(m: EntityManager): Promise<void> {
  const parent = 'lib-major-2026';
  const present: unknown[] = await m.query(`SELECT 1 FROM target_library WHERE id = $1 AND deleted_at IS NULL`, [parent]);
  if (present.length === 0) return; // someone removed the demo's major library: nothing to add the directions to
  // Child ids are the parent's with the child library's prefix, so the tree's links map without a lookup.
  const childId = (column: string) => `$2 || substr(${column}, length($1) + 1)`;
  await m.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, parent_id, creator_id, created_at)
     SELECT $2, '2026年软件技术专业方向目标标准', cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, id, creator_id, created_at + interval '30 days'
     FROM target_library WHERE id = $1`,
    [parent, DIRECTION_LIBRARY],
  );
  await m.query(
    `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type)
     SELECT resource_type, $2, subject_type, subject_id, authority_type FROM authority WHERE resource_type = 'target-library' AND resource_id = $1
     ON CONFLICT DO NOTHING`,
    [parent, DIRECTION_LIBRARY],
  );
  await m.query(
    `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order, origin_id)
     SELECT ${childId('id')}, $2, CASE WHEN parent_id IS NULL THEN NULL ELSE ${childId('parent_id')} END, name, level, sort_order, id
     FROM indicator WHERE library_id = $1 ORDER BY level`,
    [parent, DIRECTION_LIBRARY],
  );
  await m.query(
    `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, warning_rule, sort_order, origin_id)
     SELECT ${childId('id')}, $2, ${childId('indicator_id')}, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, warning_rule, sort_order, id
     FROM quality_point WHERE library_id = $1`,
    [parent, DIRECTION_LIBRARY],
  );
  await m.query(
    `INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs, config, sort_order)
     SELECT ${childId('d.point_id')}, d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order
     FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1`,
    [parent, DIRECTION_LIBRARY],
  );
  // Reported points only: the collected ones take their latest sample (demo-monitoring.ts).
  const points: Array<{ id: string; code: string; zlx: ValueType; bzz: string; mbz: string; calRule: unknown }> = await m.query(
    `SELECT id, code, zlx, bzz, mbz, cal_rule AS "calRule" FROM quality_point p WHERE library_id = $1
       AND NOT EXISTS (SELECT 1 FROM point_datasource d WHERE d.point_id = p.id AND d.cjfs <> 'report') ORDER BY sort_order`,
    [DIRECTION_LIBRARY],
  );
  for (const direction of DIRECTIONS) {
    await m.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state, start_date, end_date)
       VALUES ($1, $2, $3, 'major', $4, $5, '2026', 'd-xxgc', $6, 'u-auditor', 'draft', '2026-01-01', '2026-12-31')`,
      [direction.task, DIRECTION_LIBRARY, `${direction.name}2026年度质量诊断`, direction.code, direction.name, direction.owner],
    );
    const grades: Array<string | null> = [];
    for (const p of points) {
      const rule = calRuleOf(p.calRule);
      const jgz = demoResult(p.zlx, p.mbz, rule.direction, `${p.code}|${direction.code}`);
      const { jgdj, unfin, dis } = gradePoint(p.zlx, p.mbz, p.bzz, jgz, rule);
      grades.push(jgdj);
      await m.query(
        `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj, unfin, dis, updated_by, jgz_source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'typed')`,
        [direction.task, p.id, jgz, jgdj, unfin, dis, direction.owner],
      );
    }
    await m.query(`UPDATE obj_task SET score = $2 WHERE id = $1`, [direction.task, scoreOf(grades)]);
  }
}
