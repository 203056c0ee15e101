import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { taskScoreSql } from '../infrastructure/database/task-score.sql.js';
import { inTransaction, PgUnitOfWork } from '../infrastructure/database/pg-unit-of-work.js';
import type { LaunchLevel, OwnerRule } from '../modules/diagnosis/domain/launch-rules.js';
import { taskSuffixOf } from '../modules/diagnosis/domain/launch-rules.js';
import { LaunchPgRepository } from '../modules/diagnosis/infrastructure/launch.pg-repository.js';
import { LAUNCH_BATCH } from '../modules/diagnosis/application/launch.service.js';
import { calRuleOf, gradePoint } from '../shared/kernel/grade.js';
import type { ValueType } from '../shared/kernel/value-types.js';
import { demoResult, seedLibraryTree } from './demo-quality.js';
import { LEVEL_TREES } from './demo-quality-data.js';

/**
 * The demo school's diagnoses (issue 32): every major, course, teacher and student (demo-objects.ts) diagnosed in
 * 2025, that cycle closed, and in 2026, launched and in progress in every audit state. 年度 for majors and teachers
 * (demo-quality.ts's 2025 and 2026 libraries of those levels, but a library of the 2026 majors' own: MAJORS_2026),
 * 学期 for courses and students (two semester libraries a level: 2025-2026-1, begun in 2025, and 2025-2026-2, begun
 * in 2026). Tasks are made by the launch's own repository
 * (diagnosis module, the launch job's INSERT … SELECT), so they are what a publisher's launch makes; an object whose
 * task exists in the library (the first demo's 软件技术 and 陈静) keeps it. Then each task is given a state and
 * results: the 2025 ones all passed, the 2026 ones spread over 未提交 / 待审核 / 已通过 / 已退回, some past their end
 * and urged. Idempotent: a launch that exists is left as it is.
 */

interface DemoLaunch {
  id: string;
  level: LaunchLevel;
  cycleTypeId: 'c-year' | 'c-term';
  cycleValue: string;
  libraryId: string;
  ownerRule: OwnerRule;
  startDate: string;
  endDate: string;
  /** when it was launched, and (2025) closed */
  createdAt: string;
  closedAt: string | null;
  /** around when its owners submitted (yyyy-MM-dd): the audit steps are dated from here */
  submittedAround: string;
  /** objects left out (scope picked: the level's other live objects) */
  except?: string[];
}

/**
 * The 2026 majors have a library of their own: lib-major-2026 is 软件技术's, with the child library of its two
 * directions, whose tasks name no object and so relate to every task of the parent library (diagnosis README, the
 * up and down lists); 软件技术 keeps its task there and is left out of this launch. Java程序设计 is left out of the
 * semester launches: its first-demo tasks are 年度 (lib-course-2025, 2026), and a 2025-2026-2 task would become its
 * 2026 task's last cycle (上期结果 reads the latest earlier cycle value of the same object).
 */
const MAJORS_2026 = { id: 'lib-major-2026-zd', name: '2026年度专业诊断目标标准' };

const annual = (level: 'major' | 'teacher', year: '2025' | '2026'): DemoLaunch => ({
  id: `launch-${level}-${year}`, level, cycleTypeId: 'c-year', cycleValue: year,
  libraryId: level === 'major' && year === '2026' ? MAJORS_2026.id : `lib-${level}-${year}`,
  except: level === 'major' && year === '2026' ? ['obj-major-510203'] : undefined,
  ownerRule: level === 'teacher' ? 'self' : 'responsible', startDate: `${year}-03-02`, endDate: `${year}-12-31`,
  createdAt: `${year}-03-02T09:00:00+08:00`, closedAt: year === '2025' ? '2026-01-20T16:00:00+08:00' : null,
  submittedAround: year === '2025' ? '2025-12-10' : '2026-11-02',
});
const semester = (level: 'course' | 'student', term: '2025-2026-1' | '2025-2026-2'): DemoLaunch => {
  const first = term === '2025-2026-1';
  return {
    id: `launch-${level}-${term}`, level, cycleTypeId: 'c-term', cycleValue: term, libraryId: `lib-${level}-${term}`,
    ownerRule: level === 'student' ? 'self' : 'responsible', except: level === 'course' ? ['obj-course-java'] : undefined,
    startDate: first ? '2025-09-01' : '2026-02-23', endDate: first ? '2026-01-16' : '2026-07-10',
    createdAt: first ? '2025-09-08T09:00:00+08:00' : '2026-02-24T09:00:00+08:00', closedAt: first ? '2026-02-27T16:00:00+08:00' : null,
    submittedAround: first ? '2026-01-05' : '2026-06-29',
  };
};

/** The 2025 cycles first: they are closed before the 2026 ones are launched, as a school would. */
export const DEMO_LAUNCHES: DemoLaunch[] = [
  annual('major', '2025'), annual('teacher', '2025'), semester('course', '2025-2026-1'), semester('student', '2025-2026-1'),
  annual('major', '2026'), annual('teacher', '2026'), semester('course', '2025-2026-2'), semester('student', '2025-2026-2'),
];

/** The libraries made here: the semester ones and the 2026 majors' (the others are demo-quality.ts's). */
const LIBRARIES = [
  ...(['course', 'student'] as const).flatMap((level) => (['2025-2026-1', '2025-2026-2'] as const).map((term) => ({
    level, id: `lib-${level}-${term}`, name: `${term}学期${LEVEL_TREES[level].name}`, cycleTypeId: 'c-term', cycleValue: term,
    createdAt: new Date(term === '2025-2026-1' ? '2025-08-25T08:00:00+08:00' : '2026-02-16T08:00:00+08:00'),
  }))),
  { level: 'major' as const, ...MAJORS_2026, cycleTypeId: 'c-year', cycleValue: '2026', createdAt: new Date('2026-02-20T08:00:00+08:00') },
];

/** Results a point may take (the same for the same point and variant); a task row takes one by its place. */
const VARIANTS = 10;

/**
 * A task's place (its launch's tasks in object code order) spreads the 2026 states: 0–7 of 20 未提交 (0–3 nothing
 * entered, 4–7 half the points), 8–11 待审核, 12–17 已通过, 18–19 已退回. Every 2025 task passed.
 */
const RANKED = `ranked AS (
  SELECT t.id, (row_number() OVER (ORDER BY t.object_code, t.id) * 7) % 20 AS b
  FROM obj_task t WHERE t.launch_id = $1)`;
const STATE_OF = (closed: boolean) => (closed
  ? `'passed'`
  : `CASE WHEN k.b < 8 THEN 'draft' WHEN k.b < 12 THEN 'submitted' WHEN k.b < 18 THEN 'passed' ELSE 'refused' END`);

export async function seedDemoLaunches(db: DataSource): Promise<void> {
  const [{ objects, done }] = (await db.query(
    `SELECT (SELECT count(*)::int FROM diagnosis_object) AS objects,
            (SELECT count(*)::int FROM diagnosis_launch WHERE id = ANY($1) AND state <> 'launching') AS done`,
    [DEMO_LAUNCHES.map((l) => l.id)],
  )) as [{ objects: number; done: number }];
  if (objects === 0 || done === DEMO_LAUNCHES.length) return;
  const started = Date.now();
  await inTransaction(db, async (m) => {
    for (const lib of LIBRARIES) {
      const present: unknown[] = await m.query(`SELECT 1 FROM target_library WHERE id = $1`, [lib.id]);
      if (present.length === 0) await seedLibraryTree(m, lib.level, LEVEL_TREES[lib.level].tree, { ...lib, reportedOnly: true });
    }
  });
  const repo = new LaunchPgRepository(db);
  let tasks = 0;
  for (const spec of DEMO_LAUNCHES) tasks += await launch(db, repo, spec);
  new Logger('Seed').log(`demo diagnoses ready: ${DEMO_LAUNCHES.length} launches (2025 closed, 2026 in progress), ${tasks} tasks in ${Date.now() - started} ms`);
}

/** One launch as the launch job makes it (its repository's batches), then its tasks' states and results; answers tasks made. */
async function launch(db: DataSource, repo: LaunchPgRepository, spec: DemoLaunch): Promise<number> {
  let found = await repo.find(spec.id);
  if (found && found.state !== 'launching') return 0;
  if (!found) {
    const picked = spec.except
      ? ((await db.query(`SELECT id FROM diagnosis_object WHERE level = $1 AND retired_at IS NULL AND id <> ALL($2) ORDER BY id`, [spec.level, spec.except])) as Array<{ id: string }>).map((o) => o.id)
      : [];
    await repo.insert({
      id: spec.id, level: spec.level, cycleTypeId: spec.cycleTypeId, cycleValue: spec.cycleValue, libraryId: spec.libraryId,
      scope: spec.except ? 'picked' : 'all', scopeIds: picked,
      ownerRule: spec.ownerRule, ownerId: null, auditorRule: 'departmentHead', auditorId: null, startDate: spec.startDate, endDate: spec.endDate, creatorId: 'u-publisher',
    });
    found = (await repo.find(spec.id))!;
  }
  // The job's work (LaunchService.run without its progress reports): the objects without a task, a batch a transaction.
  const { objects } = await repo.scopeCount(found);
  const suffix = taskSuffixOf(found.level, found.cycleValue);
  let created = 0;
  for (let after: string | null = null; ;) {
    const batch = await repo.nextObjects(found, after, LAUNCH_BATCH);
    if (batch.length === 0) break;
    // the demo's launches leave no messages (their tasks are dressed in states at once)
    created += await new PgUnitOfWork(db).run((tx) => repo.createTasks(tx, found, batch, suffix, null));
    after = batch[batch.length - 1]!;
  }
  await inTransaction(db, (m) => dress(m, spec));
  await repo.finish(spec.id, { objectCount: objects, createdCount: created });
  if (spec.closedAt) {
    await repo.close(spec.id, 'u-publisher');
    await db.query(`UPDATE diagnosis_launch SET closed_at = $2, updated_at = $2 WHERE id = $1`, [spec.id, spec.closedAt]);
  }
  return created;
}

interface PointRow { id: string; code: string; name: string; zlx: ValueType; bzz: string; mbz: string; calRule: unknown; cjfs: string }

/** The launch's tasks in their demo states, with their results, scores, audit steps and 催办. Idempotent. */
async function dress(m: EntityManager, spec: DemoLaunch): Promise<void> {
  const closed = spec.closedAt !== null;
  await m.query(`UPDATE diagnosis_launch SET created_at = $2 WHERE id = $1`, [spec.id, spec.createdAt]);
  // Each point's results, VARIANTS of them, graded as a save grades them (no revised targets: no parent library).
  const points = (await m.query(
    `SELECT p.id, p.code, p.zkdmc AS name, p.zlx, p.bzz, p.mbz, p.cal_rule AS "calRule",
            coalesce((SELECT d.cjfs FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order, d.id LIMIT 1), 'report') AS cjfs
     FROM quality_point p WHERE p.library_id = $1 ORDER BY p.sort_order, p.code`,
    [spec.libraryId],
  )) as PointRow[];
  const v = { point: [] as string[], k: [] as number[], jgz: [] as string[], jgdj: [] as Array<string | null>, unfin: [] as boolean[], dis: [] as boolean[],
    yyfx: [] as Array<string | null>, gjcs: [] as Array<string | null>, source: [] as string[], odd: [] as boolean[] };
  for (const [i, p] of points.entries()) {
    const rule = calRuleOf(p.calRule);
    for (let k = 0; k < VARIANTS; k += 1) {
      const jgz = demoResult(p.zlx, p.mbz, rule.direction, `${p.code}|${spec.cycleValue}|${k}`);
      const { jgdj, unfin, dis } = gradePoint(p.zlx, p.mbz, p.bzz, jgz, rule);
      const misses = unfin;
      v.point.push(p.id); v.k.push(k); v.jgz.push(jgz); v.jgdj.push(jgdj); v.unfin.push(unfin); v.dis.push(dis);
      v.yyfx.push(misses ? `${p.name}未达到目标值，主要原因是相关工作推进滞后、资源投入不足。` : null);
      v.gjcs.push(misses ? `明确责任人和完成时限，按月跟踪${p.name}，必要时调整资源配置。` : null);
      v.source.push(p.cjfs === 'report' ? 'typed' : 'sampled');
      v.odd.push(i % 2 === 0);
    }
  }
  // Submitted, passed and refused tasks have every result and the analyses of what fell short; half the drafts have
  // begun (every other point, no analyses yet). updated_by is left empty: nothing reads it, and setting it checks its
  // foreign key once a row (a quarter of the seed's time here).
  await m.query(
    `WITH ${RANKED}, v AS (
       SELECT * FROM unnest($2::varchar[], $3::int[], $4::varchar[], $5::varchar[], $6::boolean[], $7::boolean[], $8::varchar[], $9::varchar[], $10::varchar[], $11::boolean[])
         AS v(point_id, k, jgz, jgdj, unfin, dis, yyfx, gjcs, source, odd))
     UPDATE quality_result r
     SET jgz = v.jgz, jgdj = v.jgdj, unfin = v.unfin, dis = v.dis, jgz_source = v.source, updated_at = $12::timestamptz,
         yyfx = CASE WHEN ${STATE_OF(closed)} <> 'draft' THEN v.yyfx END, gjcs = CASE WHEN ${STATE_OF(closed)} <> 'draft' THEN v.gjcs END
     FROM obj_task t JOIN ranked k ON k.id = t.id, v
     WHERE r.obj_task_id = t.id AND v.point_id = r.point_id AND v.k = abs(hashtext(t.object_code)) % ${VARIANTS}
       AND r.jgz IS NULL AND (${STATE_OF(closed)} <> 'draft' OR (k.b BETWEEN 4 AND 7 AND v.odd))`,
    [spec.id, v.point, v.k, v.jgz, v.jgdj, v.unfin, v.dis, v.yyfx, v.gjcs, v.source, v.odd, `${spec.submittedAround}T09:00:00+08:00`],
  );
  // State and score in one write (every write rewrites the row and its indexes).
  await m.query(
    `WITH ${RANKED} UPDATE obj_task t SET audit_state = ${STATE_OF(closed)}, score = ${taskScoreSql('t.id')}, created_at = $2, updated_at = $2
     FROM ranked k WHERE k.id = t.id`,
    [spec.id, spec.createdAt],
  );

  // The audit steps: submitted by the owner around the date, passed or refused by the auditor (the college's head) a
  // few days later; 信息工程学院 has no head, so its tasks have no auditor and 王明, who wrote the libraries, audits them.
  const at = (days: string) => `$2::timestamptz + (k.b || ' days')::interval + ${days}`;
  await m.query(
    `WITH ${RANKED}, steps AS (
       SELECT t.id, 'submit' AS action, 'draft' AS from_state, 'submitted' AS to_state, NULL AS comment, t.owner_id AS user_id, ${at(`interval '0 days'`)} AS at
       FROM obj_task t JOIN ranked k ON k.id = t.id WHERE t.audit_state <> 'draft'
       UNION ALL
       SELECT t.id, CASE t.audit_state WHEN 'passed' THEN 'pass' ELSE 'refuse' END, 'submitted', t.audit_state,
              CASE t.audit_state WHEN 'passed' THEN '诊断充分，改进措施可行。' ELSE '原因分析不够具体，请结合本期数据补充后重新提交。' END,
              coalesce(t.auditor_id, 'u-publisher'), ${at(`interval '3 days 6 hours'`)}
       FROM obj_task t JOIN ranked k ON k.id = t.id WHERE t.audit_state IN ('passed', 'refused'))
     INSERT INTO audit_dynamic (obj_task_id, action, from_state, to_state, comment, user_id, user_name, created_at)
     SELECT s.id, s.action, s.from_state, s.to_state, s.comment, s.user_id, coalesce(u.name, '系统管理员'), s.at
     FROM steps s LEFT JOIN app_user u ON u.id = s.user_id
     WHERE NOT EXISTS (SELECT 1 FROM audit_dynamic a WHERE a.obj_task_id = s.id)
     ORDER BY s.id, s.at`,
    [spec.id, `${spec.submittedAround}T10:00:00+08:00`],
  );
  // 催办: the publisher urged a third of the late owners a week after the end.
  if (!closed) {
    await m.query(
      `WITH ${RANKED}
       INSERT INTO diagnosis_urge (obj_task_id, urged_by, urged_by_name, created_at)
       SELECT t.id, 'u-publisher', '王明', t.end_date + interval '7 days 9 hours'
       FROM obj_task t JOIN ranked k ON k.id = t.id
       WHERE t.audit_state IN ('draft', 'refused') AND t.end_date + 7 < current_date AND k.b % 3 = 0
         AND NOT EXISTS (SELECT 1 FROM diagnosis_urge du WHERE du.obj_task_id = t.id)`,
      [spec.id],
    );
  }
}
