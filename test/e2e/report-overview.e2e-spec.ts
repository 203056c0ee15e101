import { INDICATOR_CATEGORY_LABELS, type IndicatorCategory, type ReportTemplate } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { ReportOverviewService, type ComputedReport } from '../../backend/src/modules/reports/application/report-overview.service.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 14: a report's overview equals direct counts in the database. Its subject is the demo school's data (2026
 * points, warnings and target tasks), as demo-values.e2e-spec.ts, so it reads the demo instead of building its own;
 * it only reads. Section 2 equals the summary analysis screen (HTTP), the other figures plain COUNTs.
 */
const CYCLE = '2026';
const SCHOOL = { cjlx: 'school', cjdmid: 'school-demo' } as const;
const MAJOR = { cjlx: 'major', cjdmid: 'major-510203' } as const;
const ALL_CHECKED: Pick<ReportTemplate, 'items'> = {
  items: [
    { id: 1, isChecked: true, name: '质控点情况', text: '' },
    { id: 2, isChecked: true, name: '任务完成进度', text: '任务说明' },
    { id: 3, isChecked: true, name: '预警情况', text: '' },
  ],
};

interface Summary {
  totals: { total: number; finished: number; completionRate: string };
  byGroup: Array<{ group: string; name: string; count: number }>;
}

describe('report overview (issue 14): every figure equals a direct count', () => {
  let t: TestApp;
  let db: DataSource;
  let service: ReportOverviewService;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    service = t.app.get(ReportOverviewService);
    admin = client(t);
    expect((await admin.login('admin', 'Admin2026')).status).toBe(200);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = (await db.query(sql, params)) as Array<{ n: number }>;
    return Number(row!.n);
  };
  /** The scope's results (alias r, its point p) in the cycle. */
  const RESULTS = `FROM quality_result r JOIN obj_task o ON o.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id
                   WHERE o.object_type = $1 AND o.object_code = $2 AND o.cycle_value = $3`;
  const VALUE = `coalesce(nullif(btrim(r.xzjgz), ''), nullif(btrim(r.jgz), ''))`;
  /** Warnings of the scope's results raised in 2026 (Beijing time). */
  const WARNINGS = `FROM warning_flow w JOIN quality_result r ON r.id = w.result_id JOIN obj_task o ON o.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id
                    WHERE o.object_type = $1 AND o.object_code = $2 AND o.cycle_value = $3
                      AND to_char(w.yjsj, 'YYYY') = '2026'`;

  const summaryOf = async (params: Record<string, string>): Promise<Summary> => {
    const res = await admin.get(`/api/herm-znfx/targetTask/summaryAnalysis?${new URLSearchParams(params).toString()}`);
    expect(res.body.meta).toMatchObject({ success: true });
    return res.body.data as Summary;
  };

  async function expectPointsAndWarnings(scope: { cjlx: string; cjdmid: string }, report: ComputedReport) {
    const args = [scope.cjlx, scope.cjdmid, CYCLE];
    const o = report.overview;
    const zkdzsl = await count(`SELECT count(*) AS n ${RESULTS}`, args);
    expect(zkdzsl).toBeGreaterThan(0);
    expect(o.zkdzsl).toBe(zkdzsl);
    expect(report.tables.mbjc).toHaveLength(zkdzsl);

    const unmet = await count(`SELECT count(*) AS n ${RESULTS} AND (r.dis OR r.unfin)`, args);
    const unreported = await count(`SELECT count(*) AS n ${RESULTS} AND NOT (r.dis OR r.unfin) AND ${VALUE} IS NULL`, args);
    expect(unmet).toBeGreaterThan(0);
    expect(o.zkddbqkList).toEqual([
      { name: '达标', value: zkdzsl - unmet - unreported },
      { name: '未达标', value: unmet },
      { name: '未填报', value: unreported },
    ]);
    expect(o.wdbzkdsl).toBe(unmet);
    expect(report.tables.wdbzb).toHaveLength(unmet);
    const unmetNames = (await db.query(`SELECT DISTINCT p.zkdmc ${RESULTS} AND (r.dis OR r.unfin)`, args)) as Array<{ zkdmc: string }>;
    expect([...o.wdbzkdmcs].sort()).toEqual(unmetNames.map((r) => r.zkdmc).sort());
    // The demo trees are three levels deep: a point's indicator → its parent (second level) → the root.
    const unmetSecond = (await db.query(
      `SELECT DISTINCT i2.name ${RESULTS.replace('WHERE', 'JOIN indicator i3 ON i3.id = p.indicator_id JOIN indicator i2 ON i2.id = i3.parent_id WHERE')} AND (r.dis OR r.unfin)`,
      args)) as Array<{ name: string }>;
    expect([...o.wdbzkdejzbs].sort()).toEqual(unmetSecond.map((r) => r.name).sort());

    const grades = (await db.query(`SELECT coalesce(r.jgdj, '未评级') AS g, count(*)::int AS n ${RESULTS} GROUP BY 1`, args)) as Array<{ g: string; n: number }>;
    const graded = new Map(grades.map((g) => [g.g, g.n]));
    expect(o.zgQualitiesRankList.map((g) => g.name)).toEqual(['A', 'B', 'C', 'D', 'Y', 'N', '未评级']);
    for (const g of o.zgQualitiesRankList) {
      expect(g.value).toBe(graded.get(g.name) ?? 0);
      expect(g.zb).toBe(g.value === 0 ? '0' : ((g.value / zkdzsl) * 100).toFixed(2));
    }
    const aOrY = (graded.get('A') ?? 0) + (graded.get('Y') ?? 0);
    expect(report.score).toBe(Math.round((aOrY / (zkdzsl - (graded.get('未评级') ?? 0))) * 10_000) / 100);

    const rates = (await db.query(
      `SELECT i1.name, count(*) FILTER (WHERE ${VALUE} IS NOT NULL OR r.dis OR r.unfin)::int AS reported,
              count(*) FILTER (WHERE ${VALUE} IS NOT NULL AND NOT (r.dis OR r.unfin))::int AS met
       ${RESULTS.replace('WHERE', 'JOIN indicator i3 ON i3.id = p.indicator_id JOIN indicator i2 ON i2.id = i3.parent_id JOIN indicator i1 ON i1.id = i2.parent_id WHERE')}
       GROUP BY i1.name, i1.sort_order ORDER BY i1.sort_order`, args)) as Array<{ name: string; reported: number; met: number }>;
    expect(rates.length).toBeGreaterThan(1);
    // each first-level indicator by its display name, as the quality table names it (人才培养 reads 计分卡, issue 35)
    expect(o.zkdhglList).toEqual(rates.map((r) => ({ name: INDICATOR_CATEGORY_LABELS[r.name as IndicatorCategory] ?? r.name, value: r.met === 0 ? 0 : Math.min(100, Math.round((r.met / r.reported) * 10_000) / 100) })));

    const yjcs = await count(`SELECT count(*) AS n ${WARNINGS}`, args);
    const handled = await count(`SELECT count(*) AS n ${WARNINGS} AND w.clsj IS NOT NULL`, args);
    expect(o.yjcs).toBe(yjcs);
    expect(report.tables.yjjl).toHaveLength(yjcs);
    expect(o.yjqkList).toEqual([{ name: '已处理', value: handled }, { name: '未处理', value: yjcs - handled }]);
    expect(o.yjcll).toBe(handled === 0 ? '0' : ((handled / yjcs) * 100).toFixed(2));
    const top = (await db.query(`SELECT p.zkdmc, count(*)::int AS n ${WARNINGS} GROUP BY p.zkdmc ORDER BY n DESC, p.zkdmc COLLATE "C" LIMIT 10`, args)) as Array<{ zkdmc: string; n: number }>;
    expect(o.zkdmcs).toEqual(top.map((r) => r.zkdmc));
    expect(o.zkdyjcs).toEqual(top.map((r) => r.n));
    expect(report.tables.yjjl.every((w) => /^2026-\d\d-\d\d \d\d:\d\d:\d\d$/.test(w.yjsj) && (w.clsj === '' || /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(w.clsj)))).toBe(true);
    return { zkdzsl, yjcs };
  }

  async function expectTasks(report: ComputedReport, summary: Summary, where: string, params: unknown[]) {
    const o = report.overview;
    expect(summary.totals.total).toBeGreaterThan(0);
    expect(o.items[1]!.num).toBe(summary.totals.total);
    expect(o.wcl).toBe(summary.totals.completionRate);
    const group = (g: string) => summary.byGroup.find((x) => x.group === g)!.count;
    expect(o.zkdwcqkList).toEqual([{ name: '已完成', value: group('finished') }, { name: '正常', value: group('normal') }, { name: '暂停', value: group('pause') }]);
    const unfinished = await count(`SELECT count(*) AS n FROM target_task t WHERE '2026' = ANY(string_to_array(t.rwnf, ',')) AND t.rwjd NOT IN ('hasDone', 'delayDone') ${where}`, params);
    expect(unfinished).toBeGreaterThan(0);
    expect(o.wwczkdsl).toBe(unfinished);
    expect(o.wwczkdsl).toBe(summary.totals.total - summary.totals.finished);
    expect(report.tables.wwcmb).toHaveLength(unfinished);
    expect(o.wwczkdmcs.length).toBeGreaterThan(0);
    expect(report.tables.wwcmb.every((row) => row.rwjdmc !== '已完成' && row.rwjdmc !== '延期完成' && /^\d{1,3}\.\d\d%$/.test(row.progress))).toBe(true);
  }

  it('counts a school scope: its points and warnings, and the whole school\'s target tasks as the global summary', async () => {
    const report = await service.compute([SCHOOL], CYCLE, ALL_CHECKED);
    const { zkdzsl, yjcs } = await expectPointsAndWarnings(SCHOOL, report);
    expect(yjcs).toBeGreaterThan(0);
    await expectTasks(report, await summaryOf({ type: 'globalSummaryAnalysis', year: '2026' }), '', []);
    // section 4: the template's (ALL_CHECKED: three items, so unchecked) with the measures' count
    expect(report.overview.items.map((i) => [i.id, i.isChecked, i.num])).toEqual([[1, true, zkdzsl], [2, true, report.overview.items[1]!.num], [3, true, yjcs], [4, false, report.overview.gjcssl]]);
    expect(report.overview.items[1]!.text).toBe('任务说明');
  });

  it('counts a major scope: its points and warnings, and its department\'s target tasks as the department summary', async () => {
    const report = await service.compute([MAJOR], CYCLE, ALL_CHECKED);
    await expectPointsAndWarnings(MAJOR, report);
    const [dept] = (await db.query(`SELECT DISTINCT department_id AS id FROM obj_task WHERE object_type = 'major' AND object_code = $1 AND cycle_value = $2`, [MAJOR.cjdmid, CYCLE])) as Array<{ id: string }>;
    expect(dept!.id).toBe('d-xxgc');
    await expectTasks(report, await summaryOf({ type: 'departmentSummaryAnalysis', chargeDepartId: dept!.id, year: '2026' }), 'AND t.charge_department_id = $1', [dept!.id]);
  });

  it('keeps an unchecked section in the items, unchecked, with its num', async () => {
    const template = { items: ALL_CHECKED.items.map((i) => (i.id === 3 ? { ...i, isChecked: false } : i)) };
    const report = await service.compute([MAJOR], CYCLE, template);
    expect(report.overview.items.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(report.overview.items[2]).toMatchObject({ id: 3, isChecked: false, num: report.overview.yjcs });
  });

  it('gives zero nums, zero rates and empty tables for a scope without diagnosed tasks', async () => {
    const report = await service.compute([{ cjlx: 'major', cjdmid: 'no-such-major' }], CYCLE, ALL_CHECKED);
    expect(report.overview.items.map((i) => i.num)).toEqual([0, 0, 0, 0]);
    expect(report.overview).toMatchObject({ zkdzsl: 0, wdbzkdsl: 0, wcl: '0', wwczkdsl: 0, yjcs: 0, yjcll: '0', zkdmcs: [], zkdhglList: [] });
    expect(report.tables).toEqual({ mbjc: [], wdbzb: [], wwcmb: [], yjjl: [], gjcx: [] });
    expect(report.score).toBeNull();
  });

  it('offers the cycles and the objects of a cycle, school first', async () => {
    expect(await service.cycles()).toEqual(expect.arrayContaining(['2026', '2025']));
    const objects = await service.scopeObjects(CYCLE);
    // Other suites of the run add objects of their own: the demo school is among the schools, and schools come first.
    const levels = objects.map((x) => x.cjlx);
    expect(levels.slice(0, levels.lastIndexOf('school') + 1).every((l) => l === 'school')).toBe(true);
    expect(objects.find((x) => x.cjdmid === 'school-demo')).toMatchObject({ cjlx: 'school', cjmc: '学校', cjname: '诊改示范职业技术学院' });
    const major = objects.find((x) => x.cjdmid === MAJOR.cjdmid)!;
    expect(major).toMatchObject({ cjmc: '专业', cjname: '软件技术', departmentIds: ['d-xxgc'] });
    expect(major.taskIds).toEqual(['task-major-2026']);
  });
});
