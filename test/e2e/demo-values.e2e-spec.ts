import { DataSource } from 'typeorm';
import { gradeEntry } from '../../backend/src/shared/kernel/grade.js';
import type { ValueType } from '../../backend/src/shared/kernel/value-types.js';
import { RWJD_STATES } from '@zhengai/contracts';
import { TaskWarningService } from '../../backend/src/modules/target-tasks/application/task-warning.service.js';
import { seedDemoData } from '../../backend/src/seed/demo-seed.js';
import { ownDatabase } from './support/own-database.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { NEW_COLLEGES } from '../../backend/src/seed/demo-objects.js';

/**
 * The demo school's values make sense (issue 12). Unlike the other suites, this one reads demo content: it is its
 * subject. Every point of an open demo task has a current result (typed or sampled); rates stay within 0–100 %,
 * counts are whole, have/whether are 0 or 1; samples move around their target; a collected point's result is its
 * latest sample; stored grades are what 计算等级 gives, so pressing it changes no count.
 */
const LEVELS = ['school', 'major', 'course', 'teacher', 'student'];
const DEMO_TASKS = [...LEVELS.flatMap((l) => [`task-${l}-2025`, `task-${l}-2026`]), 'task-major-2026-ydkf', 'task-major-2026-yjs'];

interface DemoRow {
  taskId: string;
  auditState: string;
  code: string;
  zkdmc: string;
  zlx: ValueType;
  bzz: string | null;
  mbz: string | null;
  calRule: unknown;
  cjfs: string;
  resultId: string | null;
  xzmbz: string | null;
  jgz: string | null;
  xzjgz: string | null;
  jgzSource: string | null;
  jgdj: string | null;
  unfin: boolean | null;
  dis: boolean | null;
  latest: string | null;
}

/** Why a value does not fit its type, or null. */
function outOfMeaning(zlx: ValueType, value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim().replace(/%$/, '');
  if (zlx === 'have' || zlx === 'whether') return v === '0' || v === '1' ? null : 'not 0 or 1';
  if (zlx === 'text') return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return 'not a number';
  if (n < 0) return 'negative';
  if (zlx === 'percent' && n > 100) return 'a rate over 100%';
  if (zlx === 'integer' && !Number.isInteger(n)) return 'a count that is not whole';
  return null;
}

describe('demo values (issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  let rows: DemoRow[];

  // A database of its own: the other suites of the run change demo tasks (pass them, sample their points).
  const own = ownDatabase('demo');

  beforeAll(async () => {
    await own.create();
    t = await startTestApp({ env: { DATABASE_URL: own.url } });
    db = await seed(t);
    rows = await db.query(
      `SELECT t.id AS "taskId", t.audit_state AS "auditState", p.code, p.zkdmc, p.zlx, p.bzz, p.mbz, p.cal_rule AS "calRule",
              coalesce((SELECT d.cjfs FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order, d.id LIMIT 1), 'report') AS cjfs,
              r.id AS "resultId", r.xzmbz, r.jgz, r.xzjgz, r.jgz_source AS "jgzSource", r.jgdj, r.unfin, r.dis,
              (SELECT s.cjz FROM sampling_record s WHERE s.result_id = r.id ORDER BY s.sj DESC, s.id DESC LIMIT 1) AS latest
       FROM obj_task t JOIN quality_point p ON p.library_id = t.library_id
       LEFT JOIN quality_result r ON r.obj_task_id = t.id AND r.point_id = p.id
       WHERE t.id = ANY($1) ORDER BY t.id, p.sort_order`,
      [DEMO_TASKS],
    );
  });
  afterAll(async () => {
    await t?.close();
    await own.drop();
  });

  it('gives every point of an open demo task a current result, typed or sampled', () => {
    const open = rows.filter((r) => r.auditState !== 'passed');
    expect(new Set(open.map((r) => r.taskId)).size).toBeGreaterThanOrEqual(7);
    expect(open.filter((r) => (r.xzjgz ?? r.jgz ?? '').trim() === '').map((r) => `${r.taskId} ${r.code} ${r.zkdmc}`)).toEqual([]);
    expect(open.filter((r) => r.jgz !== null && r.jgzSource === null).map((r) => `${r.taskId} ${r.code}`)).toEqual([]);
    // a point read from a source shows its latest sample
    const collected = open.filter((r) => r.cjfs !== 'report');
    expect(collected.length).toBeGreaterThan(10);
    expect(collected.filter((r) => r.jgzSource !== 'sampled' || r.jgz !== r.latest).map((r) => `${r.taskId} ${r.code} ${r.jgz} ≠ ${r.latest}`)).toEqual([]);
  });

  it('keeps every value within its meaning: rates 0–100 %, whole counts, 0/1 flags', async () => {
    const bad: string[] = [];
    for (const r of rows) {
      for (const [field, value] of [['bzz', r.bzz], ['mbz', r.mbz], ['xzmbz', r.xzmbz], ['jgz', r.jgz], ['xzjgz', r.xzjgz]] as const) {
        const problem = outOfMeaning(r.zlx, value);
        if (problem) bad.push(`${r.taskId} ${r.code} ${r.zkdmc} ${field}=${value}: ${problem}`);
      }
    }
    const samples: Array<{ zlx: ValueType; cjz: string; code: string }> = await db.query(
      `SELECT s.zlx, s.cjz, p.code FROM sampling_record s JOIN quality_result r ON r.id = s.result_id JOIN quality_point p ON p.id = r.point_id
       WHERE r.obj_task_id = ANY($1)`,
      [DEMO_TASKS],
    );
    expect(samples.length).toBeGreaterThan(500);
    for (const s of samples) {
      const problem = outOfMeaning(s.zlx, s.cjz);
      if (problem) bad.push(`sample ${s.code} ${s.cjz}: ${problem}`);
    }
    expect(bad).toEqual([]);
    // the report that started it: 人才培养方案修订率 (target 100 %) showed 108.97 %
    const revision = rows.filter((r) => r.zkdmc === '人才培养方案修订率' && r.jgz !== null);
    expect(revision.length).toBeGreaterThan(0);
    for (const r of revision) expect(Number(r.jgz)).toBeLessThanOrEqual(100);
  });

  it('moves each point\'s samples plausibly around its target', async () => {
    const series: Array<{ code: string; taskId: string; zlx: ValueType; mbz: string; values: string[] }> = await db.query(
      `SELECT p.code, r.obj_task_id AS "taskId", p.zlx, p.mbz, array_agg(s.cjz ORDER BY s.sj) AS values
       FROM sampling_record s JOIN quality_result r ON r.id = s.result_id JOIN quality_point p ON p.id = r.point_id
       WHERE r.obj_task_id = ANY($1) AND p.zlx NOT IN ('have', 'whether', 'text') AND p.mbz IS NOT NULL AND s.cjz IS NOT NULL
       GROUP BY p.code, r.obj_task_id, p.zlx, p.mbz`,
      [DEMO_TASKS],
    );
    expect(series.length).toBeGreaterThan(20);
    const bad: string[] = [];
    for (const s of series) {
      const target = Number(s.mbz);
      if (!(target > 0)) continue;
      const shares = s.values.map((v) => Number(v.replace(/%$/, '')) / target);
      const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
      // within half and one and a half times the target, and about it on average
      if (shares.some((x) => x < 0.5 || x > 1.5) || mean < 0.8 || mean > 1.2) bad.push(`${s.taskId} ${s.code} target ${s.mbz}: ${s.values.join(', ')}`);
    }
    expect(bad).toEqual([]);
  });

  it('stores the grades 计算等级 gives, so pressing it on the school\'s task moves no count', async () => {
    const drift = rows
      .filter((r) => r.resultId !== null && r.auditState !== 'passed')
      .filter((r) => {
        const g = gradeEntry({ zlx: r.zlx, mbz: r.mbz, xzmbz: r.xzmbz, jgz: r.jgz, xzjgz: r.xzjgz, bzz: r.bzz, calRule: r.calRule });
        return g.jgdj !== r.jgdj || g.unfin !== r.unfin || g.dis !== r.dis;
      })
      .map((r) => `${r.taskId} ${r.code} ${r.jgz} ${r.jgdj}`);
    expect(drift).toEqual([]);

    const admin = client(t);
    expect((await admin.login('admin', 'Admin2026')).status).toBe(200);
    const missing = async () => {
      const table = (await admin.get('/api/herm-znfx/quality/select?objTaskId=task-school-2026')).body.data as { rows: Array<{ unfin: boolean; dis: boolean; jgz: string | null }> };
      return { rows: table.rows.length, empty: table.rows.filter((r) => r.jgz === null).length, misses: table.rows.filter((r) => r.unfin || r.dis).length };
    };
    const before = await missing();
    expect(before.rows).toBeGreaterThan(60);
    expect(before.empty).toBe(0);
    expect((await admin.post('/api/herm-znfx/quality/calresult?objTaskId=task-school-2026')).body.meta.success).toBe(true);
    expect(await missing()).toEqual(before);
  });

  // Issue 13 "Demo data": the 2026 targets' tasks give every list, count and chart something real to show.
  describe('the demo school\'s 2026 target tasks (issue 13)', () => {
    type TaskRow = { id: string; rwjd: string; taskState: string; parentId: string | null; dept: string | null; rwlx: string; lastTo: string | null; lastAction: string | null; actions: string[] };
    let tasks: TaskRow[];
    beforeAll(async () => {
      tasks = await db.query(
        `SELECT t.id, t.rwjd, t.task_state AS "taskState", t.parent_id AS "parentId", t.charge_department_id AS dept, t.rwlx,
                (SELECT h.to_state FROM task_history h WHERE h.task_id = t.id ORDER BY h.at DESC, h.id DESC LIMIT 1) AS "lastTo",
                (SELECT h.action FROM task_history h WHERE h.task_id = t.id ORDER BY h.at DESC, h.id DESC LIMIT 1) AS "lastAction",
                (SELECT array_agg(h.action ORDER BY h.at, h.id) FROM task_history h WHERE h.task_id = t.id) AS actions
         FROM target_task t JOIN year_target y ON y.id = t.year_target_id WHERE y.cycle_year = '2026'`,
      );
    });

    it('has 40 or more tasks in 2026, in every rwjd state, every task type, decomposed three levels deep', async () => {
      expect(tasks.length).toBeGreaterThanOrEqual(40);
      expect([...new Set(tasks.map((r) => r.rwjd))].sort()).toEqual([...RWJD_STATES].sort());
      expect([...new Set(tasks.map((r) => r.rwlx))].sort()).toEqual(['A', 'B', 'C']);
      const byId = new Map(tasks.map((r) => [r.id, r]));
      const depth = (r: TaskRow): number => (r.parentId ? 1 + depth(byId.get(r.parentId)!) : 1);
      expect(Math.max(...tasks.map(depth))).toBe(3);
      // finished exactly when hasDone or delayDone; a paused one among them
      expect(tasks.filter((r) => (r.taskState === 'finished') !== (r.rwjd === 'hasDone' || r.rwjd === 'delayDone')).map((r) => r.id)).toEqual([]);
      expect(tasks.some((r) => r.taskState === 'pause')).toBe(true);
    });

    it('has every department of the school charge at least one task (the five colleges the larger demo adds have objects, not target tasks)', async () => {
      const added = NEW_COLLEGES.map(([id]) => id);
      const leaves: Array<{ id: string }> = await db.query(`SELECT d.id FROM department d WHERE NOT EXISTS (SELECT 1 FROM department c WHERE c.parent_id = d.id) AND NOT d.id = ANY($1::varchar[])`, [added]);
      expect(leaves.length).toBeGreaterThanOrEqual(9);
      const charging = new Set(tasks.map((r) => r.dept));
      expect(leaves.map((d) => d.id).filter((d) => !charging.has(d))).toEqual([]);
    });

    it('has reports, delays, urges and cooperations in each of their states', async () => {
      const states = async (sql: string) => ((await db.query(sql)) as Array<{ s: string }>).map((r) => r.s).sort();
      expect(await states(`SELECT DISTINCT audit_state AS s FROM progress_report`)).toEqual(['childPass', 'pass', 'reject', 'reviewing']);
      expect(await states(`SELECT DISTINCT decision AS s FROM task_delay`)).toEqual(['granted', 'pending', 'refused']);
      expect(await states(`SELECT DISTINCT state AS s FROM task_urge`)).toEqual(['acceptUrge', 'urge']);
      expect(await states(`SELECT DISTINCT audit_state::text AS s FROM target_task`)).toEqual(['0', '1', '2']);
      expect((await db.query(`SELECT 1 FROM progress_report WHERE audit_state = 'reject' AND audit_reason IS NULL`)).length).toBe(0);
      const [{ coops }] = await db.query(`SELECT count(*)::int AS coops FROM target_task_coop_department WHERE owner_id IS NOT NULL`);
      expect(coops).toBeGreaterThanOrEqual(5);
      // some overdue (jssj passed, not finished) and some executing since early 2026 without a report for its past quarters
      const [{ overdue }] = await db.query(`SELECT count(*)::int AS overdue FROM target_task WHERE jssj < DATE '2026-11-24' AND task_state <> 'finished'`);
      expect(overdue).toBeGreaterThanOrEqual(3);
      const [{ silent }] = await db.query(
        `SELECT count(*)::int AS silent FROM target_task t WHERE t.rwjd = 'executeing' AND t.kssj < DATE '2026-03-01'
         AND NOT EXISTS (SELECT 1 FROM target_task c WHERE c.parent_id = t.id) AND NOT EXISTS (SELECT 1 FROM progress_report r WHERE r.task_id = t.id)`,
      );
      expect(silent).toBeGreaterThanOrEqual(2);
    });

    it('keeps each task\'s history consistent with its state', async () => {
      // the last history row reaches the task's rwjd; every task starts with add
      expect(tasks.filter((r) => r.lastTo !== r.rwjd).map((r) => `${r.id}: ${r.lastAction} → ${r.lastTo}, rwjd ${r.rwjd}`)).toEqual([]);
      expect(tasks.filter((r) => r.actions[0] !== 'add').map((r) => r.id)).toEqual([]);
      // a defined leaf in execution went the whole publishing path
      const defined = tasks.filter((r) => r.rwjd === 'executeing' && r.actions.includes('define'));
      expect(defined.length).toBeGreaterThan(3);
      for (const r of defined) expect(r.actions.slice(0, 6)).toEqual(['add', 'submitAudit', 'passAudit', 'push', 'accept', 'define']);
      // every report has its history rows: one report, one audit once audited
      const [{ off }] = await db.query(
        `SELECT count(*)::int AS off FROM target_task t
         WHERE (SELECT count(*) FROM progress_report r WHERE r.task_id = t.id) <> (SELECT count(*) FROM task_history h WHERE h.task_id = t.id AND h.action = 'report')
            OR (SELECT count(*) FROM progress_report r WHERE r.task_id = t.id AND r.audit_state <> 'reviewing')
               <> (SELECT count(*) FROM task_history h WHERE h.task_id = t.id AND h.action IN ('passReport', 'rejectReport'))`,
      );
      expect(off).toBe(0);
      // a granted delay moved jssj to its new end date
      const moved = await db.query(`SELECT 1 FROM task_delay d JOIN target_task t ON t.id = d.task_id WHERE d.decision = 'granted' AND t.jssj < d.new_end_date`);
      expect(moved).toEqual([]);
    });

    it('gives the task warning scan overdue and silent tasks to warn about', async () => {
      // the scan that runs a minute after start, as of the demo's today
      await t.app.get(TaskWarningService).scan('2026-11-24');
      const open = async (kind: string) =>
        ((await db.query(`SELECT DISTINCT task_id AS id FROM task_warning WHERE kind = $1 AND closed_at IS NULL ORDER BY 1`, [kind])) as Array<{ id: string }>).map((r) => r.id);
      const expired = await open('expired');
      expect(expired).toEqual(expect.arrayContaining(['tt-26-03-2-1', 'tt-26-07-2', 'tt-26-12-2']));
      const finished = tasks.filter((r) => r.taskState === 'finished').map((r) => r.id);
      expect(expired.filter((id) => finished.includes(id))).toEqual([]);
      // executing since January without a single report
      expect(await open('process')).toEqual(expect.arrayContaining(['tt-26-03-1-1', 'tt-26-09-1']));
    });

    it('loads once: seeding again adds nothing', async () => {
      const count = async () => (await db.query(`SELECT (SELECT count(*) FROM target_task)::int AS t, (SELECT count(*) FROM task_history)::int AS h, (SELECT count(*) FROM app_user)::int AS u`))[0];
      const before = await count();
      await seedDemoData(db);
      expect(await count()).toEqual(before);
    });
  });
});
