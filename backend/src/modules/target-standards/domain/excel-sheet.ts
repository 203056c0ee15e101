import { levelTitle } from './indicator-names.js';
import { checkIndicatorName, levelRefusal, storedPaths, type TreeNode } from './indicator-tree.js';
import { nextPointCodes, TREE_LEVEL_MAX, type TargetLevel } from './library-rules.js';
import {
  checkPointFields, COLLECTION_METHOD_NAMES, collectionMethodFromText, DISPLAY_MODE_NAMES, displayModeFromText, normalizePointFields,
  VALUE_TYPE_NAMES, valueTypeFromText, type CollectionMethod, type DisplayMode, type PointFields,
} from './point-definition.js';
import type { ValueType } from '../../../shared/kernel/value-types.js';

/**
 * The quality-point sheet (import template, export, import): 一级指标 … N级指标 (N = the library's tree level),
 * then the point's columns. One row a point; its indicator path in the level columns.
 */
export const POINT_COLUMNS = ['质控点编号', '质控点名称', '内涵', '诊断标准', '标准值', '目标值', '值类型', '采集方式', '展示方式'] as const;
type PointColumn = (typeof POINT_COLUMNS)[number];

export const IMPORT_MAX_ROWS = 10_000;

export function sheetHeader(treeLevel: number): string[] {
  return [...Array.from({ length: treeLevel }, (_, i) => levelTitle(i + 1)), ...POINT_COLUMNS];
}

/** The template's sample row, filled for the levels it has. */
export function sampleRow(treeLevel: number): string[] {
  const path = ['人才培养', '培养质量', '就业质量', '就业去向', '专业对口', '六级', '七级', '八级', '九级', '十级'].slice(0, treeLevel);
  return [...path, 'XX-001', '毕业生初次就业率', '毕业生初次就业人数占毕业生总数的比例', '不低于标准值90%，目标值95%', '90', '95', VALUE_TYPE_NAMES.percent, COLLECTION_METHOD_NAMES.report, DISPLAY_MODE_NAMES.table];
}

/** One exported point: its path of stored indicator names and its columns. */
export interface ExportPoint {
  indicatorId: string | null;
  code: string;
  zkdmc: string;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  mbz: string | null;
  zlx: ValueType;
  cjfs: CollectionMethod | null;
  xsfs: DisplayMode | null;
}

/**
 * The export: the header and a row a point, in the order given; stored names (not the display renames), so an
 * import gives the same tree back. As many level columns as the library has levels (or its deepest indicator).
 */
export function exportSheet(indicators: readonly TreeNode[], points: readonly ExportPoint[], treeLevel: number): { header: string[]; rows: string[][] } {
  const paths = storedPaths(indicators);
  const width = Math.min(TREE_LEVEL_MAX, Math.max(treeLevel, ...[...paths.values()].map((p) => p.length)));
  const rows = points.map((p) => {
    const path = p.indicatorId ? (paths.get(p.indicatorId) ?? []) : [];
    return [
      ...Array.from({ length: width }, (_, i) => path[i] ?? ''),
      p.code, p.zkdmc, p.nh ?? '', p.zdbz ?? '', p.bzz ?? '', p.mbz ?? '', VALUE_TYPE_NAMES[p.zlx],
      p.cjfs ? COLLECTION_METHOD_NAMES[p.cjfs] : '', p.xsfs ? DISPLAY_MODE_NAMES[p.xsfs] : '',
    ];
  });
  return { header: sheetHeader(width), rows };
}

export interface SheetRow {
  /** The row number people see in Excel (the header is row 1). */
  row: number;
  cells: string[];
}

export interface RowProblem {
  row: number;
  reason: string;
}

/** A checked row, ready to import. */
export interface ImportRow {
  row: number;
  path: string[];
  fields: PointFields;
}

interface Layout {
  levels: number;
  column: Record<PointColumn, number>;
}

/** Reads the header: the level columns in order from 一级指标, then every point column (in any order). */
export function readLayout(header: readonly string[]): Layout | RowProblem {
  const cells = header.map((h) => h.trim());
  let levels = 0;
  while (levels < TREE_LEVEL_MAX && cells[levels] === levelTitle(levels + 1)) levels++;
  const column = {} as Record<PointColumn, number>;
  const missing: string[] = [];
  for (const name of POINT_COLUMNS) {
    const at = cells.indexOf(name);
    if (at < 0) missing.push(name);
    else column[name] = at;
  }
  if (levels === 0) return { row: 1, reason: '表头不正确：第一列应为一级指标，请使用导入模板' };
  if (missing.length > 0) return { row: 1, reason: `表头不正确：缺少${missing.join('、')}列，请使用导入模板` };
  return { levels, column };
}

const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * Checks every row of a sheet for a library of treeLevel levels whose points already use existingCodes. A row is
 * bad for: a level column gap or no first level, a path deeper than the library, a bad indicator name, a missing
 * name, an unknown value type, collection method or display mode, a value that does not fit its type, a code
 * used twice in the sheet or already in the library, or a field too long. Blank rows are skipped.
 * Answers every bad row with all its reasons, or the rows to import.
 */
export function checkSheet(sheet: { header: string[]; rows: SheetRow[] }, ctx: { treeLevel: number; existingCodes: ReadonlySet<string> }): { problems: RowProblem[] } | { rows: ImportRow[] } {
  const layout = readLayout(sheet.header);
  if ('reason' in layout) return { problems: [layout] };
  const filled = sheet.rows.filter((r) => !isBlankRow(r.cells));
  if (filled.length === 0) return { problems: [{ row: 2, reason: '没有可导入的数据' }] };
  if (filled.length > IMPORT_MAX_ROWS) return { problems: [{ row: filled[IMPORT_MAX_ROWS]!.row, reason: `一次最多导入${IMPORT_MAX_ROWS}行` }] };

  const problems: RowProblem[] = [];
  const rows: ImportRow[] = [];
  const firstRowOfCode = new Map<string, number>();
  for (const { row, cells } of filled) {
    const cell = (name: PointColumn) => (cells[layout.column[name]] ?? '').trim();
    const reasons: string[] = [];

    const levelCells = Array.from({ length: layout.levels }, (_, i) => (cells[i] ?? '').trim());
    const deepest = levelCells.reduce((d, c, i) => (c !== '' ? i + 1 : d), 0);
    const path = levelCells.slice(0, deepest);
    if (deepest === 0) reasons.push('缺少一级指标');
    else if (path.some((c) => c === '')) reasons.push(`指标层级不连续：${levelTitle(path.indexOf('') + 1)}为空`);
    else {
      const tooDeep = levelRefusal(deepest, ctx.treeLevel);
      if (tooDeep) reasons.push(tooDeep);
      const badName = path.map((n) => checkIndicatorName(n)).find((p) => p !== null);
      if (badName) reasons.push(badName);
    }

    const zlxText = cell('值类型');
    const zlx = zlxText === '' ? null : valueTypeFromText(zlxText);
    if (zlxText === '') reasons.push('缺少值类型');
    else if (!zlx) reasons.push(`值类型不正确：${zlxText}（应为${Object.values(VALUE_TYPE_NAMES).join('/')}）`);
    const cjfsText = cell('采集方式');
    const cjfs = cjfsText === '' ? 'report' : collectionMethodFromText(cjfsText);
    if (!cjfs) reasons.push(`采集方式不正确：${cjfsText}（应为${Object.values(COLLECTION_METHOD_NAMES).join('/')}）`);
    const xsfsText = cell('展示方式');
    const xsfs = xsfsText === '' ? 'table' : displayModeFromText(xsfsText);
    if (!xsfs) reasons.push(`展示方式不正确：${xsfsText}（应为${Object.values(DISPLAY_MODE_NAMES).join('/')}）`);

    const code = cell('质控点编号') || null;
    if (code !== null) {
      const earlier = firstRowOfCode.get(code);
      if (earlier !== undefined) reasons.push(`质控点编号重复：与第${earlier}行相同`);
      else if (ctx.existingCodes.has(code)) reasons.push(`质控点编号已存在：${code}`);
      else firstRowOfCode.set(code, row);
    }

    const fields = normalizePointFields({
      code, zkdmc: cell('质控点名称'), nh: cell('内涵'), zdbz: cell('诊断标准'), bzz: cell('标准值'), mbz: cell('目标值'),
      zlx: zlx ?? 'text', fsdl: 0, fsjzxz: 0, ration: null, calRule: null, samplingPeriod: 'none', warningRule: null,
      // A spreadsheet carries no source config: an SQL, interface or algorithm source is configured in the editor.
      datasources: [{ sjlx: zlx ?? 'text', jsgz: null, cjfs: cjfs ?? 'report', xsfs: xsfs ?? 'table', config: null }],
    });
    const problem = checkPointFields(fields);
    // A target that does not fit an unknown type says nothing new: the type is already reported.
    if (problem && !(zlx === null && (problem.field === 'bzz' || problem.field === 'mbz'))) reasons.push(problem.field === 'zkdmc' && fields.zkdmc === '' ? '缺少质控点名称' : problem.message);

    if (reasons.length > 0) problems.push({ row, reason: reasons.join('；') });
    else rows.push({ row, path, fields });
  }
  return problems.length > 0 ? { problems } : { rows };
}

export interface ImportPlan {
  /** New indicators, parents before children. */
  indicators: Array<{ id: string; parentId: string | null; name: string; level: number; sortOrder: number }>;
  points: Array<{ id: string; indicatorId: string; fields: PointFields & { code: string }; sortOrder: number }>;
}

/**
 * Where each row goes: along its path, an existing indicator of that name under the same parent is used, a missing
 * one is created; points without a code get the next free codes of the library's level, in row order.
 */
export function planImport(rows: readonly ImportRow[], ctx: { existing: readonly TreeNode[]; level: TargetLevel; existingCodes: Iterable<string>; maxSortOrder: number; newId: () => string }): ImportPlan {
  const plan: ImportPlan = { indicators: [], points: [] };
  const byPlace = new Map(ctx.existing.map((n) => [`${n.parentId ?? ''}\u0000${n.name.trim()}`, n.id]));
  const nextOrder = new Map<string, number>();
  for (const n of ctx.existing) nextOrder.set(n.parentId ?? '', Math.max(nextOrder.get(n.parentId ?? '') ?? 0, n.sortOrder + 1));
  const taken = new Set([...ctx.existingCodes, ...rows.flatMap((r) => (r.fields.code ? [r.fields.code] : []))]);
  const generated = nextPointCodes(ctx.level, taken, rows.filter((r) => !r.fields.code).length);
  let sortOrder = ctx.maxSortOrder;
  for (const r of rows) {
    let parentId: string | null = null;
    for (const [i, name] of r.path.entries()) {
      const key: string = `${parentId ?? ''}\u0000${name}`;
      let id = byPlace.get(key);
      if (!id) {
        id = ctx.newId();
        const order = nextOrder.get(parentId ?? '') ?? 1;
        nextOrder.set(parentId ?? '', order + 1);
        plan.indicators.push({ id, parentId, name, level: i + 1, sortOrder: order });
        byPlace.set(key, id);
      }
      parentId = id;
    }
    // checkSheet lets no row without a path through.
    if (parentId === null) continue;
    const code = r.fields.code ?? generated.shift()!;
    plan.points.push({ id: ctx.newId(), indicatorId: parentId, fields: { ...r.fields, code }, sortOrder: ++sortOrder });
  }
  return plan;
}
