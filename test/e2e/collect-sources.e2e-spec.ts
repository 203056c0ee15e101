import { DataSource } from 'typeorm';
import { loadConfig } from '../../backend/src/config/app-config.js';
import { CollectionError, VALUE_SOURCES, type CollectTarget, type SourceSpec, type ValueSource } from '../../backend/src/modules/warnings/application/ports/value-source.port.js';
import { InterfaceValueSource } from '../../backend/src/modules/warnings/infrastructure/collect/interface-value-source.js';
import { SqlReader } from '../../backend/src/modules/warnings/infrastructure/collect/sql-reader.js';
import { buildObjectYears, CURRENT_RESULTS, YEAR_POINTS, type ObjectYears } from './support/diagnosis-fixtures.js';
import { FAKE_JSON, startFakeHttpSource, type FakeHttpSource } from './support/fake-http-source.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const NO_PERMISSION = '用户无权访问该资源';
const NO_TARGET: CollectTarget = { resultId: 'none', objTaskId: 'none', pointId: 'none', objectCode: 'none', objectName: 'none', cycleValue: '2026' };

describe('collection sources: algorithm, sql and interface (spec 001 §7 items 11–12)', () => {
  let t: TestApp;
  let db: DataSource;
  let sources: ValueSource[];
  let fake: FakeHttpSource;

  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const source = (cjfs: SourceSpec['cjfs']) => sources.find((s) => s.method === cjfs)!;
  const collect = (cjfs: SourceSpec['cjfs'], config: Record<string, unknown>, target = NO_TARGET) =>
    source(cjfs).collect({ datasourceId: 'ds', pointId: target.pointId, cjfs, config }, target);
  /** The message a refused collection throws (fails the test when it does not throw a CollectionError). */
  const refusal = async (work: Promise<unknown>): Promise<string> => {
    const error = await work.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(CollectionError);
    return (error as CollectionError).message;
  };
  const counts = async () => {
    const [row] = await db.query(`SELECT (SELECT count(*)::int FROM sjzx.x) AS x, (SELECT count(*)::int FROM public.app_user) AS users`);
    return row as { x: number; users: number };
  };

  beforeAll(async () => {
    // The fake interface source listens on 127.0.0.1, an address sources may reach only when allow-listed.
    t = await startTestApp({ env: { COLLECT_ALLOWED_HOSTS: '127.0.0.1' } });
    db = await seed(t);
    sources = t.app.get<ValueSource[]>(VALUE_SOURCES);
    fake = await startFakeHttpSource();
    // The data centre's demo tables, created by the app's role after the migration granted SELECT on new ones.
    await db.query(`CREATE TABLE sjzx.employment (major text PRIMARY KEY, rate numeric(5, 2))`);
    await db.query(`INSERT INTO sjzx.employment VALUES ('电子商务', 82.5), ('软件技术', 92.5)`);
    await db.query(`CREATE TABLE sjzx.x (id int PRIMARY KEY, name text)`);
    await db.query(`INSERT INTO sjzx.x SELECT g, 'row ' || g FROM generate_series(1, 10) g`);
    await db.query(`CREATE TABLE sjzx.big AS SELECT g AS n FROM generate_series(1, 1500) g`);
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  describe('sql', () => {
    it('answers the first column of the first row as the value and the rows as detail', async () => {
      const got = await collect('sql', { sql: '-- 就业率\nSELECT rate, major FROM employment ORDER BY rate DESC;' });
      expect(got).toEqual({ value: '92.50', detail: [{ rate: '92.50', major: '软件技术' }, { rate: '82.50', major: '电子商务' }] });
      expect(await collect('sql', { sql: 'SELECT rate FROM sjzx.employment WHERE false' })).toEqual({ value: null, detail: [] });
    });

    it('runs as the read-only reader on its own connection: READ ONLY, 5 s, search_path sjzx', async () => {
      const got = await collect('sql', {
        sql: `SELECT current_user AS who, current_setting('transaction_read_only') AS ro, current_setting('statement_timeout') AS timeout,
                     current_setting('search_path') AS path, current_setting('application_name') AS app`,
      });
      expect(got.detail).toEqual([{ who: 'zhengai_sql_reader', ro: 'on', timeout: '5s', path: 'sjzx', app: 'zhengai-sql-source' }]);
    });

    it('answers an administrator\'s try with columns, rows and truncated', async () => {
      const admin = await as('admin', 'Admin2026');
      const res = await admin.post('/api/herm-znfx/sql/query', { sql: 'SELECT major, rate FROM employment ORDER BY major' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ meta: { success: true }, code: 0 });
      expect(res.body.data).toEqual({
        columns: ['major', 'rate'],
        rows: [{ major: '电子商务', rate: '82.50' }, { major: '软件技术', rate: '92.50' }],
        truncated: false,
      });
    });

    it('binds :dxbm, :dxmc and :zq as values: the task\'s through the source, the body\'s in a try (null when absent)', async () => {
      const sql = 'SELECT rate FROM employment WHERE major = :dxmc OR major = :dxbm';
      const target = { ...NO_TARGET, objectName: '电子商务' };
      expect(await collect('sql', { sql }, target)).toEqual({ value: '82.50', detail: [{ rate: '82.50' }] });
      expect(await collect('sql', { sql }, { ...NO_TARGET, objectName: "x' OR 'a'='a" })).toEqual({ value: null, detail: [] });
      const spec = (text: string) => ({ datasourceId: 'ds', pointId: 'none', cjfs: 'sql' as const, config: { sql: text } });
      expect(source('sql').perTarget(spec(sql))).toBe(true);
      expect(source('sql').perTarget(spec("SELECT ':dxmc', x::text FROM x"))).toBe(false);

      const admin = await as('admin', 'Admin2026');
      const tried = await admin.post('/api/herm-znfx/sql/query', { sql, dxmc: '软件技术' });
      expect(tried.body.data).toEqual({ columns: ['rate'], rows: [{ rate: '92.50' }], truncated: false });
      const bare = await admin.post('/api/herm-znfx/sql/query', { sql: "SELECT :zq AS zq, coalesce(:dxbm, '无') AS who" });
      expect(bare.body.data.rows).toEqual([{ zq: null, who: '无' }]);
      const untyped = await admin.post('/api/herm-znfx/sql/query', { sql: 'SELECT :dxbm IS NULL' });
      expect([untyped.status, untyped.body.meta.message]).toEqual([400, 'SQL 参数的类型无法确定，请写明类型，如 :dxbm::text']);
      expect((await admin.post('/api/herm-znfx/sql/query', { sql: 'SELECT :dxbm::text IS NULL AS nobody' })).body.data.rows).toEqual([{ nobody: true }]);
      const long = await admin.post('/api/herm-znfx/sql/query', { sql, dxmc: '专'.repeat(201) });
      expect([long.status, long.body.meta.message]).toEqual([400, '诊断对象名称最多只能输入200个字符']);
      // issue 30: the body is read through the contract; null, a wrong type or a line break where none belongs is refused by name
      for (const [body, message] of [
        [{ sql: null }, 'SQL 不能为空'],
        [{ sql, dxbm: 510203 }, '诊断对象编码应为文本'],
        [{ sql, zq: '2026\n' }, '诊断周期包含非法字符'],
      ] as const) {
        const res = await admin.post('/api/herm-znfx/sql/query', body);
        expect({ status: res.status, meta: res.body.meta, data: res.body.data }).toEqual({ status: 400, meta: { success: false, message }, data: null });
      }
    });

    it('keeps 1000 rows of 1500 and says so', async () => {
      const got = await collect('sql', { sql: 'SELECT n FROM big ORDER BY n' });
      expect(got.value).toBe('1');
      expect(got.detail).toHaveLength(1000);
      expect(got.detail![999]).toEqual({ n: 1000 });
      const admin = await as('admin', 'Admin2026');
      const res = await admin.post('/api/herm-znfx/sql/query', { sql: 'SELECT n FROM big' });
      expect(res.body.data.rows).toHaveLength(1000);
      expect(res.body.data.truncated).toBe(true);
      const exact = await admin.post('/api/herm-znfx/sql/query', { sql: 'SELECT n FROM big WHERE n <= 1000' });
      expect(exact.body.data).toMatchObject({ truncated: false });
      expect(exact.body.data.rows).toHaveLength(1000);
    });

    it.each([
      ['DELETE FROM sjzx.x', '只能执行 SELECT 查询'],
      ['UPDATE sjzx.x SET name = \'changed\'', '只能执行 SELECT 查询'],
      ['SELECT 1; DELETE FROM sjzx.x', '只能执行一条 SELECT 语句'],
      ['WITH d AS (DELETE FROM sjzx.x RETURNING *) SELECT * FROM d', '只能执行 SELECT 查询'],
      ['SELECT * FROM public.app_user', 'SQL 只能读取 sjzx 模式中的表'],
      ['SELECT count(*) FROM pg_authid', 'SQL 只能读取 sjzx 模式中的表'],
      ['SELECT set_config(\'role\', \'postgres\', false)', '只能执行 SELECT 查询'],
      ['SET ROLE postgres', '只能执行 SELECT 查询'],
      ['SELECT * FROM sjzx.x FOR UPDATE', '只能执行 SELECT 查询'],
      ['SELECT nextval(\'sjzx.nothing\')', 'SQL 只能读取 sjzx 模式中的表（relation "sjzx.nothing" does not exist）'],
      ['SELECT * FROM app_user', 'SQL 只能读取 sjzx 模式中的表（relation "app_user" does not exist）'],
      ['SELECT FROM WHERE', 'SQL 语法错误：syntax error at or near "WHERE"'],
      ['   ', 'SQL 不能为空'],
    ])('refuses %p with %p, through the source and the endpoint, and changes nothing', async (sql, message) => {
      const before = await counts();
      expect(await refusal(collect('sql', { sql }))).toBe(message);
      const admin = await as('admin', 'Admin2026');
      const res = await admin.post('/api/herm-znfx/sql/query', { sql });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ meta: { success: false, message }, code: 40000001, data: null });
      expect(await counts()).toEqual(before);
      expect(before.x).toBe(10);
    });

    it('lets the database refuse what the lexical check would have caught (it is the real guard)', async () => {
      const reader = t.app.get(SqlReader);
      const before = await counts();
      expect(await refusal(reader.execute('SELECT 1; DELETE FROM sjzx.x'))).toMatch(/^SQL 语法错误：/);
      expect(await refusal(reader.execute('DELETE FROM sjzx.x'))).toMatch(/^SQL 语法错误：/);
      expect(await refusal(reader.execute('SELECT 1) AS a; DELETE FROM sjzx.x; SELECT * FROM (SELECT 1'))).toMatch(/^SQL 语法错误：/);
      expect(await refusal(reader.execute('WITH d AS (UPDATE sjzx.x SET name = NULL RETURNING *) SELECT * FROM d'))).toBe('只能执行 SELECT 查询');
      expect(await counts()).toEqual(before);
    });

    it('stops a query after 5 seconds, even one that lifts its own timeout', async () => {
      for (const sql of ['SELECT pg_sleep(60)', 'SELECT set_config(\'statement_timeout\', \'0\', true), pg_sleep(60)']) {
        const started = Date.now();
        expect(await refusal(collect('sql', { sql }))).toBe('SQL 执行超过 5 秒，已停止');
        expect(Date.now() - started).toBeLessThan(6_500);
      }
      // The connection went back clean: the next run works.
      expect((await collect('sql', { sql: 'SELECT 42 AS answer' })).value).toBe('42');
    }, 20_000);

    it('leaves nothing on the pooled connections: a session advisory lock is released after the run', async () => {
      await collect('sql', { sql: 'SELECT pg_advisory_lock(424242)' });
      const held = await db.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242`);
      expect(held[0].n).toBe(0);
    });

    it('answers the no-permission envelope to a person who is not an administrator', async () => {
      const owner = await as('rwfzr');
      const res = await owner.post('/api/herm-znfx/sql/query', { sql: 'SELECT 1' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ meta: { success: false, message: NO_PERMISSION }, data: null });
    });

    it('says the reader is unavailable when its role cannot log in', async () => {
      const url = new URL(process.env.E2E_DATABASE_URL!);
      url.username = 'zhengai_no_such_role';
      const broken = new SqlReader({ ...t.config, sqlSource: { url: url.toString(), readerPassword: null } }, process.env.E2E_DATABASE_URL!, db);
      try {
        expect(await refusal(broken.query('SELECT 1'))).toBe('SQL 采集的只读账号不可用，请联系管理员');
      } finally {
        await broken.onModuleDestroy();
      }
    });

    it('sets the configured password on the role at start, quoted by PostgreSQL', async () => {
      const [{ before }] = await db.query(`SELECT rolpassword AS before FROM pg_authid WHERE rolname = 'zhengai_sql_reader'`);
      const reader = new SqlReader({ ...t.config, sqlSource: { url: null, readerPassword: `it's; DROP ROLE x; --` } }, process.env.E2E_DATABASE_URL!, db);
      try {
        await reader.onModuleInit();
        const [{ after }] = await db.query(`SELECT rolpassword AS after FROM pg_authid WHERE rolname = 'zhengai_sql_reader'`);
        expect(after).toMatch(/^SCRAM-SHA-256\$|^md5/);
        expect(after).not.toBe(before);
      } finally {
        await reader.onModuleDestroy();
        // This cluster trusts local logins; leave the shared role as it was.
        if (before === null) await db.query(`ALTER ROLE zhengai_sql_reader PASSWORD NULL`);
      }
    });
  });

  describe('interface', () => {
    it('reads the value at valuePath and the rows at rowsPath', async () => {
      expect(await collect('interface', { url: `${fake.url}/json`, valuePath: 'data.value', rowsPath: 'data.rows' })).toEqual({
        value: '87.5',
        detail: FAKE_JSON.data.rows,
      });
      expect(await collect('interface', { url: `${fake.url}/json`, valuePath: 'data.rows[1].major' })).toEqual({ value: '电子商务', detail: null });
      expect((await collect('interface', { url: `${fake.url}/json`, valuePath: 'data.missing' })).value).toBeNull();
    });

    it('gives up on a server that does not answer within timeoutMs', async () => {
      const started = Date.now();
      expect(await refusal(collect('interface', { url: `${fake.url}/never`, valuePath: 'data.value', timeoutMs: 300 }))).toBe('接口超过 0.3 秒未响应');
      expect(Date.now() - started).toBeLessThan(2_000);
      const again = Date.now();
      expect(await refusal(collect('interface', { url: `${fake.url}/stall-body`, valuePath: 'data.value', timeoutMs: 300 }))).toBe('接口超过 0.3 秒未响应');
      expect(Date.now() - again).toBeLessThan(2_000);
    });

    it.each([
      [{ url: '/status/500' }, '接口返回 HTTP 500'],
      [{ url: '/status/404' }, '接口返回 HTTP 404'],
      [{ url: '/text' }, '接口返回的不是 JSON'],
      [{ url: '/big' }, '接口返回的数据超过 1MB'],
      [{ url: '/big-chunked' }, '接口返回的数据超过 1MB'],
      [{ url: '/json', valuePath: 'data' }, '接口返回的 data 不是单个值'],
      [{ url: '/json', rowsPath: 'data.label' }, '接口返回的 data.label 不是数组'],
      [{ url: '/json', timeoutMs: 60_000 }, '接口超时时间必须是 1 到 30000 毫秒'],
      [{ url: '/json', valuePath: 'data..value' }, '接口取值路径不正确（例如 data.value）'],
    ])('refuses %p: %p', async (config, message) => {
      const { url, ...rest } = config;
      expect(await refusal(collect('interface', { valuePath: 'data.value', ...rest, url: `${fake.url}${url}` }))).toBe(message);
    });

    it.each(['ftp://127.0.0.1/x', 'file:///etc/passwd', 'not a url', ''])('refuses the address %p', async (url) => {
      const before = fake.requests;
      expect(await refusal(collect('interface', { url, valuePath: 'data.value' }))).toBe('接口地址必须是 http(s) 地址');
      expect(fake.requests).toBe(before);
    });
  });

  describe('interface: internal addresses (issue 31 item 15)', () => {
    const INTERNAL = '数据源地址不允许访问内网地址';
    /** The interface source as the app builds it with COLLECT_ALLOWED_HOSTS set to `hosts` ('' = unset). */
    const withAllowed = (hosts: string) => new InterfaceValueSource(loadConfig({ ...process.env, COLLECT_ALLOWED_HOSTS: hosts }));
    const collectWith = (hosts: string, url: string) =>
      withAllowed(hosts).collect({ datasourceId: 'ds', pointId: 'none', cjfs: 'interface', config: { url, valuePath: 'data.value' } }, NO_TARGET);
    const port = () => new URL(fake.url).port;

    it('refuses a source on a loopback address, however it is written, without reaching it', async () => {
      const before = fake.requests;
      for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '127.1', '[::ffff:127.0.0.1]', '[::1]', '0.0.0.0']) {
        expect(await refusal(collectWith('', `http://${host}:${port()}/json`))).toBe(INTERNAL);
      }
      expect(fake.requests).toBe(before);
    });

    it('refuses metadata, private and link-local addresses at once', async () => {
      for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'http://192.168.1.1/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/']) {
        const started = Date.now();
        expect(await refusal(collectWith('', url))).toBe(INTERNAL);
        expect(Date.now() - started).toBeLessThan(1_000);
      }
    });

    it('refuses a name that resolves to a loopback address, after resolving it', async () => {
      const before = fake.requests;
      expect(await refusal(collectWith('', `http://localhost:${port()}/json`))).toBe(INTERNAL);
      expect(fake.requests).toBe(before);
    });

    it('refuses a redirect to an internal address though the first host is allow-listed', async () => {
      const before = fake.requests;
      const to = encodeURIComponent(`http://127.0.0.1:${port()}/json`);
      expect(await refusal(collectWith('localhost', `http://localhost:${port()}/redirect?to=${to}`))).toBe(INTERNAL);
      // only the redirect was asked; the address it pointed to was not
      expect(fake.requests).toBe(before + 1);
      // the allow-list is per host: listing 127.0.0.1 lets the redirect through
      expect((await collectWith('localhost,127.0.0.1', `http://localhost:${port()}/redirect?to=${to}`)).value).toBe('87.5');
    });

    it('reaches a host the allow-list names, by name or by address', async () => {
      expect((await collectWith('localhost', `http://localhost:${port()}/json`)).value).toBe('87.5');
      expect((await collectWith(' 127.0.0.1 ', `http://127.0.0.1:${port()}/json`)).value).toBe('87.5');
      // a name not listed whose every resolved address is: connected to through the checked lookup
      expect((await collectWith('127.0.0.1', `http://localhost:${port()}/json`)).value).toBe('87.5');
      expect((await collect('interface', { url: `${fake.url}/redirect?to=%2Fjson`, valuePath: 'data.value' })).value).toBe('87.5');
    });

  });

  describe('algorithm', () => {
    // The suite's own course of 陈静's with a task in 2025 and 2026; the 2026 task is the one collected for.
    let years: ObjectYears;
    let task: string;
    beforeAll(async () => {
      years = await buildObjectYears(db, 'cs-course', { name: '采集测试课程', level: 'course', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' });
      task = years.tasks.current;
    });
    const rowOf = async (pointCode: string): Promise<CollectTarget> => {
      const [row] = await db.query(
        `SELECT r.id AS "resultId", r.obj_task_id AS "objTaskId", r.point_id AS "pointId"
         FROM quality_result r JOIN quality_point p ON p.id = r.point_id WHERE r.obj_task_id = $1 ORDER BY p.code = $2 DESC, p.code LIMIT 1`,
        [task, pointCode],
      );
      return row as CollectTarget;
    };

    it('answers the detail of attachment-count v1 to any logged-in person', async () => {
      const owner = await as('rwfzr');
      const res = await owner.get(`/api/herm-znfx/algorithm/detail?Id=attachment-count&Version=1&Type=${encodeURIComponent('详情算法')}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        algoRithmDetails: [{
          id: 'attachment-count',
          version: 1,
          name: '支撑附件数',
          description: expect.stringContaining('附件'),
          formula: expect.stringContaining('附件数 ='),
          inputs: [{ name: 'objTaskId', description: expect.any(String) }, { name: 'pointId', description: '质控点' }],
        }],
      });
      const list = (await owner.get('/api/herm-znfx/algorithm/list')).body.data as Array<{ id: string; version: number }>;
      expect(list.map((a) => `${a.id} v${a.version}`)).toEqual(['attachment-count v1', 'task-fill-rate v1', 'handled-warning-rate v1']);
    });

    it.each([
      [`Id=nope&Version=1&Type=${encodeURIComponent('详情算法')}`, '算法不存在：nope v1'],
      [`Id=attachment-count&Version=2&Type=${encodeURIComponent('详情算法')}`, '算法不存在：attachment-count v2'],
      ['Id=attachment-count&Version=1&Type=list', 'Type 只能是 详情算法'],
      [`Version=1&Type=${encodeURIComponent('详情算法')}`, '缺少算法编号'],
    ])('refuses the detail of %p: %p', async (query, message) => {
      const owner = await as('rwfzr');
      const res = await owner.get(`/api/herm-znfx/algorithm/detail?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ meta: { success: false, message }, code: 40000001 });
    });

    it('refuses an unknown algorithm in a source', async () => {
      expect(await refusal(collect('algorithm', { algorithmId: 'nope', version: 1 }))).toBe('算法不存在：nope v1');
      expect(await refusal(collect('algorithm', { algorithmId: 'task-fill-rate' }))).toBe('算法不存在：task-fill-rate v');
    });

    it('counts the files attached to the point of the task (attachment-count v1)', async () => {
      const target = await rowOf('FX-00001');
      // Counted on from what is there before.
      const before = await collect('algorithm', { algorithmId: 'attachment-count', version: 1 }, target);
      const [was] = before.detail as Array<Record<string, number>>;
      const files: Array<{ id: string }> = await db.query(
        `INSERT INTO doc_file (storage_key, file_name, ext, size, sha256, mime)
         SELECT 'collect-test/' || g, '证明' || g || '.pdf', 'pdf', 10, repeat('a', 64), 'application/pdf' FROM generate_series(1, 3) g RETURNING id`,
      );
      await db.query(
        `INSERT INTO attachment (file_id, owner_type, owner_id, obj_task_id, stage)
         VALUES ($1, 'quality-point', $4, $5, 'mbbz'), ($2, 'quality-point', $4, $5, 'zwzd'), ($3, 'quality-point', $4, $5, 'zwzd'),
                ($1, 'quality-point', $4, $6, 'mbbz'), ($2, 'quality-point', 'another-point', $5, 'mbbz')`,
        [files[0]!.id, files[1]!.id, files[2]!.id, target.pointId, task, years.tasks.prev],
      );
      const got = await collect('algorithm', { algorithmId: 'attachment-count', version: '1' }, target);
      const total = was!.total! + 3;
      expect(got.value).toBe(String(total));
      expect(got.detail).toEqual([{ ...was, value: String(total), total, mbbz: was!.mbbz! + 1, zwzd: was!.zwzd! + 2 }]);
    });

    it('answers the share of the task\'s points with a result (task-fill-rate v1) as a number in text', async () => {
      const target = await rowOf('FX-00001');
      const [{ points, filled }] = await db.query(
        `SELECT (SELECT count(*)::int FROM quality_point p JOIN obj_task t ON t.library_id = p.library_id WHERE t.id = $1) AS points,
                (SELECT count(*)::int FROM quality_result WHERE obj_task_id = $1 AND (coalesce(btrim(jgz), '') <> '' OR coalesce(btrim(xzjgz), '') <> '')) AS filled`,
        [task],
      );
      expect({ points, filled }).toEqual({ points: YEAR_POINTS, filled: CURRENT_RESULTS });
      const got = await collect('algorithm', { algorithmId: 'task-fill-rate', version: 1 }, target);
      expect(got.value).toMatch(/^\d+\.\d{2}$/);
      expect(got.value).toBe(((filled * 100) / points).toFixed(2));
      expect(got.detail).toEqual([{ value: got.value, points, filled }]);
    });

    it('answers the share of the task\'s warnings handled (handled-warning-rate v1), null without warnings', async () => {
      const rate = (target: CollectTarget) => collect('algorithm', { algorithmId: 'handled-warning-rate', version: 1 }, target);
      expect(await rate({ ...NO_TARGET, objTaskId: 'task-without-warnings' })).toEqual({ value: null, detail: [{ value: null, warnings: 0, handled: 0 }] });
      const target = await rowOf('FX-00001');
      const [{ warnings, handled }] = await db.query(
        `SELECT count(*)::int AS warnings, count(w.clsj)::int AS handled FROM warning_flow w JOIN quality_result r ON r.id = w.result_id WHERE r.obj_task_id = $1`,
        [task],
      );
      await db.query(
        `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj)
         VALUES ($1, 'collect-test-1', now(), 'value', '<', '80', '70', 'percent', now()),
                ($1, 'collect-test-2', now(), 'value', '<', '80', '71', 'percent', NULL),
                ($1, 'collect-test-3', now(), 'value', '<', '80', '72', 'percent', NULL)`,
        [target.resultId],
      );
      const expected = (((handled + 1) * 100) / (warnings + 3)).toFixed(2);
      expect(await rate(target)).toEqual({ value: expected, detail: [{ value: expected, warnings: warnings + 3, handled: handled + 1 }] });
      // and another task's warnings do not count
      await db.query(
        `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx, clsj)
         SELECT id, 'collect-test-other', now(), 'value', '<', '80', '70', 'percent', now() FROM quality_result WHERE obj_task_id = $1`,
        [years.tasks.prev],
      );
      expect((await rate(target)).value).toBe(expected);
    });
  });
});
