import { jest } from '@jest/globals';
import {
  CentreOverviewSchema, CentrePortraitSchema, DataScreenSchema, ReportDetailSchema, ReportTemplateSchema,
  type CentreLevel, type CentreOverview, type ReportBuildProgress, type ReportDetail, type ReportTemplate,
} from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { buildLibrary } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, waitFor, type TestApp } from './support/test-app.js';

// Issue 33, 改进成效 beyond the centres: a quality report's optional section 4 counts the same measures the same way as
// the development centres (compared through the API: the centre overview's figures and rows, the portraits' measures),
// templates stored with three sections keep working, and the data screen shows the centres' 改进有效率 per level.
// Everything carries the prefix E2EF in a department of its own and the cycles 2083 and 2084, which nothing else uses.
jest.setTimeout(180_000);

const CENTRE = '/api/herm-znfx/centre';
const SJGL = '/api/herm-sjgl';
const ZNFX = '/api/herm-znfx';
const D = 'd-e2ef';
const [PREV, CUR] = ['2083', '2084'];
const LIB = { [PREV]: 'e2ef-lib-2083', [CUR]: 'e2ef-lib-2084' } as const;

const OBJECTS: Array<[id: string, level: CentreLevel, code: string, name: string]> = [
  ['e2ef-m1', 'major', 'E2EFM1', 'E2EF专业一'],
  ['e2ef-m2', 'major', 'E2EFM2', 'E2EF专业二'],
  ['e2ef-t1', 'teacher', 'E2EFT1', 'E2EF教师一'],
];
const taskId = (object: string, cycle: string) => `${object}-${cycle}`;

// results: object, cycle, point n (FX-0000n; point 2 is "lower is better"), jgz, unfin, gjcs
const RESULTS: Array<[string, string, number, string | null, boolean, string | null]> = [
  ['e2ef-m1', PREV, 1, '60', true, '措施一'], // 2084: 80 met → 有效
  ['e2ef-m1', PREV, 2, '90', true, '措施二'], // lower is better; 2084: 85 still unmet → 改善
  ['e2ef-m1', PREV, 3, '50', true, '措施三'], // 2084: 40 → 未改善
  ['e2ef-m1', PREV, 4, '0', true, '措施四'], // no result in 2084 → 待评估
  ['e2ef-m1', PREV, 5, '80', false, '保持'], // met: not a measure
  ['e2ef-m1', CUR, 1, '80', false, null],
  ['e2ef-m1', CUR, 2, '85', true, null],
  ['e2ef-m1', CUR, 3, '40', true, null],
  ['e2ef-m1', CUR, 5, '80', false, null],
  ['e2ef-m2', PREV, 1, '60', true, '措施'], // 2084: 70 met → 有效
  ['e2ef-m2', PREV, 3, '70', true, '   '], // a blank gjcs: not a measure
  ['e2ef-m2', CUR, 1, '70', false, null],
  ['e2ef-m2', CUR, 3, '75', true, null],
  ['e2ef-t1', PREV, 1, '50', true, '教师措施'], // 2084: 50 → 未改善
  ['e2ef-t1', CUR, 1, '50', true, null],
];

describe('改进成效 in reports and on the data screen (issue 33)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let templateId: string;

  const built = (taskId: string) =>
    waitFor(async () => {
      const p = (await admin.get(`${ZNFX}/report/taskResult?taskId=${encodeURIComponent(taskId)}`)).body.data as ReportBuildProgress | null;
      return p && (p.state === 'done' || p.state === 'failed') ? p : null;
    }, `build ${taskId}`, 90_000);
  const report = async (name: string, codes: Array<[CentreLevel, string]>, template = templateId): Promise<ReportDetail> => {
    const started = await admin.post(`${ZNFX}/report/generate`, { reportName: name, cycle: CUR, scopes: codes.map(([cjlx, cjdmid]) => ({ cjlx, cjdmid })), templateId: template });
    expect(started.body.meta).toMatchObject({ success: true });
    expect((await built(started.body.data.taskId)).state).toBe('done');
    const d = await admin.get(`${SJGL}/report/detail?id=${started.body.data.reportId}`);
    return ReportDetailSchema.parse(d.body.data);
  };
  const centre = async (level: CentreLevel, params: Record<string, string> = {}): Promise<CentreOverview> => {
    const res = await admin.get(`${CENTRE}/overview?${new URLSearchParams({ level, pageSize: '0', ...params })}`);
    expect(res.body.meta.success).toBe(true);
    return CentreOverviewSchema.parse(res.body.data);
  };
  /** The portraits' measures of the previous cycle, judged by CUR, counted by effect name. */
  const portraitCounts = async (ids: string[]) => {
    const counts: Record<string, number> = {};
    for (const id of ids) {
      const p = CentrePortraitSchema.parse((await admin.get(`${CENTRE}/portrait?objectId=${id}`)).body.data);
      for (const m of p.measures.filter((x) => x.cycle === PREV && x.nextCycle === CUR)) counts[m.effectName] = (counts[m.effectName] ?? 0) + 1;
    }
    return counts;
  };
  const countsOf = (d: ReportDetail) => Object.fromEntries(d.overview!.gjcxList.filter((e) => e.value > 0).map((e) => [e.name, e.value]));

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    await db.query(`INSERT INTO department (id, name, parent_id) VALUES ($1, 'E2EF学院', 'd-ejxy') ON CONFLICT DO NOTHING`, [D]);
    // a teacher object is a person's
    await db.query(`INSERT INTO app_user (id, account, name, org_id, password_hash, person_kind) SELECT 'e2ef-u1', 'e2ef-u1', 'E2EF教师一', $1, password_hash, 'teacher' FROM app_user WHERE id = 'u-publisher'`, [D]);
    for (const [id, level, code, name] of OBJECTS) {
      await db.query(`INSERT INTO diagnosis_object (id, level, code, name, department_id, user_id) VALUES ($1, $2, $3, $4, $5, $6)`, [id, level, code, name, D, level === 'teacher' ? 'e2ef-u1' : null]);
    }
    for (const cycle of [PREV, CUR]) {
      await buildLibrary(db, LIB[cycle], { tree: [1, 1, 1], points: 5 }, { name: `E2EF${cycle}`, level: 'major', cycle });
      await db.query(`UPDATE quality_point SET cal_rule = jsonb_build_object('direction', 'lower', 'b', 0.9, 'c', 0.8) WHERE library_id = $1 AND code = 'FX-00002'`, [LIB[cycle]]);
      for (const [object] of OBJECTS) {
        await db.query(
          `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, audit_state, object_id)
           SELECT $1, $2, o.name || $3, o.level, o.code, o.name, $3, o.department_id, 'passed', o.id FROM diagnosis_object o WHERE o.id = $4`,
          [taskId(object, cycle), LIB[cycle], cycle, object],
        );
      }
    }
    for (const [object, cycle, n, jgz, unfin, gjcs] of RESULTS) {
      await db.query(
        `INSERT INTO quality_result (id, obj_task_id, point_id, jgz, jgdj, unfin, dis, gjcs) VALUES ($1, $2, $3, $4, $5, $6, false, $7)`,
        [`${taskId(object, cycle)}-r${n}`, taskId(object, cycle), `${LIB[cycle]}-p${n}`, jgz, unfin ? 'D' : 'A', unfin, gjcs],
      );
    }
    admin = client(t);
    expect((await admin.login('admin', 'Admin2026')).body.meta.success).toBe(true);
    const items = [1, 2, 3, 4].map((id) => ({ id, isChecked: true, name: `第${id}部分`, text: id === 4 ? '改进措施的成效如下。' : '' }));
    const added = await admin.post(`${SJGL}/reportTemplate/add`, { name: 'E2EF模板', items, preface: '', closing: '' });
    expect(added.body.meta.success).toBe(true);
    templateId = added.body.data.id;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM quality_report WHERE report_name LIKE 'E2EF%'`);
      await db.query(`DELETE FROM report_template WHERE name LIKE 'E2EF%'`);
      await db.query(`DELETE FROM obj_task WHERE id LIKE 'e2ef-%'`);
      await db.query(`DELETE FROM diagnosis_object WHERE id LIKE 'e2ef-%'`);
      await db.query(`DELETE FROM app_user WHERE id LIKE 'e2ef-%'`);
    }
    await t?.close();
  });

  it('counts section 4 as the centres do: the level\'s figures, each row\'s rate and the portraits\' effects', async () => {
    const majors = await report('E2EF专业报告', [['major', 'E2EFM1'], ['major', 'E2EFM2']]);
    const o = majors.overview!;
    expect(o.items.map((i) => [i.id, i.isChecked])).toEqual([[1, true], [2, true], [3, true], [4, true]]);
    // the centres' figures of the same objects and cycle (administrators read every major; no other major has a task in 2084)
    const level = await centre('major', { cycle: CUR });
    expect(level.figures!.cycle).toBe(CUR);
    expect(o.gjcssl).toBe(level.figures!.measures);
    expect(o.gjcxList.find((e) => e.name === '有效')!.value).toBe(level.figures!.effective);
    expect(o.gjyxl).toBe(level.figures!.improvementRate);
    // and each effect as the portraits judge it
    expect(countsOf(majors)).toEqual(await portraitCounts(['e2ef-m1', 'e2ef-m2']));
    // by hand: M1 有效 改善 未改善 待评估, M2 有效 → 2 / 4 judged
    expect(o).toMatchObject({ gjcssl: 5, gjyxl: 50 });
    expect(o.items[3]).toMatchObject({ num: 5, text: '改进措施的成效如下。' });
    expect(majors.tables!.gjcx.map((r) => [r.cjname, r.zkdmc.length > 0, r.sqzq, r.sqjg, r.bqjg, r.gjcs, r.cxmc])).toEqual([
      // both cycles' results as the quality table shows them, by the point's type (issue 35): the library's points
      // are percent points but every fourth, a 有/无 point ('0' reads 无)
      ['E2EF专业一', true, PREV, '60.00%', '80.00%', '措施一', '有效'],
      ['E2EF专业一', true, PREV, '90.00%', '85.00%', '措施二', '改善'],
      ['E2EF专业一', true, PREV, '50.00%', '40.00%', '措施三', '未改善'],
      ['E2EF专业一', true, PREV, '无', '', '措施四', '待评估'],
      ['E2EF专业二', true, PREV, '60.00%', '70.00%', '措施', '有效'],
    ]);

    // one object: its centre row's rate
    const m1 = await report('E2EF专业一报告', [['major', 'E2EFM1']]);
    const row = level.page.records.find((r) => r.objectId === 'e2ef-m1')!;
    expect(m1.overview!.gjyxl).toBe(row.improvementRate);
    expect(m1.overview!.gjyxl).toBe(33.33);
    expect(countsOf(m1)).toEqual(await portraitCounts(['e2ef-m1']));

    // two levels in one report: each judged in its own level's previous cycle
    const mixed = await report('E2EF混合报告', [['major', 'E2EFM2'], ['teacher', 'E2EFT1']]);
    expect(countsOf(mixed)).toEqual(await portraitCounts(['e2ef-m2', 'e2ef-t1']));
    expect(mixed.overview!.gjyxl).toBe(50);
  });

  it('keeps section 4 hidden when unchecked or empty, and reads templates and reports of before it', async () => {
    // a template stored with three sections (as before section 4) reads as four, the fourth unchecked
    const three = [1, 2, 3].map((id) => ({ id, isChecked: true, name: `旧${id}`, text: `旧文字${id}` }));
    const [{ id: oldId }] = await db.query(`INSERT INTO report_template (name, items, preface, closing, is_default, creator_id) VALUES ('E2EF旧模板', $1::jsonb, '', '', false, 'u-admin') RETURNING id`, [JSON.stringify(three)]);
    const listed = () => admin.get(`${SJGL}/reportTemplate/list`).then((r) => (r.body.data as ReportTemplate[]).map((x) => ReportTemplateSchema.parse(x)).find((x) => x.id === oldId)!);
    expect((await listed()).items).toEqual([...three, { id: 4, isChecked: false, name: '改进成效', text: '' }]);
    // a build from it leaves section 4 out of the page data
    const old = await report('E2EF旧模板报告', [['major', 'E2EFM1']], oldId);
    expect(old.overview!.items[3]).toMatchObject({ id: 4, isChecked: false, num: 4 });
    expect(old.tables!.gjcx).toEqual([]);
    // an update with three sections (a client of before) keeps the stored fourth; with four it changes it
    const upd3 = await admin.post(`${SJGL}/reportTemplate/update`, { id: oldId, name: 'E2EF旧模板', items: three.map((i) => ({ ...i, text: '改' })), preface: '', closing: '' });
    expect(upd3.body.meta.success).toBe(true);
    expect((await listed()).items.map((i) => [i.id, i.isChecked, i.text])).toEqual([[1, true, '改'], [2, true, '改'], [3, true, '改'], [4, false, '']]);
    const four = [...three, { id: 4, isChecked: true, name: '成效', text: '四' }];
    expect((await admin.post(`${SJGL}/reportTemplate/update`, { id: oldId, name: 'E2EF旧模板', items: four, preface: '', closing: '' })).body.meta.success).toBe(true);
    expect((await listed()).items[3]).toEqual({ id: 4, isChecked: true, name: '成效', text: '四' });
    expect((await admin.post(`${SJGL}/reportTemplate/update`, { id: oldId, name: 'E2EF旧模板', items: [...four, four[0]], preface: '', closing: '' })).body.meta.success).toBe(false);
    // with four checked and rebuilt from it, the section shows; a report without measures leaves it out
    const fresh = await report('E2EF旧模板新报告', [['major', 'E2EFM1']], oldId);
    expect(fresh.overview!.items[3]).toMatchObject({ isChecked: true, num: 4 });
    expect(fresh.tables!.gjcx).toHaveLength(4);

    // a report frozen before section 4 (three items, no figures, no table) reads with it unchecked and empty
    await db.query(
      `UPDATE quality_report SET overview = (overview - 'gjcssl' - 'gjcxList' - 'gjyxl') || jsonb_build_object('items', (overview->'items') - 3), tables = tables - 'gjcx' WHERE id = $1`,
      [old.id]);
    const before = ReportDetailSchema.parse((await admin.get(`${SJGL}/report/detail?id=${old.id}`)).body.data);
    expect(before.overview!.items.map((i) => [i.id, i.isChecked, i.num])).toEqual([[1, true, before.overview!.zkdzsl], [2, true, before.overview!.items[1]!.num], [3, true, before.overview!.items[2]!.num], [4, false, 0]]);
    expect(before.overview).toMatchObject({ gjcssl: 0, gjyxl: null });
    expect(before.tables!.gjcx).toEqual([]);
  });

  it('shows on the data screen each level\'s 改进有效率 exactly as the centres\' overview figures', async () => {
    const res = await admin.get(`${ZNFX}/dataScreen/overview`);
    expect(res.body.meta.success).toBe(true);
    const screen = DataScreenSchema.parse(res.body.data);
    expect(screen.improvement.map((l) => l.level)).toEqual(['major', 'course', 'teacher', 'student']);
    for (const l of screen.improvement) {
      const o = await centre(l.level);
      expect([l.level, l.cycle]).toEqual([l.level, o.cycle]);
      expect([l.level, l.measures, l.effective, l.improvementRate]).toEqual([l.level, o.figures?.measures ?? 0, o.figures?.effective ?? 0, o.figures?.improvementRate ?? null]);
    }
    expect(screen.improvement.find((l) => l.level === 'major')!.name).toBe('专业');
  });
});
