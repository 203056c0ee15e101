import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { calRuleOf, gradeEntry, gradeOf, scoreOf } from '../shared/kernel/grade.js';
import type { ValueType } from '../shared/kernel/value-types.js';
import { periodKey } from '../modules/warnings/domain/period.js';
import { formatDate } from '../shared/kernel/format.js';
import { evaluate, type WarningRule } from '../shared/kernel/warning-rule.js';
import { demoResult, unit } from './demo-quality.js';

const DAY_MS = 86_400_000;
/** Daily-sampled points keep this many days of samples; monthly ones a year. */
const DAILY_DAYS = 90;
const MONTHS = 12;
/** Warnings older than this were handled; newer ones are still open. */
const HANDLED_AFTER_DAYS = 30;

interface Watched {
  resultId: string;
  pointId: string;
  code: string;
  zkdmc: string;
  zlx: ValueType;
  bzz: string;
  mbz: string;
  calRule: unknown;
  current: string | null;
  ownerId: string;
  ownerName: string;
  /** The point's first data source: report, or read from a source (algorithm, SQL, interface). */
  cjfs: string;
  /** Whether the source has a config the scan collects (the data-centre points below). */
  configured: boolean;
  warningRule: WarningRule | null;
}

/** The rule a demo point gets: below its standard value (above, for lower-is-better points); a few by grade. */
function ruleFor(p: Watched, n: number): WarningRule {
  if (p.zlx === 'have' || p.zlx === 'whether') return { yjlx: 'value', tj: '=', yjz: '0', yjzq: 'month' };
  if (n % 7 === 3) return { yjlx: 'level', tj: '<', yjz: 'C', yjzq: 'month' };
  const lower = calRuleOf(p.calRule).direction === 'lower';
  return { yjlx: 'value', tj: lower ? '>' : '<', yjz: p.bzz, yjzq: n % 5 === 1 ? 'week' : 'month' };
}

/**
 * Monitoring demo data: the 2026 tasks' points are sampled (monthly for a year; a few daily for 90 days, warned
 * weekly), with warnings where samples broke the rules — older ones handled, recent ones open. A reported point's
 * latest sample is its typed result; a collected point's latest sample is its result (jgz_source 'sampled'), and the
 * data-centre points leave this period to the first scan. Idempotent: skipped once any sample exists.
 */
export async function seedDemoMonitoring(db: DataSource, now = new Date()): Promise<void> {
  const exists: unknown[] = await db.query(`SELECT 1 FROM sampling_record LIMIT 1`);
  if (exists.length > 0) return;
  let samples = 0;
  let warnings = 0;
  await db.transaction(async (m) => {
    await seedDataCentreSources(m);
    // Every number, have and whether point of the 2026 tasks gets a row (a collected one's result comes from its samples).
    await m.query(`
      INSERT INTO quality_result (obj_task_id, point_id)
      SELECT t.id, p.id FROM obj_task t JOIN quality_point p ON p.library_id = t.library_id
      WHERE t.cycle_value = '2026' AND p.zlx <> 'text' AND p.bzz IS NOT NULL
      ON CONFLICT DO NOTHING`);
    const watched: Watched[] = await m.query(`
      SELECT r.id AS "resultId", p.id AS "pointId", p.code, p.zkdmc, p.zlx, p.bzz, p.mbz, p.cal_rule AS "calRule",
             coalesce(nullif(btrim(r.xzjgz), ''), r.jgz) AS current, t.owner_id AS "ownerId", u.name AS "ownerName",
             coalesce(d.cjfs, 'report') AS cjfs, d.config IS NOT NULL AS configured, p.warning_rule AS "warningRule"
      FROM quality_result r JOIN obj_task t ON t.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id JOIN app_user u ON u.id = t.owner_id
      LEFT JOIN LATERAL (SELECT d.cjfs, d.config FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order, d.id LIMIT 1) d ON true
      WHERE t.cycle_value = '2026' AND p.zlx <> 'text' AND p.bzz IS NOT NULL AND p.mbz IS NOT NULL
      ORDER BY p.origin_id IS NOT NULL, p.sort_order, p.code, t.id`);
    // Inherited points come last, so that adding a child library leaves the rules of the others as they were; a
    // point watched by two tasks (a child library's) keeps the rule of its first.
    const chosen = new Map<string, { daily: boolean; rule: WarningRule }>();
    for (const [n, p] of watched.entries()) {
      let choice = chosen.get(p.pointId);
      if (!choice && p.configured && p.warningRule) {
        choice = { daily: false, rule: p.warningRule }; // the data-centre points keep their monthly sampling and rule
        chosen.set(p.pointId, choice);
      }
      if (!choice) {
        choice = { daily: n % 9 === 0, rule: ruleFor(p, n) };
        chosen.set(p.pointId, choice);
        await m.query(`UPDATE quality_point SET sampling_period = $2, warning_rule = $3 WHERE id = $1`, [p.pointId, choice.daily ? 'day' : 'month', choice.daily ? { ...choice.rule, yjzq: 'week' } : choice.rule]);
      }
      const { daily, rule } = choice;
      const all = daily
        ? Array.from({ length: DAILY_DAYS }, (_, k) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAILY_DAYS - 1 - k), 8, 30))
        : Array.from({ length: MONTHS }, (_, k) => new Date(now.getFullYear(), now.getMonth() - (MONTHS - 1 - k), 1, 8, 30));
      // A configured source is read by the first scan for this period; the demo holds the periods before.
      const times = p.configured ? all.slice(0, -1) : all;
      const reported = p.cjfs === 'report';
      const values = times.map((_, k) => (k === times.length - 1 && reported && p.current !== null ? p.current : demoResult(p.zlx, p.mbz, calRuleOf(p.calRule).direction, `${p.code}|sample|${k}`)));
      samples += await insertSamples(m, p, times, values, daily ? 'day' : 'month');
      if (!reported) await takeLatestSample(m, p, values[values.length - 1]!);
      const effectiveRule = daily ? { ...rule, yjzq: 'week' as const } : rule;
      warnings += await insertWarnings(m, p, effectiveRule, times, values, now);
    }
    warnings += await insertLastCycleWarnings(m);
    // The 2026 tasks' scores follow the grades the samples gave (calresult keeps a graded task's score).
    const tasks: Array<{ id: string; grades: Array<string | null> }> = await m.query(
      `SELECT t.id, array_agg(r.jgdj) AS grades FROM obj_task t JOIN quality_result r ON r.obj_task_id = t.id WHERE t.cycle_value = '2026' GROUP BY t.id`,
    );
    for (const t of tasks) await m.query(`UPDATE obj_task SET score = $2 WHERE id = $1`, [t.id, scoreOf(t.grades)]);
  });
  new Logger('Seed').log(`demo monitoring ready: ${samples} samples, ${warnings} warnings`);
}

/** XX-002's source. The form's number columns are numeric; the casts keep the detail rows' counts plain integers. */
export const GRADUATE_EMPLOYMENT_SQL =
  'SELECT round(100.0 * sum(matched) OVER () / sum(employed) OVER (), 2) AS 全校对口就业率, major AS 专业, ' +
  'round(100.0 * matched / employed, 2) AS 对口就业率, employed::int AS 就业人数, matched::int AS 对口就业人数 ' +
  'FROM sjzx.graduate_employment WHERE cycle = :zq ORDER BY major';

/**
 * Two school points read outside the quality table, collected by the first scan after start: 专业对口就业率 by SQL
 * over the data centre's table of the form 毕业生就业情况 (demo-collection.ts makes and fills it; the SQL reads the
 * rows of the sampled task's cycle, :zq), its rows the drawer's detail data; 预警按时处理率 by a named algorithm.
 */
async function seedDataCentreSources(m: EntityManager): Promise<void> {
  const sql = GRADUATE_EMPLOYMENT_SQL;
  const sources: Array<[code: string, cjfs: string, xsfs: string, config: object]> = [
    ['XX-002', 'sql', 'histogram', { sql }],
    ['XX-051', 'algorithm', 'line', { algorithmId: 'handled-warning-rate', version: 1 }],
  ];
  for (const [code, cjfs, xsfs, config] of sources) {
    await m.query(
      `UPDATE point_datasource d SET cjfs = $2, xsfs = $3, config = $4, jsgz = NULL FROM quality_point p
       WHERE d.point_id = p.id AND p.library_id = 'lib-school-2026' AND p.code = $1`,
      [code, cjfs, xsfs, config],
    );
    await m.query(
      `UPDATE quality_point SET sampling_period = 'month', warning_rule = jsonb_build_object('yjlx', 'value', 'tj', '<', 'yjz', bzz, 'yjzq', 'month')
       WHERE library_id = 'lib-school-2026' AND code = $1`,
      [code],
    );
  }
}

async function insertSamples(m: EntityManager, p: Watched, times: Date[], values: string[], unitName: 'day' | 'month'): Promise<number> {
  await m.query(
    `INSERT INTO sampling_record (result_id, sj, cjz, zlx, cjfs, period_key)
     SELECT $1, x.sj, x.cjz, $2, $6, x.k FROM unnest($3::timestamptz[], $4::varchar[], $5::varchar[]) AS x(sj, cjz, k)`,
    [p.resultId, p.zlx, times, values, times.map((t) => periodKey(unitName, t)), p.cjfs],
  );
  return times.length;
}

/** A collected point's latest sample is its current result, graded as sampling grades it (warnings sampling.service). */
async function takeLatestSample(m: EntityManager, p: Watched, value: string): Promise<void> {
  const [r]: Array<{ xzmbz: string | null; xzjgz: string | null }> = await m.query(`SELECT xzmbz, xzjgz FROM quality_result WHERE id = $1`, [p.resultId]);
  const graded = gradeEntry({ zlx: p.zlx, mbz: p.mbz, xzmbz: r?.xzmbz ?? null, jgz: value, xzjgz: r?.xzjgz ?? null, bzz: p.bzz, calRule: p.calRule });
  await m.query(
    `UPDATE quality_result SET jgz = $2, jgz_source = 'sampled', jgdj = $3, unfin = $4, dis = $5 WHERE id = $1`,
    [p.resultId, value, graded.jgdj, graded.unfin, graded.dis],
  );
}

async function insertWarnings(m: EntityManager, p: Watched, rule: WarningRule, times: Date[], values: string[], now: Date): Promise<number> {
  const rows = new Map<string, { at: Date; value: string }>();
  for (const [k, at] of times.entries()) {
    const grade = gradeOf(p.zlx, p.mbz, values[k]!, calRuleOf(p.calRule));
    if (evaluate(rule, { value: values[k]!, grade, zlx: p.zlx }).kind !== 'breach') continue;
    const key = periodKey(rule.yjzq, at);
    if (!rows.has(key)) rows.set(key, { at: new Date(at.getTime() + 3_600_000), value: values[k]! });
  }
  for (const [key, w] of rows) {
    const handled = now.getTime() - w.at.getTime() > HANDLED_AFTER_DAYS * DAY_MS;
    const clsj = handled ? new Date(w.at.getTime() + (1 + Math.floor(unit(p.code, key) * 4)) * DAY_MS) : null;
    await m.query(
      `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj, clcs, yyfx, clr_id, clrmc)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [p.resultId, key, w.at, rule.yjlx, rule.tj, rule.yjz, w.value, p.zlx, clsj,
        handled ? `组织专题会议，明确${p.zkdmc}的改进责任人，按周跟踪落实情况。` : null,
        handled ? `${formatDate(w.at)}采样值${w.value}未达到预警线，主要原因是相关工作推进不及时。` : null,
        handled ? p.ownerId : null, handled ? p.ownerName : null],
    );
  }
  return rows.size;
}

/**
 * Last cycle's warnings, all handled: the 2025 school task's number points that ended below their standard or target
 * were warned in one to three months of 2025 (the 2025 quality report's section 3 reads them). Dates and values are
 * the same on every start (unit()).
 */
async function insertLastCycleWarnings(m: EntityManager): Promise<number> {
  const points: Array<{ resultId: string; code: string; zkdmc: string; zlx: string; bzz: string; jgz: string; calRule: unknown; ownerId: string; ownerName: string }> = await m.query(`
    SELECT r.id AS "resultId", p.code, p.zkdmc, p.zlx, p.bzz, p.cal_rule AS "calRule", coalesce(nullif(btrim(r.xzjgz), ''), r.jgz) AS jgz, t.owner_id AS "ownerId", u.name AS "ownerName"
    FROM quality_result r JOIN obj_task t ON t.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id JOIN app_user u ON u.id = t.owner_id
    WHERE t.object_type = 'school' AND t.cycle_value = '2025' AND (r.dis OR r.unfin) AND p.bzz IS NOT NULL
      AND p.zlx IN ('percent', 'integer', 'float') AND coalesce(nullif(btrim(r.xzjgz), ''), r.jgz) IS NOT NULL
    ORDER BY p.sort_order, p.code`);
  let count = 0;
  for (const p of points) {
    // The rule is "below the standard": only points where higher is better and that ended below it.
    if (calRuleOf(p.calRule).direction !== 'higher' || !(Number(p.jgz) < Number(p.bzz))) continue;
    const months = new Set(Array.from({ length: 1 + Math.floor(unit(p.code, 'last-cycle') * 3) }, (_, k) => 3 + Math.floor(unit(p.code, 'last-cycle', String(k)) * 9)));
    for (const month of months) {
      const at = new Date(2025, month, 1, 9, 30);
      const key = periodKey('month', at);
      const clsj = new Date(at.getTime() + (1 + Math.floor(unit(p.code, key) * 4)) * DAY_MS);
      const inserted: unknown[] = await m.query(
        `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj, clcs, yyfx, clr_id, clrmc)
         VALUES ($1, $2, $3, 'value', '<', $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (result_id, period_key) DO NOTHING RETURNING 1`,
        [p.resultId, key, at, p.bzz, p.jgz, p.zlx, clsj,
          `组织专题会议，明确${p.zkdmc}的改进责任人，按月跟踪落实情况。`,
          `${formatDate(at)}采样值${p.jgz}低于标准值${p.bzz}，主要原因是相关工作推进不及时。`,
          p.ownerId, p.ownerName],
      );
      count += inserted.length;
    }
  }
  return count;
}
