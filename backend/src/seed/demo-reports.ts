import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ReportBuildService } from '../modules/reports/application/report-build.service.js';
import { ReportCoverService } from '../modules/reports/application/report-cover.service.js';

/** The demo's default template: the three sections with their usual headings and a line of fixed text each. */
const TEMPLATE = {
  id: 'rt-demo-default',
  name: '年度自我诊改报告模板',
  items: [
    { id: 1, isChecked: true, name: '质控点情况', text: '本部分统计本周期诊改对象全部质控点的达标情况与等级分布。' },
    { id: 2, isChecked: true, name: '任务完成进度', text: '本部分统计本年度目标任务的完成进度。' },
    { id: 3, isChecked: true, name: '预警情况', text: '本部分统计本周期质控点预警的发生与处理情况。' },
  ],
  preface: '根据学校内部质量保证体系诊断与改进工作安排，现将本周期自我诊改情况报告如下。',
  closing: '学校将针对未达标质控点和未完成任务制定改进措施，持续推进内部质量保证体系常态化运行。',
};

const AUTHOR = { id: 'u-publisher', name: '王明' };
const EXPERT = { id: 'u-expert', name: '赵专家' };
const LEADER = { id: 'u-leader', name: '刘建国' };

/** 2025 published (both reviews), 2026 in the expert review; when each step happened (the server's time zone, as every time shown), as a school's year runs. */
const REPORTS = [
  { id: 'qr-demo-2025', cycle: '2025', state: 'published' as const, builtAt: '2026-01-12 09:00', submittedAt: '2026-01-12 10:30', expertAt: '2026-01-16 15:20', schoolAt: '2026-01-20 10:00' },
  { id: 'qr-demo-2026', cycle: '2026', state: 'submitted' as const, builtAt: '2026-11-10 09:00', submittedAt: '2026-11-10 09:30', expertAt: '', schoolAt: '' },
];

/**
 * The demo's quality reports: a default template and cover, and the school's 2025 (published) and 2026 (submitted)
 * reports, built by the app's own build (compute and freeze; the Word document is written on the first download).
 * Idempotent: skipped when present. Needs the app (the build's services), so it runs after the app starts.
 */
export async function seedDemoReports(dataSource: DataSource, app: Pick<INestApplicationContext, 'get'>): Promise<void> {
  const logger = new Logger('Seed');
  await dataSource.query(
    `INSERT INTO report_template (id, name, items, preface, closing, is_default, creator_id)
     SELECT $1, $2, $3::jsonb, $4, $5, true, 'u-publisher' WHERE NOT EXISTS (SELECT 1 FROM report_template WHERE is_default AND deleted_at IS NULL)
     ON CONFLICT DO NOTHING`,
    [TEMPLATE.id, TEMPLATE.name, JSON.stringify(TEMPLATE.items), TEMPLATE.preface, TEMPLATE.closing],
  );
  await app.get(ReportCoverService).ensureDefault('u-publisher');
  const builds = app.get(ReportBuildService);
  // The school's diagnosed object (demo-quality.ts): its name is the school's.
  const [school] = (await dataSource.query(`SELECT object_name AS name FROM obj_task WHERE object_type = 'school' AND object_code = 'school-demo' LIMIT 1`)) as Array<{ name: string }>;
  if (!school) return;
  const scope = { cjlx: 'school' as const, cjmc: '学校', cjname: school.name, cjdmid: 'school-demo' };
  let made = 0;
  for (const r of REPORTS) {
    const exists = (await dataSource.query(`SELECT 1 FROM quality_report WHERE id = $1`, [r.id])) as unknown[];
    if (exists.length > 0) continue;
    const name = `${school.name}${r.cycle}年度自我诊改报告`;
    await builds.create(AUTHOR.id, { id: r.id, reportName: name, cycle: r.cycle, scopes: [scope] });
    const outcome = await builds.run(r.id, undefined, { writeDocument: false });
    if (outcome.state !== 'built') {
      logger.error(`demo report ${r.id} not built: ${outcome.state === 'failed' ? outcome.reason : outcome.state}`);
      continue;
    }
    await dataSource.transaction(async (m) => {
      const review = (who: { id: string; name: string }, fhjg: string, opinion: string, at: string) => JSON.stringify({ fhjg, opinion, reviewerId: who.id, reviewer: who.name, time: at });
      const history = (action: string, who: { id: string; name: string }, at: string, comment = '') =>
        m.query(`INSERT INTO report_history (report_id, action, actor_id, actor_name, comment, created_at) VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`, [r.id, action, who.id, who.name, comment, at]);
      // Built when the school would have built it, not when the demo was loaded.
      await m.query(`UPDATE quality_report SET created_at = $2::timestamptz, built_at = $2::timestamptz WHERE id = $1`, [r.id, r.builtAt]);
      await m.query(`UPDATE report_history SET created_at = $2::timestamptz WHERE report_id = $1`, [r.id, r.builtAt]);
      await history('submit', AUTHOR, r.submittedAt);
      if (r.state === 'published') {
        const expert = '报告数据翔实，质控点达标情况分析到位，建议进一步细化未达标指标的改进措施。';
        const school = '同意发布。请各部门对照报告落实整改，下一周期跟踪改进成效。';
        await m.query(`UPDATE quality_report SET state = 'published', expert_review = $2::jsonb, school_review = $3::jsonb WHERE id = $1`, [
          r.id, review(EXPERT, 'B', expert, r.expertAt), review(LEADER, 'A', school, r.schoolAt),
        ]);
        await history('expertReview', EXPERT, r.expertAt, `良好：${expert}`);
        await history('schoolReview', LEADER, r.schoolAt, `优秀：${school}`);
      } else {
        await m.query(`UPDATE quality_report SET state = 'submitted' WHERE id = $1`, [r.id]);
      }
    });
    made += 1;
  }
  if (made > 0) logger.log(`demo quality reports ready: ${made} built`);
}
