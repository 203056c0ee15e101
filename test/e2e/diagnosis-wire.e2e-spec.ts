import { DataSource } from 'typeorm';
import { diagnosticStandard } from '../../backend/src/shared/kernel/diagnostic-standard.js';
import { calRuleOf, scoreOf } from '../../backend/src/shared/kernel/grade.js';
import type { ValueType } from '../../backend/src/shared/kernel/value-types.js';
import { addTask, buildObjectYears, type ObjectYears } from './support/diagnosis-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Row = { id: string; zkdid: string; zkdmc: string; zlx: ValueType; bzz: string | null; mbz: string | null; jgz: string | null; jgdj: string | null; dis: boolean; unfin: boolean; zdbz: string | null; calRule: unknown };

/**
 * The diagnosis area's wire as the documents name it (issue 12): the task card's fields, isedit, 500-character
 * value cells, selectbyid by the row's zkdid, the score of graded tasks, one reading of 未达标 and the grade, and the
 * diagnostic standard worded in the point's type. Its own objects are prefixed dw-.
 */
describe('diagnosis on the wire: the documents\' names and readings (issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  // 王明 owns the school, 刘建国 audits it; 2025 passed, 2026 a draft.
  let school: ObjectYears;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const save = (c: Awaited<ReturnType<typeof as>>, body: Record<string, unknown>) => c.post('/api/herm-znfx/disqualified/update', { yyfx: '原因', gjcs: '措施', ...body });

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    school = await buildObjectYears(db, 'dw-school', { name: '线上名称学校', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
  });
  afterAll(() => t.close());

  describe('task cards: rwmc, jkrmc, zqz, rwzt, kssj, jssj', () => {
    it('answers the documents\' fields on task/select and on the table\'s task', async () => {
      // a school-year task given its own dates, and one waiting for its auditor
      await db.query(
        `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, audit_state, start_date, end_date)
         VALUES ('dw-school-year', $1, '线上名称学校学年诊断', 'school', 'dw-school', '线上名称学校', '2025-2026', 'd-zlb', 'u-publisher', 'u-leader', 'submitted', '2025-09-01', '2026-07-15')`,
        [school.libraries.current],
      );
      const publisher = await as('fabu');
      const records = (await publisher.get('/api/herm-znfx/task/select?pageNum=1&pageSize=0')).body.data.records as Array<Record<string, unknown>>;
      const card = (id: string) => records.find((r) => r.id === id);
      expect(card(school.tasks.current)).toMatchObject({
        rwmc: '线上名称学校2026年度质量诊断', jkrmc: '刘建国', zqz: '2026', rwzt: 'normal', kssj: '2026-01-01', jssj: '2026-12-31',
        cycleValue: '2026', auditorName: '刘建国', ownerName: '王明', auditState: 'draft',
      });
      expect(card(school.tasks.prev)).toMatchObject({ jkrmc: '刘建国', zqz: '2025', rwzt: 'finished', kssj: '2025-01-01', jssj: '2025-12-31' });
      expect(card('dw-school-year')).toMatchObject({ zqz: '2025-2026', rwzt: 'pause', kssj: '2025-09-01', jssj: '2026-07-15' });
      const table = (await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`)).body.data;
      expect(table.task).toMatchObject({ rwmc: '线上名称学校2026年度质量诊断', jkrmc: '刘建国', zqz: '2026', rwzt: 'normal', kssj: '2026-01-01', jssj: '2026-12-31' });
    });

    it('refuses a task that ends before it starts, and leaves a cycle without a year undated', async () => {
      await expect(
        db.query(
          `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, start_date, end_date)
           VALUES ('dw-backwards', $1, '倒序', 'school', 'dw-school', '线上名称学校', '2026', '2026-12-31', '2026-01-01')`,
          [school.libraries.current],
        ),
      ).rejects.toThrow(/obj_task_dates_order/);
      await addTask(db, 'dw-undated', school.libraries.current, { objectType: 'school', objectCode: 'dw-school', name: '线上名称学校', cycle: '第一轮', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
      const records = (await (await as('fabu')).get('/api/herm-znfx/task/select?pageNum=1&pageSize=0')).body.data.records as Array<Record<string, unknown>>;
      expect(records.find((r) => r.id === 'dw-undated')).toMatchObject({ zqz: '第一轮', kssj: null, jssj: null });
    });
  });

  describe('edit mode: isedit', () => {
    it('answers isedit (not canEdit): true for the draft\'s owner, false once passed and for a reader', async () => {
      const publisher = await as('fabu');
      const draft = (await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`)).body.data;
      expect(draft.isedit).toBe(true);
      expect(draft).not.toHaveProperty('canEdit');
      expect((await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.prev}`)).body.data.isedit).toBe(false);
      expect((await (await as('zj')).get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`)).body.data.isedit).toBe(false);
    });
  });

  describe('value cells take 500 characters', () => {
    it('stores a text result and revised values of 500 characters and refuses 501', async () => {
      // point 1 allows revised values (fsjzxz 1); made a text point
      const pointId = `${school.libraries.current}-p1`;
      await db.query(`UPDATE quality_point SET zlx = 'text', bzz = NULL, mbz = NULL WHERE id = $1`, [pointId]);
      const publisher = await as('fabu');
      const long = '质'.repeat(499) + '𠀀';
      const ok = await save(publisher, { id: pointId, gzdxid: school.tasks.current, jgz: long, xzmbz: long, xzjgz: long });
      expect(ok.body.meta).toMatchObject({ success: true, message: '保存成功' });
      const [stored] = await db.query(`SELECT jgz, xzmbz, xzjgz FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [school.tasks.current, pointId]);
      expect(stored).toEqual({ jgz: long, xzmbz: long, xzjgz: long });

      for (const field of ['jgz', 'xzmbz', 'xzjgz']) {
        const refused = await save(publisher, { id: pointId, gzdxid: school.tasks.current, [field]: `${long}多` });
        expect(refused.body.meta.success).toBe(false);
        expect(refused.body.meta.message).toMatch(/500/);
      }
      const [after] = await db.query(`SELECT jgz FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [school.tasks.current, pointId]);
      expect(after.jgz).toBe(long);
    });
  });

  describe('quality/selectbyid takes the row\'s zkdid', () => {
    it('answers the row whose zkdid (code) it is given, in the task\'s own library', async () => {
      const publisher = await as('fabu');
      const rows = (await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`)).body.data.rows as Row[];
      const row = rows.find((r) => r.zkdid === 'FX-00004')!;
      const current = await publisher.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${school.tasks.current}&zkdid=${row.zkdid}`);
      expect(current.body.data).toMatchObject({ id: row.id, zkdid: 'FX-00004', zkdmc: row.zkdmc, rwmc: '线上名称学校2026年度质量诊断' });
      // the same code on last cycle's task is last cycle's point
      const prev = await publisher.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${school.tasks.prev}&zkdid=FX-00004`);
      expect(prev.body.data).toMatchObject({ id: `${school.libraries.prev}-p4`, zkdid: 'FX-00004' });
    });

    it('refuses a code the task\'s library does not have, and a reader outside the task', async () => {
      const publisher = await as('fabu');
      const missing = await publisher.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${school.tasks.current}&zkdid=FX-99999`);
      expect(missing.body.meta).toEqual({ success: false, message: '质控点不存在' });
      const outsider = await (await as('rwfzr')).get(`/api/herm-znfx/quality/selectbyid?objTaskId=${school.tasks.current}&zkdid=FX-00004`);
      expect(outsider.body.meta).toEqual({ success: false, message: '用户无权访问该资源' });
    });
  });

  describe('a graded task carries its score', () => {
    const gradesOf = async (taskId: string) => (await db.query(`SELECT jgdj FROM quality_result WHERE obj_task_id = $1`, [taskId])).map((r: { jgdj: string | null }) => r.jgdj);
    const scoreOfTask = async (taskId: string) => (await db.query(`SELECT score::float8 AS score FROM obj_task WHERE id = $1`, [taskId]))[0].score as number | null;

    it('saving a row grades it and keeps the task\'s score the share computed from its grades', async () => {
      await addTask(db, 'dw-score', school.libraries.current, { objectType: 'school', objectCode: 'dw-score', name: '得分学校', cycle: '2026', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
      expect(await scoreOfTask('dw-score')).toBeNull();
      const publisher = await as('fabu');
      const p2 = `${school.libraries.current}-p2`; // percent, target 72
      const p3 = `${school.libraries.current}-p3`; // percent, target 73
      expect((await save(publisher, { id: p2, gzdxid: 'dw-score', jgz: '80' })).body.data.jgdj).toBe('A');
      expect(await scoreOfTask('dw-score')).toBe(100);
      expect((await save(publisher, { id: p3, gzdxid: 'dw-score', jgz: '10' })).body.data.jgdj).toBe('D');
      expect(await scoreOfTask('dw-score')).toBe(scoreOf(await gradesOf('dw-score')));
      expect(await scoreOfTask('dw-score')).toBe(50);
      const card = ((await publisher.get('/api/herm-znfx/task/select?pageNum=1&pageSize=0')).body.data.records as Array<{ id: string; score: number | null }>).find((r) => r.id === 'dw-score');
      expect(card?.score).toBe(50);
    });

    it('the demo\'s audited tasks carry the score of their grades (their cards showed 得分 未知)', async () => {
      const audited = (await db.query(`SELECT id, score::float8 AS score FROM obj_task WHERE id LIKE 'task-%' AND audit_state = 'passed'`)) as Array<{ id: string; score: number | null }>;
      expect(audited.length).toBeGreaterThan(0);
      for (const task of audited) expect({ id: task.id, score: task.score }).toEqual({ id: task.id, score: scoreOf(await gradesOf(task.id)) });
      expect(audited.every((task) => task.score !== null)).toBe(true);
    });
  });

  describe('one reading of 未达标 and the grade', () => {
    it('a result below its standard yet 90% of its target: graded D by the standard floor (issue 35: never B beside 未达标), both reference values on the row', async () => {
      const pointId = `${school.libraries.current}-p5`;
      await db.query(`UPDATE quality_point SET bzz = '90', mbz = '95' WHERE id = $1`, [pointId]);
      const publisher = await as('fabu');
      const saved = (await save(publisher, { id: pointId, gzdxid: school.tasks.current, jgz: '86' })).body.data;
      const reading = { bzz: '90', mbz: '95', jgz: '86', jgdj: 'D', dis: true, unfin: true, calRule: { direction: 'higher', b: 0.9, c: 0.8 } };
      expect(saved).toMatchObject(reading);
      const rows = (await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`)).body.data.rows as Row[];
      expect(rows.find((r) => r.id === pointId)).toMatchObject(reading);
      expect((await publisher.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${school.tasks.current}&zkdid=FX-00005`)).body.data).toMatchObject(reading);
      // at its standard and 96% of its target: no 未达标, the grade alone reads it
      const met = (await save(publisher, { id: pointId, gzdxid: school.tasks.current, jgz: '91' })).body.data;
      expect(met).toMatchObject({ jgdj: 'B', dis: false, unfin: false });
    });

    it('refuses to submit while a row that misses (below standard or target not reached) has no analysis', async () => {
      await addTask(db, 'dw-submit', school.libraries.current, { objectType: 'school', objectCode: 'dw-submit', name: '提交学校', cycle: '2026', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
      await db.query(
        `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj, dis, unfin) VALUES ('dw-submit', $1, '86', 'B', true, false)`,
        [`${school.libraries.current}-p5`],
      );
      const refused = await (await as('fabu')).post('/api/herm-znfx/audit/submit', { objTaskId: 'dw-submit' });
      expect(refused.body.meta).toEqual({ success: false, message: '还有1个未达标的质控点未填写原因分析和改进措施' });
      expect((await db.query(`SELECT audit_state FROM obj_task WHERE id = 'dw-submit'`))[0].audit_state).toBe('draft');
    });
  });

  describe('诊断标准 in the point\'s own type and unit', () => {
    it('the demo\'s points read their standard in their type: 应为是, 不低于100% …, never 标准值1', async () => {
      const admin = await as('admin', 'Admin2026');
      const rows: Row[] = [];
      for (const task of ['task-school-2026', 'task-major-2026', 'task-course-2026']) rows.push(...((await admin.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.rows as Row[]));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect({ code: r.zkdid, zdbz: r.zdbz }).toEqual({ code: r.zkdid, zdbz: diagnosticStandard(r.zlx, r.bzz, r.mbz, calRuleOf(r.calRule).direction) });
      expect(rows.filter((r) => /标准值\d/.test(r.zdbz ?? ''))).toEqual([]);
      const whether = rows.filter((r) => r.zlx === 'whether' || r.zlx === 'have');
      expect(whether.length).toBeGreaterThan(0);
      for (const r of whether) expect(r.zdbz).toMatch(/^应为[是否有无]/);
      const percent = rows.filter((r) => r.zlx === 'percent');
      expect(percent.length).toBeGreaterThan(0);
      for (const r of percent) expect(r.zdbz).toMatch(/^不(低|高)于[\d.]+%/);
    });
  });
});
