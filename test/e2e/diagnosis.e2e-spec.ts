import { DataSource } from 'typeorm';
import { buildObjectYears, CURRENT_RESULTS, YEAR_POINTS, type ObjectYears } from './support/diagnosis-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Row = { id: string; zkdid: string; zkdmc: string; jgz: string | null; jgdj: string | null; sljsz: string | null; sldj: string | null; dis: boolean; unfin: boolean; lb: string | null; indicatorPath: string[]; zlx: string; datasourceVos: Array<{ cjfs: string }> };

describe('diagnosis: the quality-point table, entries, grades and audit (spec 001 §2, §3, §5, §7)', () => {
  let t: TestApp;
  let db: DataSource;
  // The suite's own objects: a school (王明 owns it, 刘建国 audits) and a course of 陈静's, each with a task in 2025 and 2026.
  let school: ObjectYears;
  let course: ObjectYears;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    school = await buildObjectYears(db, 'dg-school', { name: '诊断测试学校', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
    course = await buildObjectYears(db, 'dg-course', { name: '诊断测试课程', level: 'course', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' });
  });
  afterAll(() => t.close());

  it('lists the tasks a person may open', async () => {
    const owner = await as('rwfzr');
    const mine = (await owner.get('/api/herm-znfx/task/select?pageNum=1&pageSize=1000')).body.data;
    const ids = mine.records.map((r: { id: string }) => r.id) as string[];
    // Of the suite's tasks, 陈静 opens the two she owns (newest cycle first), not the school's.
    expect(ids.filter((id) => id.startsWith('dg-'))).toEqual([course.tasks.current, course.tasks.prev]);
    expect(mine.records[ids.indexOf(course.tasks.current)]).toMatchObject({ cycleValue: '2026', auditStateName: '未提交' });
    expect(mine.records[0].cycleValue >= mine.records[mine.records.length - 1].cycleValue).toBe(true);
    const admin = await as('admin', 'Admin2026');
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM obj_task`);
    expect((await admin.get('/api/herm-znfx/task/select?pageNum=1&pageSize=5')).body.data).toMatchObject({ total: n, pages: Math.ceil(n / 5) });
  });

  it('answers the whole table: hierarchy titles, renamed categories, last period, attachments, no paging', async () => {
    const publisher = await as('fabu');
    const res = await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`);
    expect(res.body.meta.success).toBe(true);
    const { rows, levelTitles, isedit, task } = res.body.data as { rows: Row[]; levelTitles: string[]; isedit: boolean; task: { auditState: string } };
    expect(rows).toHaveLength(YEAR_POINTS);
    expect(levelTitles).toEqual(['一级指标', '二级指标', '三级指标']);
    expect(isedit).toBe(true);
    expect(task.auditState).toBe('draft');
    const first = rows[0]!;
    expect(first).toMatchObject({ zkdid: 'FX-00001', zkdmc: '质控点1', lb: '计分卡', indicatorPath: ['计分卡', '培养质量', '就业质量'], zlx: 'percent' });
    // Last period comes from the same object's 2025 task, by point code.
    const [prev] = await db.query(
      `SELECT r.jgz, r.jgdj FROM quality_result r JOIN quality_point p ON p.id = r.point_id WHERE r.obj_task_id = $1 AND p.code = 'FX-00001'`,
      [school.tasks.prev],
    );
    expect(prev).toEqual({ jgz: '61', jgdj: 'C' });
    expect({ sljsz: first.sljsz, sldj: first.sldj }).toEqual({ sljsz: prev.jgz, sldj: prev.jgdj });
    expect(rows.filter((r) => r.sljsz !== null)).toHaveLength(YEAR_POINTS);
    expect(rows.filter((r) => r.jgz !== null)).toHaveLength(CURRENT_RESULTS);
    expect(rows.filter((r) => r.lb === '资源表').length).toBeGreaterThan(0);
  });

  it('refuses the table to someone the library does not grant', async () => {
    const outsider = await as('rwfzr');
    const res = await outsider.get(`/api/herm-znfx/quality/select?objTaskId=${school.tasks.current}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ meta: { success: false, message: '用户无权访问该资源' }, data: null });
  });

  it('lets a reader read but not save, and changes nothing', async () => {
    const expert = await as('zj');
    const table = (await expert.get('/api/herm-znfx/quality/select?objTaskId=task-major-2026')).body.data;
    expect(table.isedit).toBe(false);
    const row = table.rows[0] as Row;
    const res = await expert.post('/api/herm-znfx/disqualified/update', { id: row.id, gzdxid: 'task-major-2026', yyfx: '专家写的原因', gjcs: '专家写的措施' });
    expect(res.body).toMatchObject({ meta: { success: false, message: '用户无权访问该资源' } });
    const saved = await db.query(`SELECT yyfx FROM quality_result WHERE obj_task_id = 'task-major-2026' AND point_id = $1`, [row.id]);
    expect(saved.map((r: { yyfx: string | null }) => r.yyfx)).not.toContain('专家写的原因');
  });

  it.each([
    [{ yyfx: '', gjcs: '措施' }, '此项必填', 'yyfx'],
    [{ gjcs: '措施' }, '此项必填', 'yyfx'],
    [{ yyfx: '原因', gjcs: '   ' }, '此项必填', 'gjcs'],
    [{ yyfx: '因'.repeat(501), gjcs: '措施' }, '最多只能输入500个字符', 'yyfx'],
    [{ yyfx: '原因', gjcs: '施'.repeat(501) }, '最多只能输入500个字符', 'gjcs'],
  ])('refuses %p with %s', async (edit, message, field) => {
    const owner = await as('rwfzr');
    const row = (await owner.get('/api/herm-znfx/quality/select?objTaskId=task-course-2026')).body.data.rows[0] as Row;
    const res = await owner.post('/api/herm-znfx/disqualified/update', { id: row.id, gzdxid: 'task-course-2026', ...edit });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ meta: { success: false, message }, data: { field } });
  });

  it.each([
    [{ yyfx: 5, gjcs: '措施' }, '原因分析必须是文本'],
    [{ yyfx: '原因', gjcs: '措施', jgz: '8\u00015' }, '结果值包含非法字符'],
    [{ yyfx: '原因', gjcs: '措施', jgz: 85 }, '结果值必须是文本'],
    [{ gzdxid: null, yyfx: '原因', gjcs: '措施' }, '缺少诊断任务'],
  ])('refuses %p by the contract (issue 30) with %s, storing nothing', async (edit, message) => {
    const owner = await as('rwfzr');
    const row = (await owner.get('/api/herm-znfx/quality/select?objTaskId=task-course-2026')).body.data.rows[0] as Row;
    const stored = () => db.query(`SELECT yyfx, gjcs, jgz FROM quality_result WHERE obj_task_id = 'task-course-2026' AND point_id = $1`, [row.id]);
    const before = await stored();
    const res = await owner.post('/api/herm-znfx/disqualified/update', { id: row.id, gzdxid: 'task-course-2026', ...edit });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { meta: { success: false, message }, data: null, code: 40000001 } });
    expect(await stored()).toEqual(before);
  });

  it('saves 500 characters exactly, and a reported result with its new grade', async () => {
    const owner = await as('rwfzr');
    const rows = (await owner.get('/api/herm-znfx/quality/select?objTaskId=task-course-2026')).body.data.rows as Row[];
    const reported = rows.find((r) => r.datasourceVos.some((d) => d.cjfs === 'report') && r.zlx === 'percent')!;
    const res = await owner.post('/api/herm-znfx/disqualified/update', { id: reported.id, gzdxid: 'task-course-2026', yyfx: '因'.repeat(500), gjcs: '改进措施', jgz: '1' });
    expect(res.body.meta).toEqual({ success: true, message: '保存成功' });
    expect(res.body.data).toMatchObject({ jgz: '1', jgdj: 'D', unfin: true, dis: true });
    const [saved] = await db.query(`SELECT yyfx, jgz, jgdj, updated_by FROM quality_result WHERE obj_task_id = 'task-course-2026' AND point_id = $1`, [reported.id]);
    expect(saved).toEqual({ yyfx: '因'.repeat(500), jgz: '1', jgdj: 'D', updated_by: 'u-owner' });
    const bad = await owner.post('/api/herm-znfx/disqualified/update', { id: reported.id, gzdxid: 'task-course-2026', yyfx: '原因', gjcs: '措施', jgz: '很多' });
    expect(bad.body.meta.message).toBe('结果值：请填写数字');
  });

  it('audit: submit → refuse → submit → pass, with the whole history, edits only when allowed', async () => {
    const owner = await as('rwfzr');
    const auditor = await as('bmshr');
    const task = 'task-major-2026';
    // Grade everything first: points without a result become D and need an analysis and a measure.
    const graded = (await owner.post(`/api/herm-znfx/quality/calresult?objTaskId=${task}`)).body.data;
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM quality_point WHERE library_id = 'lib-major-2026'`);
    expect(graded.graded).toBe(count);
    expect(typeof graded.score).toBe('number');
    const early = await owner.post('/api/herm-znfx/audit/submit', { objTaskId: task });
    expect(early.status).toBe(400);
    expect(early.body.meta.message).toMatch(/^还有\d+个未达标的质控点未填写原因分析和改进措施$/);

    const rows = (await owner.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.rows as Row[];
    for (const r of rows.filter((x) => x.dis || x.unfin)) {
      const saved = await owner.post('/api/herm-znfx/disqualified/update', { id: r.id, gzdxid: task, yyfx: `${r.zkdmc}的原因分析`, gjcs: `${r.zkdmc}的改进措施` });
      expect(saved.body.meta.success).toBe(true);
    }
    expect((await owner.post('/api/herm-znfx/audit/submit', { objTaskId: task })).body.data).toEqual({ auditState: 'submitted', auditStateName: '待审核' });

    // Submitted: read-only for the owner; the owner cannot pass their own task.
    const locked = await owner.post('/api/herm-znfx/disqualified/update', { id: rows[0]!.id, gzdxid: task, yyfx: '改', gjcs: '改' });
    expect(locked.status).toBe(409);
    expect((await owner.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.isedit).toBe(false);
    expect((await owner.post('/api/herm-znfx/audit/pass', { objTaskId: task })).body.meta.message).toBe('用户无权访问该资源');

    expect((await auditor.post('/api/herm-znfx/audit/refuse', { objTaskId: task })).body.meta.message).toBe('请填写不通过的原因');
    // issue 30: a comment that is no text, or an audit naming no task, is refused by the contract; the state stays
    const numeric = await auditor.post('/api/herm-znfx/audit/refuse', { objTaskId: task, comment: 42 });
    expect({ status: numeric.status, meta: numeric.body.meta }).toEqual({ status: 400, meta: { success: false, message: '意见必须是文本' } });
    const noTask = await auditor.post('/api/herm-znfx/audit/refuse', { objTaskId: null, comment: '不通过' });
    expect({ status: noTask.status, meta: noTask.body.meta }).toEqual({ status: 400, meta: { success: false, message: '缺少诊断任务' } });
    expect(await db.query(`SELECT audit_state FROM obj_task WHERE id = $1`, [task])).toEqual([{ audit_state: 'submitted' }]);
    expect((await auditor.post('/api/herm-znfx/audit/refuse', { objTaskId: task, comment: '改进措施不够具体' })).body.data.auditState).toBe('refused');
    expect((await owner.post('/api/herm-znfx/disqualified/update', { id: rows[0]!.id, gzdxid: task, yyfx: '补充原因', gjcs: '细化后的措施' })).body.meta.success).toBe(true);
    expect((await owner.post('/api/herm-znfx/audit/submit', { objTaskId: task, comment: '已细化' })).body.meta.success).toBe(true);
    expect((await auditor.post('/api/herm-znfx/audit/pass', { objTaskId: task, comment: '同意' })).body.data.auditState).toBe('passed');
    expect((await auditor.post('/api/herm-znfx/audit/pass', { objTaskId: task })).status).toBe(409);

    const steps = (await owner.get(`/api/herm-znfx/audit/dynamic?objTaskId=${task}`)).body.data;
    expect(steps.map((s: { action: string; userName: string; comment: string | null; toState: string }) => [s.action, s.userName, s.comment, s.toState])).toEqual([
      ['submit', '陈静', null, 'submitted'],
      ['refuse', '张伟', '改进措施不够具体', 'refused'],
      ['submit', '陈静', '已细化', 'submitted'],
      ['pass', '张伟', '同意', 'passed'],
    ]);
  });

  it('answers one point for the detail drawer', async () => {
    const publisher = await as('fabu');
    const task = school.tasks.current;
    const rows = (await publisher.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.rows as Row[];
    const res = await publisher.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${task}&zkdid=${rows[3]!.zkdid}`);
    expect(res.body.data).toMatchObject({ id: rows[3]!.id, zkdmc: rows[3]!.zkdmc, rwmc: '诊断测试学校2026年度质量诊断', gzdxmc: '诊断测试学校', warningFlowVos: [] });
  });
});
