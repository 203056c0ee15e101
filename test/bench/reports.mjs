// Benchmark of quality reports (issue 14), called from run.mjs against the built app's code and its fresh bench database:
//   1. a school-level dataset made by SQL (generate_series) under its own ids (bench-rep-…) and cycle 2031: one school
//      obj_task with a 3-level indicator tree (5 × 4 × 5 indicators) and 1,000 points with results (grades, unmet
//      flags, some unreported), 500 target tasks of 2031 (every rwjd, a third with a passed progress report) and 5,000
//      warning_flow rows on those results (five a point, about half handled);
//   2. building the report: ReportOverviewService.compute() (backend/dist, on its own TypeORM connection) — points,
//      warnings, the task summary and the unfinished tasks — and the Word document (ResvgReportImages: cover, two stamps
//      and the five charts; DocxReportWriter) with every row of the four tables. Goal: compute + document < 5 s.
// Every loop is bounded in count.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPORTS_HEADING } from './sections.mjs';

const POINTS = 1_000;
const TASKS = 500;
const WARNINGS_PER_POINT = 5;
const CYCLE = '2031';
const ROUNDS = 5;
const GOAL_MS = 5_000;
const SCOPE = { cjlx: 'school', cjdmid: 'bench-rep-school' };
const TEMPLATE = {
  items: [
    { id: 1, isChecked: true, name: '质控点情况', text: '' },
    { id: 2, isChecked: true, name: '任务完成进度', text: '' },
    { id: 3, isChecked: true, name: '预警情况', text: '' },
  ],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

async function build(db) {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, tree_level, creator_id)
     VALUES ('bench-rep-lib', '基准学校层面目标标准', 'c-year', $1, 'school', 3, 'u-publisher')`,
    [CYCLE],
  );
  // 5 first-level, 4 second-level under each, 5 third-level under each of those: 100 leaves of 10 points.
  await db.query(
    `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
     SELECT 'bench-rep-i1-' || a, 'bench-rep-lib', NULL, '基准一级指标' || a, 1, a FROM generate_series(1, 5) a`,
  );
  await db.query(
    `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
     SELECT 'bench-rep-i2-' || a || '-' || b, 'bench-rep-lib', 'bench-rep-i1-' || a, '基准二级指标' || a || '-' || b, 2, b
     FROM generate_series(1, 5) a, generate_series(1, 4) b`,
  );
  await db.query(
    `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
     SELECT 'bench-rep-i3-' || a || '-' || b || '-' || c, 'bench-rep-lib', 'bench-rep-i2-' || a || '-' || b, '基准三级指标' || a || '-' || b || '-' || c, 3, c
     FROM generate_series(1, 5) a, generate_series(1, 4) b, generate_series(1, 5) c`,
  );
  await db.query(
    `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, bzz, mbz, zlx, sort_order)
     SELECT 'bench-rep-p' || n, 'bench-rep-lib',
            'bench-rep-i3-' || ((n - 1) / 200 + 1) || '-' || ((n - 1) / 50 % 4 + 1) || '-' || ((n - 1) / 10 % 5 + 1),
            'BR-' || lpad(n::text, 4, '0'), '基准质控点' || n, '60', '80', 'percent', n
     FROM generate_series(1, $1::int) n`,
    [POINTS],
  );
  await db.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state)
     VALUES ('bench-rep-task', 'bench-rep-lib', '基准学校2031年度质量诊断', 'school', $1, '基准职业技术学院', $2, 'd-zlb', 'u-publisher', 'u-leader', 'passed')`,
    [SCOPE.cjdmid, CYCLE],
  );
  // Grades by n % 20: mostly A, some B/C, D and N unfinished, Y; every 25th point unreported, every 7th below standard.
  await db.query(
    `INSERT INTO quality_result (id, obj_task_id, point_id, jgz, jgdj, unfin, dis, yyfx, gjcs)
     SELECT 'bench-rep-r' || n, 'bench-rep-task', 'bench-rep-p' || n,
            CASE WHEN n % 25 = 0 THEN NULL ELSE (50 + n % 50)::text END,
            CASE WHEN n % 25 = 0 THEN NULL ELSE g.jgdj END, g.jgdj IN ('D', 'N') AND n % 25 <> 0, n % 7 = 0 AND n % 25 <> 0,
            '基准原因分析' || n, '基准改进措施' || n
     FROM generate_series(1, $1::int) n
     CROSS JOIN LATERAL (SELECT CASE WHEN n % 20 < 10 THEN 'A' WHEN n % 20 < 13 THEN 'B' WHEN n % 20 < 15 THEN 'C' WHEN n % 20 < 17 THEN 'D'
                                     WHEN n % 20 < 19 THEN 'Y' ELSE 'N' END AS jgdj) g`,
    [POINTS],
  );
  await db.query(
    `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj, clcs, yyfx, clr_id, clrmc)
     SELECT 'bench-rep-r' || n, 'bench-' || k, make_timestamptz(${Number(CYCLE)}, 1 + (n + k) % 12, 1 + n % 28, n % 24, k * 7, 0, 'Asia/Shanghai'),
            'value', '<', '60', (40 + n % 20)::text, 'percent',
            CASE WHEN (n + k) % 2 = 0 THEN make_timestamptz(${Number(CYCLE)}, 1 + (n + k) % 12, 1 + n % 28, 23, 30, 0, 'Asia/Shanghai') END,
            CASE WHEN (n + k) % 2 = 0 THEN '基准处理措施' END, CASE WHEN (n + k) % 2 = 0 THEN '基准原因' END,
            CASE WHEN (n + k) % 2 = 0 THEN 'u-publisher' END, CASE WHEN (n + k) % 2 = 0 THEN '王明' END
     FROM generate_series(1, $1::int) n, generate_series(1, $2::int) k`,
    [POINTS, WARNINGS_PER_POINT],
  );
  const { rows: departments } = await db.query(`SELECT id FROM department ORDER BY id`);
  await db.query(
    `INSERT INTO year_target (id, name, cycle_year, creator_id, publish_department_id)
     SELECT 'bench-rep-yt-' || n, '基准报告年度目标' || n, $1, 'u-publisher', 'd-zlb' FROM generate_series(1, 10) n`,
    [CYCLE],
  );
  await db.query(
    `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, publish_department_id, charge_department_id,
                              owner_id, auditor_id, creator_id, target_value, target_unit, rwjd, task_state, audit_state)
     SELECT 'bench-rep-t' || n, 'bench-rep-yt-' || (n % 10 + 1), '基准报告任务' || n, (ARRAY['A', 'B', 'C'])[n % 3 + 1], $2::text,
            make_date($2::text::int, 1, 1) + (n % 120), make_date($2::text::int, 6, 1) + (n % 180), 'd-zlb', ($3::text[])[n % array_length($3::text[], 1) + 1],
            'u-owner', 'u-auditor', 'u-publisher', 100, '项', s.rwjd,
            CASE WHEN s.rwjd IN ('hasDone', 'delayDone') THEN 'finished' ELSE 'normal' END, CASE WHEN s.rwjd = 'notPushed' THEN 0 ELSE 1 END
     FROM generate_series(1, $1::int) n
     CROSS JOIN LATERAL (SELECT (ARRAY['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine', 'executeing', 'executeing', 'hasDone', 'delayNotDone', 'delayDone'])[n % 10 + 1] AS rwjd) s`,
    [TASKS, CYCLE, departments.map((d) => d.id)],
  );
  await db.query(
    `INSERT INTO progress_report (task_id, kind, content, value_reached, audit_state, reported_by, reported_at, audited_by, audited_at)
     SELECT t.id, 'process', '基准进度', (substr(t.id, 12)::int % 100), 'pass', 'u-owner', now() - interval '1 day', 'u-auditor', now()
     FROM target_task t WHERE t.id LIKE 'bench-rep-t%' AND substr(t.id, 12)::int % 3 = 0`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
  const counts = (
    await db.query(
      `SELECT (SELECT count(*)::int FROM quality_result WHERE obj_task_id = 'bench-rep-task') AS points,
              (SELECT count(*)::int FROM target_task WHERE id LIKE 'bench-rep-t%') AS tasks,
              (SELECT count(*)::int FROM warning_flow w JOIN quality_result r ON r.id = w.result_id WHERE r.obj_task_id = 'bench-rep-task') AS warnings`,
    )
  ).rows[0];
  return counts;
}

export async function benchReports({ databaseUrl, dist, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { DataSource } = await import('typeorm');
  const typeorm = new DataSource({ type: 'postgres', url: databaseUrl });
  await typeorm.initialize();
  const load = (file) => import(path.join(dist, file));
  const { ReportOverviewService } = await load('modules/reports/application/report-overview.service.js');
  const { ReportDataPgReader } = await load('modules/reports/infrastructure/report-data.pg-reader.js');
  const { TaskSummaryPgReader } = await load('modules/target-tasks/infrastructure/task-summary.pg-repository.js');
  const { ResvgReportImages } = await load('modules/reports/infrastructure/images/resvg-report-images.js');
  const { DocxReportWriter } = await load('modules/reports/infrastructure/document/docx-report-writer.js');
  const overview = new ReportOverviewService(new ReportDataPgReader(typeorm), new TaskSummaryPgReader(typeorm));
  const images = new ResvgReportImages();
  const writer = new DocxReportWriter(images);
  try {
    let started = performance.now();
    const built = await build(db);
    const buildMs = performance.now() - started;
    if (built.points !== POINTS || built.tasks !== TASKS || built.warnings !== POINTS * WARNINGS_PER_POINT) throw new Error(`the dataset is not as meant: ${JSON.stringify(built)}`);
    log(`built ${built.points} points, ${built.tasks} target tasks and ${built.warnings.toLocaleString('en')} warnings in ${ms(buildMs)}`);

    const computeRounds = [];
    const documentRounds = [];
    const totalRounds = [];
    const imageRounds = [];
    let report = null;
    let bytes = 0;
    let documentInput = null;
    for (let round = 0; round <= ROUNDS; round++) {
      started = performance.now();
      report = await overview.compute([SCOPE], CYCLE, TEMPLATE);
      const computeMs = performance.now() - started;
      const o = report.overview;
      if (o.zkdzsl !== POINTS || o.yjcs !== built.warnings || o.items[1].num < TASKS) throw new Error(`the overview does not count the dataset: ${o.zkdzsl} points, ${o.yjcs} warnings, ${o.items[1].num} tasks`);
      const wordStarted = performance.now();
      const background = await images.defaultCoverBackground();
      const cover = await images.cover(background, { titleTop: 30, titleSize: 40, titleColor: '#1f3864', align: 'center' },
        { reportName: '基准职业技术学院2031年度质量报告', schoolName: '基准职业技术学院', cycle: CYCLE, date: '2031-12-31' });
      const [expertStamp, schoolStamp] = await Promise.all([images.stamp('expert', '基准职业技术学院', '专家评审'), images.stamp('school', '基准职业技术学院', '学校审核')]);
      const imagesMs = performance.now() - wordStarted;
      const review = (stamp, reviewer) => ({ fhjg: 'A', fhjgmc: '优秀', opinion: '基准意见', reviewer, time: '2031-12-31 10:00', stampUrl: '', stamp });
      documentInput = {
        reportName: '基准职业技术学院2031年度质量报告', cycle: CYCLE, schoolName: '基准职业技术学院',
        scopes: [{ ...SCOPE, cjmc: '学校', cjname: '基准职业技术学院' }], principal: '王明', createTimeFmt: '2031-12-31 09:00',
        score: report.score === null ? null : String(report.score), preface: '基准前言', closing: '基准结语',
        overview: o, tables: report.tables, cover, expertReview: review(expertStamp, '专家'), schoolReview: review(schoolStamp, '刘建国'),
      };
      const docx = await writer.write(documentInput);
      const documentMs = performance.now() - wordStarted;
      bytes = docx.length;
      if (docx.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('the document is not a .docx (zip)');
      if (round === 0) {
        log(`warm-up: compute ${ms(computeMs)}, document ${ms(documentMs)}`);
        continue;
      }
      computeRounds.push(computeMs);
      imageRounds.push(imagesMs);
      documentRounds.push(documentMs);
      totalRounds.push(computeMs + documentMs);
      log(`round ${round}: compute ${ms(computeMs)}, document ${ms(documentMs)} (${(bytes / 1024).toFixed(0)} KB)`);
    }
    // Where the document's time goes: the same document once without the warning records table.
    started = performance.now();
    await writer.write({ ...documentInput, tables: { ...documentInput.tables, yjjl: [] } });
    const withoutYjjlMs = performance.now() - started;
    log(`the document without the warning records table: ${ms(withoutYjjlMs)}`);
    const t = report.tables;
    return {
      load: os.loadavg()[0], built, buildMs, computeRounds, documentRounds, totalRounds, imageRounds, withoutYjjlMs, bytes,
      rows: { mbjc: t.mbjc.length, wdbzb: t.wdbzb.length, wwcmb: t.wwcmb.length, yjjl: t.yjjl.length },
      tasks: report.overview.items[1].num,
    };
  } finally {
    await db.query(`ROLLBACK`).catch(() => undefined);
    await db.end();
    await typeorm.destroy();
  }
}

export function reportsSection(r, machine) {
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const totalMedian = median(r.totalRounds);
  const met = totalMedian < GOAL_MS;
  return [
    REPORTS_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- reports\` (test/bench/reports.mjs): the built code (backend/dist) on its own`,
    `connection to the bench database, on ${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}. The dataset, made by SQL in ${(r.buildMs / 1000).toFixed(1)} s: one school`,
    `obj_task of cycle ${CYCLE} with a 3-level indicator tree and ${r.built.points.toLocaleString('en')} points with results, ${r.built.tasks} target tasks of ${CYCLE}`,
    `(the whole school's: ${r.tasks}) and ${r.built.warnings.toLocaleString('en')} warning_flow rows on those points. Medians of ${ROUNDS} rounds after a warm-up.`,
    '',
    row('step', 'what it does', 'median', 'rounds'),
    row('---', '---', '---', '---'),
    row('compute()', 'points with their indicator chains, warnings, the task summary (global), the unfinished tasks', ms(median(r.computeRounds)), r.computeRounds.map(ms).join(', ')),
    row('Word document', `cover, two stamps, five charts (resvg), the .docx with ${r.rows.mbjc} + ${r.rows.wdbzb} + ${r.rows.wwcmb} + ${r.rows.yjjl.toLocaleString('en')} table rows (${(r.bytes / 1024).toFixed(0)} KB)`,
      ms(median(r.documentRounds)), r.documentRounds.map(ms).join(', ')),
    row('… of which cover and stamps', 'ReportImages.cover, two stamps (the five charts are drawn inside the writer)', ms(median(r.imageRounds)), r.imageRounds.map(ms).join(', ')),
    row('… the document without the warning records table', `the same write with yjjl empty (${r.rows.yjjl.toLocaleString('en')} rows left out), once`, ms(r.withoutYjjlMs), ''),
    row('**building the report**', `compute + document (goal < ${GOAL_MS / 1000} s)`, `**${ms(totalMedian)}** ${met ? '(met)' : '(**not met**)'}`, r.totalRounds.map(ms).join(', ')),
    '',
    met
      ? '- The goal is met.'
      : `- **The goal is not met.** compute() takes ${ms(median(r.computeRounds))}; the time is the Word document's, and most of it the warning records ` +
        `table: ${r.rows.yjjl.toLocaleString('en')} rows of 8 cells built as docx Table objects and packed (the document without that table: ${ms(r.withoutYjjlMs)}). ` +
        'The cells are already bare paragraphs under table-level borders, so the cost is the docx library itself building and packing that many cells; ' +
        'ways out are the table capped in the document (the full list stays on the page) or its rows written as XML directly. ' +
        `Other work shared the CPUs during the run (load average ${r.load.toFixed(1)} on ${machine.nproc} CPUs).`,
    '',
  ].join('\n');
}
