import { ERROR_CODES } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { buildObjectYears, type ObjectYears } from './support/diagnosis-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Row = { id: string; zkdid: string; mbz: string | null; xzmbz: string | null; jgz: string | null; xzjgz: string | null; jgdj: string | null; yyfx: string | null; gjcs: string | null };

/** The share of graded rows that reach their target (A or Y), in percent with 2 decimals, computed here from the rows. */
const shareOf = (rows: Array<{ jgdj: string | null }>): number => {
  const graded = rows.filter((r) => r.jgdj !== null);
  return Math.round((graded.filter((r) => r.jgdj === 'A' || r.jgdj === 'Y').length / graded.length) * 10_000) / 100;
};

describe('obj/calScore and obj/refreshTarget: the score from the rows, targets taken from the library (001 §7, issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  // A school of 陈静's (信息工程学院), audited by 张伟; the library grants experts read.
  let school: ObjectYears;
  let task: string;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const point = (n: number) => `${school.libraries.current}-p${n}`;
  const tableOf = async (account = 'rwfzr', password?: string) => (await (await as(account, password)).get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data as { rows: Row[]; canRecalculate: boolean; task: { score: number | null } };
  const storedScore = async () => (await db.query(`SELECT score::float8 AS score FROM obj_task WHERE id = $1`, [task]))[0].score as number | null;

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    school = await buildObjectYears(db, 'ts-school', { name: '得分测试学校', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' });
    task = school.tasks.current;
    // Two percent points fall well below their targets, so the score is neither 0 nor 100.
    await db.query(`UPDATE quality_result SET jgz = '40' WHERE obj_task_id = $1 AND point_id = ANY($2::varchar[])`, [task, [point(1), point(2)]]);
  });
  afterAll(() => t.close());

  it('shows 计算得分 and 刷新目标 to those allowed only', async () => {
    expect((await tableOf('rwfzr')).canRecalculate).toBe(true);
    expect((await tableOf('admin', 'Admin2026')).canRecalculate).toBe(true);
    expect((await tableOf('zj')).canRecalculate).toBe(false);
    expect((await tableOf('bmshr')).canRecalculate).toBe(false);
  });

  it('scores the task as the share of graded rows at A or Y, computed directly from the rows', async () => {
    const owner = await as('rwfzr');
    const res = await owner.post(`/api/herm-znfx/obj/calScore?objTaskId=${task}`);
    expect(res.body.meta.success).toBe(true);
    const { rows, task: card } = await tableOf();
    const expected = shareOf(rows);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(100);
    expect(res.body.data).toEqual({ score: expected });
    expect(card.score).toBe(expected);
    expect(await storedScore()).toBe(expected);
    // The lowered points miss their target; the score counts them.
    expect(rows.find((r) => r.id === point(1))!.jgdj).not.toBe('A');
    // And the same share straight from the stored grades.
    const stored = (await db.query(`SELECT jgdj FROM quality_result WHERE obj_task_id = $1`, [task])) as Array<{ jgdj: string | null }>;
    expect(shareOf(stored)).toBe(expected);
  });

  it('refreshes the targets from the library: mbz follows, grades and score follow, results stay', async () => {
    const owner = await as('rwfzr');
    // A point at its target (A), with an analysis and a measure written.
    const five = point(5);
    expect((await owner.post('/api/herm-znfx/disqualified/update', { id: five, gzdxid: task, yyfx: '保留的原因', gjcs: '保留的措施' })).body.meta.success).toBe(true);
    await owner.post(`/api/herm-znfx/obj/calScore?objTaskId=${task}`);
    const before = await tableOf();
    const old = before.rows.find((r) => r.id === five)!;
    expect(old).toMatchObject({ jgdj: 'A', yyfx: '保留的原因', gjcs: '保留的措施' });
    expect(Number(old.jgz)).toBeGreaterThanOrEqual(Number(old.mbz));
    const scoreBefore = await storedScore();

    // The library's target of the point changes above its result.
    await db.query(`UPDATE quality_point SET mbz = '99' WHERE id = $1`, [five]);
    expect((await tableOf()).rows.find((r) => r.id === five)!.jgdj).toBe('A');

    const res = await owner.post(`/api/herm-znfx/obj/refreshTarget?objTaskId=${task}`);
    expect(res.body.meta.success).toBe(true);
    const after = await tableOf();
    const now = after.rows.find((r) => r.id === five)!;
    expect(now.mbz).toBe('99');
    expect(now.jgdj).not.toBe('A');
    expect(res.body.data.score).toBe(shareOf(after.rows));
    expect(res.body.data.score).toBeLessThan(scoreBefore!);
    expect(await storedScore()).toBe(res.body.data.score);
    // Results, revised values, analyses and measures of every row are untouched.
    const kept = (rows: Row[]) => rows.map((r) => [r.id, r.jgz, r.xzjgz, r.xzmbz, r.yyfx, r.gjcs]);
    expect(kept(after.rows)).toEqual(kept(before.rows));
  });

  it('refuses both to readers and writes nothing', async () => {
    const scoreBefore = await storedScore();
    const grades = await db.query(`SELECT point_id, jgdj FROM quality_result WHERE obj_task_id = $1 ORDER BY point_id`, [task]);
    await db.query(`UPDATE quality_point SET mbz = '10' WHERE id = $1`, [point(1)]);
    try {
      for (const account of ['zj', 'bmshr']) {
        const c = await as(account);
        for (const call of ['calScore', 'refreshTarget']) {
          const res = await c.post(`/api/herm-znfx/obj/${call}?objTaskId=${task}`);
          expect(res.body).toMatchObject({ meta: { success: false, message: '用户无权访问该资源' }, code: ERROR_CODES.NO_PERMISSION });
        }
      }
      expect(await storedScore()).toBe(scoreBefore);
      expect(await db.query(`SELECT point_id, jgdj FROM quality_result WHERE obj_task_id = $1 ORDER BY point_id`, [task])).toEqual(grades);
    } finally {
      await db.query(`UPDATE quality_point SET mbz = '71' WHERE id = $1`, [point(1)]);
    }
  });

  it('refuses the owner once submitted; administrators may still refresh', async () => {
    await db.query(`UPDATE obj_task SET audit_state = 'submitted' WHERE id = $1`, [task]);
    try {
      expect((await tableOf('rwfzr')).canRecalculate).toBe(false);
      expect((await (await as('rwfzr')).post(`/api/herm-znfx/obj/refreshTarget?objTaskId=${task}`)).body.meta.success).toBe(false);
      const admin = await as('admin', 'Admin2026');
      expect((await admin.post(`/api/herm-znfx/obj/refreshTarget?objTaskId=${task}`)).body.meta.success).toBe(true);
    } finally {
      await db.query(`UPDATE obj_task SET audit_state = 'draft' WHERE id = $1`, [task]);
    }
  });
});
