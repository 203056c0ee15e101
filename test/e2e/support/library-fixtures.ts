import ExcelJS from 'exceljs';
import type request from 'supertest';
import type { DataSource } from 'typeorm';
import type { Client } from './files-fixtures.js';
import { waitFor, withCsrf, type TestApp } from './test-app.js';

export interface LibraryShape {
  /** Level-1 × level-2 × level-3 indicators. */
  tree: [number, number, number];
  points: number;
}

/**
 * A library built set-based (generate_series): a 3-level tree, `points` points spread over the leaves in turn, one
 * data source a point and a second on every third, and 3 authority rows (two role groups read, one user writes).
 */
export async function buildLibrary(db: DataSource, id: string, shape: LibraryShape, over: { name?: string; creator?: string; level?: string; parentId?: string | null; treeLevel?: number; cycle?: string } = {}): Promise<void> {
  const [a, b, c] = shape.tree;
  await db.transaction(async (m) => {
    await m.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, parent_id, creator_id)
       VALUES ($1, $2, 'c-year', $7, $3, 'dim-zlsc', $4, $5, $6)`,
      [id, over.name ?? `测试库${id}`, over.level ?? 'school', over.treeLevel ?? 3, over.parentId ?? null, over.creator ?? 'u-publisher', over.cycle ?? '2026'],
    );
    await m.query(`INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order) SELECT $1 || '-a' || g, $1, NULL, '一级指标' || g, 1, g FROM generate_series(1, $2::int) g`, [id, a]);
    await m.query(
      `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
       SELECT $1 || '-a' || g || '-b' || h, $1, $1 || '-a' || g, '二级指标' || g || '.' || h, 2, h FROM generate_series(1, $2::int) g, generate_series(1, $3::int) h`,
      [id, a, b],
    );
    await m.query(
      `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
       SELECT $1 || '-a' || g || '-b' || h || '-c' || k, $1, $1 || '-a' || g || '-b' || h, '三级指标' || g || '.' || h || '.' || k, 3, k
       FROM generate_series(1, $2::int) g, generate_series(1, $3::int) h, generate_series(1, $4::int) k`,
      [id, a, b, c],
    );
    // Point n sits on leaf (n - 1) mod leaves, leaves numbered g, h, k in order.
    await m.query(
      `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsjzxz, cal_rule, sampling_period, sort_order)
       SELECT $1 || '-p' || n, $1,
              $1 || '-a' || (leaf / ($3::int * $4::int) + 1) || '-b' || (leaf / $4::int % $3::int + 1) || '-c' || (leaf % $4::int + 1),
              'FX-' || lpad(n::text, 5, '0'), '质控点' || n, '内涵' || n, '诊断标准' || n,
              CASE WHEN n % 4 = 0 THEN '1' ELSE (60 + n % 30)::text END, CASE WHEN n % 4 = 0 THEN '1' ELSE (70 + n % 25)::text END,
              CASE WHEN n % 4 = 0 THEN 'have' ELSE 'percent' END, n % 2, jsonb_build_object('direction', 'higher', 'b', 0.9, 'c', 0.8),
              CASE WHEN n % 3 = 0 THEN 'month' ELSE 'none' END, n
       FROM (SELECT n, (n - 1) % ($2::int * $3::int * $4::int) AS leaf FROM generate_series(1, $5::int) n) s`,
      [id, a, b, c, shape.points],
    );
    await m.query(
      `INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs, sort_order)
       SELECT p.id, p.zlx, '规则' || p.sort_order, 'report', 'table', 0 FROM quality_point p WHERE p.library_id = $1
       UNION ALL
       SELECT p.id, p.zlx, NULL, 'algorithm', 'line', 1 FROM quality_point p WHERE p.library_id = $1 AND p.sort_order % 3 = 0`,
      [id],
    );
    await m.query(
      `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES
       ('target-library', $1, 'role', 'r-leader', 'read'), ('target-library', $1, 'role', 'r-expert', 'read'), ('target-library', $1, 'user', 'u-auditor', 'write')`,
      [id],
    );
  });
}

export interface Snapshot {
  counts: Record<string, number>;
  checksum: string;
}

/**
 * Every row of the target-standard tables outside the given libraries, counted and hashed (rows in id order),
 * so a test can tell that nothing else changed.
 */
export async function snapshotOutside(db: DataSource, libraryIds: string[]): Promise<Snapshot> {
  const tables: Record<string, string> = {
    target_library: `SELECT * FROM target_library t WHERE NOT (t.id = ANY($1))`,
    indicator: `SELECT * FROM indicator t WHERE NOT (t.library_id = ANY($1))`,
    quality_point: `SELECT * FROM quality_point t WHERE NOT (t.library_id = ANY($1))`,
    point_datasource: `SELECT d.* FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE NOT (p.library_id = ANY($1))`,
    authority: `SELECT * FROM authority t WHERE NOT (t.resource_type = 'target-library' AND t.resource_id = ANY($1))`,
    quality_result: `SELECT * FROM quality_result t WHERE $1::text[] IS NOT NULL`,
    obj_task: `SELECT * FROM obj_task t WHERE $1::text[] IS NOT NULL`,
  };
  const counts: Record<string, number> = {};
  const sums: string[] = [];
  for (const [name, sql] of Object.entries(tables)) {
    const [row] = await db.query(`SELECT count(*)::int AS n, coalesce(md5(string_agg(to_jsonb(x)::text, '' ORDER BY x.id)), '') AS sum FROM (${sql}) x`, [libraryIds]);
    counts[name] = row.n;
    sums.push(`${name}:${row.sum}`);
  }
  return { counts, checksum: sums.join(';') };
}

/** A hash of the rows a query answers, each as JSON, in a fixed order: the same twice means none of them changed. */
export async function checksumOf(db: DataSource, sql: string, params: unknown[] = []): Promise<string> {
  const [row] = await db.query(`SELECT md5(coalesce(string_agg(to_jsonb(x)::text, '|' ORDER BY to_jsonb(x)::text), '')) AS sum FROM (${sql}) x`, params);
  return row.sum;
}

/** A hash of a library's rows in every target-standard table (the library itself, tree, points, data sources, grants). */
export function checksumOfLibrary(db: DataSource, libraryId: string): Promise<string> {
  return checksumOf(
    db,
    `SELECT to_jsonb(l) AS r FROM target_library l WHERE l.id = $1
     UNION ALL SELECT to_jsonb(i) FROM indicator i WHERE i.library_id = $1
     UNION ALL SELECT to_jsonb(p) FROM quality_point p WHERE p.library_id = $1
     UNION ALL SELECT to_jsonb(d) FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1
     UNION ALL SELECT to_jsonb(a) FROM authority a WHERE a.resource_type = 'target-library' AND a.resource_id = $1`,
    [libraryId],
  );
}

/** A library's contents in a form that ignores ids: each indicator's path, each point with its path and sources. */
export async function contentsOf(db: DataSource, libraryId: string): Promise<{ indicators: string[]; points: string[]; authorities: string[] }> {
  const indicators = (await db.query(
    `WITH RECURSIVE t(id, path, level) AS (
       SELECT id, name::text, level FROM indicator WHERE library_id = $1 AND parent_id IS NULL
       UNION ALL SELECT i.id, t.path || ' > ' || i.name, i.level FROM indicator i JOIN t ON i.parent_id = t.id
     ) SELECT path || ' @' || level AS p FROM t ORDER BY p`,
    [libraryId],
  )).map((r: { p: string }) => r.p);
  const points = (await db.query(
    `WITH RECURSIVE t(id, path) AS (
       SELECT id, name::text FROM indicator WHERE library_id = $1 AND parent_id IS NULL
       UNION ALL SELECT i.id, t.path || ' > ' || i.name FROM indicator i JOIN t ON i.parent_id = t.id
     )
     SELECT concat_ws(' | ', t.path, p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz, p.ration, p.cal_rule::text, p.sampling_period, p.sort_order,
              (SELECT string_agg(concat_ws('/', d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.sort_order), ',' ORDER BY d.sort_order, d.cjfs) FROM point_datasource d WHERE d.point_id = p.id)) AS p
     FROM quality_point p LEFT JOIN t ON t.id = p.indicator_id WHERE p.library_id = $1 ORDER BY p.code`,
    [libraryId],
  )).map((r: { p: string }) => r.p);
  const authorities = (await db.query(
    `SELECT subject_type || ':' || subject_id || ':' || authority_type AS a FROM authority WHERE resource_type = 'target-library' AND resource_id = $1 ORDER BY a`,
    [libraryId],
  )).map((r: { a: string }) => r.a);
  return { indicators, points, authorities };
}

/** Rows of a library in each table (0 everywhere: nothing of it exists). */
export async function rowsOf(db: DataSource, libraryId: string): Promise<Record<string, number>> {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM target_library WHERE id = $1)::int AS library,
            (SELECT count(*) FROM indicator WHERE library_id = $1)::int AS indicators,
            (SELECT count(*) FROM quality_point WHERE library_id = $1)::int AS points,
            (SELECT count(*) FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1)::int AS datasources,
            (SELECT count(*) FROM authority WHERE resource_type = 'target-library' AND resource_id = $1)::int AS authorities`,
    [libraryId],
  );
  return row;
}

/** Polls target/checkStatus as the browser does (001 §4) until it is no longer false; answers the last envelope. */
export function taskResult(c: Client, taskId: string, timeoutMs = 30_000) {
  return waitFor(async () => {
    const res = await c.get(`/api/herm-znfx/target/checkStatus?taskId=${encodeURIComponent(taskId)}`);
    return res.body.meta.success && res.body.data === false ? null : (res.body as { meta: { success: boolean; message: string }; data: unknown });
  }, `task ${taskId}`, timeoutMs);
}

/** A one-sheet workbook of these rows (the first is the header), every cell as typed. */
export async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('质控点');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook as rows of text. */
export async function rowsOfXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text)));
  return rows;
}

export function importSheet(t: TestApp, c: Client, libraryId: string, bytes: Buffer, fileName = '质控点.xlsx'): request.Test {
  return c.agent
    .post(withCsrf(`/api/herm-znfx/quality/import?libraryId=${encodeURIComponent(libraryId)}`, t.config.csrfSecret))
    .attach('file', bytes, { filename: fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
