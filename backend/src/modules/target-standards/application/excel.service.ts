import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { checkSheet, exportSheet, planImport, sampleRow, sheetHeader } from '../domain/excel-sheet.js';
import { depthFirst } from '../domain/indicator-tree.js';
import { xlsxRefusal } from '../domain/xlsx-file.js';
import { LibraryGate } from './library-gate.js';
import { CatalogRepository } from './ports/catalog-repository.port.js';
import { ExcelWorkbook } from './ports/excel-workbook.port.js';
import { PointDefinitionRepository } from './ports/point-definition-repository.port.js';

export interface Download {
  fileName: string;
  write(out: Writable): Promise<void>;
}

const SHEET_NAME = '质控点';
const LEVEL_WIDTH = 16;
const POINT_WIDTHS = [14, 28, 40, 40, 10, 10, 10, 10, 10];

/** The quality-point spreadsheet (001 §7 quality import, export, template): one sheet, one row a point. */
@Injectable()
export class ExcelService {
  constructor(
    private readonly excel: ExcelWorkbook,
    private readonly points: PointDefinitionRepository,
    private readonly catalog: CatalogRepository,
    private readonly gate: LibraryGate,
  ) {}

  /** The template: 一级指标 … N级指标 (the library's tree level, 3 without a library), the point columns, a sample row. */
  async template(userId: string, libraryId: string | null): Promise<Download> {
    const treeLevel = libraryId ? (await this.gate.open(userId, libraryId, 'read')).library.treeLevel : 3;
    const header = sheetHeader(treeLevel);
    return {
      fileName: '质控点导入模板.xlsx',
      write: (out) => this.excel.write({ name: SHEET_NAME, header, rows: [sampleRow(treeLevel)], widths: widths(treeLevel) }, out),
    };
  }

  /** The library's points in catalogue order with their indicator paths, named '{library name}质控点.xlsx'. */
  async export(userId: string, libraryId: string): Promise<Download> {
    const { library } = await this.gate.open(userId, libraryId, 'read');
    const [nodes, points] = await Promise.all([this.catalog.nodes(libraryId), this.points.list(libraryId, null)]);
    const order = new Map(depthFirst(nodes).map((n, i) => [n.id, i]));
    const sorted = [...points].sort((a, b) => (order.get(a.indicatorId ?? '') ?? -1) - (order.get(b.indicatorId ?? '') ?? -1) || a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
    const sheet = exportSheet(nodes, sorted.map((p) => ({ ...p, cjfs: p.datasources[0]?.cjfs ?? null, xsfs: p.datasources[0]?.xsfs ?? null })), library.treeLevel);
    return {
      fileName: `${library.name}质控点.xlsx`,
      write: (out) => this.excel.write({ name: SHEET_NAME, header: sheet.header, rows: sheet.rows, widths: widths(sheet.header.length - POINT_WIDTHS.length) }, out),
    };
  }

  /**
   * Checks the upload and every row; any bad row imports nothing and answers each bad row with its reasons.
   * Otherwise the missing indicators along each row's path and the points are created in one transaction.
   */
  async import(userId: string, libraryId: string, file: { fileName: string; bytes: Buffer } | null): Promise<{ indicators: number; points: number }> {
    const { library } = await this.gate.open(userId, libraryId, 'write');
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    const refusal = xlsxRefusal(file.fileName, file.bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    let sheet: Awaited<ReturnType<ExcelWorkbook['read']>>;
    try {
      sheet = await this.excel.read(file.bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件类型错误');
    }
    const codes = await this.points.codes(libraryId);
    const checked = checkSheet(sheet, { treeLevel: library.treeLevel, existingCodes: new Set(codes) });
    if ('problems' in checked) throw new AppError('VALIDATION', `导入失败：${checked.problems.length}行数据有误`, checked.problems);
    const plan = planImport(checked.rows, {
      existing: await this.catalog.nodes(libraryId),
      level: library.targetLevelId,
      existingCodes: codes,
      maxSortOrder: await this.points.maxSortOrder(libraryId),
      newId: randomUUID,
    });
    if (!(await this.points.importPlan(libraryId, plan))) throw new AppError('CONFLICT', '导入期间质控点编号被占用，请重新导入');
    return { indicators: plan.indicators.length, points: plan.points.length };
  }
}

function widths(levels: number): number[] {
  return [...Array.from({ length: levels }, () => LEVEL_WIDTH), ...POINT_WIDTHS];
}
