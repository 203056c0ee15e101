import { jest } from '@jest/globals';
import { COLLECTION_MESSAGES, type FormDetail, type FormDirectoryNode, type FormField } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { DataCentreTables } from '../../backend/src/modules/data-collection/application/ports/data-centre.port.js';
import type { DataCentreRow } from '../../backend/src/modules/data-collection/domain/data-centre.js';
import { CONSTANT_IMPORT_MESSAGES } from '../../backend/src/modules/data-collection/domain/constant-rows.js';
import { UnitOfWork, type Transaction } from '../../backend/src/infrastructure/database/unit-of-work.port.js';
import { binary, type Client } from './support/files-fixtures.js';
import { rowsOfXlsx, xlsxOf } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Issue 15, the design side of data collection: form directories, forms designed, published in versions with their
// data-centre tables (sjzx.<code>, read by the SQL sources' reader role), constants with their Excel import, and
// "create a data source". Names and codes start with cf.
jest.setTimeout(120_000);

const SJGL = '/api/herm-sjgl';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };

const field = (key: string, label: string, component: FormField['component'], over: Partial<FormField> = {}): FormField => ({
  key,
  label,
  component,
  validations: { require: false, unique: false, custom: null },
  maxLength: null,
  constantTypeId: null,
  placeholder: null,
  width: null,
  ...over,
});

describe('data collection: directories, forms, versions, data-centre tables, constants', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let rwfzr: Client; // 陈静, a filler: no 表单管理 nor 常量管理

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).body.meta.success).toBe(true);
    return c;
  };
  /** The columns of sjzx.<code> and their types, in order. */
  const columns = async (code: string) =>
    (
      await db.query(`SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = 'sjzx' AND table_name = $1 ORDER BY ordinal_position`, [code])
    ).map((c: { name: string; type: string }) => `${c.name} ${c.type}`);
  const tableExists = async (code: string) => (await db.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [`sjzx.${code}`]))[0].found as boolean;
  const refusal = (res: { status: number; body: { meta: { success: boolean; message: string } } }) => [res.status, res.body.meta.success, res.body.meta.message];

  let directoryId: string;
  const addForm = async (code: string, formType: 'floating' | 'fixed' = 'floating') => {
    const res = await admin.post(`${SJGL}/forms/add`, { directoryId, name: `cf表单${code}`, code, formType, description: null });
    expect(res.body.meta).toMatchObject({ success: true });
    return res.body.data as FormDetail;
  };
  const design = (form: FormDetail, over: Record<string, unknown>) => ({
    id: form.id, directoryId: form.directoryId, name: form.name, code: form.code, formType: form.formType, description: form.description, fields: form.fields, fixedRows: form.fixedRows, ...over,
  });

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [admin, rwfzr] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr')]);
    const top = await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf目录', sort: 1 });
    directoryId = top.body.data.id;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('directories', () => {
    it('adds, nests, renames and deletes, and refuses a directory that is not empty', async () => {
      const parent = await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf上级', sort: 5 });
      expect(parent.body).toMatchObject({ meta: { success: true, message: '新增成功' }, data: { name: 'cf上级', parentId: null, sort: 5, formCount: 0, children: [] } });
      const child = await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf下级', parentId: parent.body.data.id });
      expect(child.body.data).toMatchObject({ parentId: parent.body.data.id, sort: 0 });

      const renamed = await admin.post(`${SJGL}/formDirectorys/update`, { id: child.body.data.id, name: 'cf下级改名', sort: 2 });
      expect(renamed.body.data).toMatchObject({ id: child.body.data.id, name: 'cf下级改名', sort: 2, parentId: parent.body.data.id });
      const tree = (await admin.get(`${SJGL}/formDirectorys/tree`)).body.data as FormDirectoryNode[];
      const node = tree.find((n) => n.id === parent.body.data.id)!;
      expect(node.children.map((c) => c.name)).toEqual(['cf下级改名']);

      const refused = await admin.post(`${SJGL}/formDirectorys/delete`, { id: parent.body.data.id });
      expect(refusal(refused)).toEqual([409, false, COLLECTION_MESSAGES.directoryNotEmpty]);
      const missingParent = await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf孤儿', parentId: 'cf-none' });
      expect(missingParent.status).toBe(404);
      const blank = await admin.post(`${SJGL}/formDirectorys/add`, { name: '  ' });
      expect(blank.status).toBe(400);

      expect((await admin.post(`${SJGL}/formDirectorys/delete`, { id: child.body.data.id })).body).toMatchObject({ meta: { success: true }, data: true });
      expect((await admin.post(`${SJGL}/formDirectorys/delete`, { id: parent.body.data.id })).body).toMatchObject({ meta: { success: true }, data: true });
      expect(await db.query(`SELECT id FROM dc_form_directory WHERE id = ANY($1)`, [[parent.body.data.id, child.body.data.id]])).toEqual([]);
    });

    it('refuses to delete a directory holding a form', async () => {
      const dir = (await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf有表单' })).body.data as FormDirectoryNode;
      await admin.post(`${SJGL}/forms/add`, { directoryId: dir.id, name: 'cf目录中的表单', code: 'cf_in_dir', formType: 'floating' });
      expect(refusal(await admin.post(`${SJGL}/formDirectorys/delete`, { id: dir.id }))).toEqual([409, false, COLLECTION_MESSAGES.directoryNotEmpty]);
      const tree = (await admin.get(`${SJGL}/formDirectorys/tree`)).body.data as FormDirectoryNode[];
      expect(tree.find((n) => n.id === dir.id)?.formCount).toBe(1);
    });
  });

  describe('forms', () => {
    it('refuses a bad code, a taken code and the code of a table already in the data centre', async () => {
      const bad = await admin.post(`${SJGL}/forms/add`, { directoryId, name: 'cf坏编码', code: 'Bad-Code', formType: 'floating' });
      expect(refusal(bad)).toEqual([400, false, COLLECTION_MESSAGES.codeInvalid]);
      const injected = await admin.post(`${SJGL}/forms/add`, { directoryId, name: 'cf坏编码', code: 'x"; drop table app_user; --', formType: 'floating' });
      expect(refusal(injected)).toEqual([400, false, COLLECTION_MESSAGES.codeInvalid]);
      await addForm('cf_taken');
      expect(refusal(await admin.post(`${SJGL}/forms/add`, { directoryId, name: 'cf重复', code: 'cf_taken', formType: 'floating' }))).toEqual([409, false, COLLECTION_MESSAGES.codeTaken]);
      await db.query(`CREATE TABLE sjzx.cf_by_hand (x int)`);
      expect(refusal(await admin.post(`${SJGL}/forms/add`, { directoryId, name: 'cf手工表', code: 'cf_by_hand', formType: 'floating' }))).toEqual([409, false, COLLECTION_MESSAGES.codeTaken]);
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_form WHERE code IN ('Bad-Code', 'cf_by_hand')`))[0].n).toBe(0);
    });

    it('refuses a broken design on save and keeps the stored one', async () => {
      const form = await addForm('cf_broken');
      const cases: Array<[FormField[], string]> = [
        [[field('Bad Key', '坏列名', 'text')], COLLECTION_MESSAGES.keyInvalid('坏列名')],
        [[field('cycle', '周期', 'text')], COLLECTION_MESSAGES.keyReserved('cycle')],
        [[field('a1', '甲', 'text'), field('a1', '乙', 'text')], COLLECTION_MESSAGES.keyRepeated('a1')],
        [[field('code_no', '编号', 'text', { validations: { require: false, unique: false, custom: { pattern: '([0-9', message: '编号不对' } } })], COLLECTION_MESSAGES.patternInvalid('编号')],
        // patterns run on RE2 (issue 31): what it cannot run is refused at save, naming the field
        [[field('code_no', '编号', 'text', { validations: { require: false, unique: false, custom: { pattern: '^(a)\\1$', message: '编号不对' } } })], COLLECTION_MESSAGES.patternUnsupported('编号')],
        [[field('code_no', '编号', 'text', { validations: { require: false, unique: false, custom: { pattern: '^(?!0)\\d+$', message: '编号不对' } } })], COLLECTION_MESSAGES.patternUnsupported('编号')],
        [[field('code_no', '编号', 'text', { validations: { require: false, unique: false, custom: { pattern: '^\\d{1001}$', message: '编号不对' } } })], COLLECTION_MESSAGES.patternTooComplex('编号')],
        [[field('degree', '学历', 'select')], COLLECTION_MESSAGES.optionsMissing('学历')],
        [[field('degree', '学历', 'select', { constantTypeId: 'cf-no-such-type' })], COLLECTION_MESSAGES.optionsMissing('学历')],
        [[field('name', '姓名', 'text', { maxLength: 500 })], COLLECTION_MESSAGES.maxLengthInvalid('姓名', 60)],
      ];
      for (const [fields, message] of cases) {
        expect(refusal(await admin.post(`${SJGL}/forms/update`, design(form, { fields })))).toEqual([400, false, message]);
      }
      const wrongShape = await admin.post(`${SJGL}/forms/update`, design(form, { fields: [{ key: 'a1', label: '甲', component: 'nope' }] }));
      expect(wrongShape.status).toBe(400);
      expect((await db.query(`SELECT fields FROM dc_form WHERE id = $1`, [form.id]))[0].fields).toEqual([]);
      // An unfinished design saves; publishing it is refused.
      const saved = await admin.post(`${SJGL}/forms/update`, design(form, { name: 'cf未完成' }));
      expect(saved.body).toMatchObject({ meta: { success: true, message: COLLECTION_MESSAGES.saved }, data: { name: 'cf未完成', fields: [], version: 0 } });
      expect(refusal(await admin.post(`${SJGL}/forms/publish`, { id: form.id }))).toEqual([400, false, COLLECTION_MESSAGES.noFields]);
      expect(await tableExists('cf_broken')).toBe(false);
    });

    it('refuses to publish a design stored before patterns ran on RE2 whose pattern RE2 cannot run (issue 31)', async () => {
      const form = await addForm('cf_backref');
      const stored = [field('code_no', '编号', 'text', { validations: { require: false, unique: false, custom: { pattern: '^(a)\\1$', message: '编号不对' } } })];
      await db.query(`UPDATE dc_form SET fields = $2 WHERE id = $1`, [form.id, JSON.stringify(stored)]);
      expect(refusal(await admin.post(`${SJGL}/forms/publish`, { id: form.id }))).toEqual([400, false, COLLECTION_MESSAGES.patternUnsupported('编号')]);
      expect((await db.query(`SELECT version FROM dc_form WHERE id = $1`, [form.id]))[0].version).toBe(0);
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_form_version WHERE form_id = $1`, [form.id]))[0].n).toBe(0);
      expect(await tableExists('cf_backref')).toBe(false);
    });

    it('publishes version 1 with its table in sjzx, readable by the SQL sources\' role; version 2 widens it and keeps the old column', async () => {
      const form = await addForm('cf_jobs');
      const v1 = [field('major', '专业', 'text'), field('employed', '就业人数', 'integer', { validations: { require: true, unique: false, custom: null } }), field('graduated_on', '毕业日期', 'date'), field('rate', '就业率', 'float')];
      expect((await admin.post(`${SJGL}/forms/update`, design(form, { fields: v1 }))).body.meta.success).toBe(true);
      const published = await admin.post(`${SJGL}/forms/publish`, { id: form.id });
      expect(published.body).toMatchObject({ meta: { success: true, message: COLLECTION_MESSAGES.published }, data: { version: 1, publishState: 'published', changed: false, fieldCount: 4 } });
      expect((published.body.data as FormDetail).versions).toEqual([expect.objectContaining({ version: 1, publisherName: expect.any(String), fieldCount: 4 })]);
      expect(await columns('cf_jobs')).toEqual([
        'row_id text', 'fill_task_id text', 'task_id text', 'cycle character varying', 'department_id text', 'department_name text', 'row_no integer', 'row_label text',
        'audited_at timestamp with time zone', 'major text', 'employed numeric', 'graduated_on date', 'rate numeric',
      ]);
      const [grant] = await db.query(`SELECT has_table_privilege('zhengai_sql_reader', 'sjzx.cf_jobs', 'SELECT') AS reads, has_table_privilege('zhengai_sql_reader', 'sjzx.cf_jobs', 'INSERT') AS writes`);
      expect(grant).toEqual({ reads: true, writes: false });
      const indexes = (await db.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'sjzx' AND tablename = 'cf_jobs' ORDER BY indexname`)).map((r: { indexname: string }) => r.indexname);
      expect(indexes).toEqual(['cf_jobs_cycle_idx', 'cf_jobs_fill_task_idx', 'cf_jobs_pkey']);

      // Code and form type are fixed now; the design is marked changed until it is published again.
      expect(refusal(await admin.post(`${SJGL}/forms/update`, design(form, { fields: v1, code: 'cf_jobs_2' })))).toEqual([400, false, COLLECTION_MESSAGES.codeLocked]);
      expect(refusal(await admin.post(`${SJGL}/forms/update`, design(form, { fields: v1, formType: 'fixed', fixedRows: ['一'] })))).toEqual([400, false, COLLECTION_MESSAGES.codeLocked]);
      const v2 = [v1[0]!, v1[1]!, field('remark', '备注', 'editor')]; // graduated_on and rate dropped, remark added
      const saved = await admin.post(`${SJGL}/forms/update`, design(form, { fields: v2 }));
      expect(saved.body.data).toMatchObject({ version: 1, changed: true, fieldCount: 3 });
      const listed = (await admin.get(`${SJGL}/forms/list?name=cf表单cf_jobs&publishState=published`)).body.data;
      expect(listed).toMatchObject({ total: 1, current: 1, records: [{ code: 'cf_jobs', changed: true, version: 1, taskCount: 0 }] });

      const second = await admin.post(`${SJGL}/forms/publish`, { id: form.id });
      expect(second.body.data).toMatchObject({ version: 2, changed: false });
      expect(await columns('cf_jobs')).toEqual(expect.arrayContaining(['graduated_on date', 'rate numeric', 'remark text']));
      // Each version as it was published.
      expect((await admin.get(`${SJGL}/forms/version?id=${form.id}&version=1`)).body.data).toMatchObject({ version: 1, formType: 'floating', fields: v1, fixedRows: [] });
      expect((await admin.get(`${SJGL}/forms/version?id=${form.id}&version=2`)).body.data.fields.map((f: FormField) => f.key)).toEqual(['major', 'employed', 'remark']);
      expect((await admin.get(`${SJGL}/forms/version?id=${form.id}&version=3`)).status).toBe(404);

      // A key once published keeps its kind: employed (numeric) cannot become text, rate (dropped) cannot come back as a date.
      await admin.post(`${SJGL}/forms/update`, design(form, { fields: [v1[0]!, field('employed', '就业人数', 'text')] }));
      expect(refusal(await admin.post(`${SJGL}/forms/publish`, { id: form.id }))).toEqual([400, false, COLLECTION_MESSAGES.typeChanged('就业人数', '数值')]);
      await admin.post(`${SJGL}/forms/update`, design(form, { fields: [...v2, field('rate', '就业率', 'date')] }));
      expect(refusal(await admin.post(`${SJGL}/forms/publish`, { id: form.id }))).toEqual([400, false, COLLECTION_MESSAGES.typeChanged('就业率', '数值')]);
      expect((await db.query(`SELECT version FROM dc_form WHERE id = $1`, [form.id]))[0].version).toBe(2);
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_form_version WHERE form_id = $1`, [form.id]))[0].n).toBe(2);
    });

    it('publishes a fixed form with its rows and lists by directory, subdirectories included', async () => {
      const sub = (await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf子目录', parentId: directoryId })).body.data as FormDirectoryNode;
      const form = (await admin.post(`${SJGL}/forms/add`, { directoryId: sub.id, name: 'cf固定表', code: 'cf_fixed', formType: 'fixed' })).body.data as FormDetail;
      const fields = [field('headcount', '人数', 'integer')];
      expect(refusal(await admin.post(`${SJGL}/forms/update`, design(form, { fields, fixedRows: ['男', '男'] })))).toEqual([400, false, COLLECTION_MESSAGES.fixedRowRepeated('男')]);
      await admin.post(`${SJGL}/forms/update`, design(form, { fields, fixedRows: [] }));
      expect(refusal(await admin.post(`${SJGL}/forms/publish`, { id: form.id }))).toEqual([400, false, COLLECTION_MESSAGES.fixedRowsMissing]);
      await admin.post(`${SJGL}/forms/update`, design(form, { fields, fixedRows: ['男', '女'] }));
      expect((await admin.post(`${SJGL}/forms/publish`, { id: form.id })).body.data).toMatchObject({ version: 1, formType: 'fixed', fixedRows: ['男', '女'] });
      const page = (await admin.get(`${SJGL}/forms/list?directoryId=${directoryId}&pageSize=100`)).body.data;
      expect(page.records.map((r: { code: string }) => r.code)).toContain('cf_fixed');
      expect(page.records.map((r: { directoryName: string }) => r.directoryName)).toContain('cf子目录');
    });

    it('refuses to delete a form a task uses; deleting an unused published form drops its table', async () => {
      const used = await addForm('cf_used');
      await admin.post(`${SJGL}/forms/update`, design(used, { fields: [field('amount', '数量', 'integer')] }));
      await admin.post(`${SJGL}/forms/publish`, { id: used.id });
      await db.query(`INSERT INTO dc_task (id, name, cycle, deadline) VALUES ('cf-task', 'cf任务', '2026', '2026-12-31')`);
      await db.query(`INSERT INTO dc_task_form (task_id, form_id) VALUES ('cf-task', $1)`, [used.id]);
      expect((await admin.get(`${SJGL}/forms/detail?id=${used.id}`)).body.data.taskCount).toBe(1);
      expect(refusal(await admin.post(`${SJGL}/forms/delete`, { id: used.id }))).toEqual([409, false, COLLECTION_MESSAGES.formInUse]);
      expect(await tableExists('cf_used')).toBe(true);

      const unused = await addForm('cf_unused');
      await admin.post(`${SJGL}/forms/update`, design(unused, { fields: [field('amount', '数量', 'integer')] }));
      await admin.post(`${SJGL}/forms/publish`, { id: unused.id });
      expect(await tableExists('cf_unused')).toBe(true);
      expect((await admin.post(`${SJGL}/forms/delete`, { id: unused.id })).body).toMatchObject({ meta: { success: true }, data: true });
      expect(await tableExists('cf_unused')).toBe(false);
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_form_version WHERE form_id = $1`, [unused.id]))[0].n).toBe(0);
      expect((await admin.get(`${SJGL}/forms/detail?id=${unused.id}`)).status).toBe(404);
      // The code is free again.
      await addForm('cf_unused');
    });

    it('refuses design and constants writes to a filler (no 表单管理, no 常量管理) but gives the option lists', async () => {
      expect((await rwfzr.post(`${SJGL}/forms/add`, { directoryId, name: 'cf越权', code: 'cf_no_right', formType: 'floating' })).body).toMatchObject(NO_PERMISSION);
      expect((await rwfzr.post(`${SJGL}/constantTypes/add`, { code: 'cf_no_right', name: 'cf越权' })).body).toMatchObject(NO_PERMISSION);
      expect((await rwfzr.post(`${SJGL}/constants/add`, { typeId: 'x', value: '1', text: '一' })).body).toMatchObject(NO_PERMISSION);
      expect((await rwfzr.get(`${SJGL}/formDirectorys/tree`)).body).toMatchObject(NO_PERMISSION);
      const types = await rwfzr.get(`${SJGL}/constantTypes/list`);
      expect(types.body).toMatchObject({ meta: { success: true }, code: 0 });
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_form WHERE code = 'cf_no_right'`))[0].n).toBe(0);
    });
  });

  describe('the data centre and "create a data source"', () => {
    let form: FormDetail;
    const row = (id: string, fillTaskId: string, cycle: string, department: string, cells: Record<string, string | null>): DataCentreRow => ({
      rowId: id, fillTaskId, taskId: 'cf-dc-task', cycle, departmentId: null, departmentName: department, rowNo: 1, label: null, cells,
    });
    const write = <T>(work: (tables: DataCentreTables, tx: Transaction) => Promise<T>): Promise<T> => t.app.get(UnitOfWork).run((tx) => work(t.app.get(DataCentreTables), tx));
    const sqlQuery = async (sql: string, params: Record<string, string> = {}) => (await admin.post('/api/herm-znfx/sql/query', { sql, ...params })).body.data.rows;

    beforeAll(async () => {
      form = await addForm('cf_employment');
      const fields = [field('major', '专业', 'text'), field('employed', '就业人数', 'integer'), field('rate', '就业率', 'float'), field('graduated_on', '毕业日期', 'date'), field('tags', '标签', 'multiSelect', { constantTypeId: null })];
      // multiSelect needs a constant type
      const type = (await admin.post(`${SJGL}/constantTypes/add`, { code: 'cf_tags', name: 'cf标签' })).body.data;
      fields[4] = { ...fields[4]!, constantTypeId: type.id };
      await admin.post(`${SJGL}/forms/update`, design(form, { fields }));
      form = (await admin.post(`${SJGL}/forms/publish`, { id: form.id })).body.data;
    });

    it('writes, replaces, deletes and rewrites rows, each cell cast to its column', async () => {
      await write((tables, tx) =>
        tables.replaceRows(tx, 'cf_employment', 'cf-fill-1', [
          row('cf-r1', 'cf-fill-1', '2026', '信息工程学院', { major: '软件技术', employed: '40', rate: '92.5', graduated_on: '2026-06-30', tags: '甲,乙' }),
          row('cf-r2', 'cf-fill-1', '2026', '信息工程学院', { major: '电子商务', employed: '10', rate: '', graduated_on: null, tags: null }),
        ]),
      );
      await write((tables, tx) => tables.replaceRows(tx, 'cf_employment', 'cf-fill-2', [row('cf-r3', 'cf-fill-2', '2025', '信息工程学院', { major: '软件技术', employed: '30', rate: '80' })]));
      await write((tables, tx) => tables.replaceRows(tx, 'cf_employment', 'cf-fill-3', [row('cf-r4', 'cf-fill-3', '2026', '机电工程学院', { major: '机电', employed: '7', rate: '70.25' })]));
      const stored = await db.query(`SELECT row_id, employed, rate, graduated_on::text AS graduated_on, tags FROM sjzx.cf_employment ORDER BY row_id`);
      expect(stored).toEqual([
        { row_id: 'cf-r1', employed: '40', rate: '92.5', graduated_on: '2026-06-30', tags: '甲,乙' },
        { row_id: 'cf-r2', employed: '10', rate: null, graduated_on: null, tags: null },
        { row_id: 'cf-r3', employed: '30', rate: '80', graduated_on: null, tags: null },
        { row_id: 'cf-r4', employed: '7', rate: '70.25', graduated_on: null, tags: null },
      ]);
      // replace: the fill's rows go, the new ones come
      await write((tables, tx) => tables.replaceRows(tx, 'cf_employment', 'cf-fill-1', [row('cf-r1b', 'cf-fill-1', '2026', '信息工程学院', { major: '软件技术', employed: '41', rate: '93' })]));
      expect((await db.query(`SELECT row_id FROM sjzx.cf_employment WHERE fill_task_id = 'cf-fill-1'`)).map((r: { row_id: string }) => r.row_id)).toEqual(['cf-r1b']);
      await write((tables, tx) => tables.deleteRows(tx, 'cf_employment', 'cf-fill-3'));
      expect((await db.query(`SELECT count(*)::int AS n FROM sjzx.cf_employment`))[0].n).toBe(2);
      // a failed write leaves the table as it was (one transaction)
      await expect(write((tables, tx) => tables.replaceRows(tx, 'cf_employment', 'cf-fill-2', [row('cf-bad', 'cf-fill-2', '2025', 'x', { employed: 'not a number' })]))).rejects.toThrow();
      expect((await db.query(`SELECT row_id FROM sjzx.cf_employment WHERE fill_task_id = 'cf-fill-2'`)).map((r: { row_id: string }) => r.row_id)).toEqual(['cf-r3']);
      const rewritten = await write((tables, tx) =>
        tables.rewrite(tx, 'cf_employment', [
          row('cf-r1', 'cf-fill-1', '2026', '信息工程学院', { major: '软件技术', employed: '40', rate: '92.5' }),
          row('cf-r3', 'cf-fill-2', '2025', '信息工程学院', { major: '软件技术', employed: '30', rate: '80' }),
          row('cf-r4', 'cf-fill-3', '2026', '机电工程学院', { major: '机电', employed: '7', rate: '70.25' }),
        ]),
      );
      expect(rewritten).toBe(3);
      expect((await db.query(`SELECT row_id FROM sjzx.cf_employment ORDER BY row_id`)).map((r: { row_id: string }) => r.row_id)).toEqual(['cf-r1', 'cf-r3', 'cf-r4']);
    });

    it('makes the SQL of a column, and the SQL sources\' reader runs it', async () => {
      const res = await admin.get(`${SJGL}/forms/dataSourceSql?formId=${form.id}&field=employed&aggregate=sum&byCycle=true&byDepartment=true`);
      expect(res.body.data).toEqual({ sql: 'SELECT sum("employed") AS "值" FROM "cf_employment" WHERE "cycle" = :zq AND "department_name" = :dxmc' });
      expect(await sqlQuery(res.body.data.sql, { zq: '2026', dxmc: '信息工程学院' })).toEqual([{ 值: '40' }]);
      const avg = (await admin.get(`${SJGL}/forms/dataSourceSql?formId=${form.id}&field=rate&aggregate=avg&byCycle=true&byDepartment=false`)).body.data.sql;
      expect(avg).toBe('SELECT round(avg("rate"), 2) AS "值" FROM "cf_employment" WHERE "cycle" = :zq');
      expect(await sqlQuery(avg, { zq: '2026' })).toEqual([{ 值: '81.38' }]);
      const count = (await admin.get(`${SJGL}/forms/dataSourceSql?formId=${form.id}&field=major&aggregate=count`)).body.data.sql;
      expect(await sqlQuery(count)).toEqual([{ 值: '3' }]);

      const text = await admin.get(`${SJGL}/forms/dataSourceSql?formId=${form.id}&field=major&aggregate=sum`);
      expect(refusal(text)).toEqual([400, false, COLLECTION_MESSAGES.fieldNotNumeric('专业')]);
      const unknown = await admin.get(`${SJGL}/forms/dataSourceSql?formId=${form.id}&field=nope&aggregate=count`);
      expect(refusal(unknown)).toEqual([400, false, COLLECTION_MESSAGES.fieldUnknown('nope')]);
      const draft = await addForm('cf_draft');
      expect(refusal(await admin.get(`${SJGL}/forms/dataSourceSql?formId=${draft.id}&field=x&aggregate=count`))).toEqual([400, false, COLLECTION_MESSAGES.formNotPublished(draft.name)]);
    });
  });

  describe('constants', () => {
    let typeId: string;

    it('adds, changes and deletes types and constants, refusing repeats', async () => {
      const type = await admin.post(`${SJGL}/constantTypes/add`, { code: 'cf_degree', name: 'cf学历', description: '学历层次' });
      expect(type.body.data).toMatchObject({ code: 'cf_degree', name: 'cf学历', constantCount: 0, description: '学历层次' });
      typeId = type.body.data.id;
      expect(refusal(await admin.post(`${SJGL}/constantTypes/add`, { code: 'cf_degree', name: '重复' }))).toEqual([409, false, COLLECTION_MESSAGES.constantTypeCodeTaken]);
      expect((await admin.post(`${SJGL}/constantTypes/update`, { id: typeId, code: 'cf_degree', name: 'cf学历层次' })).body.data).toMatchObject({ name: 'cf学历层次', description: null });
      expect((await admin.post(`${SJGL}/constantTypes/update`, { code: 'cf_x', name: '无编号' })).status).toBe(400);

      const a = (await admin.post(`${SJGL}/constants/add`, { typeId, value: '01', text: '本科' })).body.data;
      const b = (await admin.post(`${SJGL}/constants/add`, { typeId, value: '02', text: '专科' })).body.data;
      expect([a.sort, b.sort]).toEqual([1, 2]);
      expect(refusal(await admin.post(`${SJGL}/constants/add`, { typeId, value: '01', text: '又一个' }))).toEqual([409, false, COLLECTION_MESSAGES.constantRepeated('01')]);
      expect((await admin.post(`${SJGL}/constants/update`, { id: b.id, typeId, value: '02', text: '高职专科', sort: 0 })).body.data).toMatchObject({ text: '高职专科', sort: 0 });
      expect((await admin.get(`${SJGL}/constants/list?typeId=${typeId}`)).body.data.map((c: { text: string }) => c.text)).toEqual(['高职专科', '本科']);
      expect((await admin.post(`${SJGL}/constants/delete`, { id: b.id })).body.data).toBe(true);
      expect((await admin.get(`${SJGL}/constantTypes/list`)).body.data.find((x: { id: string }) => x.id === typeId).constantCount).toBe(1);
      expect((await admin.get(`${SJGL}/constants/list?typeId=cf-none`)).status).toBe(404);
    });

    it('gives the template, imports a good sheet (a value already there is replaced) and nothing of a bad one', async () => {
      const template = await binary(admin.get(`${SJGL}/constants/template`));
      expect(template.status).toBe(200);
      expect(template.headers['content-type']).toContain('spreadsheetml');
      expect((await rowsOfXlsx(template.body as Buffer))[0]).toEqual(['值', '显示文本', '排序']);

      const importSheet = async (sheet: Buffer, filename = '常量.xlsx', id = typeId) =>
        admin.agent.post(withCsrf(`${SJGL}/constants/import`, t.config.csrfSecret)).field('typeId', id).attach('file', sheet, { filename });
      const good = await importSheet(await xlsxOf([['值', '显示文本', '排序'], ['01', '大学本科', '1'], ['03', '硕士研究生', '2'], ['04', '博士研究生', '']]));
      expect(good.body).toMatchObject({ meta: { success: true }, data: { imported: 3 } });
      expect((await admin.get(`${SJGL}/constants/list?typeId=${typeId}`)).body.data.map((c: { value: string; text: string }) => `${c.value}${c.text}`)).toEqual([
        '01大学本科', '03硕士研究生', '04博士研究生',
      ]);

      const before = await db.query(`SELECT value, text, sort_order FROM dc_constant WHERE type_id = $1 ORDER BY value`, [typeId]);
      const bad = await importSheet(await xlsxOf([['值', '显示文本', '排序'], ['05', '新的', '1'], ['', '无值', '2'], ['06', '', '3'], ['05', '重复', '4'], ['07', '排序错', 'x']]));
      expect(bad.status).toBe(400);
      expect(bad.body.meta.message).toBe(CONSTANT_IMPORT_MESSAGES.refused(4));
      expect(bad.body.data).toEqual([
        { row: 3, reason: CONSTANT_IMPORT_MESSAGES.valueMissing },
        { row: 4, reason: CONSTANT_IMPORT_MESSAGES.textMissing },
        { row: 5, reason: COLLECTION_MESSAGES.constantRepeated('05') },
        { row: 6, reason: CONSTANT_IMPORT_MESSAGES.sort },
      ]);
      expect(await db.query(`SELECT value, text, sort_order FROM dc_constant WHERE type_id = $1 ORDER BY value`, [typeId])).toEqual(before);

      const header = await importSheet(await xlsxOf([['名称', '文本'], ['1', '2']]));
      expect(header.body.data).toEqual([{ row: 1, reason: CONSTANT_IMPORT_MESSAGES.header }]);
      const notXlsx = await importSheet(Buffer.from('值,显示文本,排序\n01,本科,1\n'), '常量.csv');
      expect(refusal(notXlsx)).toEqual([400, false, '文件类型错误']);
      const disguised = await importSheet(Buffer.from('not a zip at all'), '常量.xlsx');
      expect(refusal(disguised)).toEqual([400, false, '文件类型错误']);
      const noFile = await admin.agent.post(withCsrf(`${SJGL}/constants/import`, t.config.csrfSecret)).field('typeId', typeId);
      expect(noFile.status).toBe(400);
      expect((await importSheet(await xlsxOf([['值', '显示文本', '排序'], ['01', '本科', '1']]), '常量.xlsx', 'cf-none')).status).toBe(404);
    });

    it('keeps an exported sheet\'s values as text (01 stays 01)', async () => {
      const workbook = new ExcelJS.Workbook();
      const ws = workbook.addWorksheet('常量');
      ws.addRow(['值', '显示文本', '排序']);
      ws.addRow([8, '数字值', 9]);
      const sheet = Buffer.from(await workbook.xlsx.writeBuffer());
      const res = await admin.agent.post(withCsrf(`${SJGL}/constants/import`, t.config.csrfSecret)).field('typeId', typeId).attach('file', sheet, { filename: '常量.xlsx' });
      expect(res.body.data).toEqual({ imported: 1 });
      expect((await db.query(`SELECT value, sort_order FROM dc_constant WHERE type_id = $1 AND text = '数字值'`, [typeId]))[0]).toEqual({ value: '8', sort_order: 9 });
    });

    it('refuses to delete a type a form field uses, and deletes it with its constants once unused', async () => {
      const form = await addForm('cf_uses_type');
      await admin.post(`${SJGL}/forms/update`, design(form, { fields: [field('degree', '学历', 'select', { constantTypeId: typeId })] }));
      expect(refusal(await admin.post(`${SJGL}/constantTypes/delete`, { id: typeId }))).toEqual([409, false, COLLECTION_MESSAGES.constantTypeInUse]);
      await admin.post(`${SJGL}/forms/update`, design(form, { fields: [] }));
      expect((await admin.post(`${SJGL}/constantTypes/delete`, { id: typeId })).body.data).toBe(true);
      expect((await db.query(`SELECT count(*)::int AS n FROM dc_constant WHERE type_id = $1`, [typeId]))[0].n).toBe(0);
    });
  });

  describe('issue 30: null, wrong types and control characters are refused naming the field, nothing stored', () => {
    const CONTROL = '探测\u0001\u0007\u001b[31m红\u0008';
    const count = async (table: string) => (await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

    it('directories and forms', async () => {
      const [directories, forms] = [await count('dc_form_directory'), await count('dc_form')];
      expect(refusal(await admin.post(`${SJGL}/formDirectorys/add`, { name: null }))).toEqual([400, false, '名称不能为空']);
      expect(refusal(await admin.post(`${SJGL}/formDirectorys/add`, { name: CONTROL }))).toEqual([400, false, '名称包含非法字符']);
      expect(refusal(await admin.post(`${SJGL}/formDirectorys/add`, { name: 'cf排序', sort: 'first' }))).toEqual([400, false, '排序必须是整数']);
      expect(refusal(await admin.post(`${SJGL}/forms/add`, { directoryId, name: 5, code: 'cf_typed', formType: 'floating' }))).toEqual([400, false, '名称必须是文本']);
      expect(refusal(await admin.post(`${SJGL}/forms/add`, { directoryId, name: 'cf空类型', code: 'cf_typed', formType: null }))).toEqual([400, false, '表单类型只能是floating、fixed']);
      expect(refusal(await admin.post(`${SJGL}/forms/add`, { directoryId: ['x'], name: 'cf坏目录', code: 'cf_typed', formType: 'floating' }))).toEqual([400, false, '目录必须是文本']);
      expect([await count('dc_form_directory'), await count('dc_form')]).toEqual([directories, forms]);
      expect(refusal(await admin.get(`${SJGL}/forms/version?id=x&version=abc`))).toEqual([400, false, '版本必须是整数']);
    });

    it('a design: a field is named by its place, and the stored design is kept', async () => {
      const form = await addForm('cf_hostile');
      const good = field('name', '姓名', 'text');
      // (C0 characters but tab, LF and CR are refused before any route, naming the nearest key; a single-line text's
      // schema refuses those three, naming the field by its place)
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ fields: [good, { ...good, key: 'other', label: CONTROL }] }, '标题包含非法字符'],
        [{ fields: [good, { ...good, key: 'other', label: '姓\t名' }] }, '字段第2项「标题」包含非法字符'],
        [{ fields: [{ ...good, validations: null }] }, '字段第1项「校验规则」不能为空'],
        [{ fields: [{ ...good, maxLength: '20' }] }, '字段第1项「最大长度」必须是整数'],
        [{ fields: null }, '字段不能为空'],
        [{ fixedRows: ['男', '女\r\n子'] }, '固定行第2项包含非法字符'],
      ];
      for (const [over, message] of cases) {
        expect(refusal(await admin.post(`${SJGL}/forms/update`, design(form, over)))).toEqual([400, false, message]);
      }
      expect((await db.query(`SELECT fields, fixed_rows FROM dc_form WHERE id = $1`, [form.id]))[0]).toEqual({ fields: [], fixed_rows: [] });
    });

    it('constant types, constants and the import\'s typeId', async () => {
      const [types, constants] = [await count('dc_constant_type'), await count('dc_constant')];
      expect(refusal(await admin.post(`${SJGL}/constantTypes/add`, { code: null, name: 'cf空编码' }))).toEqual([400, false, '编码不能为空']);
      expect(refusal(await admin.post(`${SJGL}/constantTypes/add`, { code: 'cf_ctl', name: CONTROL }))).toEqual([400, false, '名称包含非法字符']);
      const type = (await admin.post(`${SJGL}/constantTypes/add`, { code: 'cf_hostile', name: 'cf非法输入' })).body.data as { id: string };
      expect(refusal(await admin.post(`${SJGL}/constants/add`, { typeId: type.id, value: '01', text: '本科', sort: 'first' }))).toEqual([400, false, '排序必须是整数']);
      expect(refusal(await admin.post(`${SJGL}/constants/add`, { typeId: type.id, value: null, text: '本科' }))).toEqual([400, false, '值不能为空']);
      const sheet = await xlsxOf([['值', '显示文本', '排序'], ['01', '本科', '1']]);
      const imported = await admin.agent.post(withCsrf(`${SJGL}/constants/import`, t.config.csrfSecret)).field('typeId', `${type.id}\u0007`).attach('file', sheet, { filename: '常量.xlsx' });
      expect(refusal(imported)).toEqual([400, false, '常量类型包含非法字符']);
      expect([await count('dc_constant_type'), await count('dc_constant')]).toEqual([types + 1, constants]);
    });
  });
});
