import {
  AlgorithmDetailSchema,
  AlgorithmSchema,
  AuditStepSchema,
  CatalogSchema,
  CycleTypeSchema,
  CycleValueSchema,
  DiagnosisTaskSchema,
  DimensionSchema,
  GrantSchema,
  MyWarningSchema,
  pageSchema,
  PointDefinitionSchema,
  QualityPointDetailSchema,
  QualityTableSchema,
  SamplingRecordSchema,
  TaskAuthoritySchema,
  TargetLibrarySchema,
  UpDownListSchema,
  WarningCountsSchema,
  WarningRecordSchema,
  WarningRowSchema,
  WarningTrendSchema,
} from '@zhengai/contracts';
import { z } from 'zod';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

// The answers of target standards, diagnosis and monitoring against the contract they are typed by: parsing keeps
// only the contract's fields, so an answer equal to its parse has every field the contract names, of its type, and
// no other. The demo school gives each answer real rows.

describe('answers of target standards, diagnosis and monitoring match the contract', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startTestApp();
    await seed(t);
    http = client(t);
    expect((await http.login('admin', 'Admin2026')).body.meta.success).toBe(true);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** The data of a GET, checked against the schema; some rows are asked for so the check is not vacuous. */
  async function answer<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const res = await http.get(path);
    expect(res.body.meta).toMatchObject({ success: true });
    const data: unknown = res.body.data;
    expect(schema.parse(data)).toEqual(data);
    return data as z.infer<S>;
  }
  const some = (rows: readonly unknown[]) => expect(rows.length).toBeGreaterThan(0);

  it('target standards: cards, one library, its catalogue, points and grants, and the form lookups', async () => {
    const cards = await answer('/api/herm-znfx/target/list?mode=normal&pageNum=1&pageSize=100', pageSchema(TargetLibrarySchema));
    some(cards.records);
    const id = cards.records.find((c) => c.pointCount > 0)!.id;
    await answer(`/api/herm-znfx/target/detail?id=${id}`, TargetLibrarySchema);
    some((await answer(`/api/herm-znfx/catalog/tree?libraryId=${id}`, CatalogSchema)).nodes);
    some(await answer(`/api/herm-znfx/quality/definitions?libraryId=${id}`, z.array(PointDefinitionSchema)));
    await answer(`/api/herm-znfx/authority/list?libraryId=${id}`, z.array(GrantSchema));
    some(await answer('/api/user/cycleTypes', z.array(CycleTypeSchema)));
    some(await answer('/api/user/cycleValues?typeName=年度', z.array(CycleValueSchema)));
    some((await answer('/api/user/dimensions?pageNum=1&pageSize=100', pageSchema(DimensionSchema))).records);
  });

  it('diagnosis and monitoring: tasks, the quality table, a point with its warnings, audit steps, linked tasks', async () => {
    const tasks = await answer('/api/herm-znfx/task/select?pageNum=1&pageSize=0', pageSchema(DiagnosisTaskSchema));
    some(tasks.records);
    // The first task with warnings, asking eight at a time: the demo diagnoses 7,000 objects, and a call for each at
    // once resets connections.
    let task: (typeof tasks.records)[number] | undefined;
    for (let i = 0; !task && i < tasks.records.length; i += 8) {
      const some8 = await Promise.all(tasks.records.slice(i, i + 8).map(async (r) => ({ r, rows: (await http.get(`/api/herm-znfx/warningflow/list?objTaskId=${r.id}`)).body.data as unknown[] })));
      task = some8.find((w) => w.rows.length > 0)?.r;
    }
    if (!task) throw new Error('no task has warnings');
    const table = await answer(`/api/herm-znfx/quality/select?objTaskId=${task.id}`, QualityTableSchema);
    some(table.rows);
    const rows = await answer(`/api/herm-znfx/warningflow/list?objTaskId=${task.id}`, z.array(WarningRowSchema));
    const point = rows[0]!.zgzkdid;
    const detail = await answer(`/api/herm-znfx/quality/selectbyid?objTaskId=${task.id}&zkdid=${point}`, QualityPointDetailSchema);
    some(detail.warningFlowVos);
    some(await answer(`/api/herm-znfx/warningflow/history?objTaskId=${task.id}&zgzkdid=${point}`, z.array(WarningRecordSchema)));
    some((await answer(`/api/herm-znfx/warningflow/trend?objTaskId=${task.id}&zgzkdid=${point}`, WarningTrendSchema)).points);
    await answer(`/api/herm-znfx/quality/selectCollect?objTaskId=${task.id}&zgzkdid=${point}&startDate=2000-01-01&endDate=2000-12-31`, z.array(SamplingRecordSchema));
    await answer(`/api/herm-znfx/warningflow/counts?objTaskId=${task.id}`, WarningCountsSchema);
    some((await answer('/api/herm-znfx/warningflow/mine?pageNum=1&pageSize=10', pageSchema(MyWarningSchema))).records);
    await answer(`/api/herm-znfx/obj/updownList?objTaskId=${task.id}`, UpDownListSchema);
    some((await answer(`/api/herm-znfx/obj/authority?objTaskId=${task.id}`, TaskAuthoritySchema)).holders);
    const passed = tasks.records.find((r) => r.auditState === 'passed')!;
    some(await answer(`/api/herm-znfx/audit/dynamic?objTaskId=${passed.id}`, z.array(AuditStepSchema)));
    const algorithms = await answer('/api/herm-znfx/algorithm/list', z.array(AlgorithmSchema));
    some(algorithms);
    await answer(`/api/herm-znfx/algorithm/detail?Id=${algorithms[0]!.id}&Version=${algorithms[0]!.version}&Type=详情算法`, AlgorithmDetailSchema);
  });
});
