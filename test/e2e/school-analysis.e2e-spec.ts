import { jest } from '@jest/globals';
import { SCHOOL_ANALYSIS_MESSAGES, SCHOOL_IMPORT_COLUMNS, type School } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { binary, type Client } from './support/files-fixtures.js';
import { rowsOfXlsx, xlsxOf } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Issue 16, the school side: schools and the person's screening, rival analysis over a small known set (imported
// here as SA01–SA04 beside the generated national set), indicator data with the national median, 双高, the import
// (xlsx and csv, all or nothing) and the own school. Codes start with SA / SB / SX.
jest.setTimeout(120_000);

const ZNFX = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const HEADER = [...SCHOOL_IMPORT_COLUMNS, 'students', '生师比(student_teacher_ratio)'];
// students (more is better) 2024: 100, 300, 200, 300; 2025: 400, 100, —, 250. 生师比 (less is better) 2025: 15.5, 12, 20, 12.
const KNOWN_CSV = [
  HEADER.join(','),
  'SA01,甲e2e学院,江苏,公办,一般高职,2024,100,16',
  'SA01,甲e2e学院,江苏,公办,一般高职,2025,400,15.5',
  'SA02,乙e2e学院,江苏,公办,一般高职,2024,300,13',
  'SA02,乙e2e学院,江苏,公办,一般高职,2025,100,12',
  '"SA03","丙e2e学院,分校",浙江,民办,优质专科高职,2024,200,21',
  '"SA03","丙e2e学院,分校",浙江,民办,优质专科高职,2025,,20',
  'SA04,丁e2e学院,江苏,公办,一般高职,2024,300,',
  'SA04,丁e2e学院,江苏,公办,一般高职,2025,250,12',
].join('\r\n');
const SA = ['SA01', 'SA02', 'SA03', 'SA04'];

describe('school analysis, the school side', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let xld: Client; // 刘建国, school leader: the analysis pages, not 学校数据
  let bmshr: Client; // 张伟, department auditor: no analysis menu

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).body.meta.success).toBe(true);
    return c;
  };
  const upload = (c: Client, bytes: Buffer, filename: string) => c.agent.post(withCsrf(`${ZNFX}/schools/import`, t.config.csrfSecret)).attach('file', bytes, { filename });
  const refusal = (res: { status: number; body: { meta: { success: boolean; message: string } } }) => [res.status, res.body.meta.success, res.body.meta.message];
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params))[0].n);
  const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    // 刘建国 starts with no screening of his own (another suite on this database may have given him one)
    await db.query(`DELETE FROM school_screen WHERE user_id = 'u-leader'`);
    await db.query(`DELETE FROM school_history WHERE user_id = 'u-leader'`);
    [admin, xld, bmshr] = await Promise.all([as('admin', 'Admin2026'), as('xld'), as('bmshr')]);
    const imported = await upload(admin, Buffer.from(`\uFEFF${KNOWN_CSV}\r\n`, 'utf8'), '已知学校.csv');
    expect(imported.body).toMatchObject({ meta: { success: true, message: '导入成功' }, data: { schools: 4, values: 14, problems: [] } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('seeds the generated national set once, with the demo school as the own school', async () => {
    expect(await count(`SELECT count(*) AS n FROM school WHERE generated`)).toBe(1549);
    expect(await count(`SELECT count(*) AS n FROM school_indicator_value v JOIN school s ON s.code = v.school_code WHERE s.generated`)).toBe(371_760);
    const [own] = await db.query(`SELECT name, province, double_high_kind AS kind FROM school WHERE is_own`);
    expect(own).toEqual({ name: '诊改示范职业技术学院', province: '江苏', kind: 'major' });
  });

  it('answers the option lists, indicators with their display categories, years, bounds and the own school', async () => {
    const res = await xld.get(`${ZNFX}/schoolScreen/queryAllList`);
    expect(res.body.meta.success).toBe(true);
    const data = res.body.data;
    expect(data.schoolLevel).toHaveLength(4);
    expect(data.schoolNature).toEqual([{ value: '公办', text: '公办' }, { value: '民办', text: '民办' }]);
    expect(data.schoolProvince).toHaveLength(31);
    expect(data.indicators).toHaveLength(24);
    expect(data.indicators.find((i: { code: string }) => i.code === 'employment_rate')).toMatchObject({ category: '人才培养', categoryLabel: '计分卡', higherIsBetter: true });
    expect(data.years).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expect(data.selection).toEqual({ min: 2, max: 10 });
    expect(data.ownSchool).toMatchObject({ schoolName: '诊改示范职业技术学院', own: true, generated: true });
    expect(data.generated).toBe(true);
  });

  it('refuses a person without any analysis menu', async () => {
    for (const path of ['schoolScreen/queryAllList', 'schoolScreen/querySchoolList', `rivalAnalysis/queryTrendAnalysis?${q({ indicator: 'students', schoolCodes: 'SA01,SA02' })}`, 'doubleHigh/queryYear']) {
      expect((await bmshr.get(`${ZNFX}/${path}`)).body).toMatchObject(NO_PERMISSION);
    }
    expect((await bmshr.post(`${ZNFX}/schoolScreen/updateSchoolScreen`, { schoolCodes: SA.slice(0, 2) })).body).toMatchObject(NO_PERMISSION);
    expect((await bmshr.post(`${ZNFX}/indicatorDataShow`, { year: 2025 })).body).toMatchObject(NO_PERMISSION);
  });

  describe('the school list and the screening', () => {
    it('filters by keyword (name or code, wildcards literal), province, levels, natures and 双高', async () => {
      const list = async (params: Record<string, string>) => (await admin.get(`${ZNFX}/schoolScreen/querySchoolList?${q(params)}`)).body.data as School[];
      expect((await list({ keyword: 'e2e学院' })).map((s) => s.schoolCode)).toEqual(SA);
      expect((await list({ keyword: 'sa0' })).map((s) => s.schoolCode)).toEqual(SA);
      expect(await list({ keyword: '%' })).toEqual([]);
      expect(await list({ keyword: '_' })).toEqual([]);
      expect((await list({ keyword: 'e2e', schoolProvince: '浙江' })).map((s) => s.schoolCode)).toEqual(['SA03']);
      expect((await list({ keyword: 'e2e', schoolNature: '民办' })).map((s) => s.schoolCode)).toEqual(['SA03']);
      expect((await list({ keyword: 'e2e', schoolLevel: '优质专科高职,国家示范（骨干）' })).map((s) => s.schoolCode)).toEqual(['SA03']);
      const sa01 = (await list({ keyword: 'SA01' }))[0]!;
      expect(sa01).toEqual({
        schoolCode: 'SA01', schoolName: '甲e2e学院', schoolProvince: '江苏', schoolNature: '公办', schoolLevel: '一般高职',
        doubleHigh: null, doubleHighGrade: null, doubleHighYear: null, own: false, generated: false, selected: false,
      });
      const high = await list({ doubleHigh: 'school' });
      expect(high.length).toBe(await count(`SELECT count(*) AS n FROM school WHERE double_high_kind = 'school'`));
      expect(high.every((s) => s.doubleHigh === 'school')).toBe(true);
      expect((await list({ doubleHigh: 'any' })).length).toBe(await count(`SELECT count(*) AS n FROM school WHERE double_high_kind IS NOT NULL`));
      expect((await list({})).length).toBe(1549 + 4);
    });

    it('proposes the own school and four rivals to a person who never chose', async () => {
      const res = await xld.get(`${ZNFX}/schoolScreen/querySchoolScreen`);
      const schools = res.body.data.schools as School[];
      expect(schools).toHaveLength(5);
      expect(schools[0]).toMatchObject({ own: true, schoolName: '诊改示范职业技术学院', selected: true });
      const own = schools[0]!;
      // same province and level first
      const rivals = await db.query(
        `SELECT code FROM school WHERE code <> $1 ORDER BY (province = $2 AND level = $3) DESC, (level = $3) DESC, code LIMIT 4`,
        [own.schoolCode, own.schoolProvince, own.schoolLevel],
      );
      expect(schools.slice(1).map((s) => s.schoolCode)).toEqual(rivals.map((r: { code: string }) => r.code));
      expect(res.body.data).toMatchObject({ schoolLevel: [], schoolNature: [], schoolProvince: [] });
    });

    it('saves settings and a bounded selection, refusing 1 and 11 schools, unknown codes and values outside the catalogues', async () => {
      const update = (body: object) => xld.post(`${ZNFX}/schoolScreen/updateSchoolScreen`, body);
      expect(refusal(await update({ schoolCodes: ['SA01'] }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
      const eleven = (await db.query(`SELECT code FROM school WHERE generated ORDER BY code LIMIT 11`)).map((r: { code: string }) => r.code);
      expect(refusal(await update({ schoolCodes: eleven }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
      expect(refusal(await update({ schoolCodes: ['SA01', 'SA01'] }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
      expect(refusal(await update({ schoolCodes: ['SA01', 'NOPE'] }))).toEqual([404, false, SCHOOL_ANALYSIS_MESSAGES.unknownSchool]);
      expect(refusal(await update({ schoolLevel: ['本科'] }))).toEqual([400, false, '办学层次「本科」不存在']);
      // issue 30: wrong types, null and control characters, named by the field
      expect(refusal(await update({ schoolLevel: '一般高职' }))).toEqual([400, false, '办学层次必须是列表']);
      expect(refusal(await update({ schoolCodes: [null, 'SA02'] }))).toEqual([400, false, '学校第1项不能为空']);
      expect(refusal(await update({ schoolProvince: ['江苏\u001b[31m'] }))).toEqual([400, false, '省份包含非法字符']);
      expect(refusal(await update({ schoolProvince: ['上海', '江苏\t'] }))).toEqual([400, false, '省份第2项包含非法字符']);
      expect(await count(`SELECT count(*) AS n FROM school_screen WHERE user_id = 'u-leader'`)).toBe(0);

      const saved = await update({ schoolLevel: ['一般高职'], schoolProvince: ['江苏'], schoolCodes: ['SA02', 'SA01', 'SA02', 'SA04'] });
      expect(saved.body.meta).toEqual({ success: true, message: '保存成功' });
      expect(saved.body.data).toMatchObject({ schoolLevel: ['一般高职'], schoolNature: [], schoolProvince: ['江苏'] });
      expect(saved.body.data.schools.map((s: School) => s.schoolCode)).toEqual(['SA02', 'SA01', 'SA04']);
      expect((await xld.get(`${ZNFX}/schoolScreen/querySchoolScreen`)).body.data.schools.map((s: School) => s.schoolCode)).toEqual(['SA02', 'SA01', 'SA04']);

      // the saved settings apply to the list unless useSettings=false; selected marks the selection
      const listed = (await xld.get(`${ZNFX}/schoolScreen/querySchoolList?keyword=e2e`)).body.data as School[];
      expect(listed.map((s) => [s.schoolCode, s.selected])).toEqual([['SA01', true], ['SA02', true], ['SA04', true]]);
      const all = (await xld.get(`${ZNFX}/schoolScreen/querySchoolList?keyword=e2e&useSettings=false`)).body.data as School[];
      expect(all.map((s) => s.schoolCode)).toEqual(SA);

      // settings alone keep the selection
      await update({ schoolLevel: [] });
      expect((await xld.get(`${ZNFX}/schoolScreen/querySchoolScreen`)).body.data).toMatchObject({ schoolLevel: [], schoolProvince: ['江苏'] });
      expect((await xld.get(`${ZNFX}/schoolScreen/querySchoolScreen`)).body.data.schools).toHaveLength(3);
    });

    it('keeps the newest 10 selections in the history, bounded like the selection', async () => {
      expect(refusal(await xld.post(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes: ['SA01'] }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
      expect(refusal(await xld.post(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes: ['SA01', 'SX99'] }))).toEqual([404, false, SCHOOL_ANALYSIS_MESSAGES.unknownSchool]);
      const histories = await count(`SELECT count(*) AS n FROM school_history WHERE user_id = 'u-leader'`);
      expect(refusal(await xld.post(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes: null }))).toEqual([400, false, '学校不能为空']);
      expect(refusal(await xld.post(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes: ['SA01', 2] }))).toEqual([400, false, '学校第2项必须是文本']);
      expect(await count(`SELECT count(*) AS n FROM school_history WHERE user_id = 'u-leader'`)).toBe(histories);
      const pairs = Array.from({ length: 12 }, (_, i) => [SA[i % 4]!, SA[(i + 1) % 4]!]);
      for (const pair of pairs) {
        const res = await xld.post(`${ZNFX}/schoolScreen/saveSchoolHistory`, { schoolCodes: pair });
        expect(res.body.data.schools.map((s: School) => s.schoolCode)).toEqual(pair);
      }
      const history = (await xld.get(`${ZNFX}/schoolScreen/querySchoolHistory`)).body.data as Array<{ schools: School[]; savedAt: string }>;
      expect(history).toHaveLength(10);
      expect(history.map((h) => h.schools.map((s) => s.schoolCode))).toEqual(pairs.slice(2).reverse());
      expect(await count(`SELECT count(*) AS n FROM school_history WHERE user_id = 'u-leader'`)).toBe(10);
      expect((await admin.get(`${ZNFX}/schoolScreen/querySchoolHistory`)).body.data).toEqual([]);
    });
  });

  describe('rival analysis over the known set', () => {
    const codes = SA.join(',');
    const get = (route: string, params: Record<string, string | number>) => xld.get(`${ZNFX}/rivalAnalysis/${route}?${q(params)}`);

    it('answers the trend over a year range, a start alone, and by default the newest five years', async () => {
      const res = await get('queryTrendAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 2024, endYear: 2025 });
      expect(res.body.data).toEqual({
        indicator: 'students',
        years: [2024, 2025],
        series: [
          { schoolCode: 'SA01', schoolName: '甲e2e学院', own: false, values: [100, 400] },
          { schoolCode: 'SA02', schoolName: '乙e2e学院', own: false, values: [300, 100] },
          { schoolCode: 'SA03', schoolName: '丙e2e学院,分校', own: false, values: [200, null] },
          { schoolCode: 'SA04', schoolName: '丁e2e学院', own: false, values: [300, 250] },
        ],
      });
      expect((await get('queryTrendAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 2024 })).body.data.years).toEqual([2024]);
      const last = (await get('queryTrendAnalysis', { indicator: 'students', schoolCodes: 'SA01,SA02' })).body.data;
      expect(last.years).toEqual([2021, 2022, 2023, 2024, 2025]);
      expect(last.series[0].values).toEqual([null, null, null, 100, 400]);
    });

    it('ranks by the indicator\'s direction with shared places, and keeps a place range of the last year', async () => {
      const res = await get('queryRankAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 2024, endYear: 2025 });
      expect(res.body.data.totals).toEqual([4, 3]);
      expect(res.body.data.series.map((s: { schoolCode: string; ranks: unknown[] }) => [s.schoolCode, s.ranks])).toEqual([
        ['SA01', [4, 1]],
        ['SA02', [1, 3]],
        ['SA03', [3, null]],
        ['SA04', [1, 2]],
      ]);
      const lower = await get('queryRankAnalysis', { indicator: 'student_teacher_ratio', schoolCodes: codes, startYear: 2025 });
      expect(lower.body.data.series.map((s: { ranks: unknown[] }) => s.ranks[0])).toEqual([3, 1, 4, 1]);
      const ranged = await get('queryRankAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 2024, endYear: 2025, rankStart: 1, rankEnd: 2 });
      expect(ranged.body.data.series.map((s: { schoolCode: string }) => s.schoolCode)).toEqual(['SA01', 'SA04']);
      expect(refusal(await get('queryRankAnalysis', { indicator: 'students', schoolCodes: codes, rankStart: 3, rankEnd: 2 }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.rankRange]);
    });

    it('averages the group to two decimals against the own school, else the first', async () => {
      const res = await get('queryAVGAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 2024, endYear: 2025 });
      expect(res.body.data).toEqual({
        indicator: 'students',
        years: [2024, 2025],
        averages: [225, 250],
        school: { schoolCode: 'SA01', schoolName: '甲e2e学院', own: false, values: [100, 400] },
        differences: [-125, 150],
      });
      const ratio = await get('queryAVGAnalysis', { indicator: 'student_teacher_ratio', schoolCodes: 'SA01,SA02,SA03', startYear: 2025 });
      expect(ratio.body.data.averages).toEqual([15.83]);
      const own = (await db.query(`SELECT code FROM school WHERE is_own`))[0].code as string;
      const withOwn = await get('queryAVGAnalysis', { indicator: 'students', schoolCodes: `SA01,${own}` });
      expect(withOwn.body.data.school).toMatchObject({ schoolCode: own, own: true });
    });

    it('refuses selections out of bounds, unknown schools and indicators, and a start after the end', async () => {
      const eleven = (await db.query(`SELECT code FROM school ORDER BY code LIMIT 11`)).map((r: { code: string }) => r.code).join(',');
      for (const route of ['queryTrendAnalysis', 'queryRankAnalysis', 'queryAVGAnalysis']) {
        expect(refusal(await get(route, { indicator: 'students', schoolCodes: 'SA01' }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
        expect(refusal(await get(route, { indicator: 'students', schoolCodes: eleven }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
        expect(refusal(await get(route, { indicator: 'students', schoolCodes: 'SA01,SX404' }))).toEqual([404, false, SCHOOL_ANALYSIS_MESSAGES.unknownSchool]);
        expect(refusal(await get(route, { indicator: 'nothing', schoolCodes: codes }))).toEqual([404, false, SCHOOL_ANALYSIS_MESSAGES.unknownIndicator]);
        expect(refusal(await get(route, { indicator: 'students', schoolCodes: codes, startYear: 2025, endYear: 2024 }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.yearRange]);
      }
      expect(refusal(await xld.post(`${ZNFX}/rivalAnalysis/querySchoolRival`, { schoolCodes: ['SA01'] }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.selectionBounds]);
      // issue 30: the query and body read by the contract's schemas, the field named
      expect(refusal(await get('queryTrendAnalysis', { indicator: 'students', schoolCodes: codes, startYear: 'abc' }))).toEqual([400, false, '开始年份必须是整数']);
      expect(refusal(await get('queryRankAnalysis', { indicator: 'students', schoolCodes: codes, endYear: 1900 }))).toEqual([400, false, '结束年份不能小于1990']);
      expect(refusal(await get('queryDoubleSchool', { year: 2025 }))).toEqual([400, false, '学校不能为空']);
      expect(refusal(await xld.post(`${ZNFX}/rivalAnalysis/querySchoolRival`, { schoolCodes: 'SA01,SA02' }))).toEqual([400, false, '学校必须是列表']);
      expect(refusal(await xld.post(`${ZNFX}/indicatorDataShow`, { year: 2025, category: null, indicators: ['students', 7] }))).toEqual([400, false, '指标第2项必须是文本']);
    });

    it('answers the overview table with places per indicator', async () => {
      const res = await xld.post(`${ZNFX}/rivalAnalysis/querySchoolRival`, { schoolCodes: SA, indicators: ['students', 'student_teacher_ratio'], year: 2025 });
      expect(res.body.data).toEqual({
        year: 2025,
        indicators: ['students', 'student_teacher_ratio'],
        rows: [
          { schoolCode: 'SA01', schoolName: '甲e2e学院', own: false, values: { students: 400, student_teacher_ratio: 15.5 }, ranks: { students: 1, student_teacher_ratio: 3 } },
          { schoolCode: 'SA02', schoolName: '乙e2e学院', own: false, values: { students: 100, student_teacher_ratio: 12 }, ranks: { students: 3, student_teacher_ratio: 1 } },
          { schoolCode: 'SA03', schoolName: '丙e2e学院,分校', own: false, values: { students: null, student_teacher_ratio: 20 }, ranks: { students: null, student_teacher_ratio: 4 } },
          { schoolCode: 'SA04', schoolName: '丁e2e学院', own: false, values: { students: 250, student_teacher_ratio: 12 }, ranks: { students: 2, student_teacher_ratio: 1 } },
        ],
      });
      const newest = await xld.post(`${ZNFX}/rivalAnalysis/querySchoolRival`, { schoolCodes: ['SA01', 'SA02'] });
      expect(newest.body.data.year).toBe(2025);
      expect(newest.body.data.indicators).toHaveLength(24);
    });

    it('puts exactly two schools side by side with the better one', async () => {
      const res = await get('queryDoubleSchool', { schoolCodes: 'SA01,SA02', year: 2025 });
      expect(res.body.data.schools.map((s: School) => s.schoolCode)).toEqual(['SA01', 'SA02']);
      const row = (code: string) => res.body.data.rows.find((r: { indicator: string }) => r.indicator === code);
      expect(row('students')).toEqual({ indicator: 'students', name: '全日制在校生数', unit: '人', category: '教学条件', values: [400, 100], better: 0 });
      expect(row('student_teacher_ratio')).toMatchObject({ values: [15.5, 12], better: 1 });
      expect(row('patents')).toMatchObject({ values: [null, null], better: null });
      expect(refusal(await get('queryDoubleSchool', { schoolCodes: 'SA01,SA02,SA03' }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.twoSchools]);
      expect(refusal(await get('queryDoubleSchool', { schoolCodes: 'SA01' }))).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.twoSchools]);
    });
  });

  describe('indicator data and 双高', () => {
    it('answers a year\'s values with the national median and the year before, by default for the person\'s selection', async () => {
      const res = await xld.post(`${ZNFX}/indicatorDataShow`, { year: 2025, indicators: ['students'] });
      expect(res.body.data.schools.map((s: School) => s.schoolCode)).toEqual(['SA02', 'SA01', 'SA04']);
      const values: number[] = (await db.query(`SELECT value FROM school_indicator_value WHERE indicator = 'students' AND year = 2025 ORDER BY value`)).map((r: { value: number }) => r.value);
      const mid = values.length / 2;
      const median = values.length % 2 ? values[Math.floor(mid)]! : (values[mid - 1]! + values[mid]!) / 2;
      expect(res.body.data.rows).toEqual([
        { indicator: 'students', name: '全日制在校生数', unit: '人', category: '教学条件', categoryLabel: '资源表', values: [100, 400, 250], nationalMedian: median, previous: [300, 100, 300] },
      ]);
      const byLabel = await xld.post(`${ZNFX}/indicatorDataShow`, { year: 2025, category: '计分卡', schoolCodes: ['SA01'] });
      expect(byLabel.body.data.rows.length).toBe(8);
      expect(byLabel.body.data.rows.every((r: { category: string }) => r.category === '人才培养')).toBe(true);
      const byCategory = await xld.post(`${ZNFX}/indicatorDataShow`, { year: 2025, category: '人才培养', schoolCodes: ['SA01'] });
      expect(byCategory.body.data.rows.map((r: { indicator: string }) => r.indicator)).toEqual(byLabel.body.data.rows.map((r: { indicator: string }) => r.indicator));
      expect(refusal(await xld.post(`${ZNFX}/indicatorDataShow`, {}))).toEqual([400, false, expect.stringContaining('不能为空')]);
      expect((await xld.get(`${ZNFX}/indicatorDataShow/queryYears`)).body.data).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    });

    it('lists the 双高 years and schools', async () => {
      expect((await xld.get(`${ZNFX}/doubleHigh/queryYear`)).body.data).toEqual([2019]);
      const schools = (await xld.get(`${ZNFX}/doubleHigh/getHighSchoolCode?year=2019&kind=school`)).body.data as School[];
      expect(schools).toHaveLength(56);
      expect(schools.every((s) => s.doubleHigh === 'school' && s.doubleHighYear === 2019)).toBe(true);
      expect((await xld.get(`${ZNFX}/doubleHigh/getHighSchoolCode?kind=major`)).body.data).toHaveLength(141);
    });
  });

  describe('学校数据: template, import, own school', () => {
    it('gives the template whose header the import reads, and imports a filled xlsx', async () => {
      const template = await binary(admin.get(`${ZNFX}/schools/importTemplate`));
      expect(template.status).toBe(200);
      const [header] = await rowsOfXlsx(template.body as Buffer);
      expect(header!.slice(0, 7)).toEqual([...SCHOOL_IMPORT_COLUMNS, '全日制在校生数(students)']);
      expect(header).toHaveLength(30);
      const sheet = await xlsxOf([header!, ['SB01', '戊e2e学院', '广东', '民办', '一般高职', '2025', '5000', ...Array(23).fill('')]]);
      const res = await upload(admin, sheet, '学校.xlsx');
      expect(res.body).toMatchObject({ meta: { success: true }, data: { schools: 1, values: 1, problems: [] } });
      expect(await db.query(`SELECT s.name, s.generated, v.value FROM school s JOIN school_indicator_value v ON v.school_code = s.code WHERE s.code = 'SB01'`)).toEqual([{ name: '戊e2e学院', generated: false, value: 5000 }]);
    });

    it('refuses a bad csv or xlsx whole, reporting every bad line, and stores nothing', async () => {
      const before = await count(`SELECT count(*) AS n FROM school_indicator_value`);
      const csv = [
        HEADER.join(','),
        'SX01,己e2e学院,江苏,公办,一般高职,2025,100,10',
        'SX02,庚e2e学院,火星,公办,一般高职,2025,100,10',
        'SX03,辛e2e学院,江苏,公办,一般高职,二〇二五,abc,10',
        ',,江苏,公办,一般高职,2025,1,1',
        'SA01,甲e2e学院,江苏,公办,一般高职,2025,999,1',
      ].join('\n');
      const res = await upload(admin, Buffer.from(csv, 'utf8'), '坏.csv');
      expect(refusal(res)).toEqual([400, false, SCHOOL_ANALYSIS_MESSAGES.importRefused]);
      expect(res.body.data.problems).toEqual([
        { row: 3, reason: '省份「火星」不存在' },
        { row: 4, reason: '年份「二〇二五」不正确；「全日制在校生数」的值「abc」不是数字' },
        { row: 5, reason: '学校代码不能为空；学校名称不能为空' },
      ]);
      const xlsx = await xlsxOf([HEADER, ['SX04', '壬e2e学院', '江苏', '国营', '一般高职', '2025', '1', '1']]);
      const bad = await upload(admin, xlsx, '坏.xlsx');
      expect(bad.body.data.problems).toEqual([{ row: 2, reason: '办学性质「国营」不存在' }]);
      expect(await count(`SELECT count(*) AS n FROM school WHERE code LIKE 'SX%'`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM school_indicator_value`)).toBe(before);
      expect((await db.query(`SELECT value FROM school_indicator_value WHERE school_code = 'SA01' AND indicator = 'students' AND year = 2025`))[0].value).toBe(400);
      expect(refusal(await upload(admin, Buffer.from('not a workbook'), '坏.xlsx'))).toEqual([400, false, '文件类型错误']);
      expect(refusal(await upload(admin, Buffer.from('a,b'), '坏.txt'))).toEqual([400, false, '文件类型错误，请导入 .xlsx 或 .csv 文件']);
    });

    it('refuses the import, template and own school to a reader without the 学校数据 menu', async () => {
      const res = await upload(xld, Buffer.from(KNOWN_CSV, 'utf8'), '学校.csv');
      expect(res.body).toMatchObject(NO_PERMISSION);
      expect((await xld.get(`${ZNFX}/schools/importTemplate`)).body).toMatchObject(NO_PERMISSION);
      expect((await xld.post(`${ZNFX}/schools/own`, { schoolCode: 'SA01' })).body).toMatchObject(NO_PERMISSION);
    });

    it('sets exactly one own school', async () => {
      expect(refusal(await admin.post(`${ZNFX}/schools/own`, { schoolCode: 'SX404' }))).toEqual([404, false, SCHOOL_ANALYSIS_MESSAGES.unknownSchool]);
      const before = await db.query(`SELECT code FROM school WHERE is_own`);
      expect(refusal(await admin.post(`${ZNFX}/schools/own`, { schoolCode: 5 }))).toEqual([400, false, '学校代码必须是文本']);
      expect(refusal(await admin.post(`${ZNFX}/schools/own`, { schoolCode: null }))).toEqual([400, false, '学校代码不能为空']);
      expect(await db.query(`SELECT code FROM school WHERE is_own`)).toEqual(before);
      const res = await admin.post(`${ZNFX}/schools/own`, { schoolCode: 'SA01' });
      expect(res.body).toMatchObject({ meta: { success: true, message: '设置成功' }, data: { schoolCode: 'SA01', own: true } });
      expect((await db.query(`SELECT code FROM school WHERE is_own`)).map((r: { code: string }) => r.code)).toEqual(['SA01']);
      expect((await xld.get(`${ZNFX}/schoolScreen/queryAllList`)).body.data.ownSchool.schoolCode).toBe('SA01');
      const avg = await xld.get(`${ZNFX}/rivalAnalysis/queryAVGAnalysis?${q({ indicator: 'students', schoolCodes: 'SA02,SA01', startYear: 2025 })}`);
      expect(avg.body.data.school).toMatchObject({ schoolCode: 'SA01', own: true });
    });
  });
});
